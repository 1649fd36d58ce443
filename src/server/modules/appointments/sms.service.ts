// Consent to SMS reminders and the reminders themselves (domain/REPORTING.md §Appointments). Health data is
// sensitive (Data Protection Act 2019): a reminder names the facility, the day and the time, never the service (a
// CCC or ANC appointment says what the patient has), the diagnosis or the notes; and it goes only to a patient
// whose consent is recorded and not withdrawn. Every message is kept with its gateway and delivery status.
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import { addDays, countyDate, countyDateTime } from '../../../shared/county-time.js';
import { normaliseKenyanMobile, type SmsConsent, type SmsLanguage, type UpdateSmsConsentInput } from '../../../shared/appointments/index.js';
import type { Db } from '../../db/client.js';
import type { SmsConfig } from '../../env.js';
import { invalid, notFound } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import { smsSends } from '../../core/metrics.js';
import type { ServiceContext } from '../../core/context.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { findPatient, patientExists, patientField } from '../patients/index.js';
import { appointments, smsConsents, smsMessages } from './appointments.schema.js';
import { resolveSmsGateway, settingsSection, type SmsGateway } from './sms/gateway.js';

// ---------------------------------------------------------------------------------------------- consent

async function loadConsent(db: Db, patientId: number): Promise<SmsConsent> {
  const [row] = await db
    .select({ c: smsConsents, grantedByName: accountField(smsConsents.grantedBy, 'name') })
    .from(smsConsents)
    .where(eq(smsConsents.patientId, patientId))
    .limit(1);
  if (!row) return { patientId, consented: false, phone: null, language: null, grantedAt: null, grantedByName: null, withdrawnAt: null };
  const c = row.c;
  return {
    patientId,
    consented: c.withdrawnAt === null,
    phone: c.phone,
    language: c.language as SmsLanguage,
    grantedAt: c.grantedAt.toISOString(),
    grantedByName: row.grantedByName,
    withdrawnAt: c.withdrawnAt ? c.withdrawnAt.toISOString() : null,
  };
}

/** A patient's consent to SMS reminders (an audited read: it holds their phone). */
export async function getSmsConsent({ db, actor }: ServiceContext, patientId: number): Promise<SmsConsent> {
  if (!(await patientExists(db, patientId))) throw notFound('Patient not found');
  const consent = await loadConsent(db, patientId);
  await audit(db, actor, { action: 'patient.sms_consent.read', entity: 'patient', entityId: patientId });
  return consent;
}

/**
 * Records consent (the phone given, else the patient's own, as +254…; the language of the messages) or its
 * withdrawal, which keeps the row with when and by whom.
 */
export async function updateSmsConsent({ db, actor, now: clock }: ServiceContext, patientId: number, input: UpdateSmsConsentInput): Promise<SmsConsent> {
  const now = clock();
  return db.transaction(async (tx) => {
    const patient = await findPatient(tx, patientId);
    if (!patient) throw notFound('Patient not found');
    if (input.consented) {
      const given = input.phone ?? patient.phoneNumber ?? '';
      const phone = normaliseKenyanMobile(given);
      if (!phone) throw invalid([{ path: 'phone', message: 'Enter a Kenyan mobile number' }]);
      const values = { phone, language: input.language, grantedBy: actor.id, grantedAt: now, withdrawnBy: null, withdrawnAt: null };
      await tx
        .insert(smsConsents)
        .values({ patientId, ...values })
        .onConflictDoUpdate({ target: smsConsents.patientId, set: values });
      await audit(tx, actor, { action: 'patient.sms_consent.grant', entity: 'patient', entityId: patientId, detail: `language ${input.language}` });
    } else {
      const withdrawn = await tx
        .update(smsConsents)
        .set({ withdrawnBy: actor.id, withdrawnAt: now })
        .where(and(eq(smsConsents.patientId, patientId), isNull(smsConsents.withdrawnAt)))
        .returning({ patientId: smsConsents.patientId });
      await audit(tx, actor, { action: 'patient.sms_consent.withdraw', entity: 'patient', entityId: patientId, detail: withdrawn.length ? null : 'no consent to withdraw' });
    }
    return loadConsent(tx, patientId);
  });
}

