// The demo county's facilities: Busia's 113 from the Master Facility List (../shared/data/busia-facilities.json,
// copied here so a fresh clone seeds without ../shared), in file order: ids 1-4 are the inventory filter's and
// 1-3 the referral samples' (docs/decisions/0002-demo-county-and-dates.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import facilityData from './data/busia-facilities.json' with { type: 'json' };
import { facilities } from './facilities.schema.js';
import { FACILITY_SERVICES, type FacilityService } from '../../../shared/facilities/index.js';

export type FacilitySeedRow = typeof facilities.$inferInsert & { id: number };

declare module '../../db/seed/context.js' {
  interface SeedState {
    facilities: FacilitySeedRow[];
  }
}

type FacilityInput = (typeof facilityData.facilities)[number];

export async function seedFacilities(tx: Db, ctx: SeedContext) {
  ctx.facilities = (facilityData.facilities as FacilityInput[]).map((f, i) => ({
    id: i + 1,
    mflCode: f.mflCode,
    name: f.name,
    level: f.level,
    type: f.type,
    owner: f.owner,
    location: f.location,
    ward: f.ward,
    subcounty: f.subcounty,
    healthSubcounty: f.healthSubcounty,
    capacity: f.beds ?? null,
    cots: f.cots ?? null,
    status: f.status,
    services: servicesByLevel(f.level),
    latitude: f.latitude ?? null,
    longitude: f.longitude ?? null,
  }));
  await insertChunks(tx, facilities, ctx.facilities);
  await continueIds(tx, 'facilities');
  return { facilities: ctx.facilities.length };
}

/**
 * The services a facility of each KEPH level offers in the demo county (deterministic: by level only; the county
 * corrects each in System Settings). A dispensary runs the outpatient clinic, pharmacy, immunisation, MCH/FP and
 * nutrition; a health centre adds the laboratory, maternity, HIV care and TB; a sub-county hospital adds wards,
 * theatre, X-ray, dental, eye, physiotherapy, the mortuary and an ambulance; the county referral hospital the rest.
 */
export function servicesByLevel(level: number): string[] {
  const dispensary: FacilityService[] = ['outpatient', 'pharmacy', 'mch_fp', 'immunisation', 'nutrition'];
  const healthCentre: FacilityService[] = [...dispensary, 'laboratory', 'maternity', 'ccc', 'tb'];
  const subcountyHospital: FacilityService[] = [...healthCentre, 'inpatient', 'theatre', 'radiology', 'dental', 'eye', 'physiotherapy', 'mortuary', 'ambulance'];
  const chosen = level >= 5 ? [...FACILITY_SERVICES] : level === 4 ? subcountyHospital : level === 3 ? healthCentre : dispensary;
  return FACILITY_SERVICES.filter((s) => chosen.includes(s));
}

/** Whether the database already holds a county (the first start seeds an empty one only). */
export async function hasFacilities(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(facilities);
  return (row?.n ?? 0) > 0;
}
