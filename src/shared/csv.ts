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

/**
 * Rows (the first is the header) as CSV text, one line per row, each line ending with `lineEnd`: a newline for
 * the API's files, CRLF (RFC 4180) for the reports the browser builds, as they have always been written.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], lineEnd: '\n' | '\r\n' = '\n'): string {
  return rows.map((row) => row.map(csvCell).join(',')).join(lineEnd) + lineEnd;
}

/** The most lines an uploaded CSV file may have (a statement, journals, a timesheet). */
export const MAX_IMPORT_LINES = 20_000;
