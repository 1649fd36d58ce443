import { z } from 'zod';
import { AGE_RULES } from './age-rule.js';
import { hasNoNul, NUL_MESSAGE } from '../validation.js';

/** The monthly outpatient morbidity forms whose rows are fed by ICD-11 codes. */
export const MOH_FORMS = ['705A', '705B'] as const;
export type MohForm = (typeof MOH_FORMS)[number];

/** The forms with a KHIS (DHIS2) mapping. */
export const KHIS_FORMS = ['705A', '705B', '717'] as const;
export type KhisForm = (typeof KHIS_FORMS)[number];

/** Where a row's count comes from (moh_form_rows.source). */
export const ROW_SOURCES = ['diagnosis', 'fallback', 'visit', 'referral', 'lab', 'observation', 'register'] as const;
export type RowSource = (typeof ROW_SOURCES)[number];

export const mappingsQuery = z.object({ form: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MOH_FORMS, { error: 'form must be 705A or 705B' }).default('705A')) });

/** Removing a code from a row says why (kept in the change log). */
export const removeRowCodeSchema = z.object({
  reason: z.string({ error: 'Say why the code is removed' }).trim().min(3, 'Say why the code is removed').max(500, 'Reason must be at most 500 characters').refine(hasNoNul, NUL_MESSAGE),
});

export const rowCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  match: z.enum(['exact', 'prefix']),
  withExtension: z.array(z.string()).nullable(),
});
export type RowCode = z.infer<typeof rowCodeSchema>;

export const mappingRowSchema = z.object({
  form: z.enum(MOH_FORMS),
  key: z.string(),
  row: z.number(),
  label: z.string(),
  source: z.enum(ROW_SOURCES),
  note: z.string().nullable(),
  codes: z.array(rowCodeSchema),
});
export type MappingRow = z.infer<typeof mappingRowSchema>;

const ICD11_CODE_OR_PREFIX = /^[0-9A-HJ-NP-Z][0-9A-HJ-NP-Z]{0,3}(\.[0-9A-HJ-NP-Z]{1,2})?$/;

/** Adds a code (exact) or a code prefix to a row of a form; an HMIS role's edit, audited. */
export const addRowCodeSchema = z.object({
  form: z.enum(MOH_FORMS, { error: 'form must be 705A or 705B' }),
  rowKey: z.string({ error: 'Choose a row' }).min(1, 'Choose a row').max(80),
  code: z
    .string({ error: 'Enter an ICD-11 code or code prefix' })
    .trim()
    .toUpperCase()
    .regex(ICD11_CODE_OR_PREFIX, 'Enter an ICD-11 code (e.g. 1F40.Z) or a prefix (e.g. CA40)')
    .refine(hasNoNul, NUL_MESSAGE),
  match: z.enum(['exact', 'prefix'], { error: 'Match must be exact or prefix' }),
  withExtension: z
    .array(z.string().trim().toUpperCase().regex(/^X[0-9A-HJ-NP-Z]{3,4}$/, 'An extension code starts with X (e.g. XS25)'))
    .max(10)
    .nullish()
    .transform((v) => (v && v.length > 0 ? v : null)),
});
export type AddRowCodeInput = z.infer<typeof addRowCodeSchema>;

/**
 * The HMIS decisions the mapping file leaves to the county (its `unverified` rows and the notes that say "agree
 * this with the HMIS officer"), each a setting with a default. `docs/moh-reporting.md` explains each one.
 */
export const MOH_SETTINGS = {
  /** Age on the visit date (204A/204B split at the desk) or at the end of the month (KenyaEMR). */
  ageRule: { values: AGE_RULES, default: 'visitDate' },
  /** 705A Hypoxaemia: from a recorded SpO2 below 90 % (no ICD-11 stem exists), or not reported. */
  hypoxaemia: { values: ['spo2Below90', 'notRecorded'], default: 'spo2Below90' },
  /** 705B Physical disability: no ICD-11 stem and no disability register here; codes the county maps, or not reported. */
  physicalDisability: { values: ['notRecorded', 'mappedCodes'], default: 'notRecorded' },
  /**
   * Suspected malaria: the cases no test confirmed — unconfirmed/unspecified codes (1F45, 1F4Z, as WHO defines a
   * suspected case) and a species code (1F40–1F44) at a visit without a positive RDT or slide (issue 31: a clinical
   * diagnosis without a test is suspected) — or every malaria case, confirmed ones too (a testing-rate denominator).
   */
  suspectedMalaria: { values: ['unconfirmedOnly', 'allMalaria'], default: 'unconfirmedOnly' },
  /**
   * 705B Malaria in pregnancy (JB63.60, always on its own row): the species coded with it also counts in Confirmed
   * malaria when the visit has a positive test (Suspected without one), a subset; or on the pregnancy row alone.
   */
  malariaInPregnancy: { values: ['alsoConfirmed', 'pregnancyRowOnly'], default: 'alsoConfirmed' },
  /** 705A Suspected childhood cancers: any neoplasm (chapter 02), or not the in situ and benign ones (2E6–2F7). */
  childhoodCancers: { values: ['allNeoplasms', 'excludeBenign'], default: 'allNeoplasms' },
  /**
   * KHIS and a zero (issue 30 item 6): DHIS2 keeps a zero only for data elements set to store zeros, and answers a
   * conflict "Value is zero and not significant" for the rest. Send zeros and accept those conflicts, or leave zero
   * rows out of what goes to KHIS (the county's own form keeps them).
   */
  khisZeroValues: { values: ['acceptNotStored', 'leaveOut'], default: 'acceptNotStored' },
} as const;
export type MohSettingKey = keyof typeof MOH_SETTINGS;
export type MohSettings = { [K in MohSettingKey]: (typeof MOH_SETTINGS)[K]['values'][number] };
export const MOH_SETTING_KEYS = Object.keys(MOH_SETTINGS) as MohSettingKey[];
export const MOH_SETTING_DEFAULTS = Object.fromEntries(MOH_SETTING_KEYS.map((k) => [k, MOH_SETTINGS[k].default])) as MohSettings;

