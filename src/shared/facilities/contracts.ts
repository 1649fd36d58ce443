import { z } from 'zod';
import { FACILITY_MAX_BEDS, FACILITY_MAX_COTS, FACILITY_SERVICES, FACILITY_STATUSES } from './constants.js';

/** GET /api/facilities/summary: the public landing page's county figures (Master Facility List data is public). */
export const facilitySummarySchema = z.object({
  total: z.number(),
  /** Facilities per KEPH level, every level 2–6 present (0 when none). */
  byLevel: z.object({ 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number(), 6: z.number() }),
  operational: z.number(),
  /** Distinct sub-counties with at least one facility. */
  subcounties: z.number(),
  county: z.string(),
  population: z.number(),
  /** The census the population figure comes from. */
  censusYear: z.number(),
});
export type FacilitySummary = z.infer<typeof facilitySummarySchema>;

/** A facility as GET /api/facilities lists it (SPEC.md §3 Facility, plus its Master Facility List fields). */
export const facilitySchema = z.object({
  id: z.number(),
  mflCode: z.string(),
  name: z.string(),
  level: z.number(),
  type: z.string(),
  owner: z.string(),
  location: z.string(),
  ward: z.string().nullable(),
  subcounty: z.string(),
  healthSubcounty: z.string().nullable(),
  capacity: z.number().nullable(),
  /** Cots (paediatric and newborn beds), kept by the county with the beds. */
  cots: z.number().nullable(),
  status: z.enum(['operational', 'limited', 'maintenance']),
  /** The services the facility offers: keys of FACILITY_SERVICES, in that order. */
  services: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Facility = z.infer<typeof facilitySchema>;

const wholeNumber = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z
      .number({ error: `${what} must be a whole number from 0 to ${max}` })
      .int(`${what} must be a whole number from 0 to ${max}`)
      .min(0, `${what} must be a whole number from 0 to ${max}`)
      .max(max, `${what} must be a whole number from 0 to ${max}`)
      .nullable(),
  );

/**
 * PATCH /api/facilities/:id (issue 15, System Settings): the details the county keeps. Any of them; at least one.
 * Blank beds or cots clear the figure (null: not known).
 */
export const updateFacilitySchema = z
  .object({
    status: z.enum(FACILITY_STATUSES, { error: 'Status must be operational, limited or maintenance' }).optional(),
    capacity: wholeNumber('Beds', FACILITY_MAX_BEDS).optional(),
    cots: wholeNumber('Cots', FACILITY_MAX_COTS).optional(),
    services: z
      .array(z.enum(FACILITY_SERVICES, { error: 'Choose services from the list' }), { error: 'Services must be a list' })
      .max(FACILITY_SERVICES.length, 'Choose services from the list')
      .refine((v) => new Set(v).size === v.length, 'A service is listed twice')
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.capacity !== undefined || v.cots !== undefined || v.services !== undefined, {
    message: 'Change at least one of status, beds, cots or services',
    path: ['status'],
  });
export type UpdateFacilityInput = z.infer<typeof updateFacilitySchema>;
export type UpdateFacilityForm = z.input<typeof updateFacilitySchema>;
