// The laboratory's tests, results and their bounds (issue 31): plain values the screens use without the contracts'
// schemas (their weight stays out of the screens' chunks, DESIGN.md §10).

/**
 * The laboratory tests the returns count (issue 31): malaria by rapid diagnostic test or blood slide (MOH 705
 * Tested for Malaria and Confirmed Malaria), haemoglobin, random blood sugar, urinalysis, HIV and pregnancy tests.
 */
export const LAB_TESTS = ['malaria_rdt', 'malaria_slide', 'haemoglobin', 'blood_sugar', 'urinalysis', 'hiv', 'pregnancy'] as const;
export type LabTest = (typeof LAB_TESTS)[number];
export const MALARIA_TESTS = ['malaria_rdt', 'malaria_slide'] as const satisfies readonly LabTest[];

/** What kind of answer each test gives: positive or negative, a measured value, or dipstick findings. */
export const LAB_TEST_KINDS: Record<LabTest, 'qualitative' | 'value' | 'dipstick'> = {
  malaria_rdt: 'qualitative',
  malaria_slide: 'qualitative',
  haemoglobin: 'value',
  blood_sugar: 'value',
  urinalysis: 'dipstick',
  hiv: 'qualitative',
  pregnancy: 'qualitative',
};

/** A measured test's unit and the bounds a real sample gives (haemoglobin g/dL, random blood sugar mmol/L). */
export const LAB_VALUES = {
  haemoglobin: { unit: 'g/dL', min: 1, max: 25 },
  blood_sugar: { unit: 'mmol/L', min: 0.5, max: 50 },
} as const satisfies Partial<Record<LabTest, { unit: string; min: number; max: number }>>;

export const LAB_RESULTS = ['positive', 'negative'] as const;
export type LabResult = (typeof LAB_RESULTS)[number];

/** The Plasmodium species a positive malaria test names (a mixed infection is more than one). */
export const MALARIA_SPECIES = ['falciparum', 'vivax', 'ovale', 'malariae', 'mixed'] as const;
export type MalariaSpecies = (typeof MALARIA_SPECIES)[number];

/** Urinalysis dipstick: the analytes read and the grades each may take. */
export const DIPSTICK_ANALYTES = ['protein', 'glucose', 'ketones', 'blood', 'leukocytes', 'nitrites'] as const;
export const DIPSTICK_GRADES = ['negative', 'trace', '1+', '2+', '3+'] as const;
export type DipstickFindings = Partial<Record<(typeof DIPSTICK_ANALYTES)[number], (typeof DIPSTICK_GRADES)[number]>>;

export const LAB_STATUSES = ['ordered', 'resulted', 'cancelled'] as const;
export type LabStatus = (typeof LAB_STATUSES)[number];

export type { LabTestRecord, LabWorklistItem, LabResultInput } from './contracts.js';