// ---------------------------------------------------------------------------------------------- reminders

const WEEKDAYS: Record<SmsLanguage, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  sw: ['Jumapili', 'Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi'],
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Wed 25 Nov" / "Jumatano 25 Nov": the day of a county date. */
export function reminderDay(date: string, language: SmsLanguage): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[language][d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/**
 * A time as Kiswahili speakers say it: hours counted from 6 in the morning (09:30 is "saa 3:30 asubuhi"), with the
 * clock's time beside it, so neither reading of "saa 9:30" can send a patient at the wrong hour.
 */
export function swahiliTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour = (h + 6) % 12 === 0 ? 12 : (h + 6) % 12;
  const part = h >= 5 && h < 12 ? 'asubuhi' : h >= 12 && h < 16 ? 'mchana' : h >= 16 && h < 19 ? 'jioni' : 'usiku';
  return `saa ${hour}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${part} (${hhmm})`;
}

/**
 * The reminder, in the consent's language: the first name, the facility, the day and the time if any. Never the
 * service, the diagnosis or the notes.
 */
export function reminderText(r: { firstName: string; facilityName: string; date: string; startTime: string | null; language: SmsLanguage }): string {
  const first = r.firstName.trim().split(/\s+/)[0] ?? '';
  const day = reminderDay(r.date, r.language);
  if (r.language === 'sw') {
    return `Habari ${first}, kumbusho la miadi yako ${r.facilityName} kesho ${day}${r.startTime ? `, ${swahiliTime(r.startTime)}` : ''}. Usipoweza kufika, piga simu kituoni.`;
  }
  return `Hello ${first}, a reminder of your appointment at ${r.facilityName} tomorrow, ${day}${r.startTime ? `, at ${r.startTime}` : ''}. Reply or call the facility if you cannot come.`;
}

/** Reminders go out between 08:00 and 20:00 county time only. */
export const REMINDER_HOURS = { from: 8, to: 20 } as const;

/**
 * Sends tomorrow's reminders: scheduled appointments dated tomorrow (county) whose patient consents. Each message
 * row is inserted first; the unique (appointment, kind) index lets one worker only insert it, and only the worker
 * that inserted a row sends it. Returns how many were sent (or tried).
 */
export async function sendReminders(db: Db, now: Date, gateway: SmsGateway): Promise<number> {
  const hour = Number(countyDateTime(now).slice(11, 13));
  if (!(hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to)) return 0;
  const settings = await settingsSection(db, 'sms');
  if (settings.remindersEnabled === false) return 0;
  const tomorrow = addDays(countyDate(now), 1);
  const due = await db
    .select({
      appointmentId: appointments.id,
      patientId: appointments.patientId,
      date: appointments.date,
      startTime: appointments.startTime,
      firstName: patientField(appointments.patientId, 'firstName'),
      facilityName: facilityField(appointments.facilityId, 'name'),
      phone: smsConsents.phone,
      language: smsConsents.language,
    })
    .from(appointments)
    .innerJoin(smsConsents, and(eq(smsConsents.patientId, appointments.patientId), isNull(smsConsents.withdrawnAt)))
    .where(and(eq(appointments.date, tomorrow), eq(appointments.status, 'scheduled')))
    .orderBy(appointments.id);
  let sent = 0;
  for (const a of due) {
    const language = a.language as SmsLanguage;
    // Both are there: an appointment's patient and facility are foreign keys.
    const body = reminderText({ firstName: a.firstName!, facilityName: a.facilityName!, date: a.date, startTime: a.startTime, language });
    const [row] = await db
      .insert(smsMessages)
      .values({ patientId: a.patientId, appointmentId: a.appointmentId, kind: 'reminder', phone: a.phone, language, body, gateway: gateway.name, status: 'queued', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: smsMessages.id });
    if (!row) continue;
    await deliver(db, now, gateway, { id: row.id, phone: a.phone, body });
    sent++;
  }
  // A message left queued by a sweep that stopped half-way (the server restarted between keeping it and sending it)
  // is sent by a later sweep, while its appointment is still ahead: at least once, as every job here.
  const stale = await db
    .select({ id: smsMessages.id, phone: smsMessages.phone, body: smsMessages.body })
    .from(smsMessages)
    .innerJoin(appointments, eq(appointments.id, smsMessages.appointmentId))
    .where(
      and(
        eq(smsMessages.status, 'queued'),
        lt(smsMessages.createdAt, new Date(now.getTime() - STALE_QUEUED_MS)),
        eq(appointments.status, 'scheduled'),
        gte(appointments.date, countyDate(now)),
      ),
    )
    .orderBy(smsMessages.id)
    .limit(500);
  for (const m of stale) {
    await deliver(db, now, gateway, m);
    sent++;
  }
  return sent;
}

