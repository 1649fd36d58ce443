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

/** movements: the stock ledger's generated receipts and issues over the last year (DESIGN.md §10: 500,000). */
export type Scale = { patients: number; records: number; movements: number };

export const FULL_SCALE: Scale = { patients: 1_000_000, records: 5_000_000, movements: 500_000 };
export const QUICK_SCALE: Scale = { patients: 20_000, records: 100_000, movements: 10_000 };

/** The tables the generator fills, whose secondary indexes it rebuilds after the load. */
const BULK_TABLES = ['patients', 'medical_records'];

export type DataSet = {
  patients: number;
  records: number;
  facilities: number;
  /** Purchase orders, supplier invoices and stock movements (issue 28 item 11). */
  orders: number;
  invoices: number;
  movements: number;
  generatedSeconds: number | null;
};

async function counts(h: SqlHandle): Promise<Omit<DataSet, 'generatedSeconds'>> {
  const [row] = await h.query<Omit<DataSet, 'generatedSeconds'>>(
    `select (select count(*) from patients)::int as patients, (select count(*) from medical_records)::int as records,
            (select count(*) from facilities)::int as facilities, (select count(*) from procurement_orders)::int as orders,
            (select count(*) from procurement_invoices)::int as invoices, (select count(*) from stock_movements)::int as movements`,
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
      // A data set generated before issue 28 gets its year of orders and stock movements now (kept when present).
      const supply = await ordersForYear(h, opts.log);
      const stock = await stockForYear(h, scale.movements, opts.log);
      if (supply || stock) await timed(opts.log, 'vacuum analyze (procurement and stock)', () => h.query(`vacuum analyze ${SUPPLY_TABLES.join(', ')}`));
      return { ...(await counts(h)), generatedSeconds: null };
    }
    if (before.patients > 1000) throw new Error(`the database holds ${before.patients} patients, not ${scale.patients}: run with --regenerate`);
    await generate(h, scale.patients - before.patients, scale.records - before.records, opts.log);
    await ordersForYear(h, opts.log);
    await stockForYear(h, scale.movements, opts.log);
    await timed(opts.log, 'vacuum analyze (procurement and stock)', () => h.query(`vacuum analyze ${SUPPLY_TABLES.join(', ')}`));
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
  // The period and day balances the triggers would have kept, counted again from every posted line.
  await timed(log, 'period balances', async () => {
    await h.query('delete from account_balances');
    await h.query(
      `insert into account_balances (period, account_code, facility_id, fund, cost_centre, closing, debit, credit)
       select date_trunc('month', j.date)::date, l.account_code, l.facility_id, l.fund, l.cost_centre, j.source_type = 'year_close', sum(l.debit), sum(l.credit)
       from journal_lines l join journals j on j.id = l.journal_id where j.status = 'posted' group by 1, 2, 3, 4, 5, 6`,
    );
    await h.query('delete from account_days');
    await h.query(
      `insert into account_days (day, account_code, facility_id, debit, credit)
       select j.date, l.account_code, l.facility_id, sum(l.debit), sum(l.credit)
       from journal_lines l join journals j on j.id = l.journal_id
       where j.status = 'posted' and j.source_type is distinct from 'year_close' group by 1, 2, 3`,
    );
  });
  const [check] = await h.query<{ unbalanced: number }>(
    `select count(*)::int as unbalanced from (select journal_id from journal_lines where journal_id > $1::int group by journal_id having sum(debit) <> sum(credit)) x`,
    [base],
  );
  if (check!.unbalanced > 0) throw new Error(`${check!.unbalanced} generated journals do not balance`);
  await h.query('drop table gen_services, gen_bills');
}

/** The tables the year of orders and stock movements fills (analysed again afterwards). */
const SUPPLY_TABLES = [
  'procurement_orders',
  'procurement_order_items',
  'procurement_invoices',
  'procurement_invoice_items',
  'procurement_payments',
  'procurement_payment_invoices',
  'inventory_items',
  'inventory_batches',
  'stock_movements',
];

/** A timestamptz expression's county date (East Africa Time). */
const countyDay = (ts: string) => `((${ts} at time zone 'UTC') + ${COUNTY_OFFSET_INTERVAL})::date`;

