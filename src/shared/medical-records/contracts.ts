import { z } from 'zod';
import { addDays, countyDate, startOfCountyDay } from '../county-time.js';
import { blankToUndefined, hasNoNul, isoDate, NUL_MESSAGE, optionalIsoDate, optionalText, requiredId } from '../validation.js';

/** A visit typed in from a paper register may be at most this old. */
export const OLDEST_VISIT_YEARS = 10;
const LATEST_FOLLOW_UP_DAYS = 2 * 366;

/** The earliest visit date accepted on the county day of `at`: the same day, OLDEST_VISIT_YEARS earlier. */
export function oldestVisitDate(at: Date): string {
  const today = countyDate(at);
  return `${Number(today.slice(0, 4)) - OLDEST_VISIT_YEARS}${today.slice(4)}`;
}

/**
 * Medical record (SPEC.md §5): only the chief complaint is required. A visit date cannot be in the future on the
 * county calendar of `now`: the route passes the server's clock (AppDeps.now), the browser's form the real one.
 */
export const createMedicalRecordSchema = (now: () => Date) =>
  z
    .object({
      patientId: requiredId('Patient is required'),
      facilityId: requiredId('Please select a facility'),
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
      followUpDate: optionalIsoDate(),
      // A visit written up later from the paper register keeps its real date; it cannot be in the future, nor older
      // than the registers a facility still keeps (nor, the server checks, before the patient was born).
      visitDate: z
        .preprocess(blankToUndefined, isoDate('Enter a date').optional())
        .refine((v) => v === undefined || startOfCountyDay(v).getTime() <= now().getTime(), 'Visit date cannot be in the future')
        .refine((v) => v === undefined || v >= oldestVisitDate(now()), `Visit date cannot be more than ${OLDEST_VISIT_YEARS} years ago`),
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
    });
export type CreateMedicalRecordInput = z.infer<ReturnType<typeof createMedicalRecordSchema>>;
export type CreateMedicalRecordForm = z.input<ReturnType<typeof createMedicalRecordSchema>>;

export const medicalRecordSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  clinicianId: z.number().nullable(),
  clinicianName: z.string().nullable(),
  chiefComplaint: z.string(),
  diagnosis: z.string().nullable(),
  treatment: z.string().nullable(),
  prescription: z.string().nullable(),
  notes: z.string().nullable(),
  followUpDate: z.string().nullable(),
  visitDate: z.string(),
  createdAt: z.string(),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;
