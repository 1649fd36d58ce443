// The SMS outbox (issue 29 item 7): every message the system kept, with its gateway, status, attempts and failure;
// a failed message sent again; a test message to a number. The appointment desk reads its patients' messages
// (appointments:read); the system administrator and the director watch the gateway (sms:read, sms:send).
//
// A resend is a new attempt of the same message, not a new message: the schema keeps one reminder per appointment
// (sms_messages_reminder_key) and has no column to link a copy to the message it copies, and no migration is made
// for this. What the failed attempt was (its gateway and the gateway's answer) is written to the audit trail, in the
// same transaction that queues the new attempt, before the row takes the new attempt's outcome: the trail is
// append-only and chained, so the failure is never lost, and the message's attempts are counted from it.
import { and, asc, desc, eq, gt, inArray, lt, gte, ne, sql, type SQL } from 'drizzle-orm';
import { can } from '../../../shared/access/index.js';
import { addDays, countyDate, countyDateTime, startOfCountyDay } from '../../../shared/county-time.js';
import { COUNTY_PROFILE } from '../../../shared/county.js';
import { maskMobile } from '../../../shared/format.js';
import {
  normaliseKenyanMobile,
  SMS_TEST_LIMIT_PER_HOUR,
  type ListSmsMessagesQuery,
  type SendTestSmsInput,
  type SmsLanguage,
  type SmsMessage,
} from '../../../shared/appointments/index.js';
import { audit, listReadDetail } from '../../core/audit.js';
import { auditEvents } from '../../core/audit.schema.js';
import type { Actor, FacilityScope, ServiceContext } from '../../core/context.js';
import { conflict, conflictSaid, invalid, notFound, said, tooManyAttempts } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import type { SmsConfig } from '../../env.js';
import { lockAccount } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { appointments, smsConsents, smsMessages } from './appointments.schema.js';
import { deliver, REMINDER_HOURS } from './sms.service.js';
import { resolveSmsGateway } from './sms/gateway.js';

const RESEND_ACTION = 'sms_message.resend';

/** 1, and one more for each resend the audit trail holds (audit_events_entity_idx finds them). */
const attempts = sql<number>`(1 + (select count(*) from ${auditEvents} where ${auditEvents.entity} = 'sms_message' and ${auditEvents.entityId} = ${smsMessages.id}::text and ${auditEvents.action} = ${RESEND_ACTION} and ${auditEvents.outcome} = 'success'))::int`;

/** A message with the facility of its appointment (none for a test or an account message) and its attempts. */
const messageRow = { m: smsMessages, facilityId: appointments.facilityId, facilityName: facilityField(appointments.facilityId, 'name'), attempts };
type MessageRow = { m: typeof smsMessages.$inferSelect; facilityId: number | null; facilityName: string | null; attempts: number };

const messagesFrom = (db: Db) => db.select(messageRow).from(smsMessages).leftJoin(appointments, eq(appointments.id, smsMessages.appointmentId));


/**
 * A message as `actor` may read it. A patient's phone and words are health data (Data Protection Act 2019): whoever
 * may not read patients (the system administrator, DESIGN.md §7) sees the message's delivery and not whom it reached.
 */
function toMessage(r: MessageRow, actor: Pick<Actor, 'role'>): SmsMessage {
  const m = r.m;
  const withheld = m.patientId !== null && !can(actor.role, 'patients:read');
  return {
    id: m.id,
    patientId: withheld ? null : m.patientId,
    appointmentId: withheld ? null : m.appointmentId,
    facilityId: r.facilityId,
    facilityName: r.facilityName,
    kind: m.kind,
    phone: withheld ? maskMobile(m.phone) : m.phone,
    language: m.language,
    body: withheld ? '' : m.body,
    withheld,
    gateway: m.gateway as SmsMessage['gateway'],
    status: m.status as SmsMessage['status'],
    error: m.error,
    attempts: r.attempts,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    deliveredAt: m.deliveredAt ? m.deliveredAt.toISOString() : null,
  };
}

/** Messages within a scope: a facility-scoped reader sees its facilities' reminders; a test or account message is the county's. */
function withinScope(scope: FacilityScope): SQL | undefined {
  if (scope.facilityIds === null) return undefined;
  return scope.facilityIds.length === 0 ? sql`false` : inArray(appointments.facilityId, [...scope.facilityIds]);
}

