// Reading the CSV files officers upload (bank and M-Pesa statements, journals, timesheets): RFC 4180 as spreadsheets
// and banks write it — a byte-order mark, CRLF or LF, quoted cells with "" and line breaks inside — keeping each
// record's line number in the file, because every complaint about the file must say which line it is about.
import { MAX_IMPORT_LINES } from '../../shared/csv.js';
import { parseKes, type Cents } from '../../shared/money.js';
import type { FieldIssue, MessageText, Said } from './errors.js';
import { serverWords } from './words.js';

/** What is wrong with a file, or with one field of one of its lines (path csv.line.7.amount), with its key and facts when it has them. */
export type ImportIssue = FieldIssue;

/** What is wrong with any file, in English and Kiswahili (core/words.ts). Counts and line numbers are written as they are. */
const { said: csvSaid } = serverWords('csv', {
  en: {
    tooManyLines: 'The file has {lines} lines: at most {max}',
    hiddenCharacter: 'The file contains a hidden character (NUL): is it a CSV file?',
    quoteNotClosed: 'Line {line}: a quoted cell is never closed',
    columnTwice: 'The header has the column {column} twice',
  },
  sw: {
    tooManyLines: 'Faili lina mistari {lines}: isizidi {max}',
    hiddenCharacter: 'Faili lina herufi iliyofichwa (NUL): je, ni faili la CSV?',
    quoteNotClosed: 'Mstari {line}: kisanduku kilichoanza na alama ya nukuu hakijafungwa',
    columnTwice: 'Kichwa kina safu {column} mara mbili',
  },
});

export type CsvRecord = { line: number; cells: string[] };

/** The file's records (blank lines left out), or the one reason it cannot be read at all. */
export function readCsv(text: string): { records: CsvRecord[]; issues: ImportIssue[] } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lineCount = body.split('\n').length - (body.endsWith('\n') ? 1 : 0);
  if (lineCount > MAX_IMPORT_LINES) {
    return { records: [], issues: [{ path: 'csv', ...csvSaid('tooManyLines', { lines: lineCount, max: MAX_IMPORT_LINES }) }] };
  }
  if (body.includes('\u0000')) return { records: [], issues: [{ path: 'csv', ...csvSaid('hiddenCharacter') }] };
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < body.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let ended = false;
    while (i < body.length && !ended) {
      const ch = body[i]!;
      if (quoted) {
        if (ch === '"') {
          if (body[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          quoted = false;
        } else {
          if (ch === '\n') line += 1;
          cell += ch;
        }
        i += 1;
      } else if (ch === '"' && cell.trim() === '') {
        quoted = true;
        cell = '';
        i += 1;
      } else if (ch === ',') {
        cells.push(cell);
        cell = '';
        i += 1;
      } else if (ch === '\n' || ch === '\r') {
        i += ch === '\r' && body[i + 1] === '\n' ? 2 : 1;
        line += 1;
        ended = true;
      } else {
        cell += ch;
        i += 1;
      }
    }
    if (quoted) return { records: [], issues: [{ path: `csv.line.${start}`, ...csvSaid('quoteNotClosed', { line: String(start) }) }] };
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells: cells.map((c) => c.trim()) });
  }
  return { records, issues: [] };
}

/** A header's name as compared: lower case, spaces collapsed, a trailing full stop dropped ('Receipt No.' = 'receipt no'). */
export const headerKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');

/** Where each wanted column is in the header row; the missing ones listed. */
export function columnsOf<const K extends string>(header: readonly string[], wanted: readonly K[], optional: readonly K[] = []): { at: Record<K, number>; missing: K[] } {
  const keys = header.map(headerKey);
  const at = {} as Record<K, number>;
  const missing: K[] = [];
  for (const w of wanted) {
    const i = keys.indexOf(headerKey(w));
    at[w] = i;
    if (i < 0 && !optional.includes(w)) missing.push(w);
  }
  return { at, missing };
}

const PLAIN = /^\d+(\.\d{1,2})?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/**
 * An amount as a statement writes it: '1250', '1,250.50', optionally signed or in brackets (a debit some banks
 * print as (1,250.50)); null for a blank cell or '-'; undefined for anything else (the caller says which line).
 */
