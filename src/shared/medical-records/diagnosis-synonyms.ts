// The words a diagnosis is found by (issue 31): the bundled terms a Kenyan clinician types ("UTI", "kuhara") and the
// ICD-11 code each finds, and the county's own, edited by an HMIS role beside the MOH settings. Apart from the visit's
// contracts, so that the settings screen that edits them weighs only these (DESIGN.md §10).
import { z } from 'zod';
import { LANGUAGES } from '../language.js';
import { hasNoNul, NUL_MESSAGE } from '../validation.js';
import { parseDiagnosisCode } from './icd11.js';

/** A term is a word or a phrase, not a sentence. */
export const SYNONYM_TERM_MAX = 80;

/** One term and the code it finds: bundled (hidden by the county or not), or added by the county. */
export const diagnosisSynonymSchema = z.object({
  /** The county's row: an added term, or the row that hides a bundled one (null for a bundled term shown). */
  id: z.number().nullable(),
  term: z.string(),
  code: z.string(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  source: z.enum(['bundled', 'county']),
  /** A bundled term the county took away: it finds nothing until its row is removed. */
  hidden: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type DiagnosisSynonym = z.infer<typeof diagnosisSynonymSchema>;

const term = z
  .string({ error: 'Enter the term a clinician types' })
  .trim()
  .min(1, 'Enter the term a clinician types')
  .max(SYNONYM_TERM_MAX, `Term must be at most ${SYNONYM_TERM_MAX} characters`)
  .refine(hasNoNul, NUL_MESSAGE);

/** A stem code (a term finds a diagnosis, which a clinician then qualifies): its shape here, its existence on the server. */
const code = z
  .string({ error: 'Choose the ICD-11 code the term finds' })
  .trim()
  .min(1, 'Choose the ICD-11 code the term finds')
  .max(20, 'Choose the ICD-11 code the term finds')
  .transform((c, ctx) => {
    const parsed = parseDiagnosisCode(c);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    if (parsed.code.includes('&')) {
      ctx.addIssue({ code: 'custom', message: 'A term finds a code without extensions: choose the stem' });
      return z.NEVER;
    }
    return parsed.code;
  });

/** POST /api/diagnoses/synonyms: a county term. */
export const addDiagnosisSynonymSchema = z.object({
  term,
  code,
  language: z.enum(LANGUAGES, { error: 'Language must be English or Kiswahili' }),
});
export type AddDiagnosisSynonymInput = z.infer<typeof addDiagnosisSynonymSchema>;
export type AddDiagnosisSynonymForm = z.input<typeof addDiagnosisSynonymSchema>;

/** POST /api/diagnoses/synonyms/hidden: a bundled term the county takes away (DELETE of its row restores it). */
export const hideDiagnosisSynonymSchema = z.object({ term, code });
export type HideDiagnosisSynonymInput = z.infer<typeof hideDiagnosisSynonymSchema>;