/** Messages kept, newest first, with the outbox's filters (an audited read: they name patients and their phones). */
export async function listSmsMessages({ db, actor, scope }: ServiceContext, q: ListSmsMessagesQuery): Promise<{ rows: SmsMessage[]; total: number }> {
  const where = and(
    // Staff account messages are Staff Management's and the outbox's (sms:read), not the appointment desk's.
    can(actor.role, 'sms:read') ? undefined : ne(smsMessages.kind, 'account'),
    q.patientId ? eq(smsMessages.patientId, q.patientId) : undefined,
    q.status ? eq(smsMessages.status, q.status) : undefined,
    q.kind ? eq(smsMessages.kind, q.kind) : undefined,
    q.phone ? eq(smsMessages.phone, q.phone) : undefined,
    // County days: from the start of `from` to the end of `to`, Africa/Nairobi.
    q.from ? gte(smsMessages.createdAt, startOfCountyDay(q.from)) : undefined,
    q.to ? lt(smsMessages.createdAt, startOfCountyDay(addDays(q.to, 1))) : undefined,
    q.facilityId ? eq(appointments.facilityId, q.facilityId) : undefined,
    withinScope(scope),
  );
  const rows = await messagesFrom(db).where(where).orderBy(desc(smsMessages.createdAt), desc(smsMessages.id)).limit(q.limit).offset(q.offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsMessages)
    .leftJoin(appointments, eq(appointments.id, smsMessages.appointmentId))
    .where(where);
  const n = total?.n ?? 0;
  await audit(db, actor, { action: 'sms_message.list', entity: 'sms_message', detail: listReadDetail(rows.length, n, rows.flatMap((r) => (r.m.patientId ? [r.m.patientId] : []))) });
  return { rows: rows.map((r) => toMessage(r, actor)), total: n };
}

/** The facility a message belongs to, for the route's scope check: its appointment's; null for none; undefined for no message. */
export async function smsMessageFacility(db: Db, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ facilityId: appointments.facilityId }).from(smsMessages).leftJoin(appointments, eq(appointments.id, smsMessages.appointmentId)).where(eq(smsMessages.id, id)).limit(1);
  return row ? row.facilityId : undefined;
}

async function loadMessage(db: Db, actor: Pick<Actor, 'role'>, id: number): Promise<SmsMessage> {
  const [row] = await messagesFrom(db).where(eq(smsMessages.id, id)).limit(1);
  if (!row) throw notFound('Message not found');
  return toMessage(row, actor);
}

/** Why a failed reminder may not go out again now, or null when it may. */
async function reminderRefusal(tx: Db, now: Date, m: typeof smsMessages.$inferSelect, appointment: { status: string | null; date: string | null }): Promise<string | null> {
  const hour = Number(countyDateTime(now).slice(11, 13));
  if (!(hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to)) return 'Reminders go out between 08:00 and 20:00 only: send it again then.';
  // The text says "tomorrow": true only on the county day it was written, for an appointment still booked for the next.
  const today = countyDate(now);
  if (countyDate(m.createdAt) !== today || appointment.status !== 'scheduled' || appointment.date !== addDays(today, 1)) {
    return 'This reminder names its appointment as tomorrow: it can be sent again only on the day it was written, while the appointment is still booked for the next day.';
  }
  const [consent] = m.patientId === null ? [] : await tx.select({ phone: smsConsents.phone, withdrawnAt: smsConsents.withdrawnAt }).from(smsConsents).where(eq(smsConsents.patientId, m.patientId)).limit(1);
  if (!consent || consent.withdrawnAt) return 'The patient no longer consents to SMS reminders: the reminder is not sent again.';
  if (consent.phone !== m.phone) return "The patient's number has changed since this reminder was written: it is not sent again to the old number.";
  return null;
}

/**
 * Sends a failed message again through the gateway in use now, as a new attempt of the same message (see the top of
 * this file). Queuing the attempt and its audit event are one transaction; the gateway's answer is recorded when it
 * comes (deliver). Only a failed message: anything else is a 409, and so is a reminder whose day has gone, whose
 * patient withdrew consent or changed number, and an account message (its temporary password was never kept).
 */
