// Filling a form's KHIS identifiers in minutes (issue 29 item 2), two ways:
// - "Fetch from KHIS": the form's dataSet read from KHIS (GET /api/dataSets/{id}, dhis2-client.ts), each row's data
//   element and combo proposed by code or name (khis-match.ts). Nothing is saved: the officer confirms the proposal,
//   changed or not, with the mapping's own save (PUT /api/moh/khis, source "khis").
// - A CSV file: the mapping exported (form, rowKey, rowLabel, dataElement, categoryOptionCombo, dataSet), filled in a
//   spreadsheet and imported back. A dry run previews it; every wrong line is named by its number, and a file with any
//   wrong line writes nothing. The rows of the file are written, the others left as they are.
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import {
  DHIS2_UID,
  KHIS_CSV_COLUMNS,
  KHIS_CSV_IMPORT_COLUMNS,
  type ImportKhisMappingInput,
  type KhisForm,
  type KhisImport,
  type KhisProposal,
  type KhisProposalInput,
} from '../../../shared/moh/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { byLine, readCsvTable, type ImportIssue } from '../../core/csv-read.js';
import { AppError, conflict, invalid } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import type { Dhis2Connection } from '../../env.js';
import { KHIS_DEFAULT_CATEGORY_OPTION_COMBO } from './dhis2.js';
import { fetchDataSet } from './dhis2-client.js';
import { candidatesOf, proposeRows } from './khis-match.js';
import { khisMapping, writeKhisMapping } from './khis.service.js';
import { mohLineSaid } from './moh.words.js';

/** The KHIS value a row is proposed as, or what it holds: its data element and its combo (blank = KHIS's default). */
type Cell = { dataElement: string | null; categoryOptionCombo: string | null };
const cellKey = (c: Cell) => `${c.dataElement}/${c.categoryOptionCombo ?? KHIS_DEFAULT_CATEGORY_OPTION_COMBO}`;

/** POST /api/moh/khis/proposals: the form's rows as KHIS's dataSet would fill them; nothing saved. */
export async function proposeKhisMapping(ctx: ServiceContext, connection: Dhis2Connection | undefined, input: KhisProposalInput): Promise<KhisProposal> {
  if (!connection) {
    throw conflict('KHIS is not connected: the county sets DHIS2_URL, DHIS2_USERNAME and DHIS2_PASSWORD on the server. Export the mapping as CSV, fill it in and import it instead.');
  }
  let set;
  try {
    set = await fetchDataSet(connection, input.dataSet);
  } catch (error) {
    throw new AppError(502, 'gateway_error', `KHIS could not be read: ${(error as Error).message}`);
  }
  if (!set) {
    const message = `KHIS has no dataSet ${input.dataSet}, or this account may not read it`;
    throw conflict(message, [{ path: 'dataSet', message }]);
  }
  const mapping = await khisMapping(ctx.db, input.form);
  const candidates = candidatesOf(set, KHIS_DEFAULT_CATEGORY_OPTION_COMBO);
  const proposals = proposeRows(mapping.rows, candidates);
  const rows = mapping.rows.map((r, i) => {
    const c = proposals[i]!.candidate === null ? null : candidates[proposals[i]!.candidate!]!;
    return { ...r, match: proposals[i]!.match, proposed: c ? { dataElement: c.dataElement, categoryOptionCombo: c.categoryOptionCombo } : null };
  });
  const by = (m: string) => rows.filter((r) => r.match === m).length;
  await audit(ctx.db, ctx.actor, {
    action: 'moh.khis.fetch',
    entity: 'khis_mapping',
    entityId: null,
    detail: `MOH ${input.form} from KHIS dataSet ${set.id}: ${by('code')} by code, ${by('name')} by name, ${by('none')} without a match`,
  });
  return {
    form: input.form,
    dataSet: set.id,
    dataSetName: set.name,
    defaultCategoryOptionCombo: KHIS_DEFAULT_CATEGORY_OPTION_COMBO,
    candidates: candidates.map(({ dataElement, categoryOptionCombo, name, code }) => ({ dataElement, categoryOptionCombo, name, code })),
    rows,
  };
}

/** GET /api/moh/khis/export.csv?form=: the form's mapping as saved, one line per row, for a spreadsheet. */
export async function khisMappingCsv(db: Db, form: KhisForm): Promise<CsvFile> {
  const mapping = await khisMapping(db, form);
  const lines = mapping.rows.map((r) => [form, r.key, r.label, r.dataElement, r.categoryOptionCombo, mapping.dataSet]);
  return { filename: `khis-mapping-moh-${form.toLowerCase()}.csv`, content: toCsv([KHIS_CSV_COLUMNS, ...lines]) };
}

/** "MOH 705A", "moh705a", "705a" → 705A. */
const formOf = (text: string) => text.replace(/^moh\s*/i, '').replace(/\s+/g, '').toUpperCase();