/**
 * A message to a member of staff about their account (issue 25 finding 1: a temporary password goes to its owner's
 * phone and nowhere else). The kept row has `keptBody` — the text with the secret blanked — so no one who reads
 * the messages learns it; the gateway is handed the whole `body`. Kept inside the caller's transaction (queued),
 * sent by `sendStaffSms` once that has committed, so a rolled-back change sends nothing.
 */
export async function queueStaffSms(db: Db, m: { userId: number; phone: string; keptBody: string; gateway: SmsGateway['name']; now: Date }): Promise<number> {
  const [row] = await db
    .insert(smsMessages)
    .values({ userId: m.userId, kind: 'account', phone: m.phone, language: 'en', body: m.keptBody, gateway: m.gateway, status: 'queued', createdAt: m.now })
    .returning({ id: smsMessages.id });
  return row!.id;
}

/** Sends a message queued by queueStaffSms with its whole text; returns how the gateway answered. */
export async function sendStaffSms(db: Db, now: Date, gateway: SmsGateway, m: { id: number; phone: string; body: string }): Promise<StaffSmsStatus> {
  await deliver(db, now, gateway, m);
  const [row] = await db.select({ status: smsMessages.status, error: smsMessages.error }).from(smsMessages).where(eq(smsMessages.id, m.id)).limit(1);
  return { status: (row?.status ?? 'failed') as StaffSmsStatus['status'], error: row?.error ?? null };
}

export type StaffSmsStatus = { status: 'queued' | 'sent' | 'delivered' | 'failed'; error: string | null };

/** A queued message older than this was left by a sweep that did not finish. */
const STALE_QUEUED_MS = 10 * 60_000;

/**
 * Sends one kept message and records what the gateway said (a gateway that throws is a failure, kept with its error).
 * Never inside a transaction: the gateway is another server, and a transaction held open while it answers would hold
 * the row (and, on the embedded database, every other request) as long.
 */
export async function deliver(db: Db, now: Date, gateway: SmsGateway, m: { id: number; phone: string; body: string }): Promise<void> {
  const result = await gateway.send({ to: m.phone, message: m.body }).catch((error: unknown) => ({
    status: 'failed' as const,
    providerMessageId: null,
    error: error instanceof Error ? error.message.slice(0, 300) : 'The gateway could not be reached',
  }));
  // GET /metrics (core/metrics.ts): every message handed to a gateway, by its answer.
  smsSends.inc({ result: result.status === 'failed' ? 'failed' : 'sent' });
  await db
    .update(smsMessages)
    .set({
      status: result.status,
      providerMessageId: result.providerMessageId,
      error: result.error,
      sentAt: result.status === 'failed' ? null : now,
      deliveredAt: result.status === 'delivered' ? now : null,
    })
    .where(eq(smsMessages.id, m.id));
}

/**
 * The SMS configuration of the environment, as the app was built with it (the routes remember it at start): the
 * periodic task is handed only the database and the clock.
 */
let environmentSms: SmsConfig = { mode: 'simulator' };
export function rememberSmsConfig(sms: SmsConfig): void {
  environmentSms = sms;
}

/** The periodic reminder sweep: the gateway System Settings or the environment name, else the simulator. */
export async function runReminderSweep(db: Db, now: Date): Promise<number> {
  return sendReminders(db, now, await resolveSmsGateway(db, { sms: environmentSms }));
}
