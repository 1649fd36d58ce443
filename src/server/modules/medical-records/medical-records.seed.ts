// A year of visits for the demo county's patients: the first at registration, then returns. Twelve follow-ups
// booked at visits two to four weeks ago fall due today (the dashboard's "Today's Appointments").
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { VISIT_TYPES } from '../../db/seed/demo-people.js';
import { recordVisits } from '../patients/index.js';
import { medicalRecords } from './medical-records.schema.js';

export type RecordSeedRow = typeof medicalRecords.$inferInsert & { id: number; visitDate: Date };

declare module '../../db/seed/context.js' {
  interface SeedState {
    records: RecordSeedRow[];
  }
}

const TODAY_FOLLOW_UPS = 12;
const FOLLOW_UP_DIAGNOSES = ['Hypertension', 'Diabetes mellitus', 'Normal pregnancy', 'Moderate acute malnutrition'];

export async function seedMedicalRecords(tx: Db, ctx: SeedContext) {
  const { random: r, today, now } = ctx;
  const clinicians = ctx.users.filter((u) => ['clinical_officer', 'nurse', 'nutritionist'].includes(u.role) && u.isActive);
  const recordRows: RecordSeedRow[] = [];
  const visitWeights = VISIT_TYPES.map((v, i) => [i, v.weight] as const);
  for (const p of ctx.patients) {
    const registeredDaysAgo = Math.floor((startOfCountyDay(today).getTime() - startOfCountyDay(countyDate(p.createdAt)).getTime()) / 86_400_000);
    const visits = 1 + r.int(0, Math.min(6, Math.floor(registeredDaysAgo / 45)));
    const offsets = [registeredDaysAgo, ...Array.from({ length: visits - 1 }, () => r.int(0, registeredDaysAgo - 1))].sort((a, b) => b - a);
    for (const [n, d] of offsets.entries()) {
      const v = VISIT_TYPES[r.weighted(visitWeights)]!;
      const visitDate = n === 0 ? new Date(p.createdAt.getTime() + 20 * 60_000) : ctx.daysAgo(d, r.int(8, 16), r.int(0, 59));
      if (visitDate.getTime() > now.getTime()) continue;
      const facilityId = r.chance(0.85) ? p.facilityId : r.int(1, 6);
      const followUp = FOLLOW_UP_DIAGNOSES.includes(v.diagnosis) || r.chance(0.2);
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
  const recent = recordRows.filter((rec) => {
    const age = (startOfCountyDay(today).getTime() - rec.visitDate.getTime()) / 86_400_000;
    return age > 7 && age < 30;
  });
  for (const rec of r.shuffle(recent).slice(0, TODAY_FOLLOW_UPS)) rec.followUpDate = today;
  await insertChunks(tx, medicalRecords, recordRows);
  await continueIds(tx, 'medical_records');
  await recordVisits(tx, recordRows.map((rec) => ({ patientId: rec.patientId, visitDate: rec.visitDate })));
  ctx.records = recordRows;
  return { records: recordRows.length };
}
