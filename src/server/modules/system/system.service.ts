// System Settings (issue 15): each section one versioned value in system_settings, each change one transaction that
// writes the new value at version + 1, a system_setting_changes row with before and after, and an audit event.
// Secrets are write-only: stored for the server's use, answered only as "set" (when, by whom) or "not set".
import { can } from '../../../shared/access/index.js';
import { and, count, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  SETTING_DEFAULTS,
  SETTING_SCHEMAS,
  SETTING_SECTIONS,
  type SecretKey,
  type SecretStatus,
  type SectionState,
  type SettingChange,
  type SettingSection,
  type SettingValues,
  type SmsStatus,
  type SystemSettings,
} from '../../../shared/system/index.js';
import { countyDateTime } from '../../../shared/county-time.js';
import type { z } from 'zod';
import { historyQuery, type BackupStatus } from '../../../shared/system/index.js';
import type { ServiceContext, Actor } from '../../core/context.js';
import { audit } from '../../core/audit.js';
import { conflict } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import type { Config } from '../../env.js';
import { smsGatewayStatus } from '../appointments/index.js';
import { accountField } from '../auth/index.js';
import { systemSecrets, systemSettingChanges, systemSettings } from './system.schema.js';
import { fiscalYearSummary, khisStatus, paymentsStatus } from './system.status.js';

const nameOf = (userId: SQLWrapper) => accountField(userId, 'name');

/**
 * A section's current value, its version and who changed it last. A row missing (a database the seed did not fill)
 * is the defaults at version 0. A stored value is read through the section's schema, so a value written by an
 * older version of the app still answers in today's shape (new fields take their defaults).
 */
export async function readSection<S extends SettingSection>(db: Db, section: S): Promise<SectionState<S>> {
  const [row] = await db
    .select({ value: systemSettings.value, version: systemSettings.version, updatedAt: systemSettings.updatedAt, updatedByName: nameOf(systemSettings.updatedBy) })
    .from(systemSettings)
    .where(eq(systemSettings.section, section));
  if (!row) return { value: SETTING_DEFAULTS[section], version: 0, updatedAt: null, updatedByName: null };
  const parsed = (SETTING_SCHEMAS[section] as z.ZodType).safeParse({ ...SETTING_DEFAULTS[section], ...(row.value as object) });
  return {
    value: (parsed.success ? parsed.data : SETTING_DEFAULTS[section]) as SettingValues[S],
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}

/** A section's value, for other modules (the appointments module's reminders and nightly sweep; inventory and procurement read 'supply'). */
export async function readSetting<S extends SettingSection>(db: Db, section: S): Promise<SettingValues[S]> {
  return (await readSection(db, section)).value;
}

/**
 * What the appointments module reads of System Settings: a section as stored ({} when there is no row or the value
 * is not an object: the module reads a few fields with its own fallbacks, not readSetting's defaults), and the SMS
 * gateway's key (null when not set). The system module imports the appointments module (System Settings shows the
 * gateway's status), so the appointments module cannot import this back: the composition root hands it over
 * (modules/index.ts). Nothing else reads a secret's value.
 */
export const appointmentSettings = {
  async section(db: Db, section: string): Promise<Record<string, unknown>> {
    const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.section, section)).limit(1);
    const value = row?.value;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  },
  async smsApiKey(db: Db): Promise<string | null> {
    const key: SecretKey = 'sms.apiKey';
    const [row] = await db.select({ value: systemSecrets.value }).from(systemSecrets).where(eq(systemSecrets.key, key)).limit(1);
    return row && row.value !== '' ? row.value : null;
  },
};

export async function secretStatus(db: Db, key: SecretKey): Promise<SecretStatus> {
  const [row] = await db
    .select({ updatedAt: systemSecrets.updatedAt, updatedByName: nameOf(systemSecrets.updatedBy) })
    .from(systemSecrets)
    .where(eq(systemSecrets.key, key));
  return { key, isSet: row !== undefined, updatedAt: row?.updatedAt.toISOString() ?? null, updatedByName: row?.updatedByName ?? null };
}

