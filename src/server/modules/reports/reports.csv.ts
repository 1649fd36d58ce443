// A generated report as one CSV table (issue 33 item 4): a strict parser and a spreadsheet's import read it, which a
// file of title lines, tables of different widths and note lines was not. One header row — the report's scope and
// period (a column each, the same on every row, so months of a form can be stacked in one sheet), the section a row
// belongs to when the report has more than one, then the sections' columns — and a row per row of every section, its
// cells under its section's columns (a column another section has stays empty). The report's name is the file's; its
// notes are in its PDF and JSON. A MOH 705 form is its grid — No., the row's name, its days and Total — a cell the
// county does not record empty, never 0, as the form.
//
// Its words in the reader's language: an analysis's heads and section titles from its phrases (analyses/words.ts), a
// MOH form's from reports.words.ts; the scope and the period as the printed documents word them. The rows' own text
// (a MOH 705 row's name, a facility, a register's entries) is data, as the PDF prints it.
import type { CsvCell } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import type { ReportData } from '../../../shared/reports/index.js';
import { readCsv } from '../../core/csv-read.js';
import { MOH_SW_CELLS, periodWords, REPORT_FILE_WORDS, scopeWords, worded } from './reports.words.js';

/** A column of the file: a section's head, told apart from another of the same head in the same section by its place. */
const columnKeys = (columns: readonly string[]) => {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const n = seen.get(c) ?? 0;
    seen.set(c, n + 1);
    return `${n} ${c}`;
  });
};

/** A report's figures as one table in the reader's language: the header row, then a row per row of every section. */
export function reportCsv(data: Pick<ReportData, 'sections' | 'scope' | 'periodLabel'>, lang: Language): CsvCell[][] {
  const w = REPORT_FILE_WORDS[lang];
  const sections = data.sections.map((s) => ({ s, words: worded(s, lang), keys: columnKeys(s.columns) }));
  // Every section's columns by their English head, in the order first met; each labelled in the reader's language.
  const columns = new Map<string, string>();
  for (const { words, keys } of sections) keys.forEach((key, i) => columns.has(key) || columns.set(key, words.columns[i] ?? ''));
  const many = sections.length > 1;
  const scope = scopeWords(data.scope, lang);
  const period = periodWords(data.periodLabel, lang);
  const header = [w.scope, w.period, ...(many ? [w.section] : []), ...columns.values()];
  const order = [...columns.keys()];
  const rows = sections.flatMap(({ s, words, keys }) => {
    const at = new Map(keys.map((key, i) => [key, i]));
    // A MOH form's cells that are words (a register's New / Revisit and Sex) in the language; an analysis's are data.
    const cellWords = s.columns.map((head) => (lang === 'sw' && !s.text ? MOH_SW_CELLS[head] : undefined));
    return s.rows.map((r) => [
      scope,
      period,
      ...(many ? [words.title] : []),
      ...order.map((key) => {
        const i = at.get(key);
        if (i === undefined) return null;
        const cell = r[i] ?? null;
        return typeof cell === 'string' ? (cellWords[i]?.[cell] ?? cell) : cell;
      }),
    ]);
  });
  return [header, ...rows];
}

/**
 * A report's file as stored before its figures were kept (the seed's, before issue 13), as one table: its lines as
 * records, each as wide as the widest. Its words are as stored.
 */
export function storedReportCsv(content: string): CsvCell[][] {
  const records = readCsv(content).records.map((r) => r.cells);
  const width = Math.max(1, ...records.map((r) => r.length));
  return records.map((r) => [...r, ...Array.from({ length: width - r.length }, () => '')]);
}
