// The laboratory's part of the demo county: the tests of the demo's outpatient months (db/seed/outpatient-months.ts),
// loaded with them for `npm start` and `db:seed` only (the tests' template has none; its tests order their own).
//
// Malaria is confirmed by a test (issue 31): every visit coded with a malaria species has its positive RDT or blood
// slide, naming the species — an RDT shows P. falciparum, the other species are seen on a slide — and most febrile
// visits diagnosed otherwise had a negative one; a malaria coded without a test (1F45, 1F4Z) has none. The demo
// county's own visits "Malaria (confirmed by RDT)" get their positive RDT too. The other tests go with their
// conditions: haemoglobin for anaemia and at the first ANC visit (with an HIV test and urinalysis), blood sugar for
// diabetes, urinalysis for a urinary tract infection, a pregnancy test where it decides the care. A technician
// results them at a facility with a laboratory, the clinician at the point of care elsewhere; the last hour's
// tests today are still waiting for a result (the worklist), except a positive malaria test, which the diagnosis
// was written from.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { draw, outpatientPlan, withRowTriggersOff } from '../../db/seed/outpatient-months.js';
import { labTests } from './laboratory.schema.js';

/** The demo county's own visits whose diagnosis says a positive RDT confirmed it (db/seed/demo-people.ts VISIT_TYPES). */
const CONFIRMED_BY_RDT = 'Malaria (confirmed by RDT)';

export async function seedLaboratory(tx: Db, ctx: SeedContext): Promise<Record<string, number> | void> {
  // The tests' template has no laboratory tests: its 705 figures were written before there were any.
  if (!ctx.volume) return;
  const now = ctx.now.getTime();
  const technicians = (facilityId: number) => ctx.users.filter((u) => u.role === 'lab_technician' && u.isActive !== false && u.facilityId === facilityId);
  // The county's own visits that say an RDT confirmed their malaria have it, resulted twenty minutes on (by the
  // facility's technician, else at the point of care): the 705 confirms no malaria without a positive test.
  const confirmed = ctx.records.filter((r) => r.diagnosis === CONFIRMED_BY_RDT && r.clinicianId);
  await insertChunks(
    tx,
    labTests,
    confirmed.map((r) => {
      const orderedAt = new Date(Math.min(r.visitDate.getTime() + 5 * 60_000, now));
      const resultedAt = new Date(Math.min(orderedAt.getTime() + 20 * 60_000, now));
      const lab = technicians(r.facilityId);
      return {
        recordId: r.id,
        patientId: r.patientId,
        facilityId: r.facilityId,
        test: 'malaria_rdt',
        status: 'resulted',
        orderedBy: r.clinicianId!,
        orderedAt,
        result: 'positive',
        species: 'falciparum',
        resultedBy: lab[r.id % Math.max(1, lab.length)]?.id ?? r.clinicianId!,
        resultedAt,
      };
    }),
  );

  const plan = outpatientPlan(ctx);
  const u = (salt: number) => draw('v.key', salt);
  const uTest = (salt: number) => draw('v.key * 16 + t.n', salt);
  const patientId = sql`${plan.patientBase!}::int + v.patient_no`;
  const recordId = sql`${plan.recordBase!}::int + v.visit_no`;
  const nowAt = sql`${ctx.now.toISOString()}::timestamptz`;
  // Each first visit's tests: its malaria test (positive with the species, or negative), then its condition's others.
  await withRowTriggersOff(tx, async () => {
    await tx.execute(sql`
      insert into lab_tests (record_id, patient_id, facility_id, test, status, ordered_by, ordered_at, result, species, value, findings,
                             resulted_by, resulted_at)
      with tests as (
        select v.visit_no, v.patient_no, v.facility_id, v.clinician_id, v.key, v.at,
               case when c.malaria <> 'falciparum' or (v.level >= 4 and ${u(80)} < 0.3) then 'malaria_slide' else 'malaria_rdt' end as test,
               'positive' as result, c.malaria as species, null::numeric as value, null::jsonb as findings, true as must_result, 0 as n
        from seed_op_visits v join seed_op_conditions c using (cond)
        where v.first and c.malaria is not null
        union all
        select v.visit_no, v.patient_no, v.facility_id, v.clinician_id, v.key, v.at,
               case when v.level >= 4 and ${u(80)} < 0.2 then 'malaria_slide' else 'malaria_rdt' end,
               'negative', null, null, null, false, 0
        from seed_op_visits v join seed_op_conditions c using (cond)
        where v.first and c.tested_negative and ${u(81)} < case when v.level >= 4 then 0.75 else 0.6 end
        union all
        select v.visit_no, v.patient_no, v.facility_id, v.clinician_id, v.key, v.at,
               t.spec ->> 'test', t.spec ->> 'result', null,
               case when t.spec ? 'low' then round(((t.spec ->> 'low')::numeric + ${uTest(82)}::numeric * ((t.spec ->> 'high')::numeric - (t.spec ->> 'low')::numeric)), 1) end,
               t.spec -> 'findings', false, t.n::int
        from seed_op_visits v join seed_op_conditions c using (cond)
        cross join lateral jsonb_array_elements(c.tests) with ordinality as t(spec, n)
        where v.first
      ), timed as (
        select tests.*, least(at + interval '5 minutes', ${nowAt}) as ordered_at,
               least(at + interval '5 minutes', ${nowAt}) + (15 + ${draw('key * 16 + n', 83)} * 45) * interval '1 minute' as ready_at
        from tests
      )
      select ${recordId}, ${patientId}, v.facility_id, v.test,
             case when v.must_result or v.ready_at <= ${nowAt} then 'resulted' else 'ordered' end,
             v.clinician_id, v.ordered_at,
             case when v.must_result or v.ready_at <= ${nowAt} then v.result end,
             case when v.must_result or v.ready_at <= ${nowAt} then v.species end,
             case when v.must_result or v.ready_at <= ${nowAt} then v.value end,
             case when v.must_result or v.ready_at <= ${nowAt} then v.findings end,
             case when v.must_result or v.ready_at <= ${nowAt}
                  then coalesce(s.labs[1 + floor(${draw('v.key * 16 + v.n', 84)} * cardinality(s.labs))::int], v.clinician_id) end,
             case when v.must_result or v.ready_at <= ${nowAt} then least(v.ready_at, ${nowAt}) end
      from timed v join seed_op_sites s using (facility_id)`);
  });
  await continueIds(tx, 'lab_tests');
  await tx.execute(sql`analyze lab_tests`);
  const [count] = ((await tx.execute(sql`select count(*)::int as n from lab_tests`)) as unknown as { rows: { n: number }[] }).rows;
  return { labTests: count!.n };
}
