// The demo county (issue 2 §3): Busia's 113 facilities, one demo account per role, staff, a few hundred
// patients and a year of visits, bills, referrals, stock and reports. Deterministic: a fixed random seed and
// dates counted back from the day of seeding, so the demo always looks like "this week". The figures the spec
// shows as samples come out of this data: referrals Pending 8 / In Transit 3 / Received 15 / Emergency 2,
// 5 inventory items, demographics 35/28/25/12 % by age and 54 % female, 2 staff on leave.
import { sql } from 'drizzle-orm';
import { SUBCOUNTY_WARDS, type Subcounty } from '../../../shared/county.js';
import { type Role } from '../../../shared/access/index.js';
import { DEMO_PASSWORD } from '../../../shared/auth/index.js';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/format.js';
import type { Db } from '../client.js';
import { activities } from '../../modules/activities/activities.schema.js';
import { billingRecords } from '../../modules/billing/billing.schema.js';
import { facilities } from '../../modules/facilities/facilities.schema.js';
import { inventoryItems } from '../../modules/inventory/inventory.schema.js';
import { medicalRecords } from '../../modules/medical-records/medical-records.schema.js';
import { patients } from '../../modules/patients/patients.schema.js';
import { referrals } from '../../modules/referrals/referrals.schema.js';
import { reports } from '../../modules/reports/reports.schema.js';
import { users } from '../../modules/auth/auth.schema.js';
import { hashPassword } from '../../modules/auth/auth.service.js';
import { invoiceNumber } from '../../modules/billing/billing.service.js';
import { toCsv } from '../../../shared/csv.js';
import facilityData from './data/busia-facilities.json' with { type: 'json' };
import { FEMALE_NAMES, MALE_NAMES, REFERRAL_REASONS, SURNAMES, VILLAGES, VISIT_TYPES } from './people.js';
import { createRandom, type Random } from './random.js';
import { seedBilling } from './billing.js';
import type { SeedContext } from './context.js';
import { seedReferralHistory } from './referrals.js';
import { seedStaffRoster } from './staff.js';
import { seedStockLedger } from './stock.js';

export const DEMO_EMAIL_DOMAIN = 'health.busiacounty.example';
const SEED = 40; // Busia is county 40.
const PATIENT_COUNT = 300;
const TODAY_FOLLOW_UPS = 12;

type FacilityInput = (typeof facilityData.facilities)[number];
type UserInsert = typeof users.$inferInsert;
type PatientInsert = typeof patients.$inferInsert & { id: number; createdAt: Date };
type RecordInsert = typeof medicalRecords.$inferInsert & { id: number; visitDate: Date };
type BillInsert = typeof billingRecords.$inferInsert & { id: number; createdAt: Date };
type ActivityInsert = typeof activities.$inferInsert & { createdAt: Date };

/** The ten demo accounts of the portal, one per role (SPEC.md §6). */
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
];

export function demoEmail(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
}

function phone(r: Random): string {
  return `+2547${r.pick(['0', '1', '2', '9'])}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
}

function uniqueNumber(r: Random, used: Set<string>, make: () => string): string {
  for (;;) {
    const v = make();
    if (!used.has(v)) {
      used.add(v);
      return v;
    }
  }
}

async function insertChunks<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], size = 400) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(facilities);
  return (row?.n ?? 0) > 0;
}

/** Empties every table (TRUNCATE does not fire the audit trail's row trigger); for `db:seed -- --reset`. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table audit_events, activities, sessions, login_attempts, reports, stock_movements, staff_shifts, referral_events, payments, insurance_claims, inventory_items, referrals, billing_records, medical_records, patient_counts, patients, users, facilities restart identity cascade`,
  );
}