export function readAmount(text: string): Cents | null | undefined {
  // Kshs before KSH: the longer prefix first, or 'Kshs 100' would leave 's100'.
  let t = text.replace(/\s/g, '').replace(/^(KSHS|KES|KSH)\.?/i, '');
  if (t === '' || t === '-') return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  } else if (t.startsWith('-')) {
    negative = true;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  if (!PLAIN.test(t) && !GROUPED.test(t)) return undefined;
  const digits = t.replace(/,/g, '');
  if (digits.replace('.', '').replace(/^0+/, '').length > 15) return undefined;
  return parseKes(negative ? `-${digits}` : digits);
}

const real = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Year, month and day as YYYY-MM-DD, or undefined when they name no real day (31 April, 29 February 2026). */
export const realDate = (y: number, m: number, d: number): string | undefined => (real(y, m, d) ? iso(y, m, d) : undefined);

/** A date as YYYY-MM-DD or DD/MM/YYYY (Kenya writes the day first), optionally followed by a time; undefined if not a real date. */
export function readDate(text: string): string | undefined {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(t);
  if (m) {
    return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(t);
  if (m) {
    return realDate(Number(m[3]), Number(m[2]), Number(m[1]));
  }
  return undefined;
}

const linePath = (line: number, field: string) => `csv.line.${line}.${field}`;

/** An issue about one field of one line: path csv.line.7.amount, message 'Line 7: …'. */
export const lineIssue = (line: number, field: string, message: string): ImportIssue => ({ path: linePath(line, field), message: `Line ${line}: ${message}` });

/**
 * The same issue in a module's words (core/words.ts `said`, whose template begins "Line {line}: "), with its key and
 * facts: the line is a fact as written, never 1,234.
 */
export function lineSaid<Name extends string>(say: (name: Name, facts: MessageText['facts']) => Said, line: number, field: string, name: Name, facts: MessageText['facts'] = {}): ImportIssue {
  return { path: linePath(line, field), ...say(name, { line: String(line), ...facts }) };
}

/** A header that names a column twice (which would one take?): the file-wide issue, or null. */
export function repeatedColumn(names: readonly string[]): ImportIssue | null {
  const twice = names.find((name, i) => name !== '' && names.indexOf(name) !== i);
  return twice === undefined ? null : { path: 'csv', ...csvSaid('columnTwice', { column: twice }) };
}

/**
 * A file of named columns read whole before any line is checked: its lines under the header, the header's names
 * (lower case, spaces as _) and where each wanted column is — or the one file-wide reason it cannot be used: it is
 * not CSV, it has no line under its header (`what`: "timesheet", "catalogue"), a column is named twice, or a column
 * not in `optional` is missing (`expected` says what the header should be).
 */
export function readCsvTable<const K extends string>(
  text: string,
  spec: { wanted: readonly K[]; optional?: readonly K[]; what: string; expected: string },
): { records: CsvRecord[]; names: string[]; at: Record<K, number>; issues: [] } | { issues: ImportIssue[] } {
  const read = readCsv(text);
  if (read.issues.length > 0) return { issues: read.issues };
  const [header, ...records] = read.records;
  if (!header || records.length === 0) return { issues: [{ path: 'csv', message: `The file has no ${spec.what} lines under its header` }] };
  const names = header.cells.map((c) => headerKey(c).replace(/ /g, '_'));
  const repeated = repeatedColumn(names);
  if (repeated) return { issues: [repeated] };
  const { at, missing } = columnsOf(names, spec.wanted, spec.optional);
  if (missing.length > 0) return { issues: [{ path: 'csv', message: `The header has no ${missing.join(', ')} column: ${spec.expected}` }] };
  return { records, names, at, issues: [] };
}

/** Issues in the order of the lines they are about (the file's own complaints first). */
export const byLine = (a: ImportIssue, b: ImportIssue) => lineOf(a) - lineOf(b);
const lineOf = (i: ImportIssue) => Number(/^csv\.line\.(\d+)/.exec(i.path)?.[1] ?? 0);