/**
 * Records one change made through System Settings (a section's new version, or a change to what another module
 * keeps: a facility's details, an appointment service) with who and when, at the next version of its
 * (section, target). Call it inside the transaction that makes the change. Only the system module writes the table.
 */
export async function recordSettingChange(
  tx: Db,
  change: { section: string; target?: string; before: unknown; after: unknown; actor: Pick<Actor, 'id'>; at: Date; version?: number },
): Promise<number> {
  const target = change.target ?? '';
  let version = change.version;
  if (version === undefined) {
    const [row] = await tx
      .select({ v: sql<number>`coalesce(max(${systemSettingChanges.version}), 0)::int` })
      .from(systemSettingChanges)
      .where(and(eq(systemSettingChanges.section, change.section), eq(systemSettingChanges.target, target)));
    version = (row?.v ?? 0) + 1;
  }
  await tx.insert(systemSettingChanges).values({
    section: change.section,
    target,
    version,
    before: change.before ?? null,
    after: change.after ?? null,
    changedBy: change.actor.id,
    changedAt: change.at,
  });
  return version;
}

function staleMessage(name: string | null, at: string | null): string {
  const when = at ? countyDateTime(at).slice(0, 16).replace('T', ' ') : 'an earlier time';
  return `These settings were changed by ${name ?? 'someone else'} at ${when}. Reload to see their change.`;
}

/**
 * Saves a section's new value if it is still at the version the caller loaded (optimistic concurrency: 409 with
 * who changed it and when otherwise). One transaction: the value at version + 1, the change row, the audit event.
 */
