// The KHIS (DHIS2) identifiers of each form, kept by the county (issue 13 item 4): the dataSet of 705A is seeded
// (EnZokILHOeN, the only one found in public code); every dataElement is blank until the county fills it in.
import { eq } from 'drizzle-orm';
import type { KhisForm, KhisMapping, UpdateKhisMappingInput } from '../../../shared/moh/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { invalid, type FieldIssue } from '../../core/errors.js';
import { mohSaid } from './moh.words.js';
import type { Db } from '../../db/client.js';
import { KHIS_DEFAULT_CATEGORY_OPTION_COMBO, khisValues, unmappedRows, type KhisForm as KhisPayloadForm } from './dhis2.js';
import { MOH717_ITEMS } from './moh717.js';
import { khisDataElements, khisDataSets, mohConfigChanges, mohFormRows } from './moh.schema.js';

/** A form's rows as KHIS sees them: the 705 rows in order, or the 717 items. */
async function rowsOf(db: Db, form: KhisForm): Promise<{ key: string; label: string }[]> {
  if (form === '717') return MOH717_ITEMS.map(({ key, label }) => ({ key, label }));
  return (await db.select({ key: mohFormRows.key, label: mohFormRows.label }).from(mohFormRows).where(eq(mohFormRows.form, form)).orderBy(mohFormRows.row));
}

/** A form's KHIS identifiers: its dataSet and each row's dataElement and combo, in the form's order. */
export async function khisMapping(db: Db, form: KhisForm): Promise<KhisMapping> {
  const [set] = await db.select().from(khisDataSets).where(eq(khisDataSets.form, form));
  const elements = new Map((await db.select().from(khisDataElements).where(eq(khisDataElements.form, form))).map((e) => [e.rowKey, e]));
  return {
    form,
    dataSet: set?.dataSet ?? null,
    defaultCategoryOptionCombo: KHIS_DEFAULT_CATEGORY_OPTION_COMBO,
    rows: (await rowsOf(db, form)).map((r) => ({ ...r, dataElement: elements.get(r.key)?.dataElement ?? null, categoryOptionCombo: elements.get(r.key)?.categoryOptionCombo ?? null })),
  };
}

/** How a save came about, for the change log and the audit trail. */
export type KhisSaveHow = { action: 'update' | 'confirm_khis' | 'import'; detail: string };

const AUDIT_ACTIONS: Record<KhisSaveHow['action'], string> = { update: 'moh.khis.update', confirm_khis: 'moh.khis.confirm', import: 'moh.khis.import' };

export async function updateKhisMapping(ctx: ServiceContext, input: UpdateKhisMappingInput): Promise<KhisMapping> {
  const keys = new Set((await rowsOf(ctx.db, input.form)).map((r) => r.key));
  const issues: FieldIssue[] = input.rows.flatMap((r, i) => (keys.has(r.key) ? [] : [{ path: `rows.${i}.key`, ...mohSaid('noRow', { row: r.key, form: input.form }) }]));
  const seen = new Map<string, string>();
  input.rows.forEach((r, i) => {
    if (!r.dataElement) return;
    const cell = `${r.dataElement}/${r.categoryOptionCombo ?? ''}`;
    if (seen.has(cell)) issues.push({ path: `rows.${i}.dataElement`, ...mohSaid('dataElementTaken', { dataElement: r.dataElement, row: seen.get(cell)! }) });
    seen.set(cell, r.key);
  });
  if (issues.length > 0) throw invalid(issues);
  const fromKhis = input.source === 'khis';
  const how: KhisSaveHow = { action: fromKhis ? 'confirm_khis' : 'update', detail: `MOH ${input.form}: ${input.rows.length} rows${fromKhis ? ', proposed by KHIS and confirmed' : ''}` };
  await ctx.db.transaction((tx) => writeKhisMapping(tx, ctx, input, how));
  return khisMapping(ctx.db, input.form);
}

/**
 * Writes a form's dataSet and the given rows' identifiers (the other rows are left as they are) inside the caller's
 * transaction, keeping the mapping before and after (moh_config_changes) and auditing it.
 */
export async function writeKhisMapping(
  tx: Db,
  { actor, now }: Pick<ServiceContext, 'actor' | 'now'>,
  input: Pick<UpdateKhisMappingInput, 'form' | 'dataSet' | 'rows'>,
  how: KhisSaveHow,
): Promise<void> {
  const before = await khisMapping(tx, input.form);
  const at = now();
  await tx
    .insert(khisDataSets)
    .values({ form: input.form, dataSet: input.dataSet, updatedBy: actor.id, updatedAt: at })
    .onConflictDoUpdate({ target: khisDataSets.form, set: { dataSet: input.dataSet, updatedBy: actor.id, updatedAt: at } });
  for (const r of input.rows) {
    await tx
      .insert(khisDataElements)
      .values({ form: input.form, rowKey: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo })
      .onConflictDoUpdate({ target: [khisDataElements.form, khisDataElements.rowKey], set: { dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo } });
  }
  const after = await khisMapping(tx, input.form);
  await tx.insert(mohConfigChanges).values({ form: input.form, target: 'khis', action: how.action, before, after, changedBy: actor.id, changedAt: at });
  await audit(tx, actor, { action: AUDIT_ACTIONS[how.action], entity: 'khis_mapping', entityId: null, detail: how.detail });
}

/** A generated form's KHIS payload parts: one form per facility, the rows left out (no dataElement), and why not. */
export async function khisForms(
  db: Db,
  figures: { form: KhisForm; facilities: { mflCode: string; totals: Record<string, number | null> }[] },
  period: string,
  completeDate: string,
): Promise<{ forms: KhisPayloadForm[]; unmapped: string[]; dataSet: string | null }> {
  const mapping = await khisMapping(db, figures.form);
  const rows = mapping.rows.map((r) => ({ rowKey: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo ?? mapping.defaultCategoryOptionCombo }));
  const unmapped = new Set<string>();
  const forms = figures.facilities.map((f) => {
    // In the form's row order (the stored totals are a JSON object, whose key order the database does not keep).
    const figuresOf = mapping.rows.filter((r) => r.key in f.totals).map((r) => ({ rowKey: r.key, value: f.totals[r.key] ?? null }));
    unmappedRows(figuresOf, rows).forEach((k) => unmapped.add(k));
    return { dataSet: mapping.dataSet ?? '', period, orgUnit: f.mflCode, completeDate, values: khisValues(figuresOf, rows) };
  });
  return { forms, unmapped: [...unmapped], dataSet: mapping.dataSet };
}
