// The county-scale data set (issue 5, DESIGN.md §10): the demo county (113 facilities, staff, billing, stock)
// plus generated patients and visits, built set-based inside the database (generate_series into temporary
// tables, then one INSERT … SELECT per table), never row by row. Secondary indexes are dropped while loading
// and built again afterwards, which is how a bulk load is done on PostgreSQL.
import { SUBCOUNTIES } from '../src/shared/county.js';
import { VILLAGES, VISIT_TYPES } from '../src/server/db/seed/demo-people.js';
import { openDatabase } from '../src/server/db/client.js';
import { COUNTY_OFFSET_INTERVAL } from '../src/server/core/county-time.sql.js';
import { isSeeded, seedDemoCounty } from '../src/server/modules/index.js';
import { openHandle, type SqlHandle, type Target } from './db.js';
import { SERVICE_AMOUNT } from '../src/server/modules/billing/index.js';
import { BENCH_FEMALE_NAMES, BENCH_MALE_NAMES, BENCH_SURNAMES } from './names.js';

export type Scale = { patients: number; records: number };

export const FULL_SCALE: Scale = { patients: 1_000_000, records: 5_000_000 };
export const QUICK_SCALE: Scale = { patients: 20_000, records: 100_000 };

/** The tables the generator fills, whose secondary indexes it rebuilds after the load. */
const BULK_TABLES = ['patients', 'medical_records'];

export type DataSet = { patients: number; records: number; facilities: number; generatedSeconds: number | null };

async function counts(h: SqlHandle): Promise<Omit<DataSet, 'generatedSeconds'>> {
  const [row] = await h.query<{ patients: number; records: number; facilities: number }>(
    `select (select count(*) from patients)::int as patients, (select count(*) from medical_records)::int as records,
            (select count(*) from facilities)::int as facilities`,
  );
  return row!;
}

/** Repeats each value by its weight: an array to index with random(), for a weighted pick in SQL. */
function slots<T>(weighted: readonly (readonly [T, number])[]): T[] {
  return weighted.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
}

/** A pick from a SQL array skewed towards its first elements (power > 1): the common names come first. */
const skewedPick = (array: string, power = 1.8) => `(${array})[1 + floor(power(random(), ${power}) * cardinality(${array}))::int]`;
const uniformPick = (array: string) => `(${array})[1 + floor(random() * cardinality(${array}))::int]`;

/**
 * Makes sure the target holds the demo county with `scale` patients and records in all. An existing data set
 * of that size is kept (generating a million patients takes minutes); `regenerate` starts again from nothing.
 */
export async function prepareDataSet(target: Target, scale: Scale, opts: { regenerate: boolean; log: (line: string) => void }): Promise<DataSet> {
  const started = Date.now();
  const database = await openDatabase(target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir });
  try {
    await database.migrate();
    if (opts.regenerate && (await isSeeded(database.db))) {
      opts.log('dropping the previous data set');
      for (const statement of ['drop schema public cascade', 'create schema public', 'drop schema if exists drizzle cascade']) await database.db.execute(statement);
      await database.migrate();
    }
    if (!(await isSeeded(database.db))) {
      opts.log('seeding the demo county');
      await seedDemoCounty(database.db, { now: new Date() });
    }
  } finally {
    await database.close();
  }

  const h = await openHandle(target);
  try {
    const before = await counts(h);
    if (before.patients >= scale.patients * 0.99 && before.records >= scale.records * 0.99) {
      opts.log(`keeping the existing data set: ${before.patients} patients, ${before.records} records`);
      await codeVisits(h, opts.log);
      await ledgerForVisits(h, opts.log);
      return { ...before, generatedSeconds: null };
    }
    if (before.patients > 1000) throw new Error(`the database holds ${before.patients} patients, not ${scale.patients}: run with --regenerate`);
    await generate(h, scale.patients - before.patients, scale.records - before.records, opts.log);
    const after = await counts(h);
    return { ...after, generatedSeconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await h.close();
  }
}

