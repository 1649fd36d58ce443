// Wording shared by the three sections: how a code reads on a chip, which rows a search finds, and the server's
// messages (it speaks English; a known one is worded again in the reader's language, with the row it names).
import type { TFunction } from 'i18next';
import { GRANTS, type Role } from '../../../../shared/access';
import type { MappingRow, RowCode, RowSource } from '../../../../shared/moh';
import type { BadgeProps } from '../../../components/ui/badge';
import { ApiError } from '../../../lib/api-client';

/** The roles that may change the mapping, the decisions and the KHIS identifiers (access/permissions.ts). */
export const HMIS_ROLES = Object.keys(GRANTS['moh:configure']) as Role[];

/** A code as a chip shows it: a prefix ends in "…" (CA40… is CA40 and every code under it). */
export function codeText(code: Pick<RowCode, 'code' | 'match'>): string {
  return code.match === 'prefix' ? `${code.code}…` : code.code;
}

const SUBCATEGORIES = / and its subcategories$/;

/**
 * A code's title without the server's English "and its subcategories" (the chip's "…" says it in every language);
 * nothing when the list has no title for a prefix (the server then repeats the code).
 */
export function codeTitle(code: Pick<RowCode, 'code' | 'match' | 'title'>): string {
  const title = code.match === 'prefix' ? code.title.replace(SUBCATEGORIES, '') : code.title;
  return title === code.code ? '' : title;
}

/** Rows whose count comes from codes a county may add: the disease rows, and Physical disability (by setting). */
export function takesCodes(row: Pick<MappingRow, 'source' | 'key'>): boolean {
  return row.source === 'diagnosis' || row.key === 'physical_disability';
}

export const SOURCE_BADGE: Record<RowSource, NonNullable<BadgeProps['variant']>> = {
  diagnosis: 'info',
  fallback: 'secondary',
  visit: 'success',
  referral: 'success',
  lab: 'warning',
  observation: 'warning',
  register: 'outline',
};

/**
 * What a search over the rows found: the row, and the codes in it that matched (null when the row matched by its
 * number or name, or when there is no search).
 */
export type RowMatch = { row: MappingRow; codes: ReadonlySet<number> | null };

/** Text that reads as an ICD-11 code or the start of one (1F4, CA40, CA40.0): a prefix above it covers it. */
const CODE_LIKE = /^[0-9A-Z][A-Z][0-9][0-9A-Z]?(\.[0-9A-Z]{0,2})?$/;

/**
 * The rows a search finds, in the form's order: by row number, by name, or by a code in them. A typed code also
 * finds the row whose prefix covers it ("CA40.0" finds Pneumonia's CA40…), which answers "where does this code count?".
 */
export function filterRows(rows: readonly MappingRow[], search: string): RowMatch[] {
  const q = search.trim();
  if (!q) return rows.map((row) => ({ row, codes: null }));
  const lower = q.toLowerCase();
  const upper = q.toUpperCase();
  const codeLike = CODE_LIKE.test(upper);
  return rows.flatMap((row) => {
    const rowHit = String(row.row) === q || row.label.toLowerCase().includes(lower);
    const hits = new Set(
      row.codes
        .filter(
          (c) =>
            c.code.startsWith(upper) ||
            (codeLike && c.match === 'prefix' && upper.startsWith(c.code)) ||
            (lower.length >= 2 && c.title.toLowerCase().includes(lower)) ||
            (c.withExtension ?? []).includes(upper),
        )
        .map((c) => c.id),
    );
    if (!rowHit && hits.size === 0) return [];
    return [{ row, codes: hits.size > 0 ? hits : null }];
  });
}

type RowRef = Pick<MappingRow, 'key' | 'label'> & { row?: number };

/** English messages of the shared contracts and the MOH service, and the key that says each in the reader's language. */
const KNOWN: Record<string, string> = {
  'Enter an ICD-11 code (e.g. 1F40.Z) or a prefix (e.g. CA40)': 'reportsSettings.messages.icdCode',
  'Enter an ICD-11 code or code prefix': 'reportsSettings.messages.icdCode',
  'An extension code starts with X (e.g. XS25)': 'reportsSettings.messages.extensionCode',
  'Match must be exact or prefix': 'reportsSettings.messages.match',
  'Say why the code is removed': 'reportsSettings.messages.reasonRequired',
  'Reason must be at most 500 characters': 'reportsSettings.messages.reasonTooLong',
  'Mapping entry not found': 'reportsSettings.messages.codeGone',
  'The dataSet is a DHIS2 identifier: a letter and ten letters or digits': 'reportsSettings.messages.uidDataSet',
  'A dataElement is a DHIS2 identifier: a letter and ten letters or digits': 'reportsSettings.messages.uidDataElement',
  'A categoryOptionCombo is a DHIS2 identifier: a letter and ten letters or digits': 'reportsSettings.messages.uidCombo',
  'Forbidden: your role may not do this': 'reportsSettings.messages.forbidden',
  "Type the form's dataSet first: KHIS is read by it": 'reportsSettings.messages.dataSetFirst',
};

const ALREADY_MAPPED = /^(\S+) \((exact|prefix)\) is already mapped to (\S+) on MOH (705A|705B): remove it there first$/;
const ELEMENT_TAKEN = /^(\S+) is already the data element of (\S+)$/;
const NOT_A_CODE_ROW = /^(.+) is counted from visits, not from diagnosis codes$/;
const NO_DATA_SET = /^KHIS has no dataSet (\S+), or this account may not read it$/;

/** A row as a message names it: "row 7 · Pneumonia", or its label alone (717 items have no number). */
function rowName(t: TFunction, rows: readonly RowRef[], key: string): string {
  const row = rows.find((r) => r.key === key);
  if (!row) return key;
  return row.row === undefined ? row.label : t('reportsSettings.rowName', { row: row.row, label: row.label });
}

/** A server message in the reader's language, naming rows by number and name; unknown messages as they came. */
export function messageText(t: TFunction, message: string, rows: readonly RowRef[] = []): string {
  const known = KNOWN[message];
  if (known) return t(known);
  let m = ALREADY_MAPPED.exec(message);
  if (m) return t('reportsSettings.messages.alreadyMapped', { code: codeText({ code: m[1]!, match: m[2] as RowCode['match'] }), row: rowName(t, rows, m[3]!), form: m[4] });
  m = ELEMENT_TAKEN.exec(message);
  if (m) return t('reportsSettings.messages.dataElementTaken', { dataElement: m[1], row: rowName(t, rows, m[2]!) });
  m = NOT_A_CODE_ROW.exec(message);
  if (m) return t('reportsSettings.messages.notACodeRow', { label: m[1] });
  m = NO_DATA_SET.exec(message);
  if (m) return t('reportsSettings.messages.noDataSet', { dataSet: m[1] });
  return message;
}

/** An error as the screens show one ("status: text", SPEC.md §8), its text in the reader's language when known. */
export function errorText(t: TFunction, error: unknown, rows: readonly RowRef[] = []): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${messageText(t, text, rows)}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

/** The message a field shows: a known one in the reader's language. */
export function fieldMessage(t: TFunction, message: string | undefined, rows: readonly RowRef[] = []): string | undefined {
  return message ? messageText(t, message, rows) : undefined;
}
