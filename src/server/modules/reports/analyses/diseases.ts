// Disease Surveillance, Communicable Disease and Non-Communicable Disease (issue 13 item 5): new cases on the MOH
// 705 rows for a day range (counted by the moh module as on the forms; new-cases.ts reads them), per week for
// surveillance, per condition and facility for the two disease groups; and malaria testing (issue 31): patients
// tested, tested positive and the test positivity, per week for surveillance, per facility with the communicable
// diseases, from the same counts as the forms' Tested for Malaria.
import { NOTIFIABLE_ROWS, type MohForm } from '../../../../shared/moh/index.js';
import { addDays } from '../../../../shared/county-time.js';
import { MALARIA_POSITIVE, TESTED_FOR_MALARIA } from '../../moh/index.js';
import type { Generator } from '../generator.js';
import { dayRange, FACILITY_COLUMNS, facilityCells, percentOf, section, type Cell, type DayRange } from './common.js';
import { casesOf, diseaseRow, FORMS, newCases, onForm, rowLabel, type NewCases } from './new-cases.js';
import { asRecorded, listOf, say } from './words.js';

// The notifiable and epidemic-prone diseases of Kenya's IDSR that have MOH 705 rows (shared/moh NOTIFIABLE_ROWS):
// listed every week even when no case was seen, since a zero is itself the report.
export { NOTIFIABLE_ROWS };

/** A condition: a row key both forms share, or each form's key where they name the same row differently. */
type Condition = string | Readonly<Record<MohForm, string>>;
const keyOn = (c: Condition, form: MohForm) => (typeof c === 'string' ? c : c[form]);

/**
 * The MOH 705 rows of communicable diseases: infections and parasitic diseases (ICD-11 chapter 1 and the infections
 * of other chapters: respiratory, ear, eye, urinary, neonatal sepsis). Rheumatic fever is here because ICD-11 files
 * it with the streptococcal infections (1B40–1B42). 705B's "Ear / Eye infections/conditions" and "Diseases of the
 * skin" also take some non-infectious conditions; the form does not split them, so they count here whole.
 */
export const COMMUNICABLE_ROWS = [
  'diarrhoea',
  'diarrhoea_with_no_dehydration',
  'diarrhoea_with_some_dehydration',
  'diarrhoea_with_severe_dehydration',
  'gastroenteritis',
  'cholera',
  'dysentry',
  'amoebiasis',
  'typhoid_fever',
  'upper_respiratory_tract_infections',
  'tonsilities',
  'pneumonia',
  'severe_pneumonia',
  'lower_respiratory_tract_infections',
  'other_lower_respiratory_tract_infections',
  'presumed_tuberculosis',
  'tuberculosis',
  'suspected_malaria',
  'confirmed_malaria',
  'malaria_in_pregnancy',
  'sexually_transmitted_infections',
  'urinary_tract_infections',
  'ear_infection',
  'ear_infections',
  'eye_infections',
  'diseases_of_the_skin',
  'jiggers_infestation',
  'intestinal_worms',
  'bilharzia',
  'meningococcal_meningitis',
  'other_meningitis',
  'neonatal_sepsis',
  'neonatal_tetanus',
  'tetanus',
  'poliomyelitis',
  'measles',
  'chicken_pox',
  'mumps',
  'hepatitis',
  'rheumatic_fever',
  'brucellosis',
  // The same disease, spelt two ways by the forms' keys (705A's as KenyaEMR writes it).
  { '705A': 'tryponosomiasis', '705B': 'trypanosomiasis' },
  'leishmaniasis',
  'cutaneous_leishmaniasis',
  'yellow_fever',
  'viral_haemorrhagic_fever',
  'rift_valley_fever',
  'chikungunya',
  'dengue_fever',
  'suspected_anthrax',
] as const satisfies readonly Condition[];

/**
 * The MOH 705 rows of non-communicable diseases, as WHO's NCD programme counts them: cardiovascular (hypertension),
 * diabetes, chronic respiratory (asthma), cancers, mental and neurological conditions (epilepsy, CNS, cerebral
 * palsy, autism), musculoskeletal, oral diseases, congenital (Down's syndrome) and overweight as the metabolic risk.
 * Neither group: injuries, bites, burns and poisoning, malnutrition, anaemia and rickets, pregnancy and childbirth,
 * physical disability and All other diseases.
 */