export const mohSettingSchema = z.object({
  key: z.enum(MOH_SETTING_KEYS as [MohSettingKey, ...MohSettingKey[]]),
  value: z.string(),
  values: z.array(z.string()),
  isDefault: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MohSetting = z.infer<typeof mohSettingSchema>;

export const updateMohSettingSchema = z
  .object({ key: z.enum(MOH_SETTING_KEYS as [MohSettingKey, ...MohSettingKey[]], { error: 'Unknown setting' }), value: z.string({ error: 'Choose a value' }) })
  .superRefine((v, ctx) => {
    if (!(MOH_SETTINGS[v.key].values as readonly string[]).includes(v.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: `${v.key} must be one of ${MOH_SETTINGS[v.key].values.join(', ')}` });
  });

/** One row of a generated monthly form: new cases per day 1…N and the month's total; null when not recorded. */
export const formRowResultSchema = z.object({
  key: z.string(),
  row: z.number(),
  label: z.string(),
  source: z.enum(ROW_SOURCES),
  days: z.array(z.number()).nullable(),
  total: z.number().nullable(),
  /** Why a row has no figure: the data it needs that the county does not record yet. */
  notRecorded: z.string().nullable(),
});
export type FormRowResult = z.infer<typeof formRowResultSchema>;

/** A facility covered by a report, and its monthly totals per row (a KHIS orgUnit's data values). */
export const facilityTotalsSchema = z.object({
  facilityId: z.number(),
  mflCode: z.string(),
  name: z.string(),
  totals: z.record(z.string(), z.number().nullable()),
});
export type FacilityTotals = z.infer<typeof facilityTotalsSchema>;

export const mohFormDataSchema = z.object({
  form: z.enum(MOH_FORMS),
  period: z.string(),
  daysInMonth: z.number(),
  rows: z.array(formRowResultSchema),
  facilities: z.array(facilityTotalsSchema),
  settings: z.record(z.string(), z.string()),
});
export type MohFormData = z.infer<typeof mohFormDataSchema>;

/** A DHIS2 identifier (UID): a letter then ten letters or digits. */
export const DHIS2_UID = /^[A-Za-z][A-Za-z0-9]{10}$/;
const optionalUid = (what: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v), z.string().regex(DHIS2_UID, `${what} is a DHIS2 identifier: a letter and ten letters or digits`).nullable());

export const khisQuery = z.object({ form: z.preprocess((v) => (v === '' ? undefined : v), z.enum(KHIS_FORMS, { error: 'form must be 705A, 705B or 717' }).default('705A')) });

export const khisMappingSchema = z.object({
  form: z.enum(KHIS_FORMS),
  dataSet: z.string().nullable(),
  defaultCategoryOptionCombo: z.string(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), dataElement: z.string().nullable(), categoryOptionCombo: z.string().nullable() })),
});
export type KhisMapping = z.infer<typeof khisMappingSchema>;

/** The county fills in KHIS's identifiers: the form's dataSet and each row's dataElement (and combo, if not default). */
export const updateKhisMappingSchema = z.object({
  form: z.enum(KHIS_FORMS, { error: 'form must be 705A, 705B or 717' }),
  dataSet: optionalUid('The dataSet'),
  rows: z
    .array(z.object({ key: z.string().min(1).max(80), dataElement: optionalUid('A dataElement'), categoryOptionCombo: optionalUid('A categoryOptionCombo') }))
    .max(200),
  /** Where the identifiers came from, for the change log: typed in (the default) or proposed by KHIS and confirmed. */
  source: z.enum(['typed', 'khis'], { error: 'source must be typed or khis' }).optional(),
});
export type UpdateKhisMappingInput = z.infer<typeof updateKhisMappingSchema>;
