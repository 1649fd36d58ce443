// A generated report as one CSV table (issue 33 item 4): a strict parser and a spreadsheet's import read it, which a
// file of title lines, tables of different widths and note lines was not. One header row — the report's scope and
// period (a column each, the same on every row, so months of a form can be stacked in one sheet), the section a row
// belongs to when the report has more than one, then the sections' columns — and a row per row of every section, its
// cells under its section's columns (a column another section has stays empty). The report's name is the file's; its
// notes are in its PDF and JSON. A MOH 705 form is its grid — No., the row's name, its days and Total — a cell the
// county does not record empty, never 0, as the form.
//
// Its words in the reader's language: an analysis's heads and section titles from its phrases (analyses/words.ts), a
// MOH form's from the words below; the scope and the period as the printed documents word them. The rows' own text
// (a MOH 705 row's name, a facility, a register's entries) is data, as the PDF prints it.
import type { CsvCell } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import { placeName } from '../../../shared/place-names.js';
import type { ReportData, ReportSection } from '../../../shared/reports/index.js';
import type { CsvWords } from '../../core/csv.js';
import { readCsv } from '../../core/csv-read.js';
import { documentDate } from '../../core/pdf.js';
import { wordSection } from './analyses/words.js';

const WORDS = {
  en: { scope: 'Scope', period: 'Period', section: 'Section', allFacilities: 'All Facilities', to: 'to' },
  sw: { scope: 'Eneo', period: 'Kipindi', section: 'Sehemu', allFacilities: 'Vituo Vyote', to: 'hadi' },
} satisfies CsvWords<string>;

/**
 * The MOH forms' section titles and column heads in Kiswahili (kept in English in the report, as the forms print
 * them): MOH 705A/705B's grid, MOH 717's sections, the MOH 204A/204B register's columns. The Kiswahili follows the
 * patient screens (Joto la mwili, Shinikizo la damu, MUAC (mzingo wa mkono)) and the reports' own words.
 */
export const MOH_SW: Readonly<Record<string, string>> = {
  'MOH 705A Outpatient Summary, under 5 years': 'MOH 705A Muhtasari wa Wagonjwa wa Nje, chini ya miaka 5',
  'MOH 705B Outpatient Summary, 5 years and over': 'MOH 705B Muhtasari wa Wagonjwa wa Nje, miaka 5 na zaidi',
  'No.': 'Na.',
  'Diseases (new cases only)': 'Magonjwa (visa vipya pekee)',
  Total: 'Jumla',
  'Outpatient services': 'Huduma za wagonjwa wa nje',
  'Inpatient services': 'Huduma za wagonjwa wa kulazwa',
  Maternity: 'Uzazi',
  Theatre: 'Upasuaji',
  'Laboratory and imaging': 'Maabara na picha za mionzi',
  Pharmacy: 'Famasia',
  'Medical records': 'Kumbukumbu za matibabu',
  Finance: 'Fedha',
  Item: 'Kipengele',
  Number: 'Idadi',
  Note: 'Maelezo',
  'MOH 204A Outpatient Register (under 5 years)': 'MOH 204A Rejista ya Wagonjwa wa Nje (chini ya miaka 5)',
  'MOH 204B Outpatient Register (5 years and over)': 'MOH 204B Rejista ya Wagonjwa wa Nje (miaka 5 na zaidi)',
  Date: 'Tarehe',
  Facility: 'Kituo',
  'Patient no.': 'Nambari ya mgonjwa',
  'New / Revisit': 'Mpya / Marudio',
  'Referred from': 'Amepewa rufaa kutoka',
  Name: 'Jina',
  Age: 'Umri',
  Sex: 'Jinsia',
  'Sub-county': 'Kaunti Ndogo',
  Village: 'Kijiji',
  Phone: 'Simu',
  'Temp °C': 'Joto la mwili °C',
  'Weight kg': 'Uzito kg',
  'Height cm': 'Urefu cm',
  'MUAC cm': 'MUAC (mzingo wa mkono) cm',
  BP: 'Shinikizo la damu (BP)',
  'SpO2 %': 'Oksijeni (SpO2) %',
  'Diagnosis (ICD-11)': 'Utambuzi (ICD-11)',
  'Diagnosis notes': 'Maelezo ya utambuzi',
  Treatment: 'Matibabu',
  'Referred to': 'Amepewa rufaa kwenda',
};

/** The words a MOH 204 register's cells hold, by its column, in Kiswahili (F and M as the demographics' Ke and Me). */
const MOH_SW_CELLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'New / Revisit': { New: 'Mpya', Revisit: 'Marudio' },
  Sex: { F: 'Ke', M: 'Me' },
};

/** A section's title and heads in a language: an analysis's from its phrases, a MOH form's from MOH_SW. */
export function worded(section: ReportSection, lang: Language): Pick<ReportSection, 'title' | 'columns'> {
  if (lang === 'en') return section;
  const s = wordSection(section, lang);
  if (s !== section) return s;
  const word = (text: string) => MOH_SW[text] ?? text;
  return { title: word(section.title), columns: section.columns.map(word) };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The report's period as the reports write it ("February 2026", "2026-03-01 to 2026-03-15"), in the language. */
export function periodWords(label: string, lang: Language): string {
  if (lang === 'en') return label;
  const month = /^(\w+) (\d{4})$/.exec(label);
  const m = month ? MONTHS.indexOf(month[1]!) : -1;
  if (month && m >= 0) return documentDate(`${month[2]}-${String(m + 1).padStart(2, '0')}-01`, lang).replace(/^\d+\s/, '');
  const range = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(label);
  return range ? `${documentDate(range[1]!, lang)} ${WORDS[lang].to} ${documentDate(range[2]!, lang)}` : label;
}

/** What the report covers, in the language: the county's facilities, a sub-county, or a facility (its name). */
export function scopeWords(scope: string, lang: Language): string {
  return scope === WORDS.en.allFacilities ? WORDS[lang].allFacilities : placeName(scope, lang);
}

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
  const w = WORDS[lang];
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