export const NCD_ROWS = [
  'hypertention',
  'cardiovascular_conditions',
  'diabetes',
  'overweight',
  'asthma',
  'suspected_neoplams_cancers',
  'suspected_childhood_cancers',
  'mental_disorders',
  'epilepsy',
  'other_convulsive_disorders',
  'central_nervous_system_conditions',
  'cerebral_palsy',
  'autism',
  'athritis',
  'mascular_skeletal_conditions',
  'dental_disorders',
  'downs_syndrome',
] as const satisfies readonly Condition[];

const LEADING_TITLE = { '705A': 'surveillance.leading705A', '705B': 'surveillance.leading705B' } as const satisfies Record<MohForm, string>;
const TOP_CONDITIONS = 10;
const TOP_FACILITY_COLUMNS = 6;

/** The ISO week (YYYY-Www, weeks Monday to Sunday) of a county date, as PostgreSQL's 'IYYY-"W"IW' writes it. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(d.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const firstThursday = jan4.getTime() + (3 - ((jan4.getUTCDay() + 6) % 7)) * 86_400_000;
  const week = 1 + Math.round((thursday.getTime() - firstThursday) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The ISO weeks a range touches, each with its first and last day within the range. */
export function weeksOf(range: Pick<DayRange, 'start' | 'end'>): { label: string; first: string; last: string }[] {
  const weeks: { label: string; first: string; last: string }[] = [];
  let day = range.start;
  while (day <= range.end) {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const sunday = addDays(day, 6 - weekday);
    const last = sunday < range.end ? sunday : range.end;
    weeks.push({ label: isoWeek(day), first: day, last });
    day = addDays(last, 1);
  }
  return weeks;
}

const both = (cases: NewCases, key: string, buckets?: readonly string[]) => FORMS.reduce((n, form) => n + casesOf(cases, form, key, buckets), 0);

/** Malaria testing in some buckets, all ages: patients tested, tested positive, and the positivity (%; null for none tested). */
function malariaTesting(cases: NewCases, buckets?: readonly string[]): Cell[] {
  const tested = both(cases, TESTED_FOR_MALARIA, buckets);
  const positive = both(cases, MALARIA_POSITIVE, buckets);
  return [tested, positive, percentOf(positive, tested)];
}
const MALARIA_COLUMNS = [say('malaria.col.tested'), say('malaria.col.positive'), say('malaria.col.positivity')];

export const diseaseSurveillance: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const cases = await newCases(db, covered, range, 'week');
  const weeks = weeksOf(range);
  const partial = weeks.filter((w) => w.first !== addDays(w.last, -6));
  const weekNote =
    partial.length > 0
      ? say('surveillance.note.weeksPartial', {
          start: range.start,
          end: range.end,
          weeks: listOf(
            partial.map((w) => say('surveillance.partialWeek', { week: w.label, first: w.first, last: w.last })),
            'join.semicolon',
          ),
        })
      : say('surveillance.note.weeks');
  const newOnly = say('surveillance.note.newOnly');
  const weekColumns = weeks.map((w) => asRecorded(w.label));

  const notifiable: Cell[][] = NOTIFIABLE_ROWS.filter((key) => FORMS.some((f) => onForm(cases, f, key))).map((key) => [
    rowLabel(cases, key),
    ...weeks.map((w) => both(cases, key, [w.label])),
    ...FORMS.map((form) => (onForm(cases, form, key) ? casesOf(cases, form, key) : null)),
    both(cases, key),
  ]);
  const sections = [
    section(
      say('surveillance.notifiable'),
      [say('col.condition'), ...weekColumns, say('surveillance.col.under5'), say('surveillance.col.over5'), say('col.total')],
      notifiable,
      say('surveillance.note.notifiable'),
      weekNote,
    ),
    section(
      say('malaria.perWeek'),
      [say('malaria.col.week'), ...MALARIA_COLUMNS],
      [...weeks.map((w) => [w.label, ...malariaTesting(cases, [w.label])]), ['All weeks', ...malariaTesting(cases)]],
      say('malaria.note.tested'),
      say('malaria.note.confirmed'),
      weekNote,
    ),
  ];
  for (const form of FORMS) {
    const ranked = cases.rows[form]
      .filter((row) => diseaseRow(row) && row.key !== 'all_other_diseases')
      .map((row) => ({ row, total: casesOf(cases, form, row.key) }))
      .filter((x) => x.total > 0)
      .sort((a, b) => b.total - a.total || a.row.row - b.row.row)
      .slice(0, TOP_CONDITIONS);
    const others = casesOf(cases, form, 'all_other_diseases');
    sections.push(
      section(
        say(LEADING_TITLE[form]),
        [say('surveillance.col.row'), say('col.condition'), ...weekColumns, say('col.total')],
        ranked.map(({ row, total }) => [row.row, row.label, ...weeks.map((w) => casesOf(cases, form, row.key, [w.label])), total]),
        ranked.length === 0 ? say('surveillance.note.noCases') : say('surveillance.note.leading', { limit: TOP_CONDITIONS }),
        say('surveillance.note.allOther', { cases: others }),
        newOnly,
      ),
    );
  }
  return { sections, settings: {} };
};

