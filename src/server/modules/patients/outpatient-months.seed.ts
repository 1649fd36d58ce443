// The patients of the demo's outpatient months (db/seed/outpatient-months.ts): this step plans the months, then
// registers everyone who comes in them — most at their first visit, the known ones (a third of those over five)
// months or years before — with names, IDs and homes near the facility, in one INSERT … SELECT.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { continueIds, type SeedContext } from '../../db/seed/context.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../../db/seed/demo-people.js';
import { draw, lit, planOutpatientMonths, textArray, withRowTriggersOff } from '../../db/seed/outpatient-months.js';

/** Adults register with a national ID, children with a birth certificate number (domain/KENYA.md). */
const ADULT_DAYS = 18 * 365;
/**
 * ID numbers as a bijection of the patient's number (a multiplier prime to the range), so no two collide; one that
 * an earlier patient of the demo county holds moves ID_OFFSET numbers on, where none of these reach.
 */
const ID_MULTIPLIER = 2654435761;
const ID_OFFSET = 20_000_000;

/** A patient's ID number as the insert below writes it: national ID for an adult, birth certificate for a child. */
function nationalId(n: number, adult: boolean): string {
  const scrambled = BigInt(n) * BigInt(ID_MULTIPLIER);
  return adult ? String(8_000_000n + (scrambled % 32_000_000n)) : `BC${10_000_000n + (scrambled % 90_000_000n)}`;
}

export async function seedOutpatientPatients(tx: Db, ctx: SeedContext): Promise<{ patients: number }> {
  const plan = await planOutpatientMonths(tx, ctx);
  const base = ctx.patients.reduce((max, p) => Math.max(max, p.id), 0);
  plan.patientBase = base;
  // The same numbers worked out here for both kinds of ID: the few patients whose number an earlier patient holds.
  const taken = new Set(ctx.patients.map((p) => p.nationalId));
  const moved: number[] = [];
  for (let n = 1; n <= plan.patients; n++) if (taken.has(nationalId(n, true)) || taken.has(nationalId(n, false))) moved.push(n);
  const number = (n: string, adult: boolean) =>
    sql.raw(adult ? `(8000000 + (${n})::bigint * ${ID_MULTIPLIER} % 32000000)::text` : `'BC' || (10000000 + (${n})::bigint * ${ID_MULTIPLIER} % 90000000)::text`);
  const idOf = (adult: boolean) =>
    sql`case when p.patient_no = any(${`{${moved.join(',')}}`}::int[]) then ${number(`p.patient_no + ${ID_OFFSET}`, adult)} else ${number('p.patient_no', adult)} end`;
  const u = (salt: number) => draw('p.key', salt);
  const pick = (names: readonly string[], salt: number) => sql`(${textArray(names)})[1 + floor(${u(salt)} * ${lit(names.length)})::int]`;
  const phone = (salt: number) => sql`'+2547' || (array['0','1','2','9'])[1 + floor(${u(salt)} * 4)::int] || lpad(floor(${u(salt + 1)} * 10000000)::text, 7, '0')`;
  // The trigram index over the names takes its entries in one go at the end (gin_clean_pending_list) rather than a
  // few rows at a time: the same index, tens of thousands of registrations in a fraction of the time. Only the
  // index's owner may clean it: another role leaves the entries to the next vacuum, as PostgreSQL does anyway.
  await tx.execute(sql`set local gin_pending_list_limit = '256MB'`);
  await withRowTriggersOff(tx, async (off) => {
    await tx.execute(sql`
      insert into patients (id, national_id, first_name, middle_name, last_name, date_of_birth, gender, phone_number, next_of_kin,
                            next_of_kin_phone, subcounty, ward, village, facility_id, created_by, created_at, updated_at, last_visit_at)
      select ${base}::int + p.patient_no,
             case when p.age_days >= ${lit(ADULT_DAYS)} then ${idOf(true)} else ${idOf(false)} end,
             case when p.female then ${pick(FEMALE_NAMES, 30)} else ${pick(MALE_NAMES, 30)} end,
             case when ${u(31)} < 0.4 then ${pick(SURNAMES, 32)} end,
             p.surname,
             p.day - p.age_days,
             case when p.female then 'female' else 'male' end,
             case when p.age_days >= ${lit(ADULT_DAYS)} and ${u(33)} < 0.9 then ${phone(34)} end,
             case when ${u(36)} < 0.8 then ${pick(FEMALE_NAMES, 37)} || ' ' || case when p.age_days < ${lit(ADULT_DAYS)} then p.surname else ${pick(SURNAMES, 38)} end end,
             case when ${u(39)} < 0.75 then ${phone(40)} end,
             s.subcounty,
             case when ${u(42)} < 0.7 and s.ward = any(s.wards) then s.ward else s.wards[1 + floor(${u(43)} * cardinality(s.wards))::int] end,
             s.villages[1 + floor(${u(44)} * cardinality(s.villages))::int],
             p.facility_id,
             s.registrars[1 + floor(${u(45)} * cardinality(s.registrars))::int],
             p.registered_at, p.registered_at, p.last_visit_at
      from (
        select p.*, ${pick(SURNAMES, 35)} as surname,
               -- A known patient registered on a working morning months or years ago (never before birth); the others
               -- at the desk just before their first visit.
               case when p.known
                    then greatest(((p.day - (30 + floor(${u(46)} * 900))::int)::timestamp + interval '5 hours' + ${u(47)} * interval '8 hours') at time zone 'UTC',
                                  (p.day - p.age_days + 1)::timestamp at time zone 'UTC')
                    else p.at - interval '20 minutes' end as registered_at
        from seed_op_patients p
      ) p
      join seed_op_sites s using (facility_id)`);
    // The counters the row trigger keeps (patient_counts_keep, drizzle/0004 and 0017), when it did not run.
    if (off) {
      await tx.execute(sql`
        insert into patient_counts as c (facility_id, gender, birth_year, patients)
        select facility_id, gender, extract(year from date_of_birth)::smallint, count(*)::int from patients where id > ${base}::int group by 1, 2, 3
        on conflict (facility_id, gender, birth_year) do update set patients = c.patients + excluded.patients`);
      await tx.execute(sql`
        insert into patient_total_shards as t (shard, patients)
        select (id % 16)::smallint, count(*)::int from patients where id > ${base}::int group by 1
        on conflict (shard) do update set patients = t.patients + excluded.patients`);
    }
  });
  await tx.execute(sql`select gin_clean_pending_list(c.oid) from pg_class c where c.relname = 'patients_search_trgm_idx' and pg_has_role(c.relowner, 'USAGE')`);
  await continueIds(tx, 'patients');
  await tx.execute(sql`analyze patients`);
  return { patients: ctx.patients.length + plan.patients };
}