/** Purchase orders a facility raises in a year, by KEPH level: a dispensary twice a month, the referral hospital daily. */
const ORDERS_PER_YEAR: Record<number, number> = { 2: 24, 3: 48, 4: 120, 5: 250, 6: 300 };

/**
 * A year of procurement for every facility (issue 28 item 11, DESIGN.md §10: "a year of orders" for the pending
 * bills): each facility's LPOs and LSOs of the last 365 days in every state from draft to paid — the older the
 * order, the further along — with their lines (the facility's own stock lines of the county catalogue, or a
 * service), and for the invoiced and paid ones the supplier's invoice (matched, or held with a price difference)
 * and the paid ones' payment vouchers. On top, three tenths as many again from one to four years back, invoiced and
 * mostly never paid: the pending bills the county carries, so every ageing bucket has rows. Set-based, one
 * INSERT … SELECT per table with the row triggers off (the rows are consistent by construction); not posted to the
 * ledger (the benchmark reads the procurement tables only). Numbers carry "-BENCH-" so they never meet the gapless
 * series. Kept when present; returns whether it generated.
 */
async function ordersForYear(h: SqlHandle, log: (line: string) => void): Promise<boolean> {
  const [present] = await h.query<{ n: number }>(`select count(*)::int as n from procurement_orders where number like '%-BENCH-%'`);
  if (present!.n > 0) return false;
  const people = await h.query<{ id: number; role: string; facility_id: number | null }>(
    `select id, role, facility_id from users where is_active and role <> 'admin' order by id`,
  );
  const officer = people.find((p) => p.role === 'procurement_officer') ?? people[0]!;
  const director = people.find((p) => p.role === 'county_director') ?? people[0]!;
  // Who asks for goods: the facility's pharmacists, in-charges, nurses and laboratory staff (the referral hospital's
  // when the facility has none of its own); never the approver (procurement_orders_approver_check).
  const askers = people.filter((p) => ['pharmacist', 'facility_incharge', 'nurse', 'lab_technician'].includes(p.role) && p.id !== director.id && p.id !== officer.id);
  const fallbackAskers = askers.filter((p) => p.facility_id === 1).map((p) => p.id);
  const payers = people.filter((p) => p.role === 'facility_incharge').map((p) => p.id);
  const suppliers = await h.query<{ id: number; type: string; category: string }>(`select id, type, category from procurement_suppliers where status = 'approved' and type <> 'donor' order by id`);
  const ids = (keep: (s: { type: string; category: string }) => boolean) => suppliers.filter(keep).map((s) => s.id);
  const publicSuppliers = ids((s) => s.type === 'public_entity' || s.type === 'faith_based');
  const goodsFirms = ids((s) => s.type === 'commercial' && s.category !== 'services');
  const serviceFirms = ids((s) => s.category === 'services');
  if (suppliers.length === 0 || askers.length === 0 || payers.length === 0) throw new Error('the demo county has no suppliers, requisitioners or in-charges to generate orders with');
  const or = (list: number[]) => (list.length > 0 ? list : suppliers.map((s) => s.id));
  const started = Date.now();

  await h.query('drop table if exists gen_askers, gen_orders, gen_order_items, gen_invoices, gen_invoice_items, gen_payments');
  await h.query(
    `create temp table gen_askers as select facility_id, array_agg(id order by id) as ids from json_to_recordset($1::json) as t(id int, facility_id int) group by facility_id`,
    [JSON.stringify(askers.map((p) => ({ id: p.id, facility_id: p.facility_id })))],
  );
  const pick = (array: string) => `(${array})[1 + floor(random() * cardinality(${array}))::int]`;
  const approvedStates = `('approved', 'in_transit', 'partially_delivered', 'delivered', 'invoiced', 'paid')`;
  const [{ orderBase }] = (await h.query<{ orderBase: number }>('select coalesce(max(id), 0)::int as "orderBase" from procurement_orders')) as [{ orderBase: number }];
  await h.query(
    `create temp table gen_orders as
     with drawn as (
       select f.id as facility_id, g.n > y.per_year as old,
              -- Raised on a working day between 08:00 and 17:00 in the county; the older ones one to four years back.
              least(now() - interval '1 hour',
                    date_trunc('day', now() - (case when g.n > y.per_year then 365 + random() * 1095 else random() * 365 end) * interval '1 day')
                    + interval '5 hours' + random() * interval '9 hours') as created_at,
              random() as u_status, random() as u_kind, random() as u_supplier, random() as u_method, random() as u_held
       from facilities f
       cross join lateral (select (($1::jsonb) ->> f.level::text)::int as per_year) y
       cross join lateral generate_series(1, y.per_year + y.per_year * 3 / 10) g(n)
     ), staged as (
       select d.*, extract(epoch from now() - d.created_at) / 86400 as age,
              case when d.u_kind < 0.9 then 'goods' when d.u_kind < 0.98 then 'services' else 'works' end as kind
       from drawn d
     ), placed as (
       select s.*,
              case when s.old then (case when s.u_status < 0.35 then 'paid' else 'invoiced' end)
                   when s.age < 7 then (case when s.u_status < 0.2 then 'draft' when s.u_status < 0.6 then 'pending_approval' when s.u_status < 0.85 then 'approved'
                                             when s.u_status < 0.9 then 'rejected' when s.u_status < 0.95 then 'cancelled' else 'in_transit' end)
                   when s.age < 30 then (case when s.u_status < 0.1 then 'approved' when s.u_status < 0.35 then 'in_transit' when s.u_status < 0.5 then 'partially_delivered'
                                              when s.u_status < 0.75 then 'delivered' when s.u_status < 0.95 then 'invoiced' when s.u_status < 0.98 then 'cancelled' else 'rejected' end)
                   else (case when s.u_status < 0.05 then 'delivered' when s.u_status < 0.08 then 'partially_delivered' when s.u_status < 0.33 then 'invoiced'
                              when s.u_status < 0.95 then 'paid' when s.u_status < 0.98 then 'cancelled' else 'rejected' end) end as status,
              case when s.kind <> 'goods' then ${pick('$4::int[]')}
                   when s.u_supplier < 0.7 then ${pick('$2::int[]')} else ${pick('$3::int[]')} end as supplier_id
       from staged s
     )
     select $6::int + row_number() over (order by p.created_at, p.facility_id) as id, p.*,
            case when p.kind = 'goods' then 1 + floor(random() * 8)::int else 1 end as lines,
            case when p.kind <> 'goods' then 'rfq'
                 when p.supplier_id = any($2::int[]) then 'public_entity'
                 when p.u_method < 0.5 then 'rfq' when p.u_method < 0.85 then 'low_value' when p.u_method < 0.9 then 'direct' else 'open_tender' end as method,
            (array['fif', 'fif', 'fif', 'fif', 'fif', 'fif', 'fif', 'exchequer', 'exchequer', 'sha'])[1 + floor(random() * 10)::int] as fund,
            case when p.kind <> 'goods' then (array['administration', 'theatre', 'radiology'])[1 + floor(random() * 3)::int]
                 else (array['pharmacy', 'pharmacy', 'pharmacy', 'pharmacy', 'pharmacy', 'pharmacy', 'laboratory', 'laboratory', 'maternity', 'opd'])[1 + floor(random() * 10)::int] end as cost_centre,
            coalesce(a.ids[1 + floor(random() * cardinality(a.ids))::int], ${pick('$5::int[]')}) as requested_by,
            p.status in ${approvedStates} as approved,
            -- Delivered ten to twenty-five days after it was raised; invoiced two to twenty days later; paid twenty to ninety days after that.
            least(now(), p.created_at + (10 + random() * 15) * interval '1 day') as delivered_at,
            least(now(), p.created_at + (12 + random() * 33) * interval '1 day') as invoiced_at,
            20 + floor(random() * 70)::int as pay_days
     from placed p left join gen_askers a on a.facility_id = p.facility_id`,
    [JSON.stringify(ORDERS_PER_YEAR), or(publicSuppliers), or(goodsFirms), or(serviceFirms), fallbackAskers.length > 0 ? fallbackAskers : askers.map((p) => p.id), orderBase],
  );

  const [{ itemBase }] = (await h.query<{ itemBase: number }>('select coalesce(max(id), 0)::int as "itemBase" from procurement_order_items')) as [{ itemBase: number }];
  // Goods: one to eight different items of the county catalogue, each on the facility's own stock line when it has one,
  // in a month or two of its use at about its stock price. Services and works: one line.
  await h.query(
    `create temp table gen_order_items as
     select $1::int + row_number() over (order by l.order_id, l.line_no) as id, l.*
     from (
       select o.id as order_id, c.line_no, c.id as catalog_item_id, s.id as inventory_item_id, c.name as item_name, c.unit, c.category,
              greatest(10, round(coalesce(nullif(s.minimum_stock, 0), 100) * (0.5 + random() * 1.5) / 10) * 10)::int as quantity,
              round(coalesce(nullif(s.unit_cost, 0), 10) * (0.95 + random() * 0.15)::numeric, 2)::numeric(12, 2) as unit_price
       from gen_orders o
       cross join lateral (
         select x.*, row_number() over (order by x.r) as line_no
         from (select c.*, random() as r from procurement_catalog_items c where o.kind = 'goods' order by r limit o.lines) x
       ) c
       left join inventory_items s on s.facility_id = o.facility_id and s.catalog_item_id = c.id
       union all
       select o.id, 1, null, null,
              case o.kind when 'works' then (array['Renovation of the maternity ward', 'Drainage and roof repairs', 'Incinerator rehabilitation'])[1 + floor(random() * 3)::int]
                   else (array['Autoclave and theatre equipment servicing', 'Oxygen concentrator maintenance', 'Laboratory analyser service contract', 'Cleaning services (quarter)'])[1 + floor(random() * 4)::int] end,
              'lot', null, 1, round((20000 + random() * 480000)::numeric, -2)::numeric(12, 2)
       from gen_orders o where o.kind <> 'goods'
     ) l`,
    [itemBase],
  );

  const [{ invoiceBase }] = (await h.query<{ invoiceBase: number }>('select coalesce(max(id), 0)::int as "invoiceBase" from procurement_invoices')) as [{ invoiceBase: number }];
  await h.query(
    `create temp table gen_invoices as
     select $1::int + row_number() over (order by o.invoiced_at, o.id) as id, o.id as order_id, o.facility_id, o.supplier_id, o.fund,
            ${countyDay('o.invoiced_at')} as invoice_date, o.invoiced_at,
            case when o.status = 'paid' then 'paid' when o.u_held < 0.15 then 'held' else 'matched' end as status,
            o.pay_days
     from gen_orders o where o.status in ('invoiced', 'paid')`,
    [invoiceBase],
  );
  // A held invoice asks 15 % over the order's price on its first line (the tolerance is 2 %).
  await h.query(
    `create temp table gen_invoice_items as
     select v.id as invoice_id, i.id as order_item_id, i.line_no, i.item_name, i.quantity, i.unit_price as order_price,
            case when v.status = 'held' and i.line_no = 1 then round(i.unit_price * 1.15, 2) else i.unit_price end::numeric(12, 2) as unit_price
     from gen_invoices v join gen_order_items i on i.order_id = v.order_id`,
  );
  const [{ paymentBase }] = (await h.query<{ paymentBase: number }>('select coalesce(max(id), 0)::int as "paymentBase" from procurement_payments')) as [{ paymentBase: number }];
  await h.query(
    `create temp table gen_payments as
     select $1::int + row_number() over (order by v.id) as id, v.id as invoice_id, v.facility_id, v.supplier_id, v.fund,
            least(${countyDay('now()')}, v.invoice_date + v.pay_days) as paid_on,
            ${pick('$2::int[]')} as paid_by
     from gen_invoices v where v.status = 'paid'`,
    [paymentBase, payers],
  );

  await h.query(`set session_replication_role = replica`);
  try {
    await h.query(
      `insert into procurement_orders (id, number, kind, facility_id, supplier_id, requested_by, prepared_by, priority, delivery_date, method, fund,
                                       account_code, cost_centre, egp_reference, ifmis_po_number, notes, status, total, submitted_at,
                                       approved_by, approved_at, rejected_by, rejected_at, rejection_reason, cancelled_by, cancelled_at,
                                       cancellation_reason, created_at, updated_at)
       select o.id, case when o.approved then (case o.kind when 'goods' then 'LPO' else 'LSO' end) || '-BENCH-' || lpad(o.id::text, 7, '0') end,
              o.kind, o.facility_id, o.supplier_id, o.requested_by, $1::int,
              (array['high', 'medium', 'medium', 'medium', 'low'])[1 + floor(random() * 5)::int],
              ${countyDay('o.created_at')} + 14 + floor(random() * 17)::int, o.method, o.fund,
              case when o.kind <> 'goods' then '5260' when t.category = 'laboratory' then '5252' when t.category = 'pharmaceuticals' then '5250' else '5251' end,
              o.cost_centre,
              case when o.approved and o.method in ('rfq', 'open_tender') then 'EGP-BSA-' || extract(year from o.created_at) || '-' || lpad(o.id::text, 6, '0') end,
              case when o.approved then '0' || (70000 + o.id)::text end,
              null, o.status, coalesce(t.total, 0),
              case when o.status <> 'draft' then o.created_at + interval '2 hours' end,
              case when o.approved then $2::int end, case when o.approved then least(now(), o.created_at + interval '26 hours') end,
              case when o.status = 'rejected' then $2::int end, case when o.status = 'rejected' then least(now(), o.created_at + interval '26 hours') end,
              case when o.status = 'rejected' then 'Over the vote: KEMSA lists these items for less' end,
              case when o.status = 'cancelled' then $1::int end, case when o.status = 'cancelled' then least(now(), o.created_at + interval '50 hours') end,
              case when o.status = 'cancelled' then 'Raised twice: the requisition was already ordered' end,
              o.created_at,
              case o.status when 'paid' then least(now(), o.invoiced_at + o.pay_days * interval '1 day') when 'invoiced' then o.invoiced_at
                            when 'delivered' then o.delivered_at when 'partially_delivered' then o.delivered_at
                            when 'draft' then o.created_at else least(now(), o.created_at + interval '26 hours') end
       from gen_orders o
       left join (select order_id, sum(quantity * unit_price)::numeric(12, 2) as total, (array_agg(category order by line_no))[1] as category
                  from gen_order_items group by order_id) t on t.order_id = o.id`,
      [officer.id, director.id],
    );
    await h.query(
      `insert into procurement_order_items (id, order_id, line_no, catalog_item_id, inventory_item_id, item_name, specification, unit, quantity, unit_price)
       select id, order_id, line_no, catalog_item_id, inventory_item_id, item_name, null, unit, quantity, unit_price from gen_order_items`,
    );
    await h.query(
      `insert into procurement_invoices (id, supplier_id, order_id, facility_id, invoice_number, invoice_date, total, status, differences, entered_by, entered_at, matched_at, updated_at)
       select v.id, v.supplier_id, v.order_id, v.facility_id, 'INV-BENCH-' || lpad(v.id::text, 7, '0'), v.invoice_date, t.total, v.status,
              case when v.status = 'held' then t.differences end, $1::int, v.invoiced_at,
              case when v.status <> 'held' then least(now(), v.invoiced_at + interval '1 day') end,
              case when v.status = 'held' then v.invoiced_at else least(now(), v.invoiced_at + interval '1 day') end
       from gen_invoices v
       join (select invoice_id, sum(quantity * unit_price)::numeric(12, 2) as total,
                    jsonb_agg(jsonb_build_object('orderItemId', order_item_id, 'itemName', item_name, 'ordered', quantity, 'accepted', quantity, 'invoiced', quantity,
                                                 'orderPrice', order_price, 'invoicePrice', unit_price, 'issue', 'price')) filter (where unit_price <> order_price) as differences
             from gen_invoice_items group by invoice_id) t on t.invoice_id = v.id`,
      [officer.id],
    );
    await h.query(`insert into procurement_invoice_items (invoice_id, order_item_id, quantity, unit_price) select invoice_id, order_item_id, quantity, unit_price from gen_invoice_items`);
    await h.query(
      `insert into procurement_payments (id, number, facility_id, supplier_id, fund, bank_account, paid_on, total, reference, paid_by, paid_at)
       select p.id, 'PV-BENCH-' || lpad(p.id::text, 7, '0'), p.facility_id, p.supplier_id, p.fund, case when p.fund = 'fif' then '1120' else '1110' end,
              p.paid_on, v.total, 'EFT ' || (4400000 + p.id)::text, p.paid_by,
              least(now(), (p.paid_on::timestamp - ${COUNTY_OFFSET_INTERVAL}) at time zone 'UTC' + interval '12 hours')
       from gen_payments p join procurement_invoices v on v.id = p.invoice_id`,
    );
    await h.query(`insert into procurement_payment_invoices (payment_id, invoice_id, amount) select p.id, p.invoice_id, v.total from gen_payments p join procurement_invoices v on v.id = p.invoice_id`);
  } finally {
    await h.query(`set session_replication_role = origin`);
  }
  for (const table of ['procurement_orders', 'procurement_order_items', 'procurement_invoices', 'procurement_invoice_items', 'procurement_payments']) {
    await h.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await h.query('drop table gen_askers, gen_orders, gen_order_items, gen_invoices, gen_invoice_items, gen_payments');
  const [made] = await h.query<{ orders: number; invoices: number; pending: number; buckets: number }>(
    `select (select count(*) from procurement_orders where id > $1::int)::int as orders, (select count(*) from procurement_invoices where id > $2::int)::int as invoices,
            (select count(*) from procurement_invoices where status = 'matched')::int as pending,
            (select count(distinct least(3, floor((current_date - invoice_date) / 365.25)::int)) from procurement_invoices where status = 'matched')::int as buckets`,
    [orderBase, invoiceBase],
  );
  log(`procurement: ${made!.orders} orders, ${made!.invoices} invoices, ${made!.pending} pending bills in ${made!.buckets} age buckets (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (made!.buckets < 4) throw new Error(`the generated pending bills fill ${made!.buckets} of the 4 age buckets`);
  return true;
}

/**
 * A year of stock movements (issue 28 item 11, DESIGN.md §10: "500,000 batch movements" for the reorder list): each
 * stock line gets deliveries over the last year (at full scale a dispensary's every two months, a hospital's monthly), each a new
 * batch with its expiry, issued in many smaller issues until the next delivery; the newest batch keeps what is left
 * of it (none to one and a half times what was issued from it), the earlier ones are used up. Hospitals' lines move
 * up to eight times as often as a dispensary's. The line's older ledger (the demo county's) is kept and every
 * balance is counted again in (time, id) order: each batch's issues follow its receipt and never take more than it
 * brought, so no balance goes below zero, and the line's stock is again the sum of its batches and of its movements
 * (both are checked). Set-based with the row triggers off; secondary indexes dropped and rebuilt. Kept when
 * present; returns whether it generated.
 */
async function stockForYear(h: SqlHandle, movements: number, log: (line: string) => void): Promise<boolean> {
  const [present] = await h.query<{ n: number }>(`select count(*)::int as n from inventory_batches where batch_number like '%-B%' and batch_number ~ '-B[0-9]+$'`);
  if (present!.n > 0) return false;
  if (h.kind === 'postgres') await h.query(`set work_mem = '256MB'`);
  const started = Date.now();
  await h.query('drop table if exists gen_lines, gen_batches, gen_issues, gen_received, gen_moves, gen_balances');
  // Per line: its share of the movements by its facility's level, the deliveries (batches) and the issues per batch,
  // and the usual issue: a year of use (13 × the minimum stock, which is four weeks of use) over its issues.
  await h.query(
    `create temp table gen_lines as
     with lines as (
       select i.id as item_id, i.facility_id, i.category, i.unit_cost, i.supplier, greatest(i.minimum_stock, 10) as minimum_stock, f.level,
              case f.level when 2 then 1 when 3 then 2 when 4 then 5 when 5 then 8 else 10 end as weight,
              -- After the line's opening (its ledger's first movement), within the last year.
              greatest(now() - interval '365 days', coalesce((select min(m.at) from stock_movements m where m.item_id = i.id), i.created_at) + interval '1 day') as from_at,
              (select array_agg(u.id order by u.id) from users u where u.facility_id = i.facility_id and u.is_active and u.role in ('pharmacist', 'nurse', 'facility_incharge', 'lab_technician')) as keepers
       from inventory_items i join facilities f on f.id = i.facility_id
     ), shared as (
       select l.*, $1::float8 * l.weight / sum(l.weight) over () as share from lines l where l.from_at < now() - interval '30 days'
     ), batched as (
       select s.*, greatest(1, least(case when s.level >= 3 then 12 else 6 end, floor(s.share / 4)::int)) as batches from shared s
     )
     select b.*, greatest(1, round(b.share / b.batches)::int - 1) as issues,
            greatest(1, ceil(b.minimum_stock * 13.0 / (b.batches * greatest(1, round(b.share / b.batches)::int - 1))))::int as issue_size
     from batched b`,
    [movements],
  );
  const [{ batchBase }] = (await h.query<{ batchBase: number }>('select coalesce(max(id), 0)::int as "batchBase" from inventory_batches')) as [{ batchBase: number }];
  // Each delivery in its slot of the year (in the first three tenths of it); its issues spread over the slot. A
  // maker's lot number (as the demo county's: prefix, the month made) ending in the batch's id, so none repeats.
  const prefix = `(case t.category when 'laboratory' then 'LAB' when 'medical_supplies' then 'MED' else (array['KEM', 'UNI', 'COS', 'DAW'])[1 + t.j % 4] end)`;
  await h.query(
    `create temp table gen_batches as
     select t.*, ${prefix} || to_char(t.received_at - interval '90 days', 'YYMM') || '-B' || t.id as batch_number
     from (
       select $1::int + row_number() over (order by s.received_at, s.item_id) as id, s.*
       from (
         select l.item_id, l.category, l.unit_cost, l.supplier, l.keepers, l.issues, l.issue_size, b.j, b.j = l.batches as newest,
                l.from_at + (now() - l.from_at) * ((b.j - 1 + random() * 0.3) / l.batches) as received_at,
                l.from_at + (now() - l.from_at) * (b.j::float8 / l.batches) as until_at,
                random() as u_left
         from gen_lines l cross join lateral generate_series(1, l.batches) b(j)
       ) s
     ) t`,
    [batchBase],
  );
  await h.query(
    `create temp table gen_issues as
     select b.id as batch_id, b.item_id, i.n,
            b.received_at + (b.until_at - b.received_at) * ((i.n - 0.5 + (random() - 0.5) * 0.8) / b.issues) as at,
            -greatest(1, round(b.issue_size * (0.4 + random() * 1.2)))::int as quantity
     from gen_batches b cross join lateral generate_series(1, b.issues) i(n)`,
  );
  // What each batch brought: its issues, and on the newest what is left on the shelf (the batch's quantity).
  await h.query(
    `create temp table gen_received as
     select b.id as batch_id, b.item_id, -s.issued as issued,
            case when b.newest then floor(-s.issued * least(1.5, b.u_left * 1.7))::int else 0 end as remaining
     from gen_batches b join (select batch_id, sum(quantity)::int as issued from gen_issues group by batch_id) s on s.batch_id = b.id`,
  );
  const [{ moveBase }] = (await h.query<{ moveBase: number }>('select coalesce(max(id), 0)::int as "moveBase" from stock_movements')) as [{ moveBase: number }];
  await h.query(
    `create temp table gen_moves as
     select $1::int + row_number() over (order by x.at, x.kind desc, x.batch_id, x.n) as id, x.*
     from (select i.batch_id, i.item_id, 'issued' as kind, i.n, i.at, i.quantity from gen_issues i
           union all
           select r.batch_id, r.item_id, 'received', 0, b.received_at, r.issued + r.remaining from gen_received r join gen_batches b on b.id = r.batch_id) x`,
    [moveBase],
  );
  // Every balance of the generated lines counted again over the old ledger and the new, in (time, id) order.
  await h.query(
    `create temp table gen_balances as
     select id, is_new, sum(quantity) over (partition by item_id order by at, id) as balance
     from (select m.id, m.item_id, m.at, m.quantity, false as is_new from stock_movements m where m.item_id in (select item_id from gen_lines)
           union all select id, item_id, at, quantity, true from gen_moves) x`,
  );
  const [low] = await h.query<{ n: number }>('select count(*)::int as n from gen_balances where balance < 0');
  if (low!.n > 0) throw new Error(`${low!.n} generated stock balances go below zero`);

  const indexes = await h.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1::text[]) and indexdef not like 'CREATE UNIQUE INDEX%'`,
    [['stock_movements', 'inventory_batches']],
  );
  for (const i of indexes) await h.query(`drop index ${i.indexname}`);
  await h.query(`set session_replication_role = replica`);
  try {
    await timed(log, 'stock batches', () =>
      h.query(
        `insert into inventory_batches (id, item_id, batch_number, expiry_date, quantity, unit_cost, received_at, created_at)
         select b.id, b.item_id, b.batch_number, ${countyDay('b.received_at')} + 540 + floor(random() * 360)::int, r.remaining, b.unit_cost, b.received_at, b.received_at
         from gen_batches b join gen_received r on r.batch_id = b.id`,
      ),
    );
    await timed(log, `stock movements (${movements})`, () =>
      h.query(
        `insert into stock_movements (id, item_id, kind, quantity, balance_after, reason, supplier, batch, batch_id, user_id, at)
         select m.id, m.item_id, m.kind, m.quantity, g.balance,
                case when m.kind = 'issued' then (array['Dispensed to outpatients', 'Dispensed to outpatients', 'Dispensed to outpatients', 'Issued to Maternity ward',
                                                        'Issued to Paediatric ward', 'Issued to Laboratory', 'Issued to MCH clinic'])[1 + m.n % 7] end,
                case when m.kind = 'received' then b.supplier end,
                b.batch_number, m.batch_id, b.keepers[1 + floor(random() * cardinality(b.keepers))::int], m.at
         from gen_moves m
         join gen_balances g on g.id = m.id and g.is_new
         join gen_batches b on b.id = m.batch_id
         order by m.id`,
      ),
    );
    await timed(log, 'stock balances of the older ledger', () =>
      h.query(`update stock_movements m set balance_after = g.balance from gen_balances g where g.id = m.id and not g.is_new and m.balance_after <> g.balance`),
    );
    await h.query(
      `update inventory_items i set current_stock = s.stock, last_restocked = greatest(i.last_restocked, s.restocked), updated_at = greatest(i.updated_at, s.restocked)
       from (select item_id, sum(quantity)::int as stock, max(received_at) as restocked from inventory_batches group by item_id) s
       where s.item_id = i.id and i.id in (select item_id from gen_lines)`,
    );
  } finally {
    await h.query(`set session_replication_role = origin`);
  }
  for (const i of indexes) await timed(log, `index ${i.indexname}`, () => h.query(i.indexdef));
  for (const table of ['inventory_batches', 'stock_movements']) await h.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  const [check] = await h.query<{ batches: number; ledger: number; negative: number }>(
    `select count(*) filter (where i.current_stock <> coalesce(b.held, 0))::int as batches, count(*) filter (where i.current_stock <> coalesce(m.moved, 0))::int as ledger,
            (select count(*) from stock_movements where balance_after < 0)::int as negative
     from inventory_items i
     left join (select item_id, sum(quantity) as held from inventory_batches group by item_id) b on b.item_id = i.id
     left join (select item_id, sum(quantity) as moved from stock_movements group by item_id) m on m.item_id = i.id`,
  );
  if (check!.batches + check!.ledger + check!.negative > 0) {
    throw new Error(`stock does not add up: ${check!.batches} lines differ from their batches, ${check!.ledger} from their movements, ${check!.negative} negative balances`);
  }
  const [made] = await h.query<{ n: number; batches: number }>(`select count(*)::int as n, count(distinct batch_id)::int as batches from gen_moves`);
  await h.query('drop table gen_lines, gen_batches, gen_issues, gen_received, gen_moves, gen_balances');
  log(`stock: ${made!.n} movements into and out of ${made!.batches} new batches (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
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
