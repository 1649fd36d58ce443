// The demo county's patients: the spec's demographics exactly (ages 35/28/25/12 %, 54 % female), registered over
// the past year at facilities weighted to the hospitals, a few this week so the registry looks alive. Children
// register with a birth certificate number, adults with their national ID (domain/KENYA.md).
import type { Subcounty } from '../../../shared/county.js';
import { SUBCOUNTY_WARDS } from '../../../shared/county.js';
import { addDays } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, uniqueValue, type SeedContext } from '../../db/seed/context.js';
import { demoPhone, FEMALE_NAMES, MALE_NAMES, SURNAMES, VILLAGES } from '../../db/seed/demo-people.js';
import { seedOutpatientPatients } from './outpatient-months.seed.js';
import { patients } from './patients.schema.js';

export type PatientSeedRow = typeof patients.$inferInsert & { id: number; createdAt: Date };

declare module '../../db/seed/context.js' {
  interface SeedState {
    patients: PatientSeedRow[];
  }
}

const PATIENT_COUNT = 300;

export async function seedPatients(tx: Db, ctx: SeedContext) {
  const { random: r, today } = ctx;
  const facilityById = new Map(ctx.facilities.map((f) => [f.id, f]));
  const registrars = ctx.users.filter((u) => ['records_officer', 'nurse'].includes(u.role) && u.isActive);
  const ageBands: [number, number, number][] = [
    [0, 18, Math.round(PATIENT_COUNT * 0.35)],
    [19, 35, Math.round(PATIENT_COUNT * 0.28)],
    [36, 60, Math.round(PATIENT_COUNT * 0.25)],
    [61, 88, PATIENT_COUNT - Math.round(PATIENT_COUNT * 0.35) - Math.round(PATIENT_COUNT * 0.28) - Math.round(PATIENT_COUNT * 0.25)],
  ];
  const ages = r.shuffle(ageBands.flatMap(([lo, hi, n]) => Array.from({ length: n }, () => r.int(lo, hi))));
  const females = Math.round(PATIENT_COUNT * 0.54);
  const genders = r.shuffle(Array.from({ length: PATIENT_COUNT }, (_, i) => (i < females ? 'female' : 'male')));
  const patientFacility = () => r.weighted([[1, 20], [2, 6], [3, 6], [4, 5], [5, 5], [6, 4], [r.int(7, 28), 18], [r.int(29, 113), 20]] as const);
  const usedNationalIds = new Set<string>();
  const patientRows: PatientSeedRow[] = [];
  for (let i = 0; i < PATIENT_COUNT; i++) {
    const age = ages[i]!;
    const gender = genders[i]!;
    const facilityId = patientFacility();
    const facility = facilityById.get(facilityId)!;
    const subcounty = facility.subcounty as Subcounty;
    const dob = addDays(today, -(age * 365 + r.int(0, 364)));
    const registeredDaysAgo = i < 6 ? r.int(1, 6) : r.int(7, 365);
    const createdAt = ctx.daysAgo(registeredDaysAgo, r.int(8, 16), r.int(0, 59));
    const nationalId =
      age < 18
        ? uniqueValue(usedNationalIds, () => `BC${String(r.int(10_000_000, 99_999_999))}`)
        : uniqueValue(usedNationalIds, () => String(age > 45 ? r.int(8_000_000, 19_999_999) : r.int(20_000_000, 39_999_999)));
    const lastName = r.pick(SURNAMES);
    patientRows.push({
      id: i + 1,
      nationalId,
      firstName: r.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES),
      middleName: r.chance(0.4) ? r.pick(SURNAMES) : null,
      lastName,
      dateOfBirth: dob,
      gender,
      phoneNumber: age >= 18 && r.chance(0.9) ? demoPhone(r) : null,
      nextOfKin: r.chance(0.8) ? `${r.pick(r.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${age < 18 ? lastName : r.pick(SURNAMES)}` : null,
      nextOfKinPhone: r.chance(0.75) ? demoPhone(r) : null,
      subcounty,
      ward: facility.ward && (SUBCOUNTY_WARDS[subcounty] as readonly string[]).includes(facility.ward) && r.chance(0.7) ? facility.ward : r.pick(SUBCOUNTY_WARDS[subcounty]),
      village: r.pick(VILLAGES[subcounty]),
      facilityId,
      createdBy: r.pick(registrars).id,
      createdAt,
      updatedAt: createdAt,
      lastVisitAt: null,
    });
  }
  await insertChunks(tx, patients, patientRows);
  await continueIds(tx, 'patients');
  ctx.patients = patientRows;
  // The demo's outpatient months (npm start, db:seed): their patients come after the county's own.
  if (ctx.volume) return seedOutpatientPatients(tx, ctx);
  return { patients: patientRows.length };
}
