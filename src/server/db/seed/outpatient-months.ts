// The demo's outpatient months (issue 31): a busy current and previous county month at the county referral
// hospital, each sub-county hospital and a health centre — hundreds of outpatients a day at the referral hospital,
// a hundred or so at a sub-county hospital, tens at the health centre, mostly on weekdays — so that MOH 705A/705B,
// the laboratory register, the appointments desk and the missed-appointments list look like a county's month on a
// fresh start. Only `npm start` and `db:seed` load it (SeedContext.volume): the tests' template keeps the small
// county its figures were written against.
//
// Tens of thousands of visits are planned here in SQL, in bulk, never row by row: generate_series over the days,
// each facility's day a number of arrivals, and every draw a hash of the arrival's key (hashint8extended), so the
// same clock seeds the same county everywhere and the demo's one random stream (SeedContext.random) is not touched.
// The plan is a set of temporary tables that live as long as the seed's transaction; each module's step then
// writes its own rows from it — patients, their visits and diagnoses, their laboratory tests, their follow-up
// appointments — and keeps the ids it gave (OutpatientPlan) for the steps after it.
//
// A patient comes first as a new attendance (the first visit of the year at the facility), with a condition drawn
// for their age and sex (outpatient-conditions.ts); some are asked back, on a working day (working-days.ts), and
// most come (a re-attendance and a repeat case), some do not (a missed appointment), a few cancel; a few others
// come back unasked, not yet better. These visits are not billed: the ledger, the invoices and the audit trail
// stay as the demo county's own seed made them.
import { sql } from 'drizzle-orm';
import { SUBCOUNTY_WARDS, type Subcounty } from '../../../shared/county.js';
import { addDays, addMonths } from '../../../shared/county-time.js';
import type { Db } from '../client.js';
import { COUNTY_OFFSET_INTERVAL } from '../../core/county-time.sql.js';
import type { SeedContext } from './context.js';
import { VILLAGES } from './demo-people.js';
import { OUTPATIENT_CONDITIONS } from './outpatient-conditions.js';
import { publicHolidaysBetween } from './working-days.js';

/** The plan's size, and the ids each step gave its rows (patient id = patientBase + patient_no, and so on). */
export type OutpatientPlan = {
  /** The first and last county dates of the months (the first of last month, and today). */
  from: string;
  to: string;
  patients: number;
  visits: number;
  patientBase?: number;
  recordBase?: number;
};

declare module './context.js' {
  interface SeedState {
    outpatientMonths?: OutpatientPlan;
  }
}

/** Outpatients on a weekday: the county referral hospital, a sub-county hospital by its beds, a health centre. */
const REFERRAL_HOSPITAL_PER_DAY = 230;
const HEALTH_CENTRE_PER_DAY = 25;
const subcountyHospitalPerDay = (beds: number | null | undefined) => 25 + 0.5 * (beds ?? 40);
/** A Saturday, a Sunday and a public holiday against a weekday: the outpatient department is open, the clinics are not. */
const SATURDAY = 0.4;
const SUNDAY = 0.25;
const HOLIDAY = 0.3;
/**
 * Of those who come on a day, the share who come for the first time this year: the rest are the returns, booked or
 * unasked (planned below). With it, a weekday at the referral hospital holds about REFERRAL_HOSPITAL_PER_DAY.
 */
const FIRST_VISITS = 0.85;
/**
 * Of the first visits sent home without a booking, those who come back unasked a few days later, not yet better
 * (not after malaria: a malaria coded again would need its own positive test).
 */
const UNASKED_RETURNS = 0.12;
/** Age bands of those who come (the conditions' byAge): newborns, 28 days to 4 years, 5–14, 15–49, 50 and over. */
const AGE_BANDS = [0.012, 0.27, 0.4, 0.84, 1] as const;
const CLINICAL_ROLES = ['clinical_officer', 'nurse', 'nutritionist'];
const REGISTRAR_ROLES = ['records_officer', 'nurse'];