async function timed(log: (line: string) => void, what: string, run: () => Promise<unknown>): Promise<void> {
  const t = Date.now();
  await run();
  log(`${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

async function generate(h: SqlHandle, patients: number, records: number, log: (line: string) => void): Promise<void> {
  log(`generating ${patients} patients and ${records} medical records`);
  if (h.kind === 'postgres') {
    await h.query(`set maintenance_work_mem = '1GB'`);
    await h.query(`set work_mem = '256MB'`);
  }
  await h.query('select setseed(0.2026)');

  const facilities = await h.query<{ id: number; level: number; subcounty: string }>('select id, level, subcounty from facilities order by id');
  // Where people register: the referral hospital and the sub-county hospitals carry most of the county's load.
  const levelWeight: Record<number, number> = { 6: 40, 5: 40, 4: 12, 3: 4, 2: 1 };
  const facilitySlots = slots(facilities.map((f) => [f.id, levelWeight[f.level] ?? 1] as const));
  const users = await h.query<{ id: number; role: string }>('select id, role from users where is_active');
  const registrars = users.filter((u) => ['records_officer', 'nurse'].includes(u.role)).map((u) => u.id);
  const clinicians = users.filter((u) => ['clinical_officer', 'nurse', 'nutritionist'].includes(u.role)).map((u) => u.id);
  const visitSlots = slots(VISIT_TYPES.map((v, i) => [i + 1, v.weight] as const));
  const chronic = VISIT_TYPES.flatMap((v, i) => (['Hypertension', 'Diabetes mellitus', 'Normal pregnancy', 'Moderate acute malnutrition'].includes(v.diagnosis) ? [i + 1] : []));
  const villages = Object.fromEntries(SUBCOUNTIES.map((s) => [s, VILLAGES[s]]));

  await h.query('drop table if exists gen_visit_types, gen_patients, gen_visits');
  await h.query(
    `create temp table gen_visit_types as
       select * from json_to_recordset($1::json) as t(idx int, complaint text, diagnosis text, treatment text, prescription text)`,
    [JSON.stringify(VISIT_TYPES.map((v, i) => ({ idx: i + 1, complaint: v.complaint, diagnosis: v.diagnosis, treatment: v.treatment, prescription: v.prescription })))],
  );

  await timed(log, 'people', () =>
    h.query(
      `create temp table gen_patients as
       with drawn as (
         select g, random() as u_age, random() < 0.54 as female, random() as u_created,
                ($1::int[])[1 + floor(random() * cardinality($1::int[]))::int] as facility_id
         from generate_series(1, $2::int) g
       ), aged as (
         select *, case when u_age < 0.35 then floor(random() * 18)
                        when u_age < 0.63 then 18 + floor(random() * 18)
                        when u_age < 0.88 then 36 + floor(random() * 25)
                        else 61 + floor(random() * 30) end::int as age
         from drawn
       )
       select a.g, a.facility_id, a.female, a.age,
              -- How many times this person has been seen: 1 to 2v-1, v on average.
              1 + floor(random() * ($8::float8 * 2 - 1))::int as visits,
              -- Adults register with their national ID, children with a birth certificate number
              -- (domain/KENYA.md). Multiplying by a constant prime to the range is a bijection: no duplicates.
              case when a.age < 18 then 'BC' || (10000000 + (a.g::bigint * 2654435761) % 90000000)::text
                   else (8000000 + (a.g::bigint * 2654435761) % 32000000)::text end as national_id,
              case when a.female then ${skewedPick('$3::text[]')} else ${skewedPick('$4::text[]')} end as first_name,
              case when random() < 0.4 then ${skewedPick('$5::text[]')} end as middle_name,
              ${skewedPick('$5::text[]')} as last_name,
              (current_date - (a.age * 365 + floor(random() * 365))::int) as date_of_birth,
              case when a.age >= 18 and random() < 0.9 then '+2547' || (array['0','1','2','9'])[1 + floor(random() * 4)::int] || lpad(floor(random() * 10000000)::text, 7, '0') end as phone_number,
              case when random() < 0.8 then ${uniformPick('$3::text[]')} || ' ' || ${skewedPick('$5::text[]')} end as next_of_kin,
              case when random() < 0.75 then '+2547' || (array['0','1','2','9'])[1 + floor(random() * 4)::int] || lpad(floor(random() * 10000000)::text, 7, '0') end as next_of_kin_phone,
              f.subcounty, f.ward,
              ($6::jsonb -> f.subcounty) ->> floor(random() * jsonb_array_length($6::jsonb -> f.subcounty))::int as village,
              ($7::int[])[1 + floor(random() * cardinality($7::int[]))::int] as created_by,
              -- Registered at any time in the last five years, during working hours.
              date_trunc('day', now() - (random() * 1825) * interval '1 day') + interval '5 hours' + random() * interval '9 hours' as created_at
       from aged a join facilities f on f.id = a.facility_id`,
      [facilitySlots, patients, BENCH_FEMALE_NAMES, BENCH_MALE_NAMES, BENCH_SURNAMES, JSON.stringify(villages), registrars, records / patients],
    ),
  );
  // A person already in the demo county keeps their ID; the generated twin is left out.
  await h.query('delete from gen_patients g using patients p where p.national_id = g.national_id');
  await h.query(`update gen_patients set created_at = least(created_at, now() - interval '1 hour')`);

  await timed(log, 'visits', () =>
    h.query(
      `create temp table gen_visits as
       select p.g, p.facility_id as home_facility, v.n,
              -- The first visit is at registration; the others fall between then and now.
              case when v.n = 1 then p.created_at + interval '20 minutes'
                   else p.created_at + (now() - p.created_at) * random() end as visit_at,
              ($1::int[])[1 + floor(random() * cardinality($1::int[]))::int] as visit_type,
              random() as u_facility, random() as u_follow_up
       from gen_patients p
       cross join lateral generate_series(1, p.visits) v(n)`,
      [visitSlots],
    ),
  );

  const [{ base }] = (await h.query<{ base: number }>('select coalesce(max(id), 0)::int as base from patients')) as [{ base: number }];
  const indexes = await h.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = any($1::text[]) and indexdef not like 'CREATE UNIQUE INDEX%'`,
    [BULK_TABLES],
  );
  for (const i of indexes) await h.query(`drop index ${i.indexname}`);
  // The rows are correct by construction: skip the row triggers (foreign keys, counters) while loading.
  await h.query(`set session_replication_role = replica`);
  try {
    await timed(log, 'patients', () =>
      h.query(
        `insert into patients (id, national_id, first_name, middle_name, last_name, date_of_birth, gender, phone_number,
                               next_of_kin, next_of_kin_phone, subcounty, ward, village, facility_id, created_by,
                               created_at, updated_at, last_visit_at)
         select $1::int + row_number() over (order by p.created_at, p.g), p.national_id, p.first_name, p.middle_name,
                p.last_name, p.date_of_birth, case when p.female then 'female' else 'male' end, p.phone_number,
                p.next_of_kin, p.next_of_kin_phone, p.subcounty, p.ward, p.village, p.facility_id, p.created_by,
                p.created_at, p.created_at, least(v.last_visit, now())
         from gen_patients p join (select g, max(visit_at) as last_visit from gen_visits group by g) v using (g)`,
        [base],
      ),
    );
    await timed(log, 'medical records', () =>
      h.query(
        `insert into medical_records (patient_id, facility_id, clinician_id, chief_complaint, diagnosis, treatment,
                                      prescription, notes, follow_up_date, visit_date, created_at, visit_type, spo2, temperature_c)
         select patient_id, facility_id, clinician_id, chief_complaint, diagnosis, treatment, prescription, notes,
                follow_up_date, visit_date, created_at,
                -- The OPD convention: the first visit to the facility in the (county) calendar year is new.
                case when row_number() over (partition by patient_id, facility_id, extract(year from visit_date at time zone 'Africa/Nairobi') order by visit_date) = 1
                     then 'new' else 'revisit' end,
                case when random() < 0.8 then (case when random() < 0.02 then 85 + floor(random() * 5) else 93 + floor(random() * 7) end)::smallint end,
                case when random() < 0.8 then round((36 + random() * 3.5)::numeric, 1) end
         from (
         select pid.id as patient_id, case when v.u_facility < 0.85 then v.home_facility else 1 + floor(v.u_facility * 1000)::int % 6 end as facility_id,
                ($1::int[])[1 + floor(random() * cardinality($1::int[]))::int] as clinician_id,
                t.complaint as chief_complaint, t.diagnosis, t.treatment, t.prescription,
                case when random() < 0.3 then (array['Patient counselled on adherence.', 'Advised to return if symptoms persist.', 'Vitals stable.', 'Health education given.'])[1 + floor(random() * 4)::int] end as notes,
                case when v.visit_type = any($2::int[]) or v.u_follow_up < 0.2
                     then ((v.visit_at at time zone 'UTC') + ${COUNTY_OFFSET_INTERVAL})::date + (array[7, 14, 28, 30])[1 + floor(random() * 4)::int] end as follow_up_date,
                least(v.visit_at, now()) as visit_date, least(v.visit_at, now()) as created_at
         from gen_visits v
         join gen_visit_types t on t.idx = v.visit_type
         join (select g, $3::int + row_number() over (order by created_at, g) as id from gen_patients) pid using (g)
         ) visit
         order by visit_date`,
        [clinicians, chronic, base],
      ),
    );
  } finally {
    await h.query(`set session_replication_role = origin`);
  }
  for (const i of indexes) await timed(log, `index ${i.indexname}`, () => h.query(i.indexdef));
  for (const table of ['patients', 'medical_records']) {
    await h.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await h.query('drop table gen_visit_types, gen_patients, gen_visits');
  await codeVisits(h, log);
  await ledgerForVisits(h, log);
  await afterBulkLoad(h);
  await timed(log, 'vacuum analyze', () => h.query('vacuum analyze'));
}

/**
 * Codes the generated visits as the clinicians would have (issue 13): each visit's ICD-11 codes from its condition
 * (VISIT_TYPES), new cases except a chronic condition seen again, new or re-attendance by the OPD convention (the
 * patient's first visit to the facility in the calendar year), and an SpO2 at most visits. It also codes a data set
 * generated before coding existed, so an existing million patients need not be generated again.
 */
async function codeVisits(h: SqlHandle, log: (line: string) => void): Promise<void> {
  const [coded] = await h.query<{ n: number }>('select count(*)::int as n from medical_record_diagnoses');
  const [visits] = await h.query<{ n: number }>('select count(*)::int as n from medical_records');
  if (coded!.n >= visits!.n * 0.5) return;
  const types = VISIT_TYPES.map((v) => ({ complaint: v.complaint, codes: [...v.codes], chronic: ['Hypertension', 'Diabetes mellitus', 'Moderate acute malnutrition'].includes(v.diagnosis) }));
  await h.query('drop table if exists gen_codes');
  await h.query(`create temp table gen_codes as select * from json_to_recordset($1::json) as t(complaint text, codes text[], chronic boolean)`, [JSON.stringify(types)]);
  await h.query(`set session_replication_role = replica`);
  try {
    await timed(log, 'coded diagnoses', () =>
      h.query(
        `insert into medical_record_diagnoses (record_id, position, code, case_type)
         select m.id, c.ord - 1, c.code,
                case when t.chronic and m.visit_date > p.created_at + interval '1 day' then 'repeat' else 'new' end
         from medical_records m
         join gen_codes t on t.complaint = m.chief_complaint
         join patients p on p.id = m.patient_id
         cross join lateral unnest(t.codes) with ordinality c(code, ord)
         where not exists (select 1 from medical_record_diagnoses d where d.record_id = m.id)`,
      ),
    );
    // A data set generated before coding: its generated visits all read 'new' (the migration's default), where a
    // coded one has about four revisits in five.
    const [revisits] = await h.query<{ share: number }>(`select (count(*) filter (where visit_type = 'revisit'))::float8 / greatest(count(*), 1) as share from medical_records`);
    if (revisits!.share > 0.2) return;
    await timed(log, 'visit types and vitals', () =>
      h.query(
        `update medical_records m set visit_type = case when r.n = 1 then 'new' else 'revisit' end,
                spo2 = case when random() < 0.8 then (case when random() < 0.02 then 85 + floor(random() * 5) else 93 + floor(random() * 7) end)::smallint end,
                temperature_c = case when random() < 0.8 then round((36 + random() * 3.5)::numeric, 1) end
         from (select id, row_number() over (partition by patient_id, facility_id, extract(year from visit_date at time zone 'Africa/Nairobi') order by visit_date, id) as n
               from medical_records) r
         where r.id = m.id`,
      ),
    );
  } finally {
    await h.query(`set session_replication_role = origin`);
  }
  await h.query('drop table gen_codes');
}

/**
 * The ledger of the generated visits (issue 14: "the bench data set gets journals for its visits' invoices and
 * payments"): most visits at hospitals and health centres are billed (as the demo county's seed bills them), and
 * most bills are paid the same day by M-Pesa or cash — one invoice journal (Dr 1230 / Cr 4110 or 4120) and one
 * payment journal (Dr 1130 or 1140 / Cr 1230) each, as billing.ledger.ts posts them, with the facility and cost
 * centre. Loaded in bulk with the row triggers off (the lines balance by construction: two lines of one amount), so
 * the period balances are then counted again from every posted line. Their source ids are offset past any real
 * invoice or payment (100,000,000 + visit id, 200,000,000 + visit id). Kept when present.
 */
async function ledgerForVisits(h: SqlHandle, log: (line: string) => void): Promise<void> {
  const [posted] = await h.query<{ n: number }>(`select count(*)::int as n from journals where source_id >= 100000000`);
  const [visits] = await h.query<{ n: number }>('select count(*)::int as n from medical_records');
  if (posted!.n >= visits!.n * 0.5) return;
  if (h.kind === 'postgres') await h.query(`set work_mem = '256MB'`);
  const services = VISIT_TYPES.map((v) => ({ complaint: v.complaint, service: v.service, lo: SERVICE_AMOUNT[v.service]![0], hi: SERVICE_AMOUNT[v.service]![1] }));
  await h.query('drop table if exists gen_services, gen_bills');
  await h.query(`create temp table gen_services as select * from json_to_recordset($1::json) as t(complaint text, service text, lo int, hi int)`, [JSON.stringify(services)]);
  await timed(log, 'bills', () =>
    h.query(
      `create temp table gen_bills as
       select m.id as visit_id, m.facility_id, ((m.visit_date at time zone 'UTC') + ${COUNTY_OFFSET_INTERVAL})::date as day, s.service,
              (round((s.lo + random() * (s.hi - s.lo)) / 50) * 50)::numeric(12, 2) as amount,
              random() < 0.8 as paid, random() < 0.55 as mpesa
       from medical_records m
       join facilities f on f.id = m.facility_id
       join gen_services s on s.complaint = m.chief_complaint
       where random() < case when f.level >= 4 then 0.85 when f.level = 3 then 0.55 else 0.2 end`,
    ),
  );
  const [{ base }] = (await h.query<{ base: number }>('select coalesce(max(id), 0)::int as base from journals')) as [{ base: number }];
  const [{ lineBase }] = (await h.query<{ lineBase: number }>('select coalesce(max(id), 0)::int as "lineBase" from journal_lines')) as [{ lineBase: number }];
  const indexes = await h.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1::text[]) and indexdef not like 'CREATE UNIQUE INDEX%'`,
    [['journals', 'journal_lines']],
  );
  for (const i of indexes) await h.query(`drop index ${i.indexname}`);
  await h.query(`set session_replication_role = replica`);
  try {
    const costCentre = `case b.service when 'consultation' then 'opd' when 'surgery' then 'theatre' else b.service end`;
    await timed(log, 'ledger journals', () =>
      h.query(
        `insert into journals (id, number, date, description, reference, source_type, source_id, status, created_at, posted_at)
         select $1::int + row_number() over (order by b.day, b.visit_id, k.kind), 'JNL-BENCH-' || k.kind || '-' || b.visit_id, b.day,
                case k.kind when 'inv' then 'Invoice (generated) for a ' || b.service || ' visit' else 'Payment (generated) for a ' || b.service || ' visit' end,
                null, case k.kind when 'inv' then 'invoice' else 'payment' end,
                case k.kind when 'inv' then 100000000 else 200000000 end + b.visit_id, 'posted', now(), now()
         from gen_bills b cross join (values ('inv'), ('pay')) k(kind)
         where k.kind = 'inv' or b.paid`,
        [base],
      ),
    );
    await timed(log, 'ledger lines', () =>
      h.query(
        `insert into journal_lines (id, journal_id, line_no, account_code, debit, credit, facility_id, fund, cost_centre)
         select $1::int + row_number() over (order by j.id, l.line_no), j.id, l.line_no, l.account_code, l.debit, l.credit, b.facility_id, 'fif', ${costCentre}
         from journals j
         join gen_bills b on b.visit_id = j.source_id - case j.source_type when 'invoice' then 100000000 else 200000000 end
         cross join lateral (values
           (1, case when j.source_type = 'invoice' then '1230' when b.mpesa then '1130' else '1140' end, b.amount, 0::numeric),
           (2, case when j.source_type = 'payment' then '1230' when b.service in ('emergency', 'surgery', 'maternity') then '4120' else '4110' end, 0::numeric, b.amount)
         ) l(line_no, account_code, debit, credit)
         where j.id > $2::int`,
        [lineBase, base],
      ),
    );
  } finally {
    await h.query(`set session_replication_role = origin`);
  }
  for (const i of indexes) await timed(log, `index ${i.indexname}`, () => h.query(i.indexdef));
  for (const table of ['journals', 'journal_lines']) await h.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  // The period balances the triggers would have kept, counted again from every posted line.
  await timed(log, 'period balances', async () => {
    await h.query('delete from account_balances');
    await h.query(
      `insert into account_balances (period, account_code, facility_id, fund, cost_centre, closing, debit, credit)
       select date_trunc('month', j.date)::date, l.account_code, l.facility_id, l.fund, l.cost_centre, j.source_type = 'year_close', sum(l.debit), sum(l.credit)
       from journal_lines l join journals j on j.id = l.journal_id where j.status = 'posted' group by 1, 2, 3, 4, 5, 6`,
    );
  });
  const [check] = await h.query<{ unbalanced: number }>(
    `select count(*)::int as unbalanced from (select journal_id from journal_lines where journal_id > $1::int group by journal_id having sum(debit) <> sum(credit)) x`,
    [base],
  );
  if (check!.unbalanced > 0) throw new Error(`${check!.unbalanced} generated journals do not balance`);
  await h.query('drop table gen_services, gen_bills');
}

/**
 * What the row triggers skipped during the load: the kept patient counts (drizzle/0004_county_scale.sql, 0017) are
 * counted again from the rows, as that migration does for an existing database.
 */
async function afterBulkLoad(h: SqlHandle): Promise<void> {
  await h.query('delete from patient_counts');
  await h.query(
    `insert into patient_counts (facility_id, gender, birth_year, patients)
     select facility_id, gender, extract(year from date_of_birth)::smallint, count(*)::int from patients group by 1, 2, 3`,
  );
  await h.query('delete from patient_total_shards');
  await h.query('insert into patient_total_shards (shard, patients) select id % 16, count(*)::int from patients group by 1');
}
