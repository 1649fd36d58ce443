import { z } from 'zod';
import { addDays, countyDate, startOfCountyDay } from '../county-time.js';
import { blankToUndefined, clientIdField, hasNoNul, isoDate, NUL_MESSAGE, optionalIsoDate, optionalText, requiredId } from '../validation.js';
import { parseDiagnosisCode } from './icd11.js';

/** Visit type (MOH 705 attendance rows): a patient's first visit to the facility in the calendar year is new. */
export const VISIT_TYPES = ['new', 'revisit'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** A diagnosis is a new case, or a repeat visit for the same illness (only new cases count on MOH 705A/705B). */
export const CASE_TYPES = ['new', 'repeat'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** Where a patient was referred from, or sent to: another health facility or a community unit (CHVs). */
export const REFERRAL_PLACES = ['facility', 'community_unit'] as const;
export type ReferralPlace = (typeof REFERRAL_PLACES)[number];

/**
 * How a visit ended (issue 31): sent home, admitted, referred (with the referral made from the visit), died (with
 * the time), or left against medical advice. Deaths feed the MOH 705 rows that need them.
 */
export const VISIT_OUTCOMES = ['sent_home', 'admitted', 'referred', 'died', 'left_against_advice'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** A time of day, 24-hour "HH:MM", county time. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A visit has at most this many coded diagnoses. */
export const MAX_DIAGNOSES = 10;

/**
 * The vitals of a visit (MOH 204A/204B), each optional, each bounded to what a living patient can measure, with
 * the unit it is entered in. `decimals` is the precision the database keeps.
 */
export const VITALS = {
  temperature: { min: 25, max: 45, decimals: 1, unit: '°C', label: 'Temperature' },
  pulse: { min: 20, max: 250, decimals: 0, unit: '/min', label: 'Pulse' },
  respiratoryRate: { min: 5, max: 120, decimals: 0, unit: '/min', label: 'Respiratory rate' },
  systolic: { min: 50, max: 300, decimals: 0, unit: 'mmHg', label: 'Systolic BP' },
  diastolic: { min: 20, max: 200, decimals: 0, unit: 'mmHg', label: 'Diastolic BP' },
  spo2: { min: 30, max: 100, decimals: 0, unit: '%', label: 'SpO2' },
  weight: { min: 0.3, max: 350, decimals: 2, unit: 'kg', label: 'Weight' },
  height: { min: 20, max: 250, decimals: 1, unit: 'cm', label: 'Height or length' },
  muac: { min: 5, max: 40, decimals: 1, unit: 'cm', label: 'MUAC' },
} as const;
export type VitalKey = keyof typeof VITALS;
export const VITAL_KEYS = Object.keys(VITALS) as VitalKey[];

/** One optional vital: a number or a plain decimal string, blank is none, bounded with a message naming the field. */
function vital(key: VitalKey) {
  const { min, max, decimals, unit, label } = VITALS[key];
  const range = `${label} must be between ${min} and ${max} ${unit}`;
  return z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v === undefined ? null : v),
      z.number({ error: `${label} must be a number` }).min(min, range).max(max, range).nullable(),
    )
    .transform((v) => (v === null ? null : Number(v.toFixed(decimals))));
}

export const vitalsSchema = z
  .object(Object.fromEntries(VITAL_KEYS.map((k) => [k, vital(k).optional()])) as { [K in VitalKey]: z.ZodOptional<ReturnType<typeof vital>> })
  .superRefine((v, ctx) => {
    if ((v.systolic == null) !== (v.diastolic == null)) {
      ctx.addIssue({ code: 'custom', path: [v.systolic == null ? 'systolic' : 'diastolic'], message: 'Enter both systolic and diastolic blood pressure' });
    } else if (v.systolic != null && v.diastolic != null && v.diastolic >= v.systolic) {
      ctx.addIssue({ code: 'custom', path: ['diastolic'], message: 'Diastolic pressure must be lower than systolic' });
    }
  })
  .transform((v) => Object.fromEntries(VITAL_KEYS.map((k) => [k, v[k] ?? null])) as { [K in VitalKey]: number | null });
export type Vitals = z.infer<typeof vitalsSchema>;

/** A coded diagnosis: an ICD-11 MMS stem or postcoordinated cluster ("5C70.0&XS25"), a new case by default. */
export const diagnosisInputSchema = z.object({
  code: z
    .string({ error: 'Choose a diagnosis from the ICD-11 list' })
    .trim()
    .min(1, 'Choose a diagnosis from the ICD-11 list')
    .max(60, 'Choose a diagnosis from the ICD-11 list')
    .transform((c, ctx) => {
      const parsed = parseDiagnosisCode(c);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.code;
    }),
  caseType: z.enum(CASE_TYPES, { error: 'Case must be new or repeat' }).default('new'),
});

/** The coded parts of a visit the Add Medical Record dialog grows (issue 13), shared by creation and correction. */
const codedVisitFields = {
  visitType: z.preprocess(blankToUndefined, z.enum(VISIT_TYPES, { error: 'Visit type must be new or revisit' }).optional()),
  vitals: z.preprocess((v) => (v === null ? undefined : v), vitalsSchema.optional()),
  diagnoses: z
    .array(diagnosisInputSchema, { error: 'Diagnoses must be a list' })
    .max(MAX_DIAGNOSES, `At most ${MAX_DIAGNOSES} diagnoses per visit`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((d, i) => {
        if (seen.has(d.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'This diagnosis is already on the visit' });
        seen.add(d.code);
      });
    })
    .default([]),
  referredFrom: z.preprocess(blankToUndefined, z.enum(REFERRAL_PLACES, { error: 'Referred from must be a facility or a community unit' }).nullish()).transform((v) => v ?? null),
  referredTo: z.preprocess(blankToUndefined, z.enum(REFERRAL_PLACES, { error: 'Referred to must be a facility or a community unit' }).nullish()).transform((v) => v ?? null),
  outcome: z.preprocess(blankToUndefined, z.enum(VISIT_OUTCOMES, { error: 'Choose how the visit ended from the list' }).nullish()).transform((v) => v ?? null),
  /** The time of death on the visit's day (county time), for a visit whose outcome is died. */
  deathTime: z.preprocess(blankToUndefined, z.string({ error: 'Enter the time of death as HH:MM' }).regex(TIME_OF_DAY, 'Enter the time of death as HH:MM').nullish()).transform((v) => v ?? null),
};