export async function resendSmsMessage({ db, actor, scope, now: clock }: ServiceContext, config: { sms: SmsConfig }, id: number): Promise<SmsMessage> {
  const now = clock();
  const gateway = await resolveSmsGateway(db, config);
  const message = await db.transaction(async (tx) => {
    // Two resends of one message queue on its row: the second finds it queued (or sent) and is refused.
    const [row] = await tx
      .select({ m: smsMessages, facilityId: appointments.facilityId, attempts, appointmentStatus: appointments.status, appointmentDate: appointments.date })
      .from(smsMessages)
      .leftJoin(appointments, eq(appointments.id, smsMessages.appointmentId))
      .where(eq(smsMessages.id, id))
      .limit(1)
      .for('update', { of: smsMessages });
    if (!row) throw notFound('Message not found');
    if (scope.facilityIds !== null && (row.facilityId === null || !scope.facilityIds.includes(row.facilityId))) throw notFound('Message not found');
    const m = row.m;
    if (m.status !== 'failed') throw conflictSaid(said('system.smsNotFailed', { status: m.status }, `Only a failed message is sent again: this one is ${m.status}.`));
    if (m.kind === 'account') throw conflict('A temporary password is never kept, so its message cannot be sent again: send a new temporary password from Staff Management.');
    if (m.kind === 'reminder') {
      const refusal = await reminderRefusal(tx, now, m, { status: row.appointmentStatus, date: row.appointmentDate });
      if (refusal) throw conflict(refusal);
    }
    await tx.update(smsMessages).set({ status: 'queued', gateway: gateway.name, providerMessageId: null, error: null, sentAt: null, deliveredAt: null }).where(eq(smsMessages.id, id));
    // The failed attempt, as the gateway answered it: the row takes the new attempt's outcome, the trail keeps this.
    await audit(tx, actor, {
      action: RESEND_ACTION,
      entity: 'sms_message',
      entityId: id,
      detail: `attempt ${row.attempts + 1} through ${gateway.name}; attempt ${row.attempts} failed through ${m.gateway}: ${m.error ?? 'no reason given'}`,
    });
    return m;
  });
  await deliver(db, now, gateway, { id, phone: message.phone, body: message.body });
  return loadMessage(db, actor, id);
}

/** The test message: the county's name and what it is for, in English or Kiswahili; never anything of a patient. */
export function testMessageText(language: SmsLanguage): string {
  if (language === 'sw') {
    return `AfyaKaunti (Kaunti ya ${COUNTY_PROFILE.name}): huu ni ujumbe wa majaribio wa SMS. Ukiupata, mfumo wa SMS wa kaunti unafanya kazi. Huna haja ya kujibu.`;
  }
  return `AfyaKaunti (${COUNTY_PROFILE.name} County): this is a test SMS. If it reached you, the county's SMS gateway works. No reply is needed.`;
}

const HOUR_MS = 3_600_000;

/**
 * A test message to a number, through the gateway in use (the simulator when none is set up: nothing leaves the
 * server). At most SMS_TEST_LIMIT_PER_HOUR per user an hour, so the screen cannot be used to flood a phone; the
 * message and its audit event are one transaction, and the gateway's answer is recorded when it comes.
 */
export async function sendTestSms({ db, actor, now: clock }: ServiceContext, config: { sms: SmsConfig }, input: SendTestSmsInput): Promise<SmsMessage> {
  const phone = normaliseKenyanMobile(input.phone);
  if (!phone) throw invalid([{ path: 'phone', message: 'Enter a Kenyan mobile number' }]);
  const now = clock();
  const gateway = await resolveSmsGateway(db, config);
  const body = testMessageText(input.language);
  const id = await db.transaction(async (tx) => {
    // One sender at a time: a double tap's two requests queue on the sender's row, so the second counts the first.
    await lockAccount(tx, actor.id);
    const recent = await tx
      .select({ at: smsMessages.createdAt })
      .from(smsMessages)
      .where(and(eq(smsMessages.kind, 'test'), eq(smsMessages.userId, actor.id), gt(smsMessages.createdAt, new Date(now.getTime() - HOUR_MS))))
      .orderBy(asc(smsMessages.createdAt));
    if (recent.length >= SMS_TEST_LIMIT_PER_HOUR) {
      // A place frees when the oldest message still counted is an hour old.
      const freed = recent[recent.length - SMS_TEST_LIMIT_PER_HOUR]!.at.getTime() + HOUR_MS;
      const seconds = Math.max(1, Math.ceil((freed - now.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw tooManyAttempts(
        `You have sent ${SMS_TEST_LIMIT_PER_HOUR} test messages in the last hour, the most allowed. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} before sending another.`,
        seconds,
      );
    }
    const [row] = await tx
      .insert(smsMessages)
      .values({ userId: actor.id, kind: 'test', phone, language: input.language, body, gateway: gateway.name, status: 'queued', createdAt: now })
      .returning({ id: smsMessages.id });
    await audit(tx, actor, { action: 'sms_message.test', entity: 'sms_message', entityId: row!.id, detail: `through ${gateway.name}, in ${input.language}` });
    return row!.id;
  });
  await deliver(db, now, gateway, { id, phone, body });
  return loadMessage(db, actor, id);
}
