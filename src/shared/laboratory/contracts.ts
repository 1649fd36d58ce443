import { z } from 'zod';
import { blankToUndefined, isoDate, optionalIdQuery, optionalText, requiredId } from '../validation.js';
import {
  DIPSTICK_ANALYTES,
  DIPSTICK_GRADES,
  LAB_RESULTS,
  LAB_STATUSES,
  LAB_TEST_KINDS,
  LAB_TESTS,
  LAB_VALUES,
  MALARIA_SPECIES,
  type LabTest,
} from './constants.js';

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
}).refine((r) => r.result != null || r.value != null || r.findings != null, { path: ['result'], message: 'Enter the result' });
export type LabResultInput = z.infer<typeof labResultSchema>;

/** A test's fields as the API answers them (a plain object, so that the worklist's rows extend it without a call on a schema). */
const labTestFields = {
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
};

export const labTestSchema = z.object(labTestFields);
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

/**
 * GET /api/lab-tests: a facility's tests ordered on a day, or all still waiting for a result (the lab's worklist);
 * without a facility, the reader's own.
 */
export const labWorklistQuery = z.object({
  facilityId: optionalIdQuery,
  date: z.preprocess(blankToUndefined, isoDate('Enter a date').optional()),
  waiting: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'waiting must be true or false' }).optional()),
});

/** A test on the worklist, with the patient it is for. */
export const labWorklistItemSchema = z.object({
  ...labTestFields,
  patientName: z.string(),
  gender: z.string(),
  dateOfBirth: z.string(),
});
export type LabWorklistItem = z.infer<typeof labWorklistItemSchema>;

/** GET /api/lab-tests/register.pdf: one facility's laboratory register for one county day (the reader's facility, today, unless named). */
export const labRegisterQuery = z.object({
  facilityId: optionalIdQuery,
  date: z.preprocess(blankToUndefined, isoDate('Enter a date').optional()),
  lang: z.enum(['en', 'sw'], { error: 'Unknown language' }).optional(),
});