/** A death needs its time, and only a death has one. */
function checkOutcome(r: { outcome: VisitOutcome | null; deathTime: string | null }, ctx: z.RefinementCtx): void {
  if (r.outcome === 'died' && !r.deathTime) ctx.addIssue({ code: 'custom', path: ['deathTime'], message: 'Enter the time of death' });
  if (r.outcome !== 'died' && r.deathTime) ctx.addIssue({ code: 'custom', path: ['deathTime'], message: 'A time of death is only for a visit whose outcome is died' });
}

/** A visit typed in from a paper register may be at most this old. */
export const OLDEST_VISIT_YEARS = 10;
const LATEST_FOLLOW_UP_DAYS = 2 * 366;

/** The earliest visit date accepted on the county day of `at`: the same day, OLDEST_VISIT_YEARS earlier. */
export function oldestVisitDate(at: Date): string {
  const today = countyDate(at);
  return `${Number(today.slice(0, 4)) - OLDEST_VISIT_YEARS}${today.slice(4)}`;
}

/** The spec's clinical fields of a visit (SPEC.md §3, §5): only the chief complaint is required. */
const clinicalFields = {
  chiefComplaint: z
    .string({ error: 'Chief complaint is required' })
    .trim()
    .min(1, 'Chief complaint is required')
    .max(1000, 'Chief complaint must be at most 1000 characters')
    .refine(hasNoNul, NUL_MESSAGE),
  diagnosis: optionalText(2000, 'Diagnosis must be at most 2000 characters'),
  treatment: optionalText(2000, 'Treatment must be at most 2000 characters'),
  prescription: optionalText(2000, 'Prescription must be at most 2000 characters'),
  notes: optionalText(4000, 'Notes must be at most 4000 characters'),
  followUpDate: optionalIsoDate({ tooEarly: 'Follow-up date cannot be before the visit date', tooLate: 'Follow-up date must be within 2 years of the visit' }),
};

/**
 * Medical record (SPEC.md §5): only the chief complaint is required. A visit date cannot be in the future on the
 * county calendar of `now`: the route passes the server's clock (AppDeps.now), the browser's form the real one.
 */
