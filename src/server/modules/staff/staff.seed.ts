// Staff's own seed step: the duty roster (staff_shifts) of the demo county, for the last 7 and next 14 days.
// Clinical staff rotate day, night and on-call shifts in a 7-day cycle; the in-charges, pharmacists and lab
// technicians work day shifts with one on-call day. Colleagues at one facility start the cycle on different
// days, so each facility has cover every day. Deterministic: a fixed seed, dates counted from the seeding day.
import { addDays } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { staffShifts } from './staff.schema.js';
import type { SeedContext } from '../../db/seed/context.js';
import { createRandom } from '../../db/seed/random.js';

const SEED = 4012; // Busia (40), issue 4, staff (12: SPEC.md §2.12).
const PAST_DAYS = 7;
const NEXT_DAYS = 14;

type Shift = 'day' | 'night' | 'on_call' | null;
const WARD_ROTATION: Shift[] = ['day', 'day', 'night', 'night', null, null, 'on_call'];
const DAY_ROTATION: Shift[] = ['day', 'day', 'day', 'day', 'day', 'on_call', null];
const ROTATIONS: Record<string, Shift[]> = {
  nurse: WARD_ROTATION,
  clinical_officer: WARD_ROTATION,
  facility_incharge: DAY_ROTATION,
  pharmacist: DAY_ROTATION,
  lab_technician: DAY_ROTATION,
};

export async function seedStaffRoster(db: Db, ctx: SeedContext): Promise<void> {
  const r = createRandom(SEED);
  const byFacility = new Map<number, SeedContext['users']>();
  for (const u of ctx.users) {
    if (!u.isActive || !u.facilityId || !ROTATIONS[u.role]) continue;
    byFacility.set(u.facilityId, [...(byFacility.get(u.facilityId) ?? []), u]);
  }
  const rows: (typeof staffShifts.$inferInsert)[] = [];
  for (const [facilityId, people] of [...byFacility.entries()].sort((a, b) => a[0] - b[0])) {
    const start = r.int(0, 6);
    people.forEach((person, k) => {
      const rotation = ROTATIONS[person.role]!;
      for (let d = -PAST_DAYS; d <= NEXT_DAYS; d++) {
        const shift = rotation[(((d + start + k * 2) % 7) + 7) % 7];
        if (shift) rows.push({ userId: person.id, facilityId, shiftDate: addDays(ctx.today, d), shift });
      }
    });
  }
  for (let i = 0; i < rows.length; i += 400) await db.insert(staffShifts).values(rows.slice(i, i + 400));
}
