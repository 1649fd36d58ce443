// A year of visits for the demo county's patients: the first at registration, then returns. Each visit is what a
// patient of that age and sex is seen for in Busia (VISIT_TYPES' age bands), coded in ICD-11 with new and repeat
// cases, with vitals taken at the desk, new or re-attendance by the OPD convention, and some referrals in and out,
// so MOH 705A/705B and 717 show believable figures on a fresh start. Follow-ups are booked on working days; twelve
// booked at visits two to four weeks ago fall due today (the dashboard's "Today's Appointments"), or on the next
// working day when the county starts on a weekend or a holiday.
import { addDays, ageInYears, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { ageBand, VISIT_TYPES } from '../../db/seed/demo-people.js';
import { createRandom, type Random } from '../../db/seed/random.js';
import { bookingDay, workingDayOnOrAfter } from '../../db/seed/working-days.js';
import { recordVisits } from '../patients/index.js';
import { medicalRecordDiagnoses, medicalRecords } from './medical-records.schema.js';
import { seedOutpatientVisits } from './outpatient-months.seed.js';

export type RecordSeedRow = typeof medicalRecords.$inferInsert & { id: number; visitDate: Date };

declare module '../../db/seed/context.js' {
  interface SeedState {
    records: RecordSeedRow[];
  }
}

const TODAY_FOLLOW_UPS = 12;
const FOLLOW_UP_DIAGNOSES = ['Hypertension', 'Diabetes mellitus', 'Normal pregnancy', 'Moderate acute malnutrition'];
/** Conditions followed up for months: after the first visit, each is a repeat of the same illness. */
const CHRONIC = ['Hypertension', 'Diabetes mellitus', 'Moderate acute malnutrition'];
const FEVERS = ['Malaria (confirmed by RDT)', 'Suspected malaria (not tested)', 'Pneumonia', 'Upper respiratory tract infection'];

type VisitType = (typeof VISIT_TYPES)[number];

/** How often a patient of this age and sex is seen for each condition. */
function weightsFor(age: number, gender: string): (readonly [number, number])[] {
  const band = ageBand(age);
  return VISIT_TYPES.map((v, i) => [i, 'female' in v && v.female && (gender !== 'female' || age < 15 || age > 49) ? 0 : v.byAge[band]] as const);
}

/** A rough growth curve: weight (kg) and height (cm) for an age in years, with some spread. */
function body(age: number, r: Random): { weight: number; height: number } {
  if (age < 1) return { weight: r.int(35, 95) / 10, height: r.int(50, 75) };
  if (age < 5) return { weight: r.int(90, 190) / 10, height: r.int(75, 110) };
  if (age < 15) return { weight: r.int(18, 50), height: r.int(105, 165) };
  return { weight: r.int(48, 92), height: r.int(150, 185) };
}

/** The vitals a desk nurse records for this visit (most visits; fewer at dispensaries), or none. */
function vitals(v: VisitType, age: number, level: number, r: Random): Partial<RecordSeedRow> {
  if (!r.chance(level >= 3 ? 0.9 : 0.7)) return {};
  const fever = FEVERS.includes(v.diagnosis) && r.chance(0.8);
  const { weight, height } = body(age, r);
  const severePneumonia = v.diagnosis === 'Pneumonia' && age < 5 && r.chance(0.15);
  const adult = age >= 18;
  const hypertensive = v.diagnosis === 'Hypertension';
  return {
    temperatureC: fever ? r.int(378, 401) / 10 : r.int(362, 374) / 10,
    pulseBpm: age < 5 ? r.int(100, 150) : age < 15 ? r.int(80, 120) : r.int(62, 98) + (fever ? 15 : 0),
    respiratoryRate: age < 5 ? r.int(28, severePneumonia ? 62 : 45) : age < 15 ? r.int(18, 30) : r.int(14, 22),
    systolicBp: adult ? (hypertensive ? r.int(148, 182) : r.int(104, 136)) : null,
    diastolicBp: adult ? (hypertensive ? r.int(92, 112) : r.int(64, 86)) : null,
    spo2: severePneumonia ? r.int(84, 89) : v.diagnosis === 'Pneumonia' ? r.int(91, 97) : r.int(95, 99),
    weightKg: weight,
    heightCm: height,
    muacCm: age < 5 ? (v.diagnosis === 'Moderate acute malnutrition' ? r.int(115, 124) / 10 : r.int(128, 160) / 10) : null,
  };
}

export async function seedMedicalRecords(tx: Db, ctx: SeedContext) {
  const { random: r, today, now } = ctx;
  // Coding and vitals draw from their own sequence, so the rest of the demo county stays as it was.
  const coding = createRandom(705);
  const level = new Map(ctx.facilities.map((f) => [f.id, f.level]));
  // The day the clinics next sit: today on a working day (the dashboard's appointments due today), else the next.
  const clinicDay = workingDayOnOrAfter(today);
  const clinicians = ctx.users.filter((u) => ['clinical_officer', 'nurse', 'nutritionist'].includes(u.role) && u.isActive);
  const recordRows: RecordSeedRow[] = [];
  const diagnosisRows: (typeof medicalRecordDiagnoses.$inferInsert)[] = [];
  for (const p of ctx.patients) {
    const registeredDaysAgo = Math.floor((startOfCountyDay(today).getTime() - startOfCountyDay(countyDate(p.createdAt)).getTime()) / 86_400_000);
    const visits = 1 + r.int(0, Math.min(6, Math.floor(registeredDaysAgo / 45)));
    const offsets = [registeredDaysAgo, ...Array.from({ length: visits - 1 }, () => r.int(0, registeredDaysAgo - 1))].sort((a, b) => b - a);
    /** The patient's earlier visits: condition and day, for new/repeat cases; facility-years seen, for new/revisit. */
    const seen: { diagnosis: string; day: string }[] = [];
    const facilityYears = new Set<string>();
    for (const [n, d] of offsets.entries()) {
      // The day is known before any draw (so the condition can suit the patient's age on it); the draws keep the
      // order they always had, so the rest of the demo county does not move.
      const age = ageInYears(p.dateOfBirth, n === 0 ? countyDate(p.createdAt) : addDays(today, -d));
      const v = VISIT_TYPES[r.weighted(weightsFor(age, p.gender))]!;
      const visitDate = n === 0 ? new Date(p.createdAt.getTime() + 20 * 60_000) : ctx.daysAgo(d, r.int(8, 16), r.int(0, 59));
      const day = countyDate(visitDate);
      if (visitDate.getTime() > now.getTime()) continue;
      const facilityId = r.chance(0.85) ? p.facilityId : r.int(1, 6);
      const followUp = FOLLOW_UP_DIAGNOSES.includes(v.diagnosis) || r.chance(0.2);
      // Booked on a working day, when the clinics sit: a Saturday visit's "come back in two weeks" is the Friday.
      let followUpDate: string | null = followUp ? bookingDay(day, r.pick([7, 14, 28, 30])) : null;
      if (followUpDate === clinicDay) followUpDate = workingDayOnOrAfter(addDays(clinicDay, 1));
      const id = recordRows.length + 1;
      const facilityYear = `${facilityId}:${day.slice(0, 4)}`;
      const atLevel = level.get(facilityId) ?? 2;
      recordRows.push({
        id,
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
        visitType: facilityYears.has(facilityYear) ? 'revisit' : 'new',
        ...vitals(v, age, atLevel, coding),
        // Community health promoters send patients to the dispensaries and health centres; those refer some on.
        referredFrom: atLevel <= 3 && coding.chance(0.06) ? 'community_unit' : null,
        referredTo: atLevel <= 3 && coding.chance(0.03) ? 'facility' : null,
      });
      facilityYears.add(facilityYear);
      // A condition seen again within 30 days, or a chronic one seen before, is a repeat visit for the same illness.
      const repeat = seen.some((s) => s.diagnosis === v.diagnosis && (CHRONIC.includes(v.diagnosis) || daysApart(s.day, day) <= 30));
      const severe = (v.diagnosis === 'Diarrhoea with some dehydration' && age < 5 && coding.chance(0.1)) || (v.diagnosis === 'Pneumonia' && (recordRows.at(-1)!.spo2 ?? 100) < 90);
      v.codes.forEach((code, position) => {
        const graded = severe && (code === '5C70.0' || code === 'CA40.Z') ? `${code}&XS25` : code;
        diagnosisRows.push({ recordId: id, position, code: graded, caseType: repeat ? 'repeat' : 'new' });
      });
      seen.push({ diagnosis: v.diagnosis, day });
    }
  }
  const recent = recordRows.filter((rec) => {
    const age = (startOfCountyDay(today).getTime() - rec.visitDate.getTime()) / 86_400_000;
    return age > 7 && age < 30;
  });
  for (const rec of r.shuffle(recent).slice(0, TODAY_FOLLOW_UPS)) rec.followUpDate = clinicDay;
  await insertChunks(tx, medicalRecords, recordRows);
  await insertChunks(tx, medicalRecordDiagnoses, diagnosisRows);
  await continueIds(tx, 'medical_records');
  await recordVisits(tx, recordRows.map((rec) => ({ patientId: rec.patientId, visitDate: rec.visitDate })));
  ctx.records = recordRows;
  // The demo's outpatient months (npm start, db:seed): their visits come after the county's own.
  if (ctx.volume) return seedOutpatientVisits(tx, ctx);
  return { records: recordRows.length, diagnoses: diagnosisRows.length };
}

const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