export const createMedicalRecordSchema = (now: () => Date) =>
  z
    .object({
      patientId: requiredId('Patient is required'),
      facilityId: requiredId('Please select a facility'),
      ...clinicalFields,
      // A visit written up later from the paper register keeps its real date; it cannot be in the future, nor older
      // than the registers a facility still keeps (nor, the server checks, before the patient was born).
      visitDate: z
        .preprocess(blankToUndefined, isoDate('Enter a date', { tooEarly: `Visit date cannot be more than ${OLDEST_VISIT_YEARS} years ago`, tooLate: 'Visit date cannot be in the future' }).optional())
        .refine((v) => v === undefined || startOfCountyDay(v).getTime() <= now().getTime(), 'Visit date cannot be in the future')
        .refine((v) => v === undefined || v >= oldestVisitDate(now()), `Visit date cannot be more than ${OLDEST_VISIT_YEARS} years ago`),
      ...codedVisitFields,
      /** The recording device's own id for the visit, sent with a visit queued offline. */
      clientId: clientIdField,
    })
    .superRefine((r, ctx) => {
      // Object checks run even when a field failed: a visit date that is not a real date counts as today here.
      const visit = r.visitDate && !Number.isNaN(Date.parse(`${r.visitDate}T00:00:00Z`)) ? r.visitDate : countyDate(now());
      if (r.followUpDate && r.followUpDate > addDays(visit, LATEST_FOLLOW_UP_DAYS)) {
        ctx.addIssue({ code: 'custom', path: ['followUpDate'], message: 'Follow-up date must be within 2 years of the visit' });
      }
      // Without a visit date the visit is today; the server checks that case against its own clock.
      if (r.visitDate && r.followUpDate && r.followUpDate < r.visitDate) {
        ctx.addIssue({ code: 'custom', path: ['followUpDate'], message: 'Follow-up date cannot be before the visit date' });
      }
      checkOutcome(r, ctx);
    });
export type CreateMedicalRecordInput = z.infer<ReturnType<typeof createMedicalRecordSchema>>;
export type CreateMedicalRecordForm = z.input<ReturnType<typeof createMedicalRecordSchema>>;

/**
 * A correction of a visit (PATCH /api/medical-records/:id) by its author or the facility in-charge: the clinical
 * fields, replaced as a whole (the visit's patient, facility and date stay), with the reason for the change.
 */
export const correctMedicalRecordSchema = z
  .object({
    ...clinicalFields,
    ...codedVisitFields,
    reason: z
      .string({ error: 'Say why the record is corrected' })
      .trim()
      .min(3, 'Say why the record is corrected')
      .max(500, 'Reason must be at most 500 characters')
      .refine(hasNoNul, NUL_MESSAGE),
    /** The version the corrector read: a correction of a record changed since answers 409. */
    version: z.number({ error: 'Version is required' }).int().min(1),
  })
  .superRefine(checkOutcome);
export type CorrectMedicalRecordInput = z.infer<typeof correctMedicalRecordSchema>;
export type CorrectMedicalRecordForm = z.input<typeof correctMedicalRecordSchema>;

export const diagnosisSchema = z.object({ code: z.string(), title: z.string(), caseType: z.enum(CASE_TYPES) });
export type Diagnosis = z.infer<typeof diagnosisSchema>;

const vitalsOutSchema = z.object(Object.fromEntries(VITAL_KEYS.map((k) => [k, z.number().nullable()])) as { [K in VitalKey]: z.ZodNullable<z.ZodNumber> });

export const medicalRecordSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  clinicianId: z.number().nullable(),
  clinicianName: z.string().nullable(),
  /** The author's role (their cadre: nurse, clinical officer …) as their account has it: "Recorded by" names both. */
  clinicianRole: z.string().nullable(),
  chiefComplaint: z.string(),
  diagnosis: z.string().nullable(),
  treatment: z.string().nullable(),
  prescription: z.string().nullable(),
  notes: z.string().nullable(),
  followUpDate: z.string().nullable(),
  visitDate: z.string(),
  createdAt: z.string(),
  visitType: z.enum(VISIT_TYPES),
  vitals: vitalsOutSchema,
  diagnoses: z.array(diagnosisSchema),
  referredFrom: z.enum(REFERRAL_PLACES).nullable(),
  referredTo: z.enum(REFERRAL_PLACES).nullable(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  /** When the patient died (ISO instant), for a visit whose outcome is died. */
  outcomeAt: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

/** An earlier version of a corrected record: how it read, who replaced it, when and why. */
export const medicalRecordVersionSchema = z.object({
  version: z.number(),
  record: medicalRecordSchema,
  reason: z.string().nullable(),
  replacedBy: z.string(),
  replacedAt: z.string(),
});
export type MedicalRecordVersion = z.infer<typeof medicalRecordVersionSchema>;

/** GET /api/diagnoses?search= : the bundled ICD-11 list, by code or by words of the title. */
export const diagnosisSearchQuery = z.object({
  search: z.string().max(100, 'Search text must be at most 100 characters').refine(hasNoNul, NUL_MESSAGE).optional(),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(50).default(20)),
});
export const diagnosisOptionSchema = z.object({ code: z.string(), title: z.string() });
export type DiagnosisOption = z.infer<typeof diagnosisOptionSchema>;
