import { z } from 'zod';

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
  status: z.enum(['operational', 'limited', 'maintenance']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Facility = z.infer<typeof facilitySchema>;
