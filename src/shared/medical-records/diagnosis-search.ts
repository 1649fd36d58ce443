// Finding a diagnosis (issue 31): GET /api/diagnoses's question and answer. A file of its own beside contracts.ts,
// so that the screens that take only a type from it weigh nothing of it (DESIGN.md §10).
import { z } from 'zod';
import { LANGUAGES } from '../language.js';
import { blankToUndefined } from '../validation.js';
import { diagnosisOptionSchema, diagnosisSearchQuery } from './contracts.js';

/**
 * GET /api/diagnoses?search=&sex=&age=&lang=: the patient's sex and age in whole years leave out the codes that cannot
 * apply to them; the language says which terms come first among equals (else Accept-Language). A Kiswahili term is
 * found in either language.
 */
export const diagnosisFindQuery = diagnosisSearchQuery.extend({
  sex: z.preprocess(blankToUndefined, z.enum(['male', 'female'], { error: 'Sex must be male or female' }).optional()),
  age: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Age must be a number of years' }).int('Age must be whole years').min(0, 'Age must be 0 to 150 years').max(150, 'Age must be 0 to 150 years').optional()),
  lang: z.preprocess(blankToUndefined, z.enum(LANGUAGES, { error: 'Unknown language' }).optional()),
});

/**
 * A code GET /api/diagnoses found: with the MOH 705A and 705B rows it counts in (the forms' labels; the picker shows
 * the patient's own form), and the term it was found by when its title does not say it ("UTI" → GC08.Z).
 */
export const diagnosisMatchSchema = diagnosisOptionSchema.extend({
  rows: z.object({ '705A': z.string(), '705B': z.string() }),
  matched: z.string().nullable(),
});
export type DiagnosisMatch = z.infer<typeof diagnosisMatchSchema>;

/** GET /api/diagnoses/list (issue 34): every codeable diagnosis, its rows and its terms, for a device to keep. */
export const diagnosisListEntrySchema = diagnosisOptionSchema.extend({
  rows: z.object({ '705A': z.string(), '705B': z.string() }),
  terms: z.array(z.string()),
});
export type DiagnosisListEntry = z.infer<typeof diagnosisListEntrySchema>;