export async function seedDemoCounty(db: Db, opts: { now: Date }): Promise<{ facilities: number; users: number; patients: number; records: number }> {
  const r = createRandom(SEED);
  const now = opts.now;
  const today = countyDate(now);
  const daysAgo = (d: number, hour = 10, minute = 0) => new Date(startOfCountyDay(addDays(today, -d)).getTime() + (hour * 60 + minute) * 60_000);
  /** A time during today's working hours that is already past (or a minute ago, early in the morning). */
  const earlierToday = (minutesBack: number) => new Date(Math.max(startOfCountyDay(today).getTime(), now.getTime() - minutesBack * 60_000));

  // ---- facilities, in file order: ids 1-4 are the inventory filter's, 1-3 the referral samples' ----
  const facilityRows = (facilityData.facilities as FacilityInput[]).map((f, i) => ({
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
    latitude: f.latitude ?? null,
    longitude: f.longitude ?? null,
  }));
  const facilityById = new Map(facilityRows.map((f) => [f.id, f]));

  return db.transaction(async (tx) => {
    await insertChunks(tx, facilities, facilityRows);

    // ---- staff: the ten demo accounts, then ordinary staff across the county ----
    const usedIds = new Set<string>(DEMO_ACCOUNTS.map((a) => a.nationalId));
    const userRows: (UserInsert & { id: number })[] = [];
    const demoHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
    DEMO_ACCOUNTS.forEach((a, i) => {
      userRows.push({
        id: i + 1,
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
        joinedAt: addDays(today, -r.int(400, 4000)),
        createdAt: daysAgo(365),
      });
    });
    const staffPlan: [Role, number][] = [
      ['nurse', 14],
      ['clinical_officer', 8],
      ['records_officer', 5],
      ['lab_technician', 4],
      ['pharmacist', 3],
      ['facility_incharge', 4],
      ['subcounty_medical_officer', 2],
      ['nutritionist', 2],
    ];
    const usedEmails = new Set(userRows.map((u) => u.email));
    // Staff work mostly at the hospitals and health centres (ids 1-28 are levels 3-5 in the seed order).
    const staffFacility = () => r.weighted([[1, 8], [2, 3], [3, 3], [5, 3], [6, 2], [r.int(4, 28), 6], [r.int(29, 113), 5]] as const);
    for (const [role, count] of staffPlan) {
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
          nationalId: uniqueNumber(r, usedIds, () => String(r.int(20_000_000, 36_999_999))),
          phone: phone(r),
          passwordHash: null,
          isActive: true,
          hasBiometric: false,
          isDemo: false,
          joinedAt: addDays(today, -r.int(30, 6000)),
          createdAt: daysAgo(r.int(30, 365)),
        });
      }
    }
    // Two staff on leave (the dashboard's "2 on leave"; inactive counts as On Leave, SPEC.md §4).
    userRows[12]!.isActive = false;
    userRows[27]!.isActive = false;
    await insertChunks(tx, users, userRows);
    const clinicians = userRows.filter((u) => ['clinical_officer', 'nurse', 'nutritionist'].includes(u.role) && u.isActive);
    const billers = userRows.filter((u) => ['records_officer', 'nurse'].includes(u.role) && u.isActive);
    const registrars = userRows.filter((u) => ['records_officer', 'nurse'].includes(u.role) && u.isActive);

    // ---- patients: the spec's demographics exactly (ages 35/28/25/12 %, 54 % female) ----
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
    const patientRows: PatientInsert[] = [];
    for (let i = 0; i < PATIENT_COUNT; i++) {
      const age = ages[i]!;
      const gender = genders[i]!;
      const facilityId = patientFacility();
      const facility = facilityById.get(facilityId)!;
      const subcounty = facility.subcounty as Subcounty;
      const dob = addDays(today, -(age * 365 + r.int(0, 364)));
      // Registered at some point in the past year; a few this week so the registry looks alive.
      const registeredDaysAgo = i < 6 ? r.int(1, 6) : r.int(7, 365);
      const createdAt = daysAgo(registeredDaysAgo, r.int(8, 16), r.int(0, 59));
      // Children register with a birth certificate number, adults with their national ID (domain/KENYA.md).
      const nationalId =
        age < 18
          ? uniqueNumber(r, usedNationalIds, () => `BC${String(r.int(10_000_000, 99_999_999))}`)
          : uniqueNumber(r, usedNationalIds, () => String(age > 45 ? r.int(8_000_000, 19_999_999) : r.int(20_000_000, 39_999_999)));
      const lastName = r.pick(SURNAMES);
      patientRows.push({
        id: i + 1,
        nationalId,
        firstName: r.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES),
        middleName: r.chance(0.4) ? r.pick(SURNAMES) : null,
        lastName,
        dateOfBirth: dob,
        gender,
        phoneNumber: age >= 18 && r.chance(0.9) ? phone(r) : null,
        nextOfKin: r.chance(0.8) ? `${r.pick(r.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${age < 18 ? lastName : r.pick(SURNAMES)}` : null,
        nextOfKinPhone: r.chance(0.75) ? phone(r) : null,
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

    // ---- a year of visits: the first at registration, then returns ----
    const recordRows: RecordInsert[] = [];
    const visitWeights = VISIT_TYPES.map((v, i) => [i, v.weight] as const);
    for (const p of patientRows) {
      const registeredDaysAgo = Math.floor((startOfCountyDay(today).getTime() - startOfCountyDay(countyDate(p.createdAt)).getTime()) / 86_400_000);
      const visits = 1 + r.int(0, Math.min(6, Math.floor(registeredDaysAgo / 45)));
      const offsets = [registeredDaysAgo, ...Array.from({ length: visits - 1 }, () => r.int(0, registeredDaysAgo - 1))].sort((a, b) => b - a);
      for (const [n, d] of offsets.entries()) {
        const v = VISIT_TYPES[r.weighted(visitWeights)]!;
        const visitDate = n === 0 ? new Date(p.createdAt.getTime() + 20 * 60_000) : daysAgo(d, r.int(8, 16), r.int(0, 59));
        if (visitDate.getTime() > now.getTime()) continue;
        const facilityId = r.chance(0.85) ? p.facilityId : r.int(1, 6);
        const followUp = ['Hypertension', 'Diabetes mellitus', 'Normal pregnancy', 'Moderate acute malnutrition'].includes(v.diagnosis) || r.chance(0.2);
        let followUpDate: string | null = followUp ? addDays(countyDate(visitDate), r.pick([7, 14, 28, 30])) : null;
        if (followUpDate === today) followUpDate = addDays(today, 1);
        recordRows.push({
          id: recordRows.length + 1,
          patientId: p.id,
          facilityId,
          clinicianId: r.pick(clinicians).id,
          chiefComplaint: v.complaint,
          diagnosis: v.diagnosis,
          treatment: v.treatment,
          prescription: v.prescription,
          notes: r.chance(0.3) ? r.pick(['Patient counselled on adherence.', 'Advised to return if symptoms persist.', 'Vitals stable.', 'Health education given.']) : null,
          followUpDate,
          visitDate,
          createdAt: visitDate,
        });
      }
    }
    // Today's appointments: follow-ups booked at visits in the last two to four weeks fall due today.
    const recent = recordRows.filter((rec) => {
      const age = (startOfCountyDay(today).getTime() - rec.visitDate.getTime()) / 86_400_000;
      return age > 7 && age < 30;
    });
    for (const rec of r.shuffle(recent).slice(0, TODAY_FOLLOW_UPS)) rec.followUpDate = today;
    for (const rec of recordRows) {
      const p = patientRows[rec.patientId - 1]!;
      if (!p.lastVisitAt || rec.visitDate > p.lastVisitAt) p.lastVisitAt = rec.visitDate;
    }

    // ---- bills: most hospital and health-centre visits are billed; dispensary care is largely free ----
    const billRows: BillInsert[] = [];
    const serviceAmount: Record<string, [number, number]> = {
      consultation: [200, 500],
      laboratory: [150, 800],
      radiology: [800, 2500],
      pharmacy: [50, 900],
      emergency: [500, 3000],
      surgery: [1500, 8000],
      maternity: [300, 1500],
    };
    for (const rec of recordRows) {
      const level = facilityById.get(rec.facilityId)!.level;
      if (!r.chance(level >= 4 ? 0.85 : level === 3 ? 0.55 : 0.2)) continue;
      const v = VISIT_TYPES.find((t) => t.complaint === rec.chiefComplaint)!;
      const [lo, hi] = serviceAmount[v.service]!;
      const amount = Math.round(r.int(lo, hi) / 50) * 50;
      const paymentMethod = r.weighted([['cash', 30], ['mpesa', 40], ['nhif', 20], ['insurance', 10]] as const);
      // Billed half an hour after the visit, but never after the moment of seeding.
      const createdAt = new Date(Math.min(rec.visitDate.getTime() + 30 * 60_000, now.getTime()));
      const age = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const status = age < 2 ? r.weighted([['paid', 6], ['pending', 3], ['processing', 1]] as const) : age < 45 ? r.weighted([['paid', 8], ['pending', 1], ['overdue', 1]] as const) : r.weighted([['paid', 19], ['overdue', 1]] as const);
      const id = billRows.length + 1;
      billRows.push({
        id,
        invoiceNumber: invoiceNumber(id, createdAt),
        patientId: rec.patientId,
        facilityId: rec.facilityId,
        serviceType: v.service,
        amount,
        paymentMethod,
        insuranceProvider: paymentMethod === 'nhif' ? 'nhif' : paymentMethod === 'insurance' ? r.pick(['madison', 'aap', 'jubilee', 'aar'] as const) : null,
        insuranceNumber: paymentMethod === 'nhif' ? `CR${String(r.int(1e12, 9.99e12))}${String(r.int(0, 9))}-${r.int(0, 9)}` : paymentMethod === 'insurance' ? `POL-${r.int(100000, 999999)}` : null,
        notes: null,
        status,
        createdBy: r.pick(billers).id,
        createdAt,
        paidAt: status === 'paid' ? new Date(Math.min(now.getTime(), createdAt.getTime() + r.int(5, 90) * 60_000)) : null,
      });
    }
    // Today's desk: a morning of paid and pending bills at the county referral hospital.
    const todaysPatients = r.shuffle(patientRows.filter((p) => p.facilityId === 1)).slice(0, 8);
    todaysPatients.forEach((p, k) => {
      const createdAt = earlierToday(40 + k * 25);
      const id = billRows.length + 1;
      const service = r.pick(['consultation', 'laboratory', 'pharmacy'] as const);
      const status = k < 6 ? 'paid' : 'pending';
      billRows.push({
        id,
        invoiceNumber: invoiceNumber(id, createdAt),
        patientId: p.id,
        facilityId: 1,
        serviceType: service,
        amount: Math.round(r.int(...serviceAmount[service]!) / 50) * 50,
        paymentMethod: k % 2 === 0 ? 'mpesa' : 'cash',
        insuranceProvider: null,
        insuranceNumber: null,
        notes: null,
        status,
        createdBy: 6,
        createdAt,
        paidAt: status === 'paid' ? new Date(Math.min(now.getTime(), createdAt.getTime() + 5 * 60_000)) : null,
      });
    });

    await insertChunks(tx, patients, patientRows);
    await insertChunks(tx, medicalRecords, recordRows);
    await insertChunks(tx, billingRecords, billRows);

    // ---- the activity feed, from the same events ----
    const activityRows: ActivityInsert[] = [
      ...patientRows.map((p) => ({
        action: 'patient_registered' as const,
        description: `New patient registered at ${facilityById.get(p.facilityId)!.name}`,
        userId: p.createdBy ?? null,
        facilityId: p.facilityId,
        createdAt: p.createdAt,
      })),
      ...recordRows.map((rec) => ({
        action: 'medical_record_created' as const,
        description: `Medical record added at ${facilityById.get(rec.facilityId)!.name}`,
        userId: rec.clinicianId ?? null,
        facilityId: rec.facilityId,
        createdAt: rec.visitDate,
      })),
      ...billRows.map((b) => ({
        action: 'billing_record_created' as const,
        description: `Invoice ${b.invoiceNumber} created at ${facilityById.get(b.facilityId)!.name}: ${b.serviceType}, KES ${Number(b.amount).toLocaleString('en-KE')}`,
        userId: b.createdBy ?? null,
        facilityId: b.facilityId,
        createdAt: b.createdAt,
      })),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await insertChunks(tx, activities, activityRows);

    // ---- referrals: Pending 8, In Transit 3, Received 15; 2 of them emergencies ----
    const referringStaff = userRows.filter((u) => ['clinical_officer', 'nurse'].includes(u.role) && u.isActive);
    const plan: { status: 'pending' | 'in_transit' | 'received'; urgency: 'emergency' | 'urgent' | 'routine'; days: number }[] = [
      ...Array.from({ length: 8 }, (_, k) => ({ status: 'pending' as const, urgency: k === 0 ? ('emergency' as const) : k < 4 ? ('urgent' as const) : ('routine' as const), days: k % 3 })),
      ...Array.from({ length: 3 }, (_, k) => ({ status: 'in_transit' as const, urgency: k === 0 ? ('emergency' as const) : ('urgent' as const), days: 0 })),
      ...Array.from({ length: 15 }, (_, k) => ({ status: 'received' as const, urgency: k < 5 ? ('urgent' as const) : ('routine' as const), days: 2 + k * 4 })),
    ];
    const referralRows = plan.map((p, k) => {
      const patient = patientRows[(k * 11 + 5) % patientRows.length]!;
      const from = patient.facilityId === 1 ? r.int(7, 40) : patient.facilityId;
      // Up the levels: to the county referral hospital mostly, else to a sub-county hospital (ids 1-3 lead).
      const to = from === 1 ? 3 : r.weighted([[1, 7], [2, 2], [3, 2]] as const);
      const reason = REFERRAL_REASONS[k % REFERRAL_REASONS.length]!;
      const doctor = r.pick(referringStaff);
      const createdAt = p.days === 0 ? earlierToday(30 + k * 15) : daysAgo(p.days, r.int(8, 17), r.int(0, 59));
      return {
        id: k + 1,
        patientId: patient.id,
        fromFacilityId: from,
        toFacilityId: to === from ? (from === 1 ? 2 : 1) : to,
        referralReason: reason.reason,
        urgencyLevel: p.urgency,
        clinicalNotes: reason.notes,
        referringDoctor: `${doctor.role === 'clinical_officer' ? 'CO' : 'Nurse'} ${doctor.firstName} ${doctor.lastName}`,
        status: p.status,
        createdBy: doctor.id,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await insertChunks(tx, referrals, referralRows);

    // ---- stock: five tracer items at facilities 1-4, one low (paracetamol) and one out ----
    await insertChunks(tx, inventoryItems, [
      { id: 1, itemName: 'Paracetamol 500mg', category: 'pharmaceuticals', facilityId: 1, currentStock: 450, minimumStock: 1000, unit: 'tablets', supplier: 'KEMSA', unitCost: 0.5, lastRestocked: daysAgo(26), createdAt: daysAgo(300), updatedAt: daysAgo(26) },
      { id: 2, itemName: 'Amoxicillin Dispersible 250mg', category: 'pharmaceuticals', facilityId: 2, currentStock: 3200, minimumStock: 1000, unit: 'tablets', supplier: 'KEMSA', unitCost: 3, lastRestocked: daysAgo(9), createdAt: daysAgo(300), updatedAt: daysAgo(9) },
      { id: 3, itemName: 'Examination Gloves (Medium)', category: 'medical_supplies', facilityId: 1, currentStock: 800, minimumStock: 300, unit: 'pairs', supplier: 'MEDS', unitCost: 6, lastRestocked: daysAgo(14), createdAt: daysAgo(300), updatedAt: daysAgo(14) },
      { id: 4, itemName: 'Malaria Rapid Diagnostic Test', category: 'laboratory', facilityId: 4, currentStock: 0, minimumStock: 100, unit: 'units', supplier: 'KEMSA', unitCost: 85, lastRestocked: daysAgo(61), createdAt: daysAgo(300), updatedAt: daysAgo(3) },
      { id: 5, itemName: 'Sodium Chloride 0.9% 500ml', category: 'pharmaceuticals', facilityId: 3, currentStock: 240, minimumStock: 100, unit: 'bottles', supplier: 'KEMSA', unitCost: 70, lastRestocked: daysAgo(5), createdAt: daysAgo(300), updatedAt: daysAgo(5) },
    ]);

    // ---- reports: two completed files built from the visits above, one processing, one failed ----
    const lastMonthStart = addDays(today, -30);
    const inLastMonth = (d: Date) => countyDate(d) >= lastMonthStart && countyDate(d) <= today;
    const morbidity = new Map<string, number>();
    for (const rec of recordRows) {
      const p = patientRows[rec.patientId - 1]!;
      const ageAtVisit = (rec.visitDate.getTime() - new Date(`${p.dateOfBirth}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);
      if (rec.facilityId === 1 && ageAtVisit >= 5 && inLastMonth(rec.visitDate)) morbidity.set(rec.diagnosis!, (morbidity.get(rec.diagnosis!) ?? 0) + 1);
    }
    const workload = new Map<number, number>();
    for (const rec of recordRows) if (inLastMonth(rec.visitDate)) workload.set(rec.facilityId, (workload.get(rec.facilityId) ?? 0) + 1);
    await insertChunks(tx, reports, [
      {
        id: 1, name: 'MOH 705B Outpatient Morbidity (5 years and over)', type: 'compliance', facilityId: 1, generatedBy: 6, generatedAt: daysAgo(1, 16, 30), status: 'completed', periodStart: lastMonthStart, periodEnd: today,
        content: toCsv([['Condition', 'New cases'], ...[...morbidity.entries()].sort((a, b) => b[1] - a[1])]),
      },
      {
        id: 2, name: 'MOH 717 Service Workload', type: 'operational', facilityId: null, generatedBy: 1, generatedAt: daysAgo(3, 9, 15), status: 'completed', periodStart: lastMonthStart, periodEnd: today,
        content: toCsv([['MFL code', 'Facility', 'Outpatient visits'], ...[...workload.entries()].sort((a, b) => a[0] - b[0]).map(([id, n]) => [facilityById.get(id)!.mflCode, facilityById.get(id)!.name, n])]),
      },
      { id: 3, name: 'Revenue Collection Summary', type: 'financial', facilityId: 1, generatedBy: 3, generatedAt: earlierToday(20), status: 'processing', periodStart: lastMonthStart, periodEnd: today, content: null },
      { id: 4, name: 'SHA Claims Reconciliation', type: 'financial', facilityId: 2, generatedBy: 1, generatedAt: daysAgo(6, 11, 0), status: 'failed', periodStart: lastMonthStart, periodEnd: today, content: null },
    ]);

    // Explicit ids above: move each identity past them so the next insert continues the series.
    for (const table of ['facilities', 'users', 'patients', 'medical_records', 'billing_records', 'referrals', 'inventory_items', 'reports']) {
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
    }

    // ---- each feature's own tables (seed/billing.ts, referrals.ts, stock.ts, staff.ts) ----
    const ctx: SeedContext = { now, today, daysAgo, earlierToday, facilities: facilityRows, users: userRows, patients: patientRows, bills: billRows, referrals: referralRows };
    await seedBilling(tx, ctx);
    await seedReferralHistory(tx, ctx);
    await seedStockLedger(tx, ctx);
    await seedStaffRoster(tx, ctx);
    return { facilities: facilityRows.length, users: userRows.length, patients: patientRows.length, records: recordRows.length };
  });
}

