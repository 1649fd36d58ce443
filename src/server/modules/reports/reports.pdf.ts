// A generated report as a printed document (issue 13): a MOH 705 form laid out like the paper form — the rows down
// the side, the days 1–31 across and the total — on a landscape page; the MOH 717 sections, the 204 registers and
// the analysis reports as tables, each with its notes below. Cells the county does not record print as "—", with the reason below the table; never as 0.
// An analysis's titles, column heads and notes print in the reader's language (analyses/words.ts); its layout is
// chosen from its English heads, the same in either language.
import type { Language, PdfContent, PdfSection } from '../../core/pdf.js';
import type { ReportData, ReportSection } from '../../../shared/reports/index.js';
import { wordSection } from './analyses/words.js';

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

/** The document's own words around the sections. */
const WORDS = {
  en: { facility: 'Facility', period: 'Period', facilities: 'Facilities', notes: 'Notes', nothing: 'Nothing to show.' },
  sw: { facility: 'Kituo', period: 'Kipindi', facilities: 'Vituo', notes: 'Maelezo', nothing: 'Hakuna cha kuonyesha.' },
} satisfies Record<Language, unknown>;

/** A section as a table: laid out by its English heads `s`, labelled with its words in the reader's language `worded`. */
function sectionTable(s: ReportSection, worded: ReportSection, dense: boolean, nothing: string): PdfSection {
  const isGrid = s.columns[0] === 'No.' && s.columns.at(-1) === 'Total';
  const columns = worded.columns.map((label, i) => {
    if (isGrid) {
      if (i === 0) return { label, width: 1.6, align: 'right' as const };
      if (i === 1) return { label, width: 11 };
      return { label, width: i === s.columns.length - 1 ? 2.2 : 1.25, align: 'right' as const };
    }
    if (s.columns.length === 3 && s.columns[1] === 'Number') return { label, width: i === 1 ? 2 : 6, align: i === 1 ? ('right' as const) : ('left' as const) };
    // An analysis: a column of words (a facility, a condition) as wide as its longest entry needs, within limits;
    // a column of figures narrow and to the right.
    const words = s.rows.map((r) => r[i]).filter((v): v is string => typeof v === 'string');
    if (words.length === 0) return { label, width: 1, align: 'right' as const };
    return { label, width: Math.min(5, Math.max(1, Math.max(...words.map((w) => w.length)) / 8)) };
  });
  return { kind: 'table', heading: worded.title, columns, rows: s.rows.map((r) => r.map(cell)), empty: worded.note ?? nothing, fontSize: dense ? 6 : undefined };
}

export function reportPdfContent(data: ReportData, lang: Language = 'en'): PdfContent {
  const w = WORDS[lang];
  const wide = data.sections.some((s) => s.columns.length > 8);
  const sections: PdfSection[] = [
    {
      kind: 'fields',
      rows: [[w.facility, data.scope], [w.period, data.periodLabel], ...(data.khis && data.khis.facilities.length > 1 ? [[w.facilities, String(data.khis.facilities.length)] as const] : [])],
    },
  ];
  for (const s of data.sections) {
    const worded = wordSection(s, lang);
    sections.push(sectionTable(s, worded, s.columns.length > 8, w.nothing));
    if (worded.note && s.rows.length > 0) sections.push({ kind: 'text', heading: data.moh705 ? 'Rows not recorded' : w.notes, body: worded.note });
  }
  if (data.moh705) {
    sections.push({ kind: 'text', heading: 'How this form is counted', body: `New cases only: a patient counts once per row per day. Age on the visit date${data.settings.ageRule === 'endOfMonth' ? ' (here: at the end of the month, as KenyaEMR)' : ''}: under 5 on MOH 705A, 5 and over on MOH 705B. Diagnoses are ICD-11 codes mapped to rows in the settings of MOH Reports; unmapped new diagnoses count in All other diseases.` });
  }
  return { title: data.title, reference: data.periodLabel, facility: data.scope, sections, landscape: wide };
}
