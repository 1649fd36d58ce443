// The MOH forms' configuration: the 705 mapping (rows with their codes) and the HMIS settings, read by everyone who
// reads reports and changed by an HMIS role (records officer, facility in-charge, sub-county MO, director), each
// change audited and kept with its previous value (moh_config_changes).
import { and, asc, eq } from 'drizzle-orm';
import {
  MOH_SETTING_DEFAULTS,
  MOH_SETTING_KEYS,
  MOH_SETTINGS,
  type AddRowCodeInput,
  type MappingRow,
  type MohForm,
  type MohSetting,
  type MohSettingKey,
  type MohSettings,
  type RowSource,
} from '../../../shared/moh/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflictSaid, invalid, notFound } from '../../core/errors.js';
import { mohSaid } from './moh.words.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { diagnosisTitle } from '../medical-records/index.js';
import { mohConfigChanges, mohFormRows, mohRowCodes, mohSettings } from './moh.schema.js';

/** The county's HMIS settings, each at its default until changed. */
export async function loadSettings(db: Db): Promise<MohSettings> {
  const rows = await db.select({ key: mohSettings.key, value: mohSettings.value }).from(mohSettings);
  const settings = { ...MOH_SETTING_DEFAULTS } as Record<string, string>;
  for (const r of rows) {
    const def = MOH_SETTINGS[r.key as MohSettingKey] as { values: readonly string[] } | undefined;
    if (def && typeof r.value === 'string' && def.values.includes(r.value)) settings[r.key] = r.value;
  }
  return settings as MohSettings;
}

export async function listSettings({ db }: ServiceContext): Promise<MohSetting[]> {
  const rows = await db
    .select({ key: mohSettings.key, value: mohSettings.value, updatedAt: mohSettings.updatedAt, firstName: accountField(mohSettings.updatedBy, 'firstName'), lastName: accountField(mohSettings.updatedBy, 'lastName') })
    .from(mohSettings);
  const current = await loadSettings(db);
  return MOH_SETTING_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return {
      key,
      value: current[key],
      values: [...MOH_SETTINGS[key].values],
      isDefault: current[key] === MOH_SETTINGS[key].default,
      updatedBy: row?.firstName ? `${row.firstName} ${row.lastName}` : null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function updateSetting({ db, actor, now }: ServiceContext, input: { key: MohSettingKey; value: string }): Promise<MohSetting[]> {
  await db.transaction(async (tx) => {
    const before = (await loadSettings(tx))[input.key];
    const at = now();
    await tx
      .insert(mohSettings)
      .values({ key: input.key, value: input.value, updatedBy: actor.id, updatedAt: at })
      .onConflictDoUpdate({ target: mohSettings.key, set: { value: input.value, updatedBy: actor.id, updatedAt: at } });
    await tx.insert(mohConfigChanges).values({ target: `setting:${input.key}`, action: 'set', before, after: input.value, changedBy: actor.id, changedAt: at });
    await audit(tx, actor, { action: 'moh.setting.update', entity: 'moh_setting', entityId: null, detail: `${input.key}: ${before} → ${input.value}` });
  });
  return listSettings({ db, actor, now } as ServiceContext);
}

/** A form's rows, in order, each with the ICD-11 codes that feed it (GET /api/moh/mappings?form=). */
export async function listMappings({ db }: Pick<ServiceContext, 'db'>, form: MohForm): Promise<MappingRow[]> {
  const rows = await db.select().from(mohFormRows).where(eq(mohFormRows.form, form)).orderBy(asc(mohFormRows.row));
  const codes = await db.select().from(mohRowCodes).where(eq(mohRowCodes.form, form)).orderBy(asc(mohRowCodes.id));
  return rows.map((r) => ({
    form,
    key: r.key,
    row: r.row,
    label: r.label,
    source: r.source as RowSource,
    note: r.note,
    codes: codes
      .filter((c) => c.rowKey === r.key)
      .map((c) => ({ id: c.id, code: c.code, title: c.match === 'exact' ? diagnosisTitle(c.code) : `${diagnosisTitle(c.code)} and its subcategories`, match: c.match as 'exact' | 'prefix', withExtension: c.withExtension })),
  }));
}

/** Rows that take codes: the disease rows, and Physical disability (counted from codes the county maps, by setting). */
const takesCodes = (source: string, key: string) => source === 'diagnosis' || key === 'physical_disability';

export async function addRowCode({ db, actor, now }: ServiceContext, input: AddRowCodeInput): Promise<MappingRow[]> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(mohFormRows).where(and(eq(mohFormRows.form, input.form), eq(mohFormRows.key, input.rowKey))).limit(1);
    if (!row) throw invalid([{ path: 'rowKey', ...mohSaid('noRow', { row: input.rowKey, form: input.form }) }]);
    if (!takesCodes(row.source, row.key)) throw invalid([{ path: 'rowKey', ...mohSaid('notFromCodes', { label: row.label }) }]);
    const existing = await tx.select().from(mohRowCodes).where(and(eq(mohRowCodes.form, input.form), eq(mohRowCodes.code, input.code), eq(mohRowCodes.match, input.match)));
    const same = existing.find((c) => JSON.stringify(c.withExtension ?? null) === JSON.stringify(input.withExtension));
    if (same) throw conflictSaid(mohSaid('codeMapped', { code: input.code, match: input.match, row: same.rowKey, form: input.form }));
    const at = now();
    const [created] = await tx
      .insert(mohRowCodes)
      .values({ form: input.form, rowKey: input.rowKey, code: input.code, match: input.match, withExtension: input.withExtension, createdBy: actor.id, createdAt: at })
      .returning();
    await tx.insert(mohConfigChanges).values({ form: input.form, target: `row:${input.rowKey}`, action: 'add_code', before: null, after: created, changedBy: actor.id, changedAt: at });
    await audit(tx, actor, { action: 'moh.mapping.add', entity: 'moh_row_code', entityId: created!.id, detail: `${input.form} ${input.rowKey} ← ${input.code} (${input.match})` });
  });
  return listMappings({ db }, input.form);
}

export async function removeRowCode({ db, actor, now }: ServiceContext, id: number, reason: string): Promise<MappingRow[]> {
  const form = await db.transaction(async (tx) => {
    const [code] = await tx.delete(mohRowCodes).where(eq(mohRowCodes.id, id)).returning();
    if (!code) throw notFound('Mapping entry not found');
    await tx.insert(mohConfigChanges).values({ form: code.form, target: `row:${code.rowKey}`, action: 'remove_code', before: code, after: { reason }, changedBy: actor.id, changedAt: now() });
    await audit(tx, actor, { action: 'moh.mapping.remove', entity: 'moh_row_code', entityId: id, detail: `${code.form} ${code.rowKey} ✕ ${code.code} (${code.match}): ${reason}` });
    return code.form as MohForm;
  });
  return listMappings({ db }, form);
}
