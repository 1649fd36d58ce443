// A generated report as a printed document (issue 13): a MOH 705 form laid out like the paper form — the rows down
// the side, the days 1–31 across and the total — on a landscape page; the MOH 717 sections, the 204 registers and
// the analysis reports as tables, each with its notes below. Cells the county does not record print as "—", with the reason below the table; never as 0.
// An analysis's titles, column heads and notes print in the reader's language (analyses/words.ts); its layout is
// chosen from its English heads, the same in either language. So do a MOH form's title, period, scope, section
// titles and column heads (worded as its CSV words them: reports.csv.ts) and the notes the system writes on its rows
// not recorded; the rows' own labels are the Ministry's English, as the paper form prints them.
//
// A monthly MOH form (705A, 705B, 717) is headed as the paper form is — the facility's MFL code and sub-county — and
// ends with the lines the paper form is signed on before it goes to the sub-county records officer and into KHIS:
// compiled by and verified by, each with name, designation, signature and date (issue 31).
import { documentWords, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import { REPORT_CATALOGUE, type ReportData, type ReportKind, type ReportSection } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import { findFacility } from '../facilities/index.js';
import { REPORT_WORDS, wordSection } from './analyses/words.js';
import { MOH_SW, periodWords, scopeWords, worded as mohWorded } from './reports.words.js';

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

/** The document's own words around the sections. */
const WORDS = documentWords('report', {
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
} satisfies Record<Language, unknown>);

/** Each report's name in Kiswahili, as the reports screen names it (client reports locale, kinds); English is the catalogue's. */
const NAMES_SW: Record<ReportKind, string> = {
  'patient-demographics': 'Demografia ya Wagonjwa',
  'disease-surveillance': 'Ufuatiliaji wa Magonjwa',
  'immunization-coverage': 'Kiwango cha Chanjo',
  'maternal-child-health': 'Afya ya Mama na Mtoto',
  'communicable-disease': 'Magonjwa ya Kuambukiza',
  'non-communicable-disease': 'Magonjwa Yasiyo ya Kuambukiza',
  'revenue-collection': 'Ukusanyaji wa Mapato',
  'sha-claims': 'Madai ya SHA (zamani NHIF)',
  'billing-analysis': 'Uchambuzi wa Ankara',
  'cost-center': 'Vituo vya Gharama',
  'budget-variance': 'Tofauti ya Bajeti',
  'financial-performance': 'Utendaji wa Kifedha',
  'facility-utilization': 'Matumizi ya Vituo',
  'staff-performance': 'Utendaji wa Wafanyakazi',
  'equipment-status': 'Hali ya Vifaa',
  'inventory-stock': 'Salio la Bidhaa',
  'patient-flow': 'Mtiririko wa Wagonjwa',
  'referral-analysis': 'Uchambuzi wa Rufaa',
  moh705a: 'MOH 705A Muhtasari wa Wagonjwa wa Nje (chini ya miaka 5)',
  moh705b: 'MOH 705B Muhtasari wa Wagonjwa wa Nje (miaka 5 na zaidi)',
  moh717: 'MOH 717 Mzigo wa Kazi ya Huduma',
  moh204a: 'MOH 204A Rejista ya Wagonjwa wa Nje (chini ya miaka 5)',
  moh204b: 'MOH 204B Rejista ya Wagonjwa wa Nje (miaka 5 na zaidi)',
  'quality-assurance': 'Uhakikisho wa Ubora',
  'accreditation-compliance': 'Uzingatiaji wa Ithibati',
  'infection-control': 'Udhibiti wa Maambukizi',
  'staff-training': 'Mafunzo ya Wafanyakazi',
  'performance-dashboard': 'Dashibodi ya Utendaji',
  trends: 'Mienendo',
  comparative: 'Ulinganisho',
  predictive: 'Utabiri',
  'resource-optimization': 'Matumizi Bora ya Rasilimali',
  'community-health-metrics': 'Vipimo vya Afya ya Jamii',
};
documentWords('report-names', { en: REPORT_CATALOGUE.map((e) => e.name), sw: REPORT_CATALOGUE.map((e) => NAMES_SW[e.kind]) });

/**
 * The notes the MOH forms write on a row they do not record (moh705.ts notRecorded, moh717.ts MOH717_ITEMS) and on
 * an empty register, in Kiswahili: kept in English in the report, worded when printed. "Not recorded: " as the reports
 * screen words it (Haijarekodiwa).
 */
const NOTES_SW: Readonly<Record<string, string>> = {
  'Not recorded: ': 'Haijarekodiwa: ',
  'needs a disability assessment or register (no ICD-11 code exists); map codes to it in the settings to count them':
    'inahitaji tathmini au rejista ya ulemavu (hakuna msimbo wa ICD-11); iunganishe na misimbo katika mipangilio ili ihesabiwe',
  'the county set Hypoxaemia to not be counted from SpO2 (settings of /reports)': 'kaunti imeweka Hypoxaemia isihesabiwe kutoka kwa SpO2 (mipangilio ya /reports)',
  'Visits do not record the clinic they were seen in (casualty, special clinics, MCH/FP, dental) yet':
    'Ziara bado hazirekodi kliniki ambako mgonjwa alionwa (dharura, kliniki maalum, MCH/FP, meno)',
  'Needs inpatient admissions and discharges by ward, which are not recorded yet': 'Inahitaji kulazwa na kuruhusiwa kwa wagonjwa kwa kila wodi, ambavyo bado havirekodiwi',
  'Needs a maternity register (deliveries, outcomes), which is not recorded yet': 'Inahitaji rejista ya uzazi (kujifungua, matokeo), ambayo bado hairekodiwi',
  'Needs a theatre register, which is not recorded yet': 'Inahitaji rejista ya upasuaji, ambayo bado hairekodiwi',
  'Needs laboratory and imaging results, which are not recorded yet': 'Inahitaji matokeo ya maabara na picha za mionzi, ambayo bado hayarekodiwi',
  'Billing records no waivers yet': 'Bado hakuna misamaha iliyorekodiwa kwenye ankara',
  'Billing records no exemptions yet': 'Bado hakuna misamaha ya malipo iliyorekodiwa kwenye ankara',
  'No visits in these days.': 'Hakuna ziara katika siku hizi.',
};
/** A MOH form's note or cell in the language: each known English note in it worded, the rest (a row's label) as kept. */
const noteWords = (text: string, lang: Language) =>
  lang === 'en' ? text : Object.entries(NOTES_SW).reduce((out, [en, sw]) => out.split(en).join(sw), text);
// The MOH forms' heads, the scope of the whole county and the notes, for the test that reads each Kiswahili document.
documentWords('report-forms', {
  en: [...Object.keys(MOH_SW), 'All Facilities', ...Object.keys(NOTES_SW)],
  sw: [...Object.values(MOH_SW), scopeWords('All Facilities', 'sw'), ...Object.values(NOTES_SW)],
});
documentWords('analyses', REPORT_WORDS);

/** A report's title in the language: a report of the catalogue by its name there, any other as it is named. */
function reportName(title: string, lang: Language): string {
  const entry = lang === 'sw' ? REPORT_CATALOGUE.find((e) => e.name === title) : undefined;
  return entry ? NAMES_SW[entry.kind] : title;
}

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
      { label: '', width: 3 },
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
  const scope = scopeWords(data.scope, lang);
  const period = periodWords(data.periodLabel, lang);
  const sections: PdfSection[] = [
    {
      kind: 'fields',
      rows: [
        [w.facility, scope],
        ...(form && mflCode ? [[w.mflCode, mflCode] as const] : []),
        ...(form && place ? [[w.subcounty, place.subcounty ?? w.allSubcounties] as const] : []),
        [w.period, period],
        ...(form && form.facilities.length > 1 ? [[w.facilities, String(form.facilities.length)] as const] : []),
      ],
    },
  ];
  for (const s of data.sections) {
    const analysis = wordSection(s, lang);
    // A section without phrases is a MOH form's, kept in the forms' English: its heads and its notes worded here.
    const ofForm = analysis === s;
    const words: ReportSection = ofForm ? { ...s, ...mohWorded(s, lang), note: s.note ? noteWords(s.note, lang) : s.note } : analysis;
    const rows = ofForm ? s.rows.map((r) => r.map((v) => (typeof v === 'string' ? noteWords(v, lang) : v))) : s.rows;
    sections.push(sectionTable({ ...s, rows }, words, s.columns.length > 8, w.nothing));
    if (words.note && s.rows.length > 0) sections.push({ kind: 'text', heading: data.moh705 ? w.notRecorded : w.notes, body: words.note });
  }
  if (data.moh705) sections.push({ kind: 'text', heading: w.howCounted, body: w.counted(data.settings.ageRule === 'endOfMonth') });
  if (form) sections.push(signOff(w));
  return { title: reportName(data.title, lang), reference: period, facility: scope, sections, landscape: wide };
}
