// The normal range of a vital sign for the patient's age (issue 31 item 4): a reading outside it is flagged on entry
// and in the records list, never refused (the contract's VITALS bounds refuse only what no living patient has).
// Weight and height are read against growth charts, not a range: they are not flagged.
//
// The references, band by band:
// - Temperature, every age: fever is an axillary temperature of 37.5 °C or more, low body temperature below 35.5 °C
//   (WHO IMCI chart booklet 2014; Kenya's IMCI and Basic Paediatric Protocols use the same).
// - Pulse: the APLS ranges Kenya's ETAT+ / Basic Paediatric Protocols teach (under 1 year 110–160, 1–2 years
//   100–150, 2–5 years 95–140, 5–12 years 80–120); from 12 years the adult 60–100.
// - Respiratory rate: IMCI fast breathing, 60 or more under 2 months, 50 or more from 2 to 12 months, 40 or more
//   from 1 to 5 years; below that the lower PALS bounds (infant 30, toddler 24); school age 18–30 (PALS); from
//   12 years the adult 12–20.
// - SpO2, every age: below 94 % is low, below 90 % hypoxaemia (WHO, Oxygen therapy for children, 2016).
// - Blood pressure: hypotension below 60 mmHg systolic in the first month, 70 to 1 year, 70 + 2 × age in years
//   from 1 to 10, 90 after (PALS). High from 1 to 12 years at the AAP 2017 screening values that need further
//   evaluation (Clinical Practice Guideline, table 6; the lower of the two sexes' values, as the sex is not asked
//   here), from 13 to 17 years at 130/80 (AAP 2017 stage 1), adults at 140/90 and severe at 180/110 (Kenya National
//   Guidelines for Cardiovascular Diseases Management 2018; WHO 2021).
// - MUAC: 6–59 months below 12.5 cm moderate, below 11.5 cm severe acute malnutrition (WHO/UNICEF joint statement
//   2009; Kenya National Guideline for Integrated Management of Acute Malnutrition). Adults below 23 cm, the cut-off
//   Kenya's IMAM guideline sets for pregnant and lactating women, taken here for every adult. Under 6 months and
//   from 5 to 18 years MUAC is read against cut-offs by age this table does not hold: no flag.
import { VITALS, type VitalKey } from './contracts.js';

/** The vitals read against a normal range. */
export const FLAGGED_VITALS = ['temperature', 'pulse', 'respiratoryRate', 'systolic', 'diastolic', 'spo2', 'muac'] as const satisfies readonly VitalKey[];
export type FlaggedVital = (typeof FLAGGED_VITALS)[number];

/**
 * The normal readings of a vital at an age, both ends included (null: the reference sets no bound there), and the
 * bounds beyond which an abnormal reading is severe (SpO2 below 90 %, severe acute malnutrition, severe hypertension).
 */
export type VitalRange = { min: number | null; max: number | null; severeMin?: number; severeMax?: number };

/** A reading outside its range: which side, whether beyond the severe bound too, and the range it was read against. */
export type VitalFlag = { flag: 'low' | 'high'; severe: boolean; range: VitalRange };

const MONTHS_A_YEAR = 12;

/** Whole months of age on a day (both YYYY-MM-DD): the bands below are in months. */
export function ageInMonths(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onDate.split('-').map(Number) as [number, number, number];
  const months = (ty - by) * MONTHS_A_YEAR + (tm - bm) - (td < bd ? 1 : 0);
  return Math.max(0, months);
}

/** A band of ages: from `from` months (included) to the next band's. */
type Band = { from: number; range: VitalRange };

const years = (n: number) => n * MONTHS_A_YEAR;

/** The band an age falls in (bands in order of age). */
function bandOf(bands: readonly Band[], ageMonths: number): VitalRange | null {
  let found: VitalRange | null = null;
  for (const b of bands) if (ageMonths >= b.from) found = b.range;
  return found;
}

const PULSE: readonly Band[] = [
  { from: 0, range: { min: 110, max: 160 } },
  { from: years(1), range: { min: 100, max: 150 } },
  { from: years(2), range: { min: 95, max: 140 } },
  { from: years(5), range: { min: 80, max: 120 } },
  { from: years(12), range: { min: 60, max: 100 } },
];

const RESPIRATORY_RATE: readonly Band[] = [
  { from: 0, range: { min: 30, max: 59 } },
  { from: 2, range: { min: 30, max: 49 } },
  { from: years(1), range: { min: 24, max: 39 } },
  { from: years(5), range: { min: 18, max: 30 } },
  { from: years(12), range: { min: 12, max: 20 } },
];

