import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Activity, ActivityAction, ActivityKind, ActivityParams } from '../../../shared/activities/index.js';
import type { Db } from '../../db/client.js';
import { activities } from './activities.schema.js';
import { accountField } from '../auth/index.js';
import type { ServiceContext } from '../../core/context.js';

/**
 * The dashboard feed (SPEC.md §3 Activity). A line is a kind and its facts, worded by the client in the reader's
 * language. The facts name no patient: every role sees the feed.
 */
export async function recordActivity(
  db: Db,
  a: { action: ActivityAction; kind: ActivityKind; params: ActivityParams; userId: number | null; facilityId: number | null; at?: Date },
): Promise<void> {
  await db.insert(activities).values({ action: a.action, kind: a.kind, params: a.params, userId: a.userId, facilityId: a.facilityId, ...(a.at ? { createdAt: a.at } : {}) });
}

export async function listActivities({ db }: ServiceContext, q: { facilityId?: number; limit: number; offset: number }) {
  const where: SQL | undefined = q.facilityId ? eq(activities.facilityId, q.facilityId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: activities.id,
        action: activities.action,
        kind: activities.kind,
        params: activities.params,
        description: activities.description,
        facilityId: activities.facilityId,
        userId: activities.userId,
        firstName: accountField(activities.userId, 'firstName'),
        lastName: accountField(activities.userId, 'lastName'),
        createdAt: activities.createdAt,
      })
      .from(activities)
      .where(and(where))
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(activities).where(and(where)),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ firstName, lastName, createdAt, ...r }): Activity => ({
      ...r,
      action: r.action as ActivityAction,
      userName: firstName ? `${firstName} ${lastName}` : null,
      createdAt: createdAt.toISOString(),
    })),
  };
}
