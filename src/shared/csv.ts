// CSV files the API hands out (reports, facility list, stock list, a user's own trail) and the seed's report files.

export type CsvCell = string | number | null | undefined;

export type CsvFile = { filename: string; content: string };

/**
 * One cell. Text that a spreadsheet would read as a formula (= + - @, or a leading tab or carriage return)
 * gets a leading apostrophe, so a name typed as `=HYPERLINK(…)` stays text (OWASP "CSV Injection").
 * Numbers are written as they are: a negative amount is not a formula. A cell holding a separator of any
 * spreadsheet's reading (comma, semicolon, tab) or a line break is quoted.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // A semicolon or a tab is a separator too where a spreadsheet opens CSV that way (Excel in many locales): quoted,
  // `Wafula;=cmd|…` stays one cell instead of starting a new one with a formula.
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The UTF-8 byte-order mark a CSV file starts with: without it Excel on Windows reads the file as ANSI and garbles
 * "–", "—", Kiswahili and "Ksh" (issue 33 item 4). The file's sender adds it (server core/csv.ts sendCsv, the browser's
 * lib/download.ts downloadText), not toCsv: the text stays one table to test, join or parse. */
export const CSV_BOM = '\uFEFF';

/**
 * Rows (the first is the header) as CSV text as RFC 4180 writes it and a strict parser reads it: one table, every row
 * as wide as the header, each line ending CRLF. A row of another width is a mistake of the file's maker (a title
 * line, a note, a missing cell), refused here rather than sent to a spreadsheet that would misalign it.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const width = rows[0]?.length ?? 0;
  const ragged = rows.findIndex((row) => row.length !== width);
  if (ragged >= 0) throw new RangeError(`CSV row ${ragged + 1} has ${rows[ragged]!.length} cells where the header has ${width}`);
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** The most lines an uploaded CSV file may have (a statement, journals, a timesheet). */
export const MAX_IMPORT_LINES = 20_000;
