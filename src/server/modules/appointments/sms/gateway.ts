// Which SMS gateway sends the reminders (domain/REPORTING.md §Appointments): Africa's Talking when System Settings
// (section 'sms' with a username, and the secret 'sms.apiKey') or the environment (SMS_USERNAME, SMS_API_KEY) say
// so, else the simulator, which keeps each message and sends nothing. The system module keeps those settings and
// reads them for this module (SettingsSource): it imports this module (the gateway's status), so this module cannot
// import it back, and the composition root (modules/index.ts) connects the two.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { SmsConfig } from '../../../env.js';
import { smsMessages } from '../appointments.schema.js';
import { africasTalkingGateway } from './africastalking.js';
import { simulatorGateway } from './simulator.js';

export type SmsSendResult = { status: 'sent' | 'delivered' | 'failed'; providerMessageId: string | null; error: string | null };

export interface SmsGateway {
  name: 'simulator' | 'africastalking';
  send(message: { to: string; message: string; from?: string }): Promise<SmsSendResult>;
}

export type SmsEnvironment = 'sandbox' | 'production';

type Resolved = { gateway: SmsGateway; source: 'settings' | 'environment' | 'none'; environment: SmsEnvironment | null; senderId: string | null; apiKey: string | null };

/** What this module reads of System Settings, from the system module that keeps them. */
export type SettingsSource = {
  /** A section as stored, or {} when it is absent (or not an object). */
  section(db: Db, section: string): Promise<Record<string, unknown>>;
  /** The SMS gateway's API key, or null when none is set. */
  smsApiKey(db: Db): Promise<string | null>;
};

let settingsSource: SettingsSource | undefined;

/** Called once by the composition root (modules/index.ts) with the system module's reader. */
export function connectSettings(source: SettingsSource): void {
  settingsSource = source;
}

function settings(): SettingsSource {
  if (!settingsSource) throw new Error('The appointments module reads System Settings through the system module: modules/index.ts connects them (connectSettings)');
  return settingsSource;
}

/** A section of System Settings as an object, or {} when it is absent (or not an object). */
export function settingsSection(db: Db, section: string): Promise<Record<string, unknown>> {
  return settings().section(db, section);
}

async function resolve(db: Db, config: { sms: SmsConfig }, fetchImpl?: typeof fetch): Promise<Resolved> {
  const section = await settingsSection(db, 'sms');
  const username = typeof section.username === 'string' && section.username.trim() !== '' ? section.username.trim() : null;
  if (username) {
    const apiKey = await settings().smsApiKey(db);
    if (apiKey !== null) {
      const environment: SmsEnvironment = section.environment === 'production' ? 'production' : 'sandbox';
      const senderId = typeof section.senderId === 'string' && section.senderId.trim() !== '' ? section.senderId.trim() : null;
      return {
        gateway: africasTalkingGateway({ username, apiKey, environment, senderId: senderId ?? undefined, fetch: fetchImpl }),
        source: 'settings',
        environment,
        senderId,
        apiKey,
      };
    }
  }
  const sms = config.sms;
  if (sms.mode === 'africastalking') {
    // The sender ID System Settings names (the county's registered one) goes with the environment's credentials too.
    const senderId = (typeof section.senderId === 'string' && section.senderId.trim() !== '' ? section.senderId.trim() : sms.senderId) ?? null;
    return {
      gateway: africasTalkingGateway({ username: sms.username, apiKey: sms.apiKey, environment: sms.environment, senderId: senderId ?? undefined, fetch: fetchImpl }),
      source: 'environment',
      environment: sms.environment,
      senderId,
      apiKey: sms.apiKey,
    };
  }
  return { gateway: simulatorGateway(), source: 'none', environment: null, senderId: null, apiKey: null };
}

/** The gateway to send through now: System Settings first, then the environment, else the simulator. */
export async function resolveSmsGateway(db: Db, config: { sms: SmsConfig }, fetchImpl?: typeof fetch): Promise<SmsGateway> {
  return (await resolve(db, config, fetchImpl)).gateway;
}

/**
 * The secret of the delivery-report URL Africa's Talking calls back (issue 30 item 7): derived from the account's
 * API key, so it needs no storage of its own and changes when the key does. Null with the simulator, which reports
 * delivery at once and calls nobody back.
 */
export async function deliveryReportToken(db: Db, config: { sms: SmsConfig }): Promise<string | null> {
  const r = await resolve(db, config);
  return r.apiKey === null ? null : createHmac('sha256', r.apiKey).update('afyakaunti sms delivery reports').digest('base64url').slice(0, 32);
}

/** The path to register as the account's delivery reports callback URL (on the county's public address). */
export const DELIVERY_REPORT_PATH = '/api/sms-messages/delivery-report';

export type SmsGatewayStatus = {
  gateway: 'simulator' | 'africastalking';
  source: 'settings' | 'environment' | 'none';
  environment: SmsEnvironment | null;
  senderId: string | null;
  lastMessageAt: string | null;
  sentLast30Days: number;
  failedLast30Days: number;
  /** Africa's Talking only: the path and secret to register as the delivery reports callback. */
  deliveryReportPath: string | null;
};

/**
 * What System Settings shows about SMS: which gateway, from where, and how the last 30 days went (counted back from
 * `now`, the caller's clock: ServiceContext.now; without it, the database's).
 */
export async function smsGatewayStatus(db: Db, config: { sms: SmsConfig }, now?: Date): Promise<SmsGatewayStatus> {
  const r = await resolve(db, config);
  const since = now ? sql`${new Date(now.getTime() - 30 * 86_400_000).toISOString()}::timestamptz` : sql`now() - interval '30 days'`;
  const [last] = await db.select({ at: sql<string | null>`max(${smsMessages.createdAt})` }).from(smsMessages);
  const [counts] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${smsMessages.status} in ('sent', 'delivered'))::int`,
      failed: sql<number>`count(*) filter (where ${smsMessages.status} = 'failed')::int`,
    })
    .from(smsMessages)
    .where(sql`${smsMessages.createdAt} >= ${since}`);
  return {
    gateway: r.gateway.name,
    source: r.source,
    environment: r.environment,
    senderId: r.senderId,
    lastMessageAt: last?.at ? new Date(last.at).toISOString() : null,
    sentLast30Days: counts?.sent ?? 0,
    failedLast30Days: counts?.failed ?? 0,
    deliveryReportPath: r.apiKey === null ? null : `${DELIVERY_REPORT_PATH}?token=${await deliveryReportToken(db, config)}`,
  };
}