/** A uniform draw in [0, 1) from a key and a salt (SQL text): the same on every run and every machine. */
export const drawText = (key: string, salt: number) => `((hashint8extended((${key})::bigint, ${salt}) & 4294967295)::float8 / 4294967296)`;
/** The same draw, to put in a sql`…` statement. */
export const draw = (key: string, salt: number) => sql.raw(drawText(key, salt));

/** A number the code chose, written into the SQL (a parameter would take the type of its first use: 1 is no 0.3). */
export const lit = (n: number) => sql.raw(String(n));

/**
 * A list of text as one parameter, an array literal (a JS array in sql`…` would become a list of parameters): the
 * planner folds its cast once, where a subquery would run again for every row.
 */
export const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** A county wall-clock time (a timestamp without zone) as the instant it is. */
const instant = (wall: string) => sql.raw(`((${wall}) - ${COUNTY_OFFSET_INTERVAL}) at time zone 'UTC'`);

/** The facilities with outpatient months: every hospital (levels 4 and 5) and the first health centre with a clinical officer. */
function sites(ctx: SeedContext) {
  const active = ctx.users.filter((u) => u.isActive !== false);
  const at = (facilityId: number, roles: string[]) => active.filter((u) => u.facilityId === facilityId && roles.includes(u.role)).map((u) => u.id);
  const level = new Map(ctx.facilities.map((f) => [f.id, f]));
  const healthCentre = ctx.facilities.find((f) => f.level === 3 && active.some((u) => u.facilityId === f.id && u.role === 'clinical_officer'));
  const chosen = [...ctx.facilities.filter((f) => f.level >= 4), ...(healthCentre ? [healthCentre] : [])];
  return chosen.map((f) => {
    // A facility with no clinician on the roster is covered by its sub-county's (as the demo county's own visits are).
    const sameSubcounty = active.filter((u) => CLINICAL_ROLES.includes(u.role) && u.facilityId && level.get(u.facilityId)?.subcounty === f.subcounty).map((u) => u.id);
    const clinicians = at(f.id, CLINICAL_ROLES).length > 0 ? at(f.id, CLINICAL_ROLES) : sameSubcounty.length > 0 ? sameSubcounty : active.filter((u) => CLINICAL_ROLES.includes(u.role)).map((u) => u.id);
    const registrars = at(f.id, REGISTRAR_ROLES);
    const subcounty = f.subcounty as Subcounty;
    return {
      facility_id: f.id,
      level: f.level,
      per_day: f.level >= 5 ? REFERRAL_HOSPITAL_PER_DAY : f.level === 4 ? subcountyHospitalPerDay(f.capacity) : HEALTH_CENTRE_PER_DAY,
      clinicians,
      // The laboratory's technicians result the tests; where there is none, the clinician tests at the point of care.
      labs: at(f.id, ['lab_technician']),
      registrars: registrars.length > 0 ? registrars : clinicians,
      subcounty,
      ward: f.ward,
      wards: [...SUBCOUNTY_WARDS[subcounty]],
      villages: [...VILLAGES[subcounty]],
    };
  });
}

/**
 * Each tier of facility (0: dispensaries and health centres, 1: hospitals), age band and sex, its conditions
 * repeated by weight: a draw picks slot floor(u × n), an equality join rather than a search.
 */
function slots(): { tier: number; band: number; female: boolean; slot: number; cond: number }[] {
  const out: { tier: number; band: number; female: boolean; slot: number; cond: number }[] = [];
  for (const tier of [0, 1]) {
    for (let band = 0; band < AGE_BANDS.length; band++) {
      for (const female of [false, true]) {
        let slot = 0;
        OUTPATIENT_CONDITIONS.forEach((c, cond) => {
          if ((c.hospital && tier === 0) || (c.sex === 'female' && !female) || (c.sex === 'male' && female)) return;
          for (let w = 0; w < c.byAge[band]!; w++) out.push({ tier, band, female, slot: slot++, cond });
        });
      }
    }
  }
  return out;
}

/**
 * Plans the months into temporary tables (dropped when the seed's transaction ends): seed_op_conditions (the
 * catalogue), seed_op_sites, seed_op_days (each day's working-day booking), seed_op_visits (one row a visit: the
 * patient's number, facility, instant, condition, clinician, referral, outcome, follow-up and its fate) and
 * seed_op_patients (one row a patient).
 */
