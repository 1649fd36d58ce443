import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities } from '../../db/schema/index.js';

export type FacilityRow = typeof facilities.$inferSelect;

export function toFacility(f: FacilityRow) {
  return {
    id: f.id,
    mflCode: f.mflCode,
    name: f.name,
    level: f.level,
    type: f.type,
    owner: f.owner,
    location: f.location,
    ward: f.ward,
    subcounty: f.subcounty,
    healthSubcounty: f.healthSubcounty,
    capacity: f.capacity,
    status: f.status,
    latitude: f.latitude,
    longitude: f.longitude,
  };
}

/** All facilities of the county, in the order of the Master Facility List seed (ids 1, 2, 3…). */
export async function listFacilities(db: Db) {
  const rows = await db.select().from(facilities).orderBy(asc(facilities.id));
  return rows.map(toFacility);
}

export async function findFacility(db: Db, id: number): Promise<FacilityRow | undefined> {
  const [f] = await db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  return f;
}
