// The visits of the demo's outpatient months (db/seed/outpatient-months.ts), as the clinicians wrote them: the
// complaint, diagnosis, treatment and ICD-11 codes of each visit's condition (a return, booked or unasked, reviews
// it as a repeat case), the vitals taken at the desk for the patient's age and illness (a fever, fast breathing
// and a low SpO2 in severe pneumonia, a raised blood pressure in hypertension, a low MUAC in malnutrition), where
// the patient was referred from or to, how the visit ended (a few road traffic injuries died) and the follow-up
// date booked. Two INSERT … SELECT statements, one for the visits and one for their codes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { continueIds, type SeedContext } from '../../db/seed/context.js';
import { draw, lit, outpatientPlan, textArray, withRowTriggersOff } from '../../db/seed/outpatient-months.js';

const NOTES = ['Patient counselled on adherence.', 'Advised to return if symptoms persist.', 'Vitals stable.', 'Health education given.', 'Danger signs explained to the caregiver.'];

export async function seedOutpatientVisits(tx: Db, ctx: SeedContext): Promise<{ records: number; diagnoses: number }> {
  const plan = outpatientPlan(ctx);
  const base = ctx.records.reduce((max, r) => Math.max(max, r.id), 0);
  plan.recordBase = base;
  const u = (salt: number) => draw('v.key', salt);
  /** A whole number between low and high (inclusive), drawn. */
  const between = (low: number, high: number, salt: number) => sql`(${lit(low)} + floor(${u(salt)} * ${lit(high - low + 1)}))`;
  const years = sql.raw('(v.age_days / 365.0)');
  await withRowTriggersOff(tx, async () => {
    await tx.execute(sql`
      insert into medical_records (id, patient_id, facility_id, clinician_id, chief_complaint, diagnosis, treatment, prescription, notes,
                                   follow_up_date, visit_date, created_at, visit_type, temperature_c, pulse_bpm, respiratory_rate,
                                   systolic_bp, diastolic_bp, spo2, weight_kg, height_cm, muac_cm, referred_from, referred_to, outcome, outcome_at)
      select ${base}::int + v.visit_no, ${plan.patientBase!}::int + v.patient_no, v.facility_id, v.clinician_id,
             case v.kind when 'first' then c.complaint when 'booked' then 'Review as booked: ' || c.diagnosis else 'Came back, not yet better: ' || c.diagnosis end,
             c.diagnosis,
             case when v.first then c.treatment when c.chronic then 'Reviewed; medication refilled' else 'Reviewed; improving, treatment completed' end,
             case when v.first or c.chronic then c.prescription end,
             case when ${u(50)} < 0.3 then (${textArray(NOTES)})[1 + floor(${u(51)} * ${lit(NOTES.length)})::int] end,
             v.follow_up, v.at, v.at, v.visit_type,
             case when m.vitals then case when m.febrile then round((37.8 + ${u(52)} * 2.3)::numeric, 1) else round((36.2 + ${u(52)} * 1.2)::numeric, 1) end end,
             case when m.vitals then case v.band when 0 then ${between(120, 160, 53)} when 1 then ${between(100, 150, 53)} when 2 then ${between(80, 120, 53)}
                                    else ${between(62, 98, 53)} + case when m.febrile then 15 else 0 end end end,
             case when m.vitals then case v.band when 0 then ${between(40, 60, 54)}
                                    when 1 then case when m.hypoxic then ${between(52, 68, 54)} else ${between(28, 45, 54)} end
                                    when 2 then ${between(18, 30, 54)} else ${between(14, 22, 54)} + case when m.hypoxic then 8 else 0 end end end,
             case when m.vitals and v.age_days >= ${lit(18 * 365)} then case when m.hypertensive then ${between(148, 182, 55)} else ${between(104, 136, 55)} end end,
             case when m.vitals and v.age_days >= ${lit(18 * 365)} then case when m.hypertensive then ${between(92, 112, 56)} else ${between(64, 86, 56)} end end,
             case when m.vitals then case when m.hypoxic then ${between(84, 89, 57)} when m.pneumonia then ${between(91, 97, 57)} else ${between(95, 99, 57)} end end,
             case when m.vitals then round(case v.band
               when 0 then 2.4 + ${u(58)} * 1.8
               when 1 then 3.5 + ${years} * 2.3 + ${u(58)} * 2 - case when m.wasted then 1.5 else 0 end
               when 2 then 18 + (${years} - 5) * 3.5 + ${u(58)} * 6
               else 48 + ${u(58)} * 44 end::numeric, 1) end,
             case when m.vitals then round(case v.band
               when 0 then 46 + ${u(59)} * 9
               when 1 then 55 + ${years} * 11 + ${u(59)} * 6
               when 2 then 105 + (${years} - 5) * 6 + ${u(59)} * 8
               else 150 + ${u(59)} * 35 end::numeric, 1) end,
             case when m.vitals and v.band = 1 and v.age_days >= 180 then case when m.wasted then round((11.5 + ${u(60)} * 0.9)::numeric, 1) else round((12.8 + ${u(60)} * 3.2)::numeric, 1) end end,
             v.referred_from, v.referred_to, v.outcome, v.outcome_at
      from seed_op_visits v
      join seed_op_conditions c using (cond)
      cross join lateral (select
        -- Vitals at most visits (fewer at a health centre); a fever, and the severe pneumonia's hypoxia, at the first.
        ${u(61)} < case when v.level >= 4 then 0.92 else 0.8 end as vitals,
        v.first and c.fever and ${u(62)} < 0.85 as febrile,
        v.first and c.hypoxic and ${u(63)} < 0.6 as hypoxic,
        c.codes[1] in ('BA00.Z', 'JA24') as hypertensive,
        c.codes[1] like 'CA40%' as pneumonia,
        c.codes[1] in ('5B51', '5B52') as wasted) m`);
    // Each visit's codes in the order written: new cases at a first visit (a known chronic patient's are repeats),
    // repeats at a return.
    await tx.execute(sql`
      insert into medical_record_diagnoses (record_id, position, code, case_type)
      select ${base}::int + v.visit_no, (x.ord - 1)::smallint, x.code, v.case_type
      from seed_op_visits v
      join seed_op_conditions c using (cond)
      cross join lateral unnest(c.codes) with ordinality as x(code, ord)`);
  });
  await continueIds(tx, 'medical_records');
  await tx.execute(sql`analyze medical_records, medical_record_diagnoses`);
  const [count] = ((await tx.execute(sql`select (select count(*) from medical_records)::int as records, (select count(*) from medical_record_diagnoses)::int as diagnoses`)) as unknown as {
    rows: { records: number; diagnoses: number }[];
  }).rows;
  return count!;
}
