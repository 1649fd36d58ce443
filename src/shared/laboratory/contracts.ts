import { z } from 'zod';
import { optionalText, requiredId } from '../validation.js';

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

/** POST /api/medical-records/:id/lab-tests: tests ordered on a visit, each once (a result may come with it, at the point of care). */
export const orderLabTestsSchema = z.object({
  tests: z
    .array(z.enum(LAB_TESTS, { error: 'Choose a test from the list' }), { error: 'Choose at least one test' })
    .min(1, 'Choose at least one test')
    .max(LAB_TESTS.length, 'Choose each test once')
    .refine((list) => new Set(list).size === list.length, 'Choose each test once'),
});
export type OrderLabTestsInput = z.infer<typeof orderLabTestsSchema>;

/** PATCH /api/lab-tests/:id/result: the result of an ordered test, checked against the test's kind by the server. */
export const labResultSchema = z.object({
  result: z.enum(LAB_RESULTS, { error: 'Result must be positive or negative' }).nullish(),
  species: z.enum(MALARIA_SPECIES, { error: 'Choose the species seen' }).nullish(),
  value: z.number({ error: 'Enter the value as a number' }).min(0, 'Enter the value as a number').max(100, 'Enter the value as a number').nullish(),
  findings: z.partialRecord(z.enum(DIPSTICK_ANALYTES), z.enum(DIPSTICK_GRADES)).nullish(),
  comment: optionalText(500, 'Comment must be at most 500 characters'),
});
export type LabResultInput = z.infer<typeof labResultSchema>;

export const labTestSchema = z.object({
  id: z.number(),
  recordId: z.number(),
  patientId: z.number(),
  facilityId: z.number(),
  test: z.enum(LAB_TESTS),
  status: z.enum(LAB_STATUSES),
  orderedBy: z.string(),
  orderedAt: z.string(),
  result: z.enum(LAB_RESULTS).nullable(),
  species: z.enum(MALARIA_SPECIES).nullable(),
  value: z.number().nullable(),
  findings: z.partialRecord(z.enum(DIPSTICK_ANALYTES), z.enum(DIPSTICK_GRADES)).nullable(),
  comment: z.string().nullable(),
  resultedBy: z.string().nullable(),
  resultedAt: z.string().nullable(),
});
export type LabTestRecord = z.infer<typeof labTestSchema>;

export const labTestIdParam = z.object({ id: requiredId('Test is required') });

/** Each test's name in English (the client words them from its locale; the documents from these and their Kiswahili twins). */
export const LAB_TEST_LABELS: Record<LabTest, { en: string; sw: string }> = {
  malaria_rdt: { en: 'Malaria RDT', sw: 'Kipimo cha haraka cha malaria (RDT)' },
  malaria_slide: { en: 'Malaria blood slide', sw: 'Slaidi ya damu ya malaria' },
  haemoglobin: { en: 'Haemoglobin', sw: 'Himoglobini' },
  blood_sugar: { en: 'Random blood sugar', sw: 'Sukari ya damu' },
  urinalysis: { en: 'Urinalysis', sw: 'Kipimo cha mkojo' },
  hiv: { en: 'HIV test', sw: 'Kipimo cha VVU' },
  pregnancy: { en: 'Pregnancy test', sw: 'Kipimo cha mimba' },
};

const RESULT_WORDS = {
  en: { positive: 'Positive', negative: 'Negative', reactive: 'Reactive', nonReactive: 'Non-reactive', pending: 'Awaiting result', cancelled: 'Cancelled', nil: 'all negative' },
  sw: { positive: 'Chanya', negative: 'Hasi', reactive: 'Chanya (reactive)', nonReactive: 'Hasi (non-reactive)', pending: 'Inasubiri majibu', cancelled: 'Imeghairiwa', nil: 'yote hasi' },
} as const;

/**
 * A test's result in a few words, for documents and registers: "Positive (P. falciparum)", "11.2 g/dL",
 * "protein 1+, glucose trace", "Non-reactive", "Awaiting result".
 */
export function labResultText(t: Pick<LabTestRecord, 'test' | 'status' | 'result' | 'species' | 'value' | 'findings'>, lang: 'en' | 'sw' = 'en'): string {
  const w = RESULT_WORDS[lang];
  if (t.status === 'cancelled') return w.cancelled;
  if (t.status !== 'resulted') return w.pending;
  switch (LAB_TEST_KINDS[t.test]) {
    case 'value': {
      const unit = LAB_VALUES[t.test as keyof typeof LAB_VALUES].unit;
      return t.value === null ? '' : `${t.value.toFixed(1)} ${unit}`;
    }
    case 'dipstick': {
      const found = DIPSTICK_ANALYTES.filter((a) => t.findings?.[a] && t.findings[a] !== 'negative').map((a) => `${a} ${t.findings![a]}`);
      return found.length === 0 ? w.nil : found.join(', ');
    }
    case 'qualitative': {
      if (t.test === 'hiv') return t.result === 'positive' ? w.reactive : w.nonReactive;
      const said = t.result === 'positive' ? w.positive : w.negative;
      return t.result === 'positive' && t.species ? `${said} (${t.species === 'mixed' ? 'mixed' : `P. ${t.species}`})` : said;
    }
  }
}
