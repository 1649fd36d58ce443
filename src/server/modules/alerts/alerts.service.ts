// Emergency alerts (issue 12 item 7). Raising one records it, puts it in the activity feed and, through the bell,
// reaches the facility's in-charge and the county health office (the director, and the sub-county medical officer
// of the facility's sub-county): all in one transaction, so an alert is either sent to all of them or to none. The
// route's access hook refuses a facility beyond the raiser's scope (alerts.routes.ts, facilityInBody).
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { ALERT_INTERVAL_SECONDS, type EmergencyAlert, type RaiseAlertInput } from '../../../shared/alerts/index.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { invalid, tooManyAttempts } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { accountField, lockAccount } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { emergencyAlerts } from './alerts.schema.js';

/** How long an alert stays in its recipients' bell. */
export const ALERT_BELL_HOURS = 24;

export async function raiseAlert({ db, actor, now: clock }: ServiceContext, input: RaiseAlertInput): Promise<EmergencyAlert> {
  const id = await db.transaction(async (tx) => {
    // One raiser at a time: a double tap's two requests queue on the raiser's row, so the second sees the first.
    await lockAccount(tx, actor.id);
    const now = clock();
    const [recent] = await tx
      .select({ at: emergencyAlerts.createdAt })
      .from(emergencyAlerts)
      .where(and(eq(emergencyAlerts.userId, actor.id), gte(emergencyAlerts.createdAt, new Date(now.getTime() - ALERT_INTERVAL_SECONDS * 1000))))
      .orderBy(desc(emergencyAlerts.createdAt))
      .limit(1);
    if (recent) {
      const wait = Math.max(1, Math.ceil((recent.at.getTime() + ALERT_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000));
      throw tooManyAttempts(`An emergency alert was sent less than a minute ago. Please wait ${wait} seconds before sending another.`, wait);
    }
    const facility = await findFacility(tx, input.facilityId);
    if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const [alert] = await tx.insert(emergencyAlerts).values({ userId: actor.id, facilityId: facility.id, message: input.message, createdAt: now }).returning();
    if (!alert) throw new Error('insert returned no row');
    // The feed is read by every role: it names the facility, and leaves the raiser's words (which may name a
    // patient) to the bell of those who answer.
    await recordActivity(tx, { action: 'emergency_alert', kind: 'emergency.alert', params: { facility: facility.name }, userId: actor.id, facilityId: facility.id, at: now });
    await audit(tx, actor, { action: 'alert.raise', entity: 'emergency_alert', entityId: alert.id, detail: `facility ${facility.id}` });
    return alert.id;
  });
  const [alert] = await alertsWhere(db, eq(emergencyAlerts.id, id));
  return alert!;
}

async function alertsWhere(db: Db, where: ReturnType<typeof and>, limit = 1): Promise<EmergencyAlert[]> {
  const rows = await db
    .select({ alert: emergencyAlerts, facilityName: facilityField(emergencyAlerts.facilityId, 'name'), userName: accountField(emergencyAlerts.userId, 'name') })
    .from(emergencyAlerts)
    .where(where)
    .orderBy(desc(emergencyAlerts.createdAt), desc(emergencyAlerts.id))
    .limit(limit);
  // Both are there: an alert's facility and raiser are foreign keys.
  return rows.map(({ alert: a, facilityName, userName }) => ({
    id: a.id,
    facilityId: a.facilityId,
    facilityName: facilityName!,
    userId: a.userId,
    userName: userName!,
    message: a.message,
    createdAt: a.createdAt.toISOString(),
  }));
}

/** The bell shows at most this many alerts. */
const MAX_BELL_ALERTS = 20;

/**
 * The alerts of the last day addressed to this member of staff: the in-charge of the facility, the sub-county
 * medical officer of its sub-county, the county director. Others get none (an empty list, no query).
 */
export async function alertsFor(db: Db, actor: Pick<Actor, 'role' | 'facilityId' | 'subcounty'>, now: Date): Promise<EmergencyAlert[]> {
  const recipient =
    actor.role === 'county_director'
      ? sql`true`
      : actor.role === 'subcounty_medical_officer' && actor.subcounty
        ? eq(facilityField(emergencyAlerts.facilityId, 'subcounty'), actor.subcounty)
        : actor.role === 'facility_incharge' && actor.facilityId !== null
          ? eq(emergencyAlerts.facilityId, actor.facilityId)
          : null;
  if (!recipient) return [];
  return alertsWhere(db, and(recipient, gte(emergencyAlerts.createdAt, new Date(now.getTime() - ALERT_BELL_HOURS * 3_600_000))), MAX_BELL_ALERTS);
}