/** AAP 2017 table 6, ages 1 to 12: the systolic and diastolic readings that need further evaluation. */
const AAP_SCREENING: Readonly<Record<number, readonly [number, number]>> = {
  1: [98, 52],
  2: [100, 55],
  3: [101, 58],
  4: [102, 60],
  5: [103, 63],
  6: [105, 66],
  7: [106, 68],
  8: [107, 69],
  9: [107, 70],
  10: [108, 72],
  11: [110, 74],
  12: [113, 75],
};

/** The systolic and diastolic ranges at an age (the high bound is the first reading flagged, so the range ends one below). */
function bloodPressureRanges(ageMonths: number): { systolic: VitalRange; diastolic: VitalRange } {
  const age = Math.floor(ageMonths / MONTHS_A_YEAR);
  if (ageMonths < 1) return { systolic: { min: 60, max: null }, diastolic: { min: null, max: null } };
  if (age < 1) return { systolic: { min: 70, max: null }, diastolic: { min: null, max: null } };
  const lowest = age < 10 ? 70 + 2 * age : 90;
  const screening = AAP_SCREENING[age];
  if (screening) return { systolic: { min: lowest, max: screening[0] - 1 }, diastolic: { min: null, max: screening[1] - 1 } };
  if (age < 18) return { systolic: { min: 90, max: 129 }, diastolic: { min: null, max: 79 } };
  return { systolic: { min: 90, max: 139, severeMax: 179 }, diastolic: { min: null, max: 89, severeMax: 109 } };
}

function muacRange(ageMonths: number): VitalRange | null {
  if (ageMonths >= 6 && ageMonths < years(5)) return { min: 12.5, max: null, severeMin: 11.5 };
  if (ageMonths >= years(18)) return { min: 23, max: null };
  return null;
}

/**
 * The normal range of a vital at an age in months (ageInMonths); null when the references set none for that age.
 * Temperature and SpO2 do not depend on age: they have a range when the age is not known (null) too.
 */
export function vitalRange(key: FlaggedVital, ageMonths: number | null): VitalRange | null {
  switch (key) {
    case 'temperature':
      return { min: 35.5, max: 37.4 };
    case 'spo2':
      return { min: 94, max: null, severeMin: 90 };
    default:
      break;
  }
  if (ageMonths === null || !Number.isFinite(ageMonths) || ageMonths < 0) return null;
  switch (key) {
    case 'pulse':
      return bandOf(PULSE, ageMonths);
    case 'respiratoryRate':
      return bandOf(RESPIRATORY_RATE, ageMonths);
    case 'systolic':
    case 'diastolic':
      return bloodPressureRanges(ageMonths)[key];
    case 'muac':
      return muacRange(ageMonths);
  }
}

/** A reading against a range, at the precision the record keeps it (VITALS decimals), or null when it is normal. */
function flagAgainst(key: FlaggedVital, value: number, range: VitalRange): VitalFlag | null {
  const v = Number(value.toFixed(VITALS[key].decimals));
  if (range.min !== null && v < range.min) return { flag: 'low', severe: range.severeMin !== undefined && v < range.severeMin, range };
  if (range.max !== null && v > range.max) return { flag: 'high', severe: range.severeMax !== undefined && v > range.severeMax, range };
  return null;
}

/** A reading of a vital outside the normal range for the age (months; null when not known), or null. */
export function vitalFlag(key: FlaggedVital, value: number | null | undefined, ageMonths: number | null): VitalFlag | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const range = vitalRange(key, ageMonths);
  return range ? flagAgainst(key, value, range) : null;
}

/**
 * A blood pressure (both readings) outside the range for the age: high when either reading is high, low when the
 * systolic is; with both ranges. Null when normal, when a reading is missing, or when the age is not known.
 */
export function bloodPressureFlag(
  systolic: number | null | undefined,
  diastolic: number | null | undefined,
  ageMonths: number | null,
): { flag: 'low' | 'high'; severe: boolean; systolic: VitalRange; diastolic: VitalRange } | null {
  if (systolic == null || diastolic == null) return null;
  const s = vitalFlag('systolic', systolic, ageMonths);
  const d = vitalFlag('diastolic', diastolic, ageMonths);
  const ranges = ageMonths === null ? null : bloodPressureRanges(ageMonths);
  if (!ranges || (!s && !d)) return null;
  const high = [s, d].filter((f) => f?.flag === 'high');
  if (high.length > 0) return { flag: 'high', severe: high.some((f) => f!.severe), ...ranges };
  return { flag: 'low', severe: s!.severe, ...ranges };
}