/** A disease group's report; with `malaria`, its facilities' malaria testing too (the communicable diseases). */
function diseaseGroup(name: 'diseases.group.communicable' | 'diseases.group.nonCommunicable', conditions: readonly Condition[], malaria = false): Generator {
  const group = say(name);
  return async (db, r, covered) => {
    const range = dayRange(r);
    const cases = await newCases(db, covered, range, 'facility');
    const present = conditions
      .map((c) => ({ keys: FORMS.map((form) => keyOn(c, form)), on: FORMS.map((form) => onForm(cases, form, keyOn(c, form))) }))
      .filter((c) => c.on.some(Boolean))
      .map((c) => ({ ...c, label: rowLabel(cases, c.keys[c.on.indexOf(true)]!) }));
    type Present = (typeof present)[number];
    const casesIn = (c: Present, buckets?: readonly string[]) => FORMS.reduce((n, form, i) => n + (c.on[i] ? casesOf(cases, form, c.keys[i]!, buckets) : 0), 0);
    const byCondition: Cell[][] = present.map((c) => {
      const cells = FORMS.map((form, i) => (c.on[i] ? casesOf(cases, form, c.keys[i]!) : null));
      return [c.label, ...cells, cells.reduce<number>((n, x) => n + (x ?? 0), 0)];
    });
    const oneForm = present.filter((c) => !c.on.every(Boolean)).map((c) => c.label);
    const leading = present
      .map((c) => ({ c, total: casesIn(c) }))
      .filter((x) => x.total > 0)
      .sort((a, b) => b.total - a.total)
      .slice(0, TOP_FACILITY_COLUMNS);
    const byFacility: Cell[][] = covered.map((f) => {
      const bucket = [String(f.id)];
      const total = present.reduce((n, c) => n + casesIn(c, bucket), 0);
      const shown = leading.map(({ c }) => casesIn(c, bucket));
      return [...facilityCells(f), f.subcounty, ...shown, total - shown.reduce((a, b) => a + b, 0), total];
    });
    const perForm = FORMS.map((form, i) => present.reduce((n, c) => n + (c.on[i] ? casesOf(cases, form, c.keys[i]!) : 0), 0));
    const testing = malaria
      ? [
          section(
            say('malaria.byFacility'),
            [...FACILITY_COLUMNS, say('col.subcounty'), ...MALARIA_COLUMNS],
            [...covered.map((f) => [...facilityCells(f), f.subcounty, ...malariaTesting(cases, [String(f.id)])]), ['', 'All facilities', '', ...malariaTesting(cases)]],
            say('malaria.note.tested'),
            say('malaria.note.confirmed'),
          ),
        ]
      : [];
    return {
      sections: [
        section(
          say('diseases.byCondition', { group }),
          [say('col.condition'), say('diseases.col.under5'), say('diseases.col.over5'), say('col.total')],
          [...byCondition, ['All conditions', ...perForm, perForm.reduce((a, b) => a + b, 0)]],
          oneForm.length > 0 && say('diseases.note.oneForm', { conditions: oneForm.join(', ') }),
          say('diseases.note.newOnly'),
          say('diseases.note.rows', { group }),
        ),
        section(
          say('diseases.byFacility', { group }),
          [...FACILITY_COLUMNS, say('col.subcounty'), ...leading.map(({ c }) => asRecorded(c.label)), say('diseases.col.other', { group }), say('col.total')],
          byFacility,
          leading.length === 0 ? say('diseases.note.noCases', { group }) : say('diseases.note.leading', { count: leading.length, group }),
        ),
        ...testing,
      ],
      settings: {},
    };
  };
}

export const communicableDisease = diseaseGroup('diseases.group.communicable', COMMUNICABLE_ROWS, true);
export const nonCommunicableDisease = diseaseGroup('diseases.group.nonCommunicable', NCD_ROWS);
