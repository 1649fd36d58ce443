// Emergency alerts (issue 12 item 7). Raising one records it, puts it in the activity feed and, through the bell,
// reaches the facility's in-charge and the county health office (the director, and the sub-county medical officer
// of the facility's sub-county): all in one transaction, so an alert is either sent to all of them or to none. The
// route's access hook refuses a facility beyond the raiser's scope (alerts.routes.ts, facilityInBody).
//
// IDSR alerts (issue 31 item 2): a death from a notifiable disease (Kenya's Integrated Disease Surveillance and
// Response) is raised by the system, in the transaction that records the visit's outcome, and reaches the same
// people as an emergency, worded as what it is.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { ALERT_INTERVAL_SECONDS, type EmergencyAlert, type RaiseAlertInput } from '../../../shared/alerts/index.js';
import { NOTIFIABLE_NAMES, notifiableRowOf } from '../../../shared/moh/index.js';
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
    // An IDSR alert the system raised in the clinician's name is no tap of the button: it never holds one back.
    const [recent] = await tx
      .select({ at: emergencyAlerts.createdAt })
      .from(emergencyAlerts)
      .where(and(eq(emergencyAlerts.userId, actor.id), eq(emergencyAlerts.kind, 'emergency'), gte(emergencyAlerts.createdAt, new Date(now.getTime() - ALERT_INTERVAL_SECONDS * 1000))))
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
  // The route answers an EmergencyAlert: its response schema leaves out what only the bell reads.
  return alert!;
}

/** What an IDSR alert's message says: the conditions by name, and where (never the patient). */
const idsrMessage = (names: readonly string[], facility: string) => `Death from ${names.join(', ')} at ${facility}`;

/**
 * The conditions an IDSR alert's message names (idsrMessage, read back): the names as written. No name of a
 * notifiable row holds " at " or ", ", so the first " at " ends the list whatever the facility is called.
 */
function idsrConditions(message: string | null): string[] {
  const named = /^Death from (.+?) at /s.exec(message ?? '');
  return named ? named[1]!.split(', ') : message ? [message] : [];
}

/**
 * Raises an IDSR alert for a visit whose patient died of a notifiable disease (shared/moh NOTIFIABLE_ROWS), inside
 * the caller's transaction (the one that records the outcome: the alert goes with it or not at all). The alert
 * names the conditions and the facility, never the patient; it is in the activity feed and, for a day, in the bell
 * of those an emergency alert reaches (alertsFor). `conditions` are the notifiable rows' keys (or their names);
 * `userId` is who recorded the death, `at` when.
 */
export async function raiseIdsrAlert(tx: Db, input: { facilityId: number; recordId: number; conditions: string[]; at: Date; userId: number }): Promise<void> {
  const nameOf = (condition: string) => {
    const row = notifiableRowOf(condition);
    return row ? NOTIFIABLE_NAMES[row] : condition.trim();
  };
  const names = [...new Set(input.conditions.map(nameOf))].filter((name) => name !== '');
  if (names.length === 0) throw new Error('An IDSR alert names the notifiable condition the patient died of');
  const facility = await findFacility(tx, input.facilityId);
  if (!facility) throw new Error(`An IDSR alert for facility ${input.facilityId}, which does not exist`);
  const [alert] = await tx
    .insert(emergencyAlerts)
    .values({ kind: 'idsr', userId: input.userId, facilityId: facility.id, message: idsrMessage(names, facility.name), createdAt: input.at })
    .returning({ id: emergencyAlerts.id });
  if (!alert) throw new Error('insert returned no row');
  await recordActivity(tx, { action: 'idsr_alert', kind: 'idsr.alert', params: { facility: facility.name, conditions: names.join(', ') }, userId: input.userId, facilityId: facility.id, at: input.at });
  // The visit is named by its id, the patient not at all (core/audit.ts).
  await audit(tx, { id: input.userId, ip: null }, { action: 'alert.idsr', entity: 'emergency_alert', entityId: alert.id, detail: `facility ${facility.id}, medical record ${input.recordId}` });
}

/** An alert as the bell reads it: an emergency, or an IDSR alert with the conditions it names. */
export type AlertRow = EmergencyAlert & { kind: 'emergency' | 'idsr'; conditions: string[] };

async function alertsWhere(db: Db, where: ReturnType<typeof and>, limit = 1): Promise<AlertRow[]> {
  const rows = await db
    .select({ alert: emergencyAlerts, facilityName: facilityField(emergencyAlerts.facilityId, 'name'), userName: accountField(emergencyAlerts.userId, 'name') })
    .from(emergencyAlerts)
    .where(where)
    .orderBy(desc(emergencyAlerts.createdAt), desc(emergencyAlerts.id))
    .limit(limit);
  // Both are there: an alert's facility and raiser are foreign keys.
  return rows.map(({ alert: a, facilityName, userName }) => ({
    id: a.id,
    kind: a.kind === 'idsr' ? 'idsr' : 'emergency',
    facilityId: a.facilityId,
    facilityName: facilityName!,
    userId: a.userId,
    userName: userName!,
    message: a.message,
    conditions: a.kind === 'idsr' ? idsrConditions(a.message) : [],
    createdAt: a.createdAt.toISOString(),
  }));
}

/** The bell shows at most this many alerts. */
const MAX_BELL_ALERTS = 20;

/**
 * The alerts of the last day addressed to this member of staff, emergencies and IDSR alerts alike: the in-charge of
 * the facility, the sub-county medical officer of its sub-county, the county director. Others get none (an empty
 * list, no query).
 */
export async function alertsFor(db: Db, actor: Pick<Actor, 'role' | 'facilityId' | 'subcounty'>, now: Date): Promise<AlertRow[]> {
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