export async function updateSection<S extends SettingSection>(ctx: ServiceContext, section: S, value: SettingValues[S], expectedVersion: number): Promise<SectionState<S>> {
  const { db, actor, now } = ctx;
  try {
    await db.transaction(async (tx) => {
      const at = now();
      const current = await readSection(tx, section);
      if (current.version !== expectedVersion) throw conflict(staleMessage(current.updatedByName, current.updatedAt));
      const version = current.version + 1;
      let written: { section: string }[];
      if (current.version === 0) {
        written = await tx.insert(systemSettings).values({ section, value, version, updatedBy: actor.id, updatedAt: at }).onConflictDoNothing().returning({ section: systemSettings.section });
      } else {
        written = await tx
          .update(systemSettings)
          .set({ value, version, updatedBy: actor.id, updatedAt: at })
          .where(and(eq(systemSettings.section, section), eq(systemSettings.version, current.version)))
          .returning({ section: systemSettings.section });
      }
      if (written.length === 0) {
        // Someone saved between our read and our write.
        const latest = await readSection(tx, section);
        throw conflict(staleMessage(latest.updatedByName, latest.updatedAt));
      }
      await recordSettingChange(tx, { section, before: current.version === 0 ? null : current.value, after: value, actor, at, version });
      await audit(tx, actor, { action: 'system.settings.update', entity: 'system_setting', entityId: section, detail: `${section} version ${version}` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const latest = await readSection(db, section);
      throw conflict(staleMessage(latest.updatedByName, latest.updatedAt));
    }
    throw error;
  }
  return readSection(db, section);
}

/** Sets or clears a write-only secret: the change row says only 'set' or 'cleared', never the value. */
export async function setSecret(ctx: ServiceContext, key: SecretKey, value: string | null): Promise<SecretStatus> {
  const { db, actor, now } = ctx;
  const [section, field] = key.split('.') as [string, string];
  await db.transaction(async (tx) => {
    const at = now();
    const before = await secretStatus(tx, key);
    if (value === null) {
      if (!before.isSet) throw conflict('The API key is not set: there is nothing to clear.');
      await tx.delete(systemSecrets).where(eq(systemSecrets.key, key));
    } else {
      await tx
        .insert(systemSecrets)
        .values({ key, value, updatedBy: actor.id, updatedAt: at })
        .onConflictDoUpdate({ target: systemSecrets.key, set: { value, updatedBy: actor.id, updatedAt: at } });
    }
    await recordSettingChange(tx, {
      section,
      target: field,
      before: { [field]: before.isSet ? 'set' : 'not set' },
      after: { [field]: value === null ? 'cleared' : 'set' },
      actor,
      at,
    });
    await audit(tx, actor, { action: value === null ? 'system.secret.clear' : 'system.secret.set', entity: 'system_secret', entityId: key });
  });
  return secretStatus(db, key);
}

/**
 * Which SMS gateway the reminders go through, from where, and how the last 30 days went: the appointments module's
 * smsGatewayStatus (which reads these settings and the key's row itself: settings first, then the server's SMS_*
 * configuration, else the simulator). The username shown is the one that gateway uses; the key never leaves.
 */
export async function smsStatus(ctx: Pick<ServiceContext, 'db' | 'now'>, config: Pick<Config, 'sms'>, configures = false): Promise<SmsStatus> {
  const [settings, gateway] = await Promise.all([readSetting(ctx.db, 'sms'), smsGatewayStatus(ctx.db, config, ctx.now())]);
  const username = gateway.source === 'settings' ? settings.username : gateway.source === 'environment' && config.sms.mode === 'africastalking' ? config.sms.username : null;
  return {
    gateway: gateway.gateway,
    environment: gateway.environment,
    source: gateway.source === 'none' ? null : gateway.source,
    username: username || null,
    senderId: gateway.senderId,
    remindersEnabled: settings.remindersEnabled,
    lastMessageAt: gateway.lastMessageAt,
    sentLast30Days: gateway.sentLast30Days,
    failedLast30Days: gateway.failedLast30Days,
    // Its secret is the administrator's to register with the gateway, and no one else's to read.
    deliveryReportPath: configures ? gateway.deliveryReportPath : null,
  };
}

/**
 * Every section, the secrets' status, and what the server is configured with. `backups`: the server's backup service's
 * status (main.ts), or null where the process takes none.
 */
export async function getSettings(ctx: ServiceContext, config: Config, backups: BackupStatus = null): Promise<SystemSettings> {
  const { db } = ctx;
  const [county, sms, appointments, supply, apiKey, smsNow, khis, fiscalYear] = await Promise.all([
    readSection(db, 'county'),
    readSection(db, 'sms'),
    readSection(db, 'appointments'),
    readSection(db, 'supply'),
    secretStatus(db, 'sms.apiKey'),
    smsStatus(ctx, config, can(ctx.actor.role, 'system:configure')),
    khisStatus(db, config),
    fiscalYearSummary(ctx),
  ]);
  return {
    county,
    sms,
    appointments,
    supply,
    secrets: { 'sms.apiKey': apiKey },
    status: {
      sms: smsNow,
      payments: paymentsStatus(config),
      khis,
      fiscalYear,
      // A failed run's message may name the database's host: for those who configure the system.
      backups: backups && (can(ctx.actor.role, 'system:configure') ? backups : { ...backups, lastRun: backups.lastRun && { ...backups.lastRun, error: null } }),
    },
  };
}

export async function settingsHistory(db: Db, query: z.infer<typeof historyQuery>): Promise<{ rows: SettingChange[]; total: number }> {
  const where = and(query.section ? eq(systemSettingChanges.section, query.section) : undefined, query.target ? eq(systemSettingChanges.target, query.target) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: systemSettingChanges.id,
        section: systemSettingChanges.section,
        target: systemSettingChanges.target,
        version: systemSettingChanges.version,
        before: systemSettingChanges.before,
        after: systemSettingChanges.after,
        changedByName: nameOf(systemSettingChanges.changedBy),
        changedAt: systemSettingChanges.changedAt,
      })
      .from(systemSettingChanges)
      .where(where)
      .orderBy(desc(systemSettingChanges.changedAt), desc(systemSettingChanges.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(systemSettingChanges).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() })), total: total?.n ?? 0 };
}

export { SETTING_SECTIONS };
