// A generated report as a printed document (issue 13): a MOH 705 form laid out like the paper form — the rows down
// the side, the days 1–31 across and the total — on a landscape page; the MOH 717 sections, the 204 registers and
// the analysis reports as tables, each with its notes below. Cells the county does not record print as "—", with the reason below the table; never as 0.
// An analysis's titles, column heads and notes print in the reader's language (analyses/words.ts); its layout is
// chosen from its English heads, the same in either language.
//
// A monthly MOH form (705A, 705B, 717) is headed as the paper form is — the facility's MFL code and sub-county — and
// ends with the lines the paper form is signed on before it goes to the sub-county records officer and into KHIS:
// compiled by and verified by, each with name, designation, signature and date (issue 31).
import type { Language, PdfContent, PdfSection } from '../../core/pdf.js';
import type { ReportData, ReportSection } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import { findFacility } from '../facilities/index.js';
import { wordSection } from './analyses/words.js';

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

/** The document's own words around the sections. */
const WORDS = {
  en: {
    facility: 'Facility',
    period: 'Period',
    facilities: 'Facilities',
    notes: 'Notes',
    nothing: 'Nothing to show.',
    mflCode: 'MFL code',
    subcounty: 'Sub-county',
    allSubcounties: 'All sub-counties',
    notRecorded: 'Rows not recorded',
    howCounted: 'How this form is counted',
    counted: (endOfMonth: boolean) =>
      `New cases only: a patient counts once per row per day. Age on the visit date${endOfMonth ? ' (here: at the end of the month, as KenyaEMR)' : ''}: under 5 on MOH 705A, 5 and over on MOH 705B. Diagnoses are ICD-11 codes mapped to rows in the settings of MOH Reports; unmapped new diagnoses count in All other diseases.`,
    signOff: 'Sign-off',
    compiledBy: 'Compiled by',
    verifiedBy: 'Verified by',
    name: 'Name',
    designation: 'Designation',
    signature: 'Signature',
    date: 'Date',
  },
  sw: {
    facility: 'Kituo',
    period: 'Kipindi',
    facilities: 'Vituo',
    notes: 'Maelezo',
    nothing: 'Hakuna cha kuonyesha.',
    mflCode: 'Nambari ya MFL',
    subcounty: 'Kaunti Ndogo',
    allSubcounties: 'Kaunti ndogo zote',
    notRecorded: 'Safu zisizorekodiwa',
    howCounted: 'Jinsi fomu hii inavyohesabiwa',
    counted: (endOfMonth: boolean) =>
      `Visa vipya pekee: mgonjwa anahesabiwa mara moja kwa kila safu kwa siku. Umri siku ya ziara${endOfMonth ? ' (hapa: mwishoni mwa mwezi, kama KenyaEMR)' : ''}: chini ya miaka 5 kwenye MOH 705A, miaka 5 na zaidi kwenye MOH 705B. Utambuzi ni misimbo ya ICD-11 iliyopangwa kwenye safu katika mipangilio ya Ripoti za MOH; utambuzi mpya usiopangwa huhesabiwa katika "All other diseases".`,
    signOff: 'Uthibitisho',
    compiledBy: 'Imeandaliwa na',
    verifiedBy: 'Imethibitishwa na',
    name: 'Jina',
    designation: 'Cheo',
    signature: 'Sahihi',
    date: 'Tarehe',
  },
} satisfies Record<Language, unknown>;

/** Where a report's figures come from, as a MOH form's header names it: one facility's MFL code, and its sub-county. */
export type ReportPlace = { mflCode: string | null; subcounty: string | null };

/** A report's place from what it covers: a facility (its MFL code and sub-county), a sub-county, or the county (neither). */
export async function reportPlace(db: Db, r: { facilityId: number | null; subcounty: string | null }): Promise<ReportPlace> {
  if (r.facilityId === null) return { mflCode: null, subcounty: r.subcounty };
  const f = await findFacility(db, r.facilityId);
  return { mflCode: f?.mflCode ?? null, subcounty: f?.subcounty ?? null };
}

/**
 * The lines a monthly form is signed on: a row each for who compiled it and who verified it, tall enough to sign in.
 * Blank: the form is signed by hand on paper, by whoever compiles and verifies it at the facility.
 */
function signOff(w: (typeof WORDS)[Language]): PdfSection {
  const space = ' \n \n ';
  return {
    kind: 'table',
    heading: w.signOff,
    columns: [
      { label: '', width: 2 },
      { label: w.name, width: 4 },
      { label: w.designation, width: 3 },
      { label: w.signature, width: 3 },
      { label: w.date, width: 2 },
    ],
    rows: [w.compiledBy, w.verifiedBy].map((who) => [who, space, space, space, space]),
  };
}

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

/**
 * A report as a document. `place`: what it covers (reportPlace); a monthly MOH form prints its MFL code and
 * sub-county from it (the MFL code of a one-facility form from its figures when there is no place).
 */
export function reportPdfContent(data: ReportData, lang: Language = 'en', place?: ReportPlace): PdfContent {
  const w = WORDS[lang];
  const wide = data.sections.some((s) => s.columns.length > 8);
  const form = data.khis;
  const mflCode = place?.mflCode ?? (form?.facilities.length === 1 ? form.facilities[0]!.mflCode : null);
  const sections: PdfSection[] = [
    {
      kind: 'fields',
      rows: [
        [w.facility, data.scope],
        ...(form && mflCode ? [[w.mflCode, mflCode] as const] : []),
        ...(form && place ? [[w.subcounty, place.subcounty ?? w.allSubcounties] as const] : []),
        [w.period, data.periodLabel],
        ...(form && form.facilities.length > 1 ? [[w.facilities, String(form.facilities.length)] as const] : []),
      ],
    },
  ];
  for (const s of data.sections) {
    const worded = wordSection(s, lang);
    sections.push(sectionTable(s, worded, s.columns.length > 8, w.nothing));
    if (worded.note && s.rows.length > 0) sections.push({ kind: 'text', heading: data.moh705 ? w.notRecorded : w.notes, body: worded.note });
  }
  if (data.moh705) sections.push({ kind: 'text', heading: w.howCounted, body: w.counted(data.settings.ageRule === 'endOfMonth') });
  if (form) sections.push(signOff(w));
  return { title: data.title, reference: data.periodLabel, facility: data.scope, sections, landscape: wide };
}
