// MOH Reports' refusals with names and figures, worded on the server in English and Kiswahili (core/words.ts): the
// screen's bundle is near its weight budget. (An analysis's own titles and notes are in analyses/words.ts.) And the
// words of a generated report's files (its CSV, reports.csv.ts, and its PDF, reports.pdf.ts): a MOH form's titles and
// heads in Kiswahili, its scope and its period.
import type { Language } from '../../../shared/language.js';
import { placeName } from '../../../shared/place-names.js';
import type { ReportSection } from '../../../shared/reports/index.js';
import type { CsvWords } from '../../core/csv.js';
import { documentDate } from '../../core/pdf.js';
import { serverWords } from '../../core/words.js';
import { wordSection } from './analyses/words.js';

export const { said: reportsSaid } = serverWords('reports', {
  en: {
    notKhisForm: '{report} is not a monthly MOH form: only MOH 705A, 705B and 717 go to KHIS',
    noKhisDataSet: 'MOH {form} has no KHIS dataSet yet: fill it in the KHIS settings of MOH Reports',
    noKhisDataElement: 'No row of MOH {form} has a KHIS dataElement yet: fill them in the KHIS settings of MOH Reports',
  },
  sw: {
    notKhisForm: '{report} si fomu ya MOH ya kila mwezi: ni MOH 705A, 705B na 717 tu zinazotumwa KHIS',
    noKhisDataSet: 'MOH {form} bado haina dataSet ya KHIS: ijaze katika mipangilio ya KHIS ya Ripoti za MOH',
    noKhisDataElement: 'Hakuna safu ya MOH {form} yenye dataElement ya KHIS bado: zijaze katika mipangilio ya KHIS ya Ripoti za MOH',
  },
});

/** The heads a report's CSV file adds and the words of its scope and period. */
export const REPORT_FILE_WORDS = {
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
export const MOH_SW_CELLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
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
  return range ? `${documentDate(range[1]!, lang)} ${REPORT_FILE_WORDS[lang].to} ${documentDate(range[2]!, lang)}` : label;
}

/** What the report covers, in the language: the county's facilities, a sub-county, or a facility (its name). */
export function scopeWords(scope: string, lang: Language): string {
  return scope === REPORT_FILE_WORDS.en.allFacilities ? REPORT_FILE_WORDS[lang].allFacilities : placeName(scope, lang);
}
