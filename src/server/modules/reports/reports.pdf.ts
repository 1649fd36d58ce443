// A generated report as a printed document (issue 13): a MOH 705 form laid out like the paper form — the rows down
// the side, the days 1–31 across and the total — on a landscape page; the MOH 717 sections, the 204 registers and
// the analysis reports as tables, each with its notes below. Cells the county does not record print as "—", with the reason below the table; never as 0.
import type { PdfContent, PdfSection } from '../../core/pdf.js';
import type { ReportData, ReportSection } from '../../../shared/reports/index.js';

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

function sectionTable(s: ReportSection, dense: boolean): PdfSection {
  const isGrid = s.columns[0] === 'No.' && s.columns.at(-1) === 'Total';
  const columns = s.columns.map((label, i) => {
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
  return { kind: 'table', heading: s.title, columns, rows: s.rows.map((r) => r.map(cell)), empty: s.note ?? 'Nothing to show.', fontSize: dense ? 6 : undefined };
}

export function reportPdfContent(data: ReportData): PdfContent {
  const wide = data.sections.some((s) => s.columns.length > 8);
  const sections: PdfSection[] = [
    { kind: 'fields', rows: [['Facility', data.scope], ['Period', data.periodLabel], ...(data.khis && data.khis.facilities.length > 1 ? [['Facilities', String(data.khis.facilities.length)] as const] : [])] },
  ];
  for (const s of data.sections) {
    sections.push(sectionTable(s, s.columns.length > 8));
    if (s.note && s.rows.length > 0) sections.push({ kind: 'text', heading: data.moh705 ? 'Rows not recorded' : 'Notes', body: s.note });
  }
  if (data.moh705) {
    sections.push({ kind: 'text', heading: 'How this form is counted', body: `New cases only: a patient counts once per row per day. Age on the visit date${data.settings.ageRule === 'endOfMonth' ? ' (here: at the end of the month, as KenyaEMR)' : ''}: under 5 on MOH 705A, 5 and over on MOH 705B. Diagnoses are ICD-11 codes mapped to rows in the settings of MOH Reports; unmapped new diagnoses count in All other diseases.` });
  }
  return { title: data.title, reference: data.periodLabel, facility: data.scope, sections, landscape: wide };
}
