// The follow-up appointments of the demo's outpatient months (db/seed/outpatient-months.ts): each follow-up date a
// visit booked (on a working day), at the facility's follow-up clinic or ANC. A day still to come is scheduled;
// a passed one was kept (completed by the return visit), missed — the defaulters, some traced since — or cancelled.
// One INSERT … SELECT.
import { sql } from 'drizzle-orm';
import { COUNTY_OFFSET_INTERVAL } from '../../core/county-time.sql.js';
import type { Db } from '../../db/client.js';
import { continueIds, type SeedContext } from '../../db/seed/context.js';
import { draw, lit, outpatientPlan, textArray, withRowTriggersOff } from '../../db/seed/outpatient-months.js';

const CANCEL_REASONS = ['Patient travelled upcountry', 'Patient asked for another day', 'Booked in error', 'Patient admitted elsewhere'];
const TRACING_NOTES = ['Called twice; spoke to the patient.', 'CHV visited the home.', 'Phone off; will try again.', 'Spoke to the next of kin.'];
/** Defaulter tracing outcomes by weight, as the desk records them a few days after a missed appointment. */
const TRACED = ['reached_will_return', 'reached_will_return', 'reached_will_return', 'reached_will_return', 'reached_will_return', 'not_reached', 'not_reached', 'not_reached', 'transferred_out', 'refused'];

export async function seedOutpatientAppointments(tx: Db, ctx: SeedContext): Promise<{ appointments: number }> {
  const plan = outpatientPlan(ctx);
  const patientBase = plan.patientBase!;
  const recordBase = plan.recordBase!;
  const now = ctx.now.toISOString();
  const u = (salt: number) => draw('v.key', salt);
  const county = sql.raw(COUNTY_OFFSET_INTERVAL);
  // The booked day's county midnight, as an instant: the nightly sweep marks it missed just after the day ends.
  const dayStart = sql`((v.follow_up::timestamp - ${county}) at time zone 'UTC')`;
  await withRowTriggersOff(tx, async () => {
    await tx.execute(sql`
      insert into appointments (patient_id, facility_id, service_id, date, kind, status, source_record_id, completed_record_id, booked_by,
                                checked_in_at, completed_at, cancel_reason, cancelled_at, cancelled_by, missed_at,
                                tracing_outcome, tracing_notes, traced_by, traced_at, created_at, updated_at)
      select ${patientBase}::int + v.patient_no, v.facility_id, svc.id, v.follow_up, 'scheduled', v.fate,
             ${recordBase}::int + v.visit_no, case when v.fate = 'completed' then ${recordBase}::int + rv.visit_no end,
             v.clinician_id,
             case when v.fate = 'completed' then rv.at - interval '10 minutes' end,
             case when v.fate = 'completed' then least(rv.at + (15 + ${u(70)} * 45) * interval '1 minute', ${now}::timestamptz) end,
             case when v.fate = 'cancelled' then (${textArray(CANCEL_REASONS)})[1 + floor(${u(71)} * ${lit(CANCEL_REASONS.length)})::int] end,
             x.cancelled_at,
             case when v.fate = 'cancelled' then v.clinician_id end,
             x.missed_at,
             case when x.traced then (${textArray(TRACED)})[1 + floor(${u(72)} * ${lit(TRACED.length)})::int] end,
             case when x.traced then (${textArray(TRACING_NOTES)})[1 + floor(${u(73)} * ${lit(TRACING_NOTES.length)})::int] end,
             case when x.traced then v.clinician_id end,
             case when x.traced then x.traced_at end,
             v.at,
             case v.fate when 'completed' then least(rv.at + interval '1 hour', ${now}::timestamptz) when 'cancelled' then x.cancelled_at
                         when 'missed' then coalesce(case when x.traced then x.traced_at end, x.missed_at) else v.at end
      from seed_op_visits v
      join appointment_services svc on svc.facility_id = v.facility_id and svc.code = v.follow_up_service
      left join seed_op_visits rv on v.first and v.fate = 'completed' and rv.patient_no = v.patient_no and rv.kind = 'booked'
      cross join lateral (select
        case when v.fate = 'missed' then least(${dayStart} + interval '1 day' + ${u(74)} * interval '59 minutes', ${now}::timestamptz) end as missed_at,
        case when v.fate = 'cancelled' then least(v.at + (1 + floor(${u(75)} * 5)) * interval '1 day', ${dayStart} + interval '7 hours') end as cancelled_at,
        ${dayStart} + interval '1 day' + (1 + floor(${u(76)} * 5)) * interval '1 day' + interval '9 hours' as traced_at,
        v.fate = 'missed' and ${u(77)} < 0.4 and ${dayStart} + interval '1 day' + (1 + floor(${u(76)} * 5)) * interval '1 day' + interval '9 hours' < ${now}::timestamptz as traced) x
      where v.follow_up is not null`);
  });
  await continueIds(tx, 'appointments');
  await tx.execute(sql`analyze appointments`);
  const [count] = ((await tx.execute(sql`select count(*)::int as appointments from appointments`)) as unknown as { rows: { appointments: number }[] }).rows;
  return count!;
}
