import { z } from 'zod';
import { startOfCountyDay } from '../county-time.js';
import { blankToUndefined, hasNoNul, isoDate, NUL_MESSAGE, optionalIsoDate, optionalText, requiredId } from '../validation.js';

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
      // A visit written up later from the paper register keeps its real date; it cannot be in the future.
      visitDate: z
        .preprocess(blankToUndefined, isoDate('Enter a date').optional())
        .refine((v) => v === undefined || startOfCountyDay(v).getTime() <= now().getTime(), 'Visit date cannot be in the future'),
    })
    .superRefine((r, ctx) => {
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
