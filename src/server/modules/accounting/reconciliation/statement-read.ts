// Which columns a statement file is read with (issue 29 item 1): the profile the officer named, the columns she
// chose, or — with neither — the profile of the statement's kind whose columns a header row within the first 15
// rows has (the closest fit when several do: the most of their columns present, then the oldest). When none
// fits, the file's most plausible header row comes back so the officer can choose the columns from it.
import type { BankColumns, ImportStatementInput } from '../../../../shared/accounting/index.js';
import { readCsv, type CsvRecord, type ImportIssue } from '../../../core/csv-read.js';
import { invalid, type FieldIssue } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { findProfile, profilesOfKind, type ProfileRow } from '../bank-profiles.service.js';
import { columnsPresent, emptyStatement, findHeader, likelyHeader, readStatementRecords, requiredColumns, type StatementFile, type StatementMapping } from './statement-file.js';
import { readXlsx } from './xlsx-sheet.js';
import { accountingSaid } from '../accounting.words.js';

export const CHOOSE_COLUMNS = 'Choose the columns of this file (no saved profile matches its header)';

export type ReadStatement = {
  file: StatementFile;
  /** The saved profile used (named or found); null for the request's own columns, or when none fits. */
  profile: ProfileRow | null;
  /** The columns and date order used; null when none fit. */
  mapping: StatementMapping | null;
};

/** The profile of the kind that fits the file's header best, or null. */
export function detectProfile(kind: ImportStatementInput['kind'], records: readonly CsvRecord[], profiles: readonly ProfileRow[]): ProfileRow | null {
  let best: { profile: ProfileRow; fit: number } | null = null;
  for (const profile of profiles) {
    if (profile.kind !== kind) continue;
    const h = findHeader(records, requiredColumns(kind, profile.columns));
    if (h < 0) continue;
    const fit = columnsPresent(records[h]!.cells, profile.columns);
    if (!best || fit > best.fit) best = { profile, fit };
  }
  return best?.profile ?? null;
}

/** The file of an import request (CSV text or an XLSX workbook) read through its columns. */
export async function readStatementInput(db: Db, input: ImportStatementInput, today: string): Promise<ReadStatement> {
  const source: { records: CsvRecord[]; issues: ImportIssue[] } = input.xlsx !== undefined ? await readXlsx(input.xlsx) : readCsv(input.csv ?? '');
  if (source.issues.length) return { file: emptyStatement(source.issues), profile: null, mapping: null };
  const read = (profile: ProfileRow | null, columns: BankColumns, dateOrder: StatementMapping['dateOrder']): ReadStatement => {
    const mapping = { columns, dateOrder };
    const file = readStatementRecords(input.kind, source.records, mapping, today);
    // A named profile whose header is not in the file: say which profile looked for it.
    if (profile) {
      for (const issue of file.issues as FieldIssue[]) {
        if (issue.path !== 'csv.header' || !issue.message.startsWith('The file has no header')) continue;
        Object.assign(issue, accountingSaid(issue.key === 'accounting.noHeaderRowMpesa' ? 'noHeaderRowMpesaProfile' : 'noHeaderRowProfile', { ...issue.facts, profile: profile.name }));
      }
    }
    return { file, profile, mapping };
  };
  if (input.columns) return read(null, input.columns, input.dateOrder ?? 'dmy');
  if (input.profileId !== undefined) {
    const profile = await findProfile(db, input.profileId);
    if (!profile) throw invalid([{ path: 'profileId', message: 'Unknown profile' }]);
    if (profile.kind !== input.kind) throw invalid([{ path: 'profileId', ...accountingSaid(profile.kind === 'bank' ? 'profileReadsBank' : 'profileReadsMpesa', { name: profile.name }) }]);
    return read(profile, profile.columns, input.dateOrder ?? profile.dateOrder);
  }
  const found = detectProfile(input.kind, source.records, await profilesOfKind(db, input.kind));
  if (!found) return { file: emptyStatement([{ path: 'columns', message: CHOOSE_COLUMNS }], likelyHeader(source.records)), profile: null, mapping: null };
  return read(found, found.columns, input.dateOrder ?? found.dateOrder);
}