export async function planOutpatientMonths(tx: Db, ctx: SeedContext): Promise<OutpatientPlan> {
  const from = addMonths(ctx.today, -1);
  const to = ctx.today;
  // Bookings run a few months past today (a chronic patient's next review), on the working days of that calendar.
  const bookTo = addDays(to, 100);
  const now = ctx.now.toISOString();
  const conditions = OUTPATIENT_CONDITIONS.map((c, cond) => ({
    cond,
    complaint: c.complaint,
    diagnosis: c.diagnosis,
    treatment: c.treatment,
    prescription: c.prescription,
    codes: c.codes,
    fever: c.fever ?? false,
    malaria: c.malaria ?? null,
    tested_negative: c.testedNegative ?? false,
    tests: c.tests ?? [],
    severe: c.severe ?? false,
    hypoxic: c.hypoxic ?? false,
    road_traffic: c.roadTraffic ?? false,
    chronic: c.chronic ?? false,
    follow_days: c.followUp?.days ?? null,
    follow_share: c.followUp?.share ?? 0,
    follow_service: c.followUp?.service ?? 'follow_up',
  }));
  await tx.execute(sql`
    create temp table seed_op_conditions on commit drop as
    select * from json_to_recordset(${JSON.stringify(conditions)}::json) as t(
      cond int, complaint text, diagnosis text, treatment text, prescription text, codes text[], fever boolean, malaria text,
      tested_negative boolean, tests jsonb, severe boolean, hypoxic boolean, road_traffic boolean, chronic boolean,
      follow_days int, follow_share float8, follow_service text)`);
  await tx.execute(sql`
    create temp table seed_op_sites on commit drop as
    select * from json_to_recordset(${JSON.stringify(sites(ctx))}::json) as s(
      facility_id int, level int, per_day float8, clinicians int[], labs int[], registrars int[], subcounty text, ward text,
      wards text[], villages text[])`);
  await tx.execute(sql`
    create temp table seed_op_slots on commit drop as
    select * from json_to_recordset(${JSON.stringify(slots())}::json) as t(tier int, band int, female boolean, slot int, cond int)`);
  await tx.execute(sql`create temp table seed_op_slot_counts on commit drop as select tier, band, female, count(*)::int as n from seed_op_slots group by 1, 2, 3`);
  // Each day of the months and of the bookings after them, with the working day a booking for it falls on: that day,
  // or the working day before it (booked_back), else the one after (booked_on).
  await tx.execute(sql`
    create temp table seed_op_days on commit drop as
    with d as (
      select g::date as day, extract(isodow from g)::int as dow, g::date = any(${textArray(publicHolidaysBetween(from, bookTo))}::date[]) as holiday
      from generate_series(${from}::date, ${bookTo}::date, interval '1 day') g
    ), w as (select *, dow < 6 and not holiday as working from d)
    select day, dow, holiday, working,
           max(case when working then day end) over (order by day) as booked_back,
           min(case when working then day end) over (order by day rows between current row and unbounded following) as booked_on
    from w`);

  // First visits: each facility's day a number of arrivals (fewer at weekends and on holidays, ± 15 %), each
  // arrival a patient of an age, sex and condition, at a time of the day (the morning rush, 07:30 to 17:00).
  const key = 'a.key';
  await tx.execute(sql`
    create temp table seed_op_arrivals on commit drop as
    with counts as (
      select s.facility_id, s.level, d.day,
             round(s.per_day * ${lit(FIRST_VISITS)} * case when d.holiday then ${lit(HOLIDAY)} when d.dow = 6 then ${lit(SATURDAY)} when d.dow = 7 then ${lit(SUNDAY)} else 1 end
                   * (0.85 + 0.3 * ${draw('s.facility_id::bigint * 100000000 + (d.day - date \'2000-01-01\') * 1000', 100)}))::int as n
      from seed_op_sites s cross join seed_op_days d
      where d.day <= ${to}::date
    ), a as (
      select c.facility_id, c.level, c.day, c.facility_id::bigint * 100000000 + (c.day - date '2000-01-01') * 1000 + k as key
      from counts c cross join lateral generate_series(1, c.n) k
    ), drawn as (
      select a.*, ${instant(`a.day::timestamp + interval '7 hours 30 minutes' + power(${drawText(key, 12)}, 1.4) * interval '9 hours 30 minutes'`)} as at,
             ${draw(key, 1)} as u_band, ${draw(key, 2)} as u_age, ${draw(key, 3)} as u_sex, ${draw(key, 4)} as u_cond
      from a
    ), aged as (
      select drawn.*, case when level >= 4 then 1 else 0 end as tier,
             case when u_band < ${lit(AGE_BANDS[0])} then 0 when u_band < ${lit(AGE_BANDS[1])} then 1 when u_band < ${lit(AGE_BANDS[2])} then 2 when u_band < ${lit(AGE_BANDS[3])} then 3 else 4 end as band
      from drawn where at < ${now}::timestamptz
    ), banded as (
      select aged.*, case when band <= 2 then u_sex < 0.5 else u_sex < 0.6 end as female from aged
    )
    select b.facility_id, b.level, b.tier, b.day, b.key, b.at, b.band,
           case b.band
             when 0 then 1 + floor(u_age * 27)
             when 1 then 28 + floor(power(u_age, 1.3) * ${lit(5 * 365 - 29)})
             when 2 then ${lit(5 * 365)} + floor(u_age * ${lit(10 * 365)})
             when 3 then ${lit(15 * 365)} + floor(power(u_age, 1.3) * ${lit(35 * 365)})
             else ${lit(50 * 365)} + floor(power(u_age, 1.6) * ${lit(40 * 365)}) end::int as age_days,
           b.female,
           floor(b.u_cond * n.n)::int as slot
    from banded b join seed_op_slot_counts n using (tier, band, female)`);
  // Each arrival's condition (its slot), and its patient's number in the order they came.
  await tx.execute(sql`
    create temp table seed_op_first on commit drop as
    select a.facility_id, a.level, a.tier, a.day, a.key, a.at, a.band, a.age_days, a.female, sl.cond,
           row_number() over (order by a.at, a.facility_id, a.key)::int as patient_no
    from seed_op_arrivals a
    join seed_op_slots sl using (tier, band, female, slot)`);

  // A booking `days` after a day, on a working day: that day when the clinics sit, else the working day before or
  // the one after it (half each way, so the day before Easter does not take four days' bookings), never on or
  // before the visit itself.
  const booking = (from: string, days: string, u: string) =>
    sql.raw(`(select case when d.working then d.day when ${u} < 0.5 and d.booked_back > ${from} then d.booked_back else d.booked_on end
              from seed_op_days d where d.day = ${from} + ${days})`);

  // What each first visit came to: its clinician, where it was referred from, how it ended (a few road traffic
  // injuries die; the severe are admitted at a hospital, referred up from a health centre; a few are handed to
  // their community unit), and whether the patient is asked back, or comes back unasked a few days on because
  // the illness has not settled.
  await tx.execute(sql`
    create temp table seed_op_outcomes on commit drop as
    with f as (
      select f.*, c.severe, c.road_traffic, c.chronic, c.malaria, c.follow_days, c.follow_share, c.follow_service, s.clinicians,
             ${draw('f.key', 5)} as u_clinician, ${draw('f.key', 6)} as u_from, ${draw('f.key', 7)} as u_outcome,
             ${draw('f.key', 8)} as u_follow, ${draw('f.key', 9)} as u_fate, ${draw('f.key', 10)} as u_return,
             ${draw('f.key', 11)} as u_known, ${draw('f.key', 13)} as u_death, ${draw('f.key', 14)} as u_death_at,
             ${draw('f.key', 15)} as u_book, ${draw('f.key', 16)} as u_back, ${draw('f.key', 17)} as u_community
      from seed_op_first f join seed_op_conditions c using (cond) join seed_op_sites s using (facility_id)
    ), o as (
      select f.*,
             case
               when f.road_traffic and f.tier = 1 and f.band >= 3 and f.u_death < 0.05 then 'died'
               when f.severe then case when f.tier = 0 then 'referred' when f.u_outcome < 0.9 then 'admitted' else 'sent_home' end
               when f.road_traffic and f.tier = 1 and f.u_outcome < 0.3 then 'admitted'
               when f.u_outcome > 1 - case f.level when 5 then 0.002 when 4 then 0.008 else 0.015 end then 'referred'
               when f.u_outcome < 0.001 then 'left_against_advice'
               else 'sent_home' end as outcome
      from f
    ), b as (
      select o.*,
             case when o.follow_days is not null and o.outcome in ('sent_home', 'admitted') and o.u_follow < o.follow_share
                  then ${booking('o.day', 'o.follow_days', 'o.u_book')} end as follow_up
      from o
    )
    select b.patient_no, b.key, b.facility_id, b.level, b.tier, b.day, b.at, b.band, b.age_days, b.female, b.cond, b.chronic,
           b.clinicians[1 + floor(b.u_clinician * cardinality(b.clinicians))::int] as clinician_id,
           case when b.tier = 1 then case when b.u_from < 0.07 then 'facility' when b.u_from < 0.08 then 'community_unit' end
                else case when b.u_from < 0.05 then 'community_unit' when b.u_from < 0.055 then 'facility' end end as referred_from,
           case when b.outcome = 'referred' then 'facility'
                when b.outcome = 'sent_home' and b.u_community < case when b.tier = 1 then 0.004 else 0.01 end then 'community_unit' end as referred_to,
           b.outcome,
           case when b.outcome = 'died' then least(b.at + (30 + b.u_death_at * 240) * interval '1 minute', ${now}::timestamptz) end as outcome_at,
           b.band >= 2 and b.u_known < 0.35 as known,
           b.follow_up, case when b.follow_up is not null then b.follow_service end as follow_up_service,
           b.u_fate, b.u_return,
           case when b.follow_up is null and b.outcome = 'sent_home' and b.malaria is null and b.u_back < ${lit(UNASKED_RETURNS)}
                then ${instant(`(b.day + 2 + floor(${drawText('b.key', 18)} * 5)::int)::timestamp + interval '8 hours' + ${drawText('b.key', 19)} * interval '8 hours'`)} end as back_at
    from b`);

  // Each follow-up's fate: a day still to come is scheduled; one passed was kept (a return visit), missed or
  // cancelled; today's is kept if its time has come, and scheduled otherwise.
  await tx.execute(sql`
    create temp table seed_op_returns on commit drop as
    with r as (
      select o.patient_no, o.follow_up,
             ${instant(`o.follow_up::timestamp + interval '8 hours' + o.u_return * interval '5 hours'`)} as return_at,
             case when o.follow_up > ${to}::date then 'scheduled'
                  when o.u_fate < case when o.chronic or o.follow_up_service = 'anc' then 0.85 else 0.7 end then 'kept'
                  when o.u_fate < case when o.chronic or o.follow_up_service = 'anc' then 0.89 else 0.74 end then 'cancelled'
                  else 'missed' end as fate
      from seed_op_outcomes o where o.follow_up is not null
    )
    select patient_no, follow_up, return_at,
           case when fate = 'kept' and return_at < ${now}::timestamptz then 'completed' when follow_up >= ${to}::date then 'scheduled' else fate end as fate
    from r`);

  // Every visit, numbered in time order: the first visits, the kept bookings and the unasked returns (each a
  // re-attendance, the same illness as a repeat case). A chronic patient's or a mother's next booking, made at
  // the return, is kept when it is still to come.
  await tx.execute(sql`
    create temp table seed_op_visits on commit drop as
    with v as (
      select o.patient_no, o.key, 'first' as kind, o.facility_id, o.level, o.tier, o.at, o.band, o.age_days, o.female, o.cond,
             o.clinician_id, o.referred_from, o.referred_to, o.outcome, o.outcome_at,
             case when o.chronic and o.known then 'repeat' else 'new' end as case_type,
             r.follow_up, o.follow_up_service, r.fate
      from seed_op_outcomes o left join seed_op_returns r using (patient_no)
      union all
      select o.patient_no, o.key + 500, 'booked', o.facility_id, o.level, o.tier, r.return_at, o.band,
             o.age_days + (r.follow_up - o.day), o.female, o.cond,
             s.clinicians[1 + floor(${draw('o.key', 21)} * cardinality(s.clinicians))::int], null, null, 'sent_home', null, 'repeat',
             n.follow_up, case when n.follow_up is not null then o.follow_up_service end, case when n.follow_up is not null then 'scheduled' end
      from seed_op_outcomes o
      join seed_op_returns r using (patient_no)
      join seed_op_sites s using (facility_id)
      join seed_op_conditions c using (cond)
      left join lateral (
        select ${booking('r.follow_up', 'c.follow_days', drawText('o.key', 22))} as follow_up where o.chronic or o.follow_up_service = 'anc'
      ) n on n.follow_up >= ${to}::date
      where r.fate = 'completed'
      union all
      select o.patient_no, o.key + 700, 'unasked', o.facility_id, o.level, o.tier, o.back_at, o.band,
             o.age_days + ((o.back_at at time zone 'UTC' + ${sql.raw(COUNTY_OFFSET_INTERVAL)})::date - o.day), o.female, o.cond,
             s.clinicians[1 + floor(${draw('o.key', 23)} * cardinality(s.clinicians))::int], null, null, 'sent_home', null, 'repeat',
             null, null, null
      from seed_op_outcomes o join seed_op_sites s using (facility_id)
      where o.back_at < ${now}::timestamptz
    )
    select row_number() over (order by v.at, v.facility_id, v.patient_no, v.kind)::int as visit_no, v.*, v.kind = 'first' as first,
           ((v.at at time zone 'UTC') + ${sql.raw(COUNTY_OFFSET_INTERVAL)})::date as day,
           case when row_number() over (partition by v.patient_no, v.facility_id, extract(year from (v.at at time zone 'UTC') + ${sql.raw(COUNTY_OFFSET_INTERVAL)}) order by v.at) = 1
                then 'new' else 'revisit' end as visit_type
    from v`);

  await tx.execute(sql`
    create temp table seed_op_patients on commit drop as
    select f.patient_no, f.key, f.facility_id, f.at, f.day, f.band, f.age_days, f.female, f.known, max(v.at) as last_visit_at
    from seed_op_outcomes f join seed_op_visits v using (patient_no)
    group by f.patient_no, f.key, f.facility_id, f.at, f.day, f.band, f.age_days, f.female, f.known`);

  const counted = ((await tx.execute(sql`select (select count(*) from seed_op_patients)::int as patients, (select count(*) from seed_op_visits)::int as visits`)) as unknown as {
    rows: { patients: number; visits: number }[];
  }).rows[0]!;
  const plan: OutpatientPlan = { from, to, patients: counted.patients, visits: counted.visits };
  ctx.outpatientMonths = plan;
  return plan;
}

/**
 * Loads rows in bulk with the row triggers off where the seeding role may turn them off (a superuser: PGlite, as
 * `npm start` runs it), as the benchmark's generator does: per row, the foreign keys' checks and the patient
 * counters cost more than the rows themselves. These rows are right by construction — every key comes from the
 * plan or from rows written before — and a step that skips a counter keeps it itself (`off`). Elsewhere the
 * triggers run as for any insert.
 */
export async function withRowTriggersOff<T>(tx: Db, load: (off: boolean) => Promise<T>): Promise<T> {
  const [role] = ((await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`)) as unknown as { rows: { superuser: boolean }[] }).rows;
  const off = role?.superuser === true;
  if (off) await tx.execute(sql`set local session_replication_role = replica`);
  const result = await load(off);
  if (off) await tx.execute(sql`set local session_replication_role = origin`);
  return result;
}

/** The plan the earlier steps made: the patients step plans the months, the later steps find them here. */
export function outpatientPlan(ctx: SeedContext): OutpatientPlan {
  if (!ctx.outpatientMonths) throw new Error('The outpatient months are planned by the patients step, which runs first');
  return ctx.outpatientMonths;
}
