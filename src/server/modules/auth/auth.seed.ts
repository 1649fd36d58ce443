// The demo county's staff accounts: one demo account per role (SPEC.md §6, the portal's cards), then ordinary
// staff across the county, mostly at the hospitals and health centres. Two are on leave (inactive counts as
// On Leave, SPEC.md §4: the dashboard's "2 on leave").
import type { Role } from '../../../shared/access/index.js';
import { DEMO_PASSWORD } from '../../../shared/auth/index.js';
import { addDays } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, uniqueValue, type SeedContext } from '../../db/seed/context.js';
import { demoPhone, FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../../db/seed/demo-people.js';
import { users } from './auth.schema.js';
import { hashPassword } from './auth.service.js';

export type UserSeedRow = typeof users.$inferInsert & { id: number };

declare module '../../db/seed/context.js' {
  interface SeedState {
    users: UserSeedRow[];
  }
}

export const DEMO_EMAIL_DOMAIN = 'health.busiacounty.example';

/** The demo accounts of the portal, one per role: SPEC.md §6's ten, and the payroll officer (issue 27) last. */
export const DEMO_ACCOUNTS: readonly {
  role: Role;
  firstName: string;
  lastName: string;
  facilityId: number;
  nationalId: string;
  phone: string;
  hasBiometric: boolean;
}[] = [
  { role: 'county_director', firstName: 'Margaret', lastName: 'Nekesa', facilityId: 1, nationalId: '22814037', phone: '+254722418530', hasBiometric: true },
  { role: 'subcounty_medical_officer', firstName: 'Peter', lastName: 'Wekesa', facilityId: 3, nationalId: '24570318', phone: '+254733190274', hasBiometric: false },
  { role: 'facility_incharge', firstName: 'Grace', lastName: 'Atieno', facilityId: 1, nationalId: '27139465', phone: '+254711562083', hasBiometric: true },
  { role: 'clinical_officer', firstName: 'Brian', lastName: 'Ouma', facilityId: 1, nationalId: '31208756', phone: '+254712904615', hasBiometric: true },
  { role: 'nurse', firstName: 'Mary', lastName: 'Achieng', facilityId: 1, nationalId: '29865102', phone: '+254721337904', hasBiometric: true },
  { role: 'records_officer', firstName: 'Joseph', lastName: 'Barasa', facilityId: 1, nationalId: '30417729', phone: '+254740285316', hasBiometric: false },
  { role: 'lab_technician', firstName: 'Emmanuel', lastName: 'Emojong', facilityId: 3, nationalId: '32650184', phone: '+254795114862', hasBiometric: false },
  { role: 'pharmacist', firstName: 'Faith', lastName: 'Nafula', facilityId: 1, nationalId: '28391540', phone: '+254727650341', hasBiometric: true },
  { role: 'nutritionist', firstName: 'Sarah', lastName: 'Auma', facilityId: 4, nationalId: '33172608', phone: '+254768203457', hasBiometric: false },
  { role: 'admin', firstName: 'David', lastName: 'Omuse', facilityId: 1, nationalId: '25903371', phone: '+254710478926', hasBiometric: false },
  { role: 'payroll_officer', firstName: 'Caroline', lastName: 'Nanjala', facilityId: 1, nationalId: '26481953', phone: '+254736520418', hasBiometric: false },
  { role: 'procurement_officer', firstName: 'Kevin', lastName: 'Okumu', facilityId: 1, nationalId: '27740365', phone: '+254723816459', hasBiometric: false },
  { role: 'finance_officer', firstName: 'Esther', lastName: 'Makokha', facilityId: 1, nationalId: '26915384', phone: '+254729341786', hasBiometric: false },
];

/** How many of DEMO_ACCOUNTS are SPEC.md §6's: the rest are seeded after the staff (seedStaffAccounts). */
const SPEC_DEMO_ACCOUNTS = 10;

export function demoEmail(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
}

const STAFF_PLAN: [Role, number][] = [
  ['nurse', 14],
  ['clinical_officer', 8],
  ['records_officer', 5],
  ['lab_technician', 4],
  ['pharmacist', 3],
  ['facility_incharge', 4],
  ['subcounty_medical_officer', 2],
  ['nutritionist', 2],
];

export async function seedStaffAccounts(tx: Db, ctx: SeedContext) {
  const { random: r, today } = ctx;
  const usedIds = new Set<string>(DEMO_ACCOUNTS.map((a) => a.nationalId));
  const userRows: UserSeedRow[] = [];
  const demoHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const demoRow = (a: (typeof DEMO_ACCOUNTS)[number], i: number, joinedAt: string): UserSeedRow => ({
    id: userRows.length + 1,
    email: demoEmail(a.firstName, a.lastName),
    firstName: a.firstName,
    lastName: a.lastName,
    role: a.role,
    facilityId: a.facilityId,
    nationalId: a.nationalId,
    phone: a.phone,
    passwordHash: demoHashes[i]!,
    isActive: true,
    hasBiometric: a.hasBiometric,
    isDemo: true,
    joinedAt,
    createdAt: ctx.daysAgo(365),
  });
  // SPEC.md §6's ten first, as the demo county has always had them; an account added since (the payroll officer)
  // comes after the staff, with no draw from the random stream, so every other account, patient and visit of the
  // demo county stays where its tests expect it.
  DEMO_ACCOUNTS.slice(0, SPEC_DEMO_ACCOUNTS).forEach((a, i) => userRows.push(demoRow(a, i, addDays(today, -r.int(400, 4000)))));
  const usedEmails = new Set(userRows.map((u) => u.email));
  // Staff work mostly at the hospitals and health centres (ids 1-28 are levels 3-5 in the seed order).
  const staffFacility = () => r.weighted([[1, 8], [2, 3], [3, 3], [5, 3], [6, 2], [r.int(4, 28), 6], [r.int(29, 113), 5]] as const);
  for (const [role, count] of STAFF_PLAN) {
    for (let k = 0; k < count; k++) {
      const female = r.chance(0.55);
      const firstName = r.pick(female ? FEMALE_NAMES : MALE_NAMES);
      const lastName = r.pick(SURNAMES);
      let email = demoEmail(firstName, lastName);
      for (let n = 2; usedEmails.has(email); n++) email = `${firstName}.${lastName}${n}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
      usedEmails.add(email);
      userRows.push({
        id: userRows.length + 1,
        email,
        firstName,
        lastName,
        role,
        facilityId: staffFacility(),
        nationalId: uniqueValue(usedIds, () => String(r.int(20_000_000, 36_999_999))),
        phone: demoPhone(r),
        passwordHash: null,
        isActive: true,
        hasBiometric: false,
        isDemo: false,
        joinedAt: addDays(today, -r.int(30, 6000)),
        createdAt: ctx.daysAgo(r.int(30, 365)),
      });
    }
  }
  userRows[12]!.isActive = false;
  userRows[27]!.isActive = false;
  // The later steps draw the clerks, clinicians and storekeepers of the demo county's visits, bills and stock from
  // these; the accounts added since SPEC.md's ten (the payroll officer) do none of that, so they are not among them.
  ctx.users = [...userRows];
  DEMO_ACCOUNTS.slice(SPEC_DEMO_ACCOUNTS).forEach((a, i) => userRows.push(demoRow(a, SPEC_DEMO_ACCOUNTS + i, addDays(today, -1500))));
  await insertChunks(tx, users, userRows);
  await continueIds(tx, 'users');
  return { users: userRows.length };
}
