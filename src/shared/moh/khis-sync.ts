// Filling a form's KHIS identifiers without typing 75 DHIS2 ids (issue 29 item 2): read from KHIS itself (the form's
// dataSet, its data elements and their category option combos), each row's match proposed for the officer to confirm;
// or a CSV file exported, edited in a spreadsheet and imported back, previewed first, all lines or none.
import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from '../validation.js';
import { DHIS2_UID, KHIS_FORMS, khisMappingSchema } from './contracts.js';

/** The mapping as the settings screen reads it, with the KHIS server the county connected (its host), if any. */
export const khisSettingsSchema = khisMappingSchema.extend({
  /** The host of the configured KHIS (DHIS2_URL), never credentials; null when KHIS is not connected. */
  khisServer: z.string().nullable(),
});
export type KhisSettings = z.infer<typeof khisSettingsSchema>;

const form = z.enum(KHIS_FORMS, { error: 'form must be 705A, 705B or 717' });

/** Which dataSet of KHIS to read a form's rows from: typed by the officer, saved or not yet. */
export const khisProposalBody = z.object({
  form,
  dataSet: z
    .string({ error: "Type the form's dataSet first: KHIS is read by it" })
    .trim()
    .regex(DHIS2_UID, 'The dataSet is a DHIS2 identifier: a letter and ten letters or digits'),
});
export type KhisProposalInput = z.infer<typeof khisProposalBody>;

/** How a row's proposal was found: its code, its name (normalised), or not at all. */
export const KHIS_MATCHES = ['code', 'name', 'none'] as const;
export type KhisMatch = (typeof KHIS_MATCHES)[number];

/** One value KHIS takes in the dataSet: a data element with one of its category option combos. */
export const khisCandidateSchema = z.object({
  dataElement: z.string(),
  /** null for the default combo when it is KHIS's default (a blank combo sends it). */
  categoryOptionCombo: z.string().nullable(),
  /** The data element's name, and the combo's when it is not the default one. */
  name: z.string(),
  code: z.string().nullable(),
});
export type KhisCandidate = z.infer<typeof khisCandidateSchema>;

export const khisProposalSchema = z.object({
  form: z.enum(KHIS_FORMS),
  dataSet: z.string(),
  dataSetName: z.string(),
  defaultCategoryOptionCombo: z.string(),
  /** Every data element × combo of the dataSet, in KHIS's order: what a row may be changed to. */
  candidates: z.array(khisCandidateSchema),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      /** What the row holds now (saved). */
      dataElement: z.string().nullable(),
      categoryOptionCombo: z.string().nullable(),
      match: z.enum(KHIS_MATCHES),
      /** The proposal, one of the candidates; null with no match. */
      proposed: z.object({ dataElement: z.string(), categoryOptionCombo: z.string().nullable() }).nullable(),
    }),
  ),
});
export type KhisProposal = z.infer<typeof khisProposalSchema>;

/** The columns of a mapping file: what the export writes; an import needs rowKey and dataElement, reads the rest if there. */
export const KHIS_CSV_COLUMNS = ['form', 'rowKey', 'rowLabel', 'dataElement', 'categoryOptionCombo', 'dataSet'] as const;
/** The columns an import reads (rowLabel is for people and is not read). */
export const KHIS_CSV_IMPORT_COLUMNS = ['rowKey', 'dataElement', 'categoryOptionCombo', 'form', 'dataSet'] as const;
/** A mapping file is a few hundred lines: 200,000 characters is far above any real one. */
export const MAX_KHIS_CSV = 200_000;

export const importKhisMappingBody = z.object({
  form,
  csv: z
    .string({ error: 'The CSV file is required' })
    .min(1, 'The CSV file is required')
    .max(MAX_KHIS_CSV, 'The CSV file is too large (at most 200,000 characters)')
    .refine(hasNoNul, NUL_MESSAGE),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type ImportKhisMappingInput = z.infer<typeof importKhisMappingBody>;

export const KHIS_IMPORT_CHANGES = ['new', 'changed', 'cleared', 'same'] as const;

export const khisImportSchema = z.object({
  dryRun: z.boolean(),
  form: z.enum(KHIS_FORMS),
  /** The dataSet after the import: the file's, or the one saved when the file has none. */
  dataSet: z.string().nullable(),
  dataSetChanged: z.boolean(),
  rows: z.array(
    z.object({
      line: z.number(),
      key: z.string(),
      label: z.string(),
      dataElement: z.string().nullable(),
      categoryOptionCombo: z.string().nullable(),
      change: z.enum(KHIS_IMPORT_CHANGES),
    }),
  ),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type KhisImport = z.infer<typeof khisImportSchema>;