/** POST /api/moh/khis/import: a mapping file for one form, previewed (dryRun) or written whole. */
export async function importKhisMapping(ctx: ServiceContext, body: ImportKhisMappingInput): Promise<KhisImport> {
  const dryRun = body.dryRun ?? false;
  const { form } = body;
  const current = await khisMapping(ctx.db, form);
  const answer = (rows: KhisImport['rows'], issues: ImportIssue[], dataSet = current.dataSet): KhisImport => {
    if (issues.length > 0 && !dryRun) throw invalid(issues);
    return { dryRun, form, dataSet, dataSetChanged: dataSet !== current.dataSet, rows, issues };
  };
  const table = readCsvTable(body.csv, {
    wanted: KHIS_CSV_IMPORT_COLUMNS,
    optional: ['categoryOptionCombo', 'form', 'dataSet'],
    what: 'mapping',
    expected: `it is ${KHIS_CSV_COLUMNS.join(',')} as the export writes it, or at least rowKey,dataElement`,
  });
  if (!('records' in table)) return answer([], table.issues);
  const { records, at } = table;

  const rowsByKey = new Map(current.rows.map((r) => [r.key, r]));
  const issues: ImportIssue[] = [];
  const lineOfKey = new Map<string, number>();
  let dataSet: { id: string; line: number } | null = null;
  const rows: KhisImport['rows'] = [];
  const uid = (line: number, field: 'dataElement' | 'categoryOptionCombo' | 'dataSet', text: string): string | null | undefined => {
    if (text === '') return null;
    if (DHIS2_UID.test(text)) return text;
    issues.push(mohLineSaid(line, field, 'lineNotUid', { field, text }));
    return undefined;
  };
  for (const { line, cells } of records) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const before = issues.length;
    const formText = cell(at.form);
    if (formText !== '' && formOf(formText) !== form) {
      issues.push(mohLineSaid(line, 'form', 'lineOtherForm', { other: formText, form }));
    }
    const key = cell(at.rowKey);
    const row = rowsByKey.get(key);
    if (key === '') issues.push(mohLineSaid(line, 'rowKey', 'lineRowKeyRequired'));
    else if (!row) issues.push(mohLineSaid(line, 'rowKey', 'lineNoRow', { row: key.slice(0, 80), form }));
    else if (lineOfKey.has(key)) issues.push(mohLineSaid(line, 'rowKey', 'lineKeyTwice', { row: key, first: String(lineOfKey.get(key)) }));
    else lineOfKey.set(key, line);
    const dataElement = uid(line, 'dataElement', cell(at.dataElement));
    const combo = uid(line, 'categoryOptionCombo', cell(at.categoryOptionCombo));
    if (combo && !dataElement && dataElement !== undefined) issues.push(mohLineSaid(line, 'categoryOptionCombo', 'lineComboAlone'));
    const set = uid(line, 'dataSet', cell(at.dataSet));
    if (set && dataSet && set !== dataSet.id) issues.push(mohLineSaid(line, 'dataSet', 'lineOtherDataSet', { set, dataSet: dataSet.id, first: String(dataSet.line) }));
    else if (set && !dataSet) dataSet = { id: set, line };
    if (issues.length > before || !row) continue;
    const next: Cell = { dataElement: dataElement ?? null, categoryOptionCombo: dataElement ? (combo ?? null) : null };
    const change = next.dataElement === row.dataElement && next.categoryOptionCombo === row.categoryOptionCombo ? 'same' : !next.dataElement ? 'cleared' : !row.dataElement ? 'new' : 'changed';
    rows.push({ line, key, label: row.label, ...next, change });
  }
  // Two rows under one KHIS value would overwrite each other there: checked against the mapping as it would stand.
  const after = new Map(current.rows.map((r) => [r.key, { dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo } as Cell]));
  for (const r of rows) after.set(r.key, r);
  const holder = new Map<string, string>();
  for (const [key, c] of after) if (c.dataElement && !lineOfKey.has(key)) holder.set(cellKey(c), key);
  for (const r of rows) {
    if (!r.dataElement) continue;
    const other = holder.get(cellKey(r));
    if (other) {
      const first = lineOfKey.get(other);
      issues.push(
        first === undefined
          ? mohLineSaid(r.line, 'dataElement', 'lineElementTaken', { dataElement: r.dataElement, row: other })
          : mohLineSaid(r.line, 'dataElement', 'lineElementTakenAt', { dataElement: r.dataElement, row: other, first: String(first) }),
      );
    }
    else holder.set(cellKey(r), r.key);
  }
  const nextSet = dataSet?.id ?? current.dataSet;
  if (issues.length > 0 || dryRun) return answer(rows, issues.sort(byLine), nextSet);

  const changed = rows.filter((r) => r.change !== 'same').length;
  // A file that changes nothing (the export imported back as it was) writes nothing.
  if (changed === 0 && nextSet === current.dataSet) return answer(rows, [], nextSet);
  await ctx.db.transaction((tx) =>
    writeKhisMapping(tx, ctx, { form, dataSet: nextSet, rows: rows.map((r) => ({ key: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo })) }, {
      action: 'import',
      detail: `MOH ${form}: ${rows.length} rows from a CSV file, ${changed} changed${nextSet !== current.dataSet ? `; dataSet ${nextSet}` : ''}`,
    }),
  );
  return answer(rows, [], nextSet);
}
