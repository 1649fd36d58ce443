// The analysis reports of /reports (issue 13 item 5). Each is generated as the county health director asks for it
// (POST /api/reports, the job runner, the JSON download) and its figures are checked against the demo county
// counted again straight from the database, or against the module that owns them (Revenue Management, the
// inventory cards, the MOH 705 forms). Then a hand-built fortnight at Nambuku Model Health Centre (facility 4), in
// January 2025 before the demo county's first visit, is checked cell by cell: every figure there is this file's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, ageInYears, countyDate, countyInstant } from '../../../../shared/county-time.js';
import { parseKes, toWholeKes, type Cents } from '../../../../shared/money.js';
import type { MohFormData } from '../../../../shared/moh/index.js';
import { REPORT_CATALOGUE, type ReportSection } from '../../../../shared/reports/index.js';
import { generateReport } from '../../../test/reports.js';
import { createTestContext, TEST_NOW, type TestContext } from '../../../test/helper.js';
import { ANALYSES } from './index.js';
import { isoWeek, weeksOf } from './diseases.js';
import { trendMonths } from './overview.js';

type Data = { title: string; scope: string; periodLabel: string; sections: ReportSection[]; moh705?: MohFormData };
type Cell = string | number | null;

let t: TestContext;
let director: string;

/** The demo county's last three months, the window Revenue Management calls "3m" on the test's today (2026-03-16). */
const START = '2025-12-17';
const END = '2026-03-16';
const FROM = countyInstant(START).toISOString();
const TO = countyInstant(addDays(END, 1)).toISOString();
const inRange = (column: string) => sql.raw(`${column} >= '${FROM}'::timestamptz and ${column} < '${TO}'::timestamptz`);

const generate = (body: Record<string, unknown>, cookie = director) => generateReport<Data>(t, cookie, body);

const county = (report: string, startDate = START, endDate = END) => generate({ report, county: true, startDate, endDate });

function table(data: Data, title: string): ReportSection {
  const found = data.sections.find((s) => s.title.startsWith(title));
  if (!found) throw new Error(`no section "${title}" in ${data.sections.map((s) => s.title).join(' | ')}`);
  return found;
}

/** The row whose first cell (or, for a facility table, MFL code) is `first`; 'All facilities' finds the total row. */
function row(s: ReportSection, first: Cell | undefined): Cell[] {
  const found = s.rows.find((r) => r[0] === first || (first === 'All facilities' && r[1] === first));
  if (!found) throw new Error(`no row ${String(first)} in "${s.title}"`);
  return found;
}

function cell(s: ReportSection, first: Cell | undefined, column: string): Cell {
  const i = s.columns.indexOf(column);
  if (i < 0) throw new Error(`no column "${column}" in "${s.title}": ${s.columns.join(' | ')}`);
  return row(s, first)[i]!;
}

/** A column's values by the row's first cell. */
const column = (s: ReportSection, name: string) => Object.fromEntries(s.rows.map((r) => [String(r[0]), r[s.columns.indexOf(name)]]));

const one = async <T>(query: ReturnType<typeof sql>) => (await t.rows<T>(query))[0]!;
const kesOf = (text: string | number | null): number => toWholeKes(parseKes(text ?? 0) as Cents);

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the catalogue', () => {
  it('has a generator for every report that needs no more data, and only for those', () => {
    const buildable = REPORT_CATALOGUE.filter((e) => e.needs === null && e.shape === 'range' && !e.kind.startsWith('moh')).map((e) => e.kind);
    expect(Object.keys(ANALYSES).sort()).toEqual([...buildable].sort());
  });
});

describe('the demo county, counted again from the database', () => {
  it('Patient Demographics: the age bands and sexes of the registry and of those seen, as computed here from dates of birth', async () => {
    const data = await county('patient-demographics');
    const bandOf = (age: number) => (age < 5 ? '0–4' : age < 15 ? '5–14' : age < 25 ? '15–24' : age < 50 ? '25–49' : age < 60 ? '50–59' : '60+');
    const expected = (people: { date_of_birth: string; gender: string }[]) => {
      const out: Record<string, [number, number]> = {};
      for (const p of people) {
        const b = (out[bandOf(ageInYears(p.date_of_birth, END))] ??= [0, 0]);
        b[p.gender === 'female' ? 0 : 1] += 1;
      }
      return out;
    };
    const seen = await t.rows<{ date_of_birth: string; gender: string }>(
      sql`select to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, gender from patients where id in (select patient_id from medical_records where ${inRange('visit_date')})`,
    );
    const registered = await t.rows<{ date_of_birth: string; gender: string }>(sql`select to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, gender from patients where ${inRange('created_at')}`);
    for (const [title, people] of [[`Patients seen from ${START}`, seen], [`Patients registered from ${START}`, registered]] as const) {
      const s = table(data, title);
      for (const [band, [female, male]] of Object.entries(expected(people))) expect(row(s, band), `${title} ${band}`).toEqual([band, female, male, female + male]);
      expect(cell(s, 'All ages', 'Total')).toBe(people.length);
    }
    const all = await one<{ n: number }>(sql`select count(*)::int as n from patients where created_at < ${TO}::timestamptz`);
    expect(cell(table(data, 'Patients registered at these facilities'), 'All ages', 'Total')).toBe(all.n);
    const places = table(data, 'Patients by sub-county');
    const matayos = await one<{ n: number }>(sql`select count(*)::int as n from patients where subcounty = 'Matayos' and created_at < ${TO}::timestamptz`);
    expect(cell(places, 'Matayos', `Registered by ${END}`)).toBe(matayos.n);
    expect(cell(places, 'All sub-counties', 'Seen in these days')).toBe(seen.length);
  });

  it('the disease reports agree with MOH 705A and 705B for the same month, row by row, and with a count of confirmed and suspected malaria', async () => {
    const [from, to] = ['2026-02-01', '2026-02-28'];
    const a = (await generate({ report: 'moh705a', county: true, period: '2026-02' })).moh705!;
    const b = (await generate({ report: 'moh705b', county: true, period: '2026-02' })).moh705!;
    const total = (form: MohFormData, key: string) => form.rows.find((r) => r.key === key)?.total ?? null;
    const groups: Record<string, ReportSection> = {};
    const reports: Record<string, Data> = {};
    for (const kind of ['communicable-disease', 'non-communicable-disease']) {
      const s = (groups[kind] = table((reports[kind] = await county(kind, from, to)), 'New cases of'));
      for (const r of s.rows.slice(0, -1)) {
        // The form's row of that name, or of the same key under another name (705B words some rows differently).
        const key = [...a.rows, ...b.rows].find((x) => x.label === r[0])!.key;
        const on = (form: MohFormData) => form.rows.find((x) => x.label === r[0]) ?? form.rows.find((x) => x.key === key);
        expect([r[1], r[2]], `${kind}: ${String(r[0])}`).toEqual([on(a)?.total ?? null, on(b)?.total ?? null]);
      }
    }
    const surveillance = await county('disease-surveillance', from, to);
    const notifiable = table(surveillance, 'Notifiable');
    expect(notifiable.rows.map((r) => r[0])).toContain('Cholera');
    for (const r of notifiable.rows) {
      const key = [...a.rows, ...b.rows].find((x) => x.label === r[0])!.key;
      expect(cell(notifiable, r[0], 'Under 5')).toBe(total(a, key));
      expect(cell(notifiable, r[0], '5 and over')).toBe(total(b, key));
    }
    const adults = table(surveillance, 'Leading conditions, 5 years');
    expect(adults.rows.length).toBeGreaterThan(3);
    for (const r of adults.rows) expect(r.at(-1), String(r[1])).toBe(b.rows.find((x) => x.row === r[0])!.total);
    // Weekly cells add up to the row's total.
    for (const r of adults.rows) expect((r.slice(2, -1) as number[]).reduce((x, y) => x + y, 0)).toBe(r.at(-1));

    // Confirmed malaria (1F40–1F44 at a visit with a positive RDT or slide; issue 31), suspected malaria (1F45, 1F4Z,
    // or a species code at a visit without a positive test) and hypertension (the BA0 block) at 5 and over, new, a
    // patient once a day at a facility, aged 5 or more on the day.
    const newCases = async (where: ReturnType<typeof sql>) =>
      (
        await one<{ n: number }>(sql`
        select count(distinct (m.facility_id, m.patient_id, (m.visit_date at time zone 'Africa/Nairobi')::date))::int as n
        from medical_records m join medical_record_diagnoses d on d.record_id = m.id join patients p on p.id = m.patient_id
        where d.case_type = 'new' and (${where}) and m.visit_date >= ${countyInstant(from).toISOString()}::timestamptz and m.visit_date < ${countyInstant('2026-03-01').toISOString()}::timestamptz
          and date_part('year', age((m.visit_date at time zone 'Africa/Nairobi')::date, p.date_of_birth)) >= 5`)
      ).n;
    const positive = sql`exists (select 1 from lab_tests l where l.record_id = m.id and l.test in ('malaria_rdt', 'malaria_slide') and l.status = 'resulted' and l.result = 'positive')`;
    const confirmed = await newCases(sql`d.code ~ '^1F4[0-4]' and ${positive}`);
    const suspected = await newCases(sql`d.code ~ '^1F4[5Z]' or (d.code ~ '^1F4[0-4]' and not ${positive})`);
    expect(cell(groups['communicable-disease']!, 'Confirmed Malaria', '5 years and over (MOH 705B)')).toBe(confirmed);
    expect(cell(groups['communicable-disease']!, 'Suspected Malaria', '5 years and over (MOH 705B)')).toBe(suspected);
    const hypertension = await newCases(sql`d.code ~ '^BA0'`);
    expect(hypertension).toBeGreaterThan(0);
    expect(cell(groups['non-communicable-disease']!, 'Hypertension', '5 years and over (MOH 705B)')).toBe(hypertension);
    expect(confirmed + suspected).toBeGreaterThan(0);
    // Rows 13 and 14 of 705B, where they lead.
    for (const [no, label, n] of [[13, 'Suspected Malaria', suspected], [14, 'Confirmed Malaria', confirmed]] as const) {
      const leading = adults.rows.find((r) => r[0] === no);
      if (leading) expect([leading[1], leading.at(-1)]).toEqual([label, n]);
    }
    // Malaria testing by facility: every facility's tested and positive from the forms' counts, all facilities the forms' Tested.
    const testing = table(reports['communicable-disease']!, 'Malaria testing by facility');
    const tested = (total(a, 'tested_for_malaria') ?? 0) + (total(b, 'tested_for_malaria') ?? 0);
    const all = row(testing, 'All facilities');
    expect(all.slice(3, 5)).toEqual([tested, expect.any(Number)]);
    expect(all[4] as number).toBeLessThanOrEqual(tested);
  });

  it('Revenue Collection: the invoices paid in the days, by facility, method and service', async () => {
    // Money collected is paid invoices by when they were paid (billing's paidWithin); Revenue Management's cards are
    // the ledger's revenue earned (issue 30 item 2), a different figure.
    const data = await county('revenue-collection');
    const byFacility = table(data, 'Money collected by facility');
    const paid = await one<{ total: string; n: number }>(sql`select coalesce(sum(amount), 0)::text as total, count(*)::int as n from billing_records where status = 'paid' and ${inRange('paid_at')}`);
    expect(cell(byFacility, 'All facilities', 'Total')).toBe(kesOf(paid.total));
    expect(cell(byFacility, 'All facilities', 'Invoices paid')).toBe(paid.n);
    expect(paid.n).toBeGreaterThan(10);
    const methods = await t.rows<{ method: string; total: string }>(sql`select payment_method as method, sum(amount)::text as total from billing_records where status = 'paid' and ${inRange('paid_at')} group by 1`);
    const byMethod = table(data, 'Money collected by payment method');
    expect(cell(byMethod, 'M-Pesa', 'Amount (KES)')).toBe(kesOf(methods.find((m) => m.method === 'mpesa')!.total));
    expect(cell(byMethod, 'SHA (formerly NHIF)', 'Amount (KES)')).toBe(kesOf(methods.find((m) => m.method === 'nhif')?.total ?? 0));
    const lab = await one<{ total: string | null }>(sql`select sum(amount)::text as total from billing_records where status = 'paid' and service_type = 'laboratory' and ${inRange('paid_at')}`);
    expect(cell(table(data, 'Money collected by service'), 'Laboratory', 'Amount (KES)')).toBe(kesOf(lab.total));
    const hospital = await one<{ total: string | null }>(sql`select sum(amount)::text as total from billing_records where status = 'paid' and facility_id = 1 and ${inRange('paid_at')}`);
    expect(cell(byFacility, '15834', 'Total')).toBe(kesOf(hospital.total));
  });

  it('SHA Claims: submitted, approved, rejected and awaiting, as the claims table holds them', async () => {
    const data = await county('sha-claims', '2025-03-16', END);
    const claims = await t.rows<{ status: string; n: number; claimed: string; approved: string | null }>(
      sql`select status, count(*)::int as n, sum(amount)::text as claimed, sum(approved_amount)::text as approved from insurance_claims where provider = 'nhif' and submitted_at >= ${countyInstant('2025-03-16').toISOString()}::timestamptz and submitted_at < ${TO}::timestamptz group by 1`,
    );
    const of = (status: string) => claims.find((c) => c.status === status) ?? { n: 0, claimed: '0', approved: '0' };
    const s = table(data, 'SHA claims submitted');
    expect(cell(s, 'All facilities', 'Claims submitted')).toBe(claims.reduce((n, c) => n + c.n, 0));
    expect(cell(s, 'All facilities', 'Approved (claims)')).toBe(of('approved').n);
    expect(cell(s, 'All facilities', 'Approved (KES)')).toBe(kesOf(of('approved').approved));
    expect(cell(s, 'All facilities', 'Rejected (claims)')).toBe(of('rejected').n);
    expect(of('rejected').n).toBeGreaterThan(0);
    expect(cell(s, 'All facilities', 'Awaiting decision (KES claimed)')).toBe(kesOf(of('submitted').claimed));
    const waiting = await one<{ n: number }>(sql`select count(*)::int as n from insurance_claims where provider = 'nhif' and status = 'submitted'`);
    expect(cell(table(data, 'SHA claims awaiting'), 'All', 'Claims')).toBe(waiting.n);
  });

  it('Billing Analysis: invoices raised by status as the billing screens show them today', async () => {
    const data = await county('billing-analysis');
    const shown = sql.raw(`case when status = 'pending' and due_date < '${END}' then 'overdue' else status end`);
    const raised = await t.rows<{ status: string; n: number; total: string }>(sql`select ${shown} as status, count(*)::int as n, sum(amount)::text as total from billing_records where ${inRange('created_at')} group by 1`);
    const s = table(data, 'Invoices raised in these days, by status');
    for (const status of ['paid', 'pending', 'overdue', 'processing', 'cancelled']) {
      const r = raised.find((x) => x.status === status);
      const label = status.charAt(0).toUpperCase() + status.slice(1);
      expect(cell(s, label, 'Invoices'), status).toBe(r?.n ?? 0);
      expect(cell(s, label, 'Amount (KES)'), status).toBe(kesOf(r?.total ?? 0));
    }
    expect(cell(s, 'All invoices', 'Invoices')).toBe(raised.reduce((n, r) => n + r.n, 0));
    expect(cell(s, 'Processing', 'Average invoice (KES)')).toEqual(raised.some((r) => r.status === 'processing') ? expect.any(Number) : null);
  });

  it('Facility Utilization: visits, new and re-attendances, patients and capacity per facility', async () => {
    const data = await county('facility-utilization');
    const s = table(data, 'Facility utilization');
    const visits = await t.rows<{ mfl: string; n: number; fresh: number; patients: number; capacity: number | null }>(sql`
      select f.mfl_code as mfl, count(m.id)::int as n, (count(m.id) filter (where m.visit_type = 'new'))::int as fresh, count(distinct m.patient_id)::int as patients, f.capacity
      from facilities f left join medical_records m on m.facility_id = f.id and ${inRange('m.visit_date')} group by f.id order by f.id`);
    expect(s.rows).toHaveLength(visits.length + 1);
    for (const v of visits) {
      expect([cell(s, v.mfl, 'Visits'), cell(s, v.mfl, 'New attendances'), cell(s, v.mfl, 'Patients seen'), cell(s, v.mfl, 'Beds (capacity)')], v.mfl).toEqual([v.n, v.fresh, v.patients, v.capacity]);
    }
    const all = await one<{ n: number; patients: number }>(sql`select count(*)::int as n, count(distinct patient_id)::int as patients from medical_records where ${inRange('visit_date')}`);
    expect([cell(s, 'All facilities', 'Visits'), cell(s, 'All facilities', 'Patients seen')]).toEqual([all.n, all.patients]);
  });

  it('Staff Performance: each clinician\'s visits and each desk member\'s invoices add up to the county\'s', async () => {
    const data = await county('staff-performance');
    const visits = table(data, 'Visits recorded per clinician');
    const all = await one<{ n: number }>(sql`select count(*)::int as n from medical_records where ${inRange('visit_date')}`);
    expect(visits.rows.reduce((n, r) => n + (r[3] as number), 0)).toBe(all.n);
    const busiest = await one<{ name: string; n: number; facility: string }>(sql`
      select u.first_name || ' ' || u.last_name as name, f.name as facility, count(*)::int as n from medical_records m join users u on u.id = m.clinician_id join facilities f on f.id = m.facility_id
      where ${inRange('m.visit_date')} group by u.id, f.id order by n desc, u.id limit 1`);
    expect(visits.rows.find((r) => r[0] === busiest.name && r[2] === busiest.facility)![3]).toBe(busiest.n);
    const desk = table(data, 'Invoices raised and patients registered');
    const invoices = await one<{ n: number }>(sql`select count(*)::int as n from billing_records where ${inRange('created_at')}`);
    expect(desk.rows.reduce((n, r) => n + (r[3] as number), 0)).toBe(invoices.n);
  });

  it('Inventory Stock: on the last day, the stock cards of the inventory screen, and the value of the stock', async () => {
    const data = await county('inventory-stock');
    const stats = (await t.request({ url: '/api/inventory/stats', cookie: director })).json() as { totalItems: number; lowStock: number; outOfStock: number; totalValue: number };
    const s = table(data, `Stock by facility on ${END}`);
    expect(stats.outOfStock).toBeGreaterThan(0);
    expect([cell(s, 'All facilities', 'Stock lines'), cell(s, 'All facilities', 'Out of stock'), cell(s, 'All facilities', 'Below reorder level')]).toEqual([stats.totalItems, stats.outOfStock, stats.lowStock]);
    expect(cell(s, 'All facilities', 'Value at cost (KES)')).toBe(kesOf(stats.totalValue));
    expect(cell(s, 'All facilities', 'Expiring within 90 days')).toBeNull();
    expect(s.note).toContain('Expiring within 90 days: not recorded');
    // A month ago the ledger stood elsewhere: the lines out of stock then, from the ledger itself.
    const before = await county('inventory-stock', '2026-01-01', '2026-02-15');
    const then = countyInstant('2026-02-16').toISOString();
    const out = await one<{ n: number }>(sql`
      select count(*)::int as n from inventory_items i
      where (select m.balance_after from stock_movements m where m.item_id = i.id and m.at < ${then}::timestamptz order by m.at desc, m.id desc limit 1) = 0`);
    expect(cell(table(before, 'Stock by facility on 2026-02-15'), 'All facilities', 'Out of stock')).toBe(out.n);
  });

  it('Patient Flow: visits by county hour and weekday, and the median day', async () => {
    const data = await county('patient-flow');
    const hours = await t.rows<{ hour: number; n: number }>(sql`select extract(hour from visit_date at time zone 'Africa/Nairobi')::int as hour, count(*)::int as n from medical_records where ${inRange('visit_date')} and (created_at at time zone 'Africa/Nairobi')::date <= (visit_date at time zone 'Africa/Nairobi')::date group by 1`);
    const byHour = column(table(data, 'Visits by hour'), 'Visits');
    for (const h of hours) expect(byHour[`${String(h.hour).padStart(2, '0')}:00–${String(h.hour).padStart(2, '0')}:59`], `hour ${h.hour}`).toBe(h.n);
    const days = await t.rows<{ day: string; n: number }>(sql`select to_char(visit_date at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as day, count(*)::int as n from medical_records where ${inRange('visit_date')} group by 1`);
    const counts = Array.from({ length: 90 }, (_, i) => days.find((d) => d.day === addDays(START, i))?.n ?? 0).sort((x, y) => x - y);
    const perDay = table(data, 'Visits per day');
    expect(cell(perDay, 'Median visits per day', 'Value')).toBe((counts[44]! + counts[45]!) / 2);
    expect(cell(perDay, 'Visits', 'Value')).toBe(counts.reduce((x, y) => x + y, 0));
    const mondays = days.filter((d) => new Date(`${d.day}T00:00:00Z`).getUTCDay() === 1).reduce((n, d) => n + d.n, 0);
    expect(cell(table(data, 'Visits by day of the week'), 'Monday', 'Visits')).toBe(mondays);
  });

  it('Referral Analysis: out and in, by urgency and status, and the hours to receipt', async () => {
    const data = await county('referral-analysis', '2025-03-16', END);
    const all = await t.rows<{ urgency: string; hours: number | null }>(sql`
      select r.urgency_level as urgency, extract(epoch from (select min(e.at) from referral_events e where e.referral_id = r.id and e.to_status = 'received') - r.created_at) / 3600 as hours
      from referrals r where r.created_at >= ${countyInstant('2025-03-16').toISOString()}::timestamptz and r.created_at < ${TO}::timestamptz`);
    expect(cell(table(data, 'Referrals by facility'), 'All facilities', 'Referred out')).toBe(all.length);
    const urgency = table(data, 'Referrals by urgency');
    expect(cell(urgency, 'Emergency', 'Referred out')).toBe(all.filter((r) => r.urgency === 'emergency').length);
    const routine = all.filter((r) => r.urgency === 'routine' && r.hours !== null).map((r) => Number(r.hours)).sort((x, y) => x - y);
    expect(routine.length).toBeGreaterThan(2);
    const mid = routine.length >> 1;
    const medianHours = routine.length % 2 ? routine[mid]! : (routine[mid - 1]! + routine[mid]!) / 2;
    const timing = table(data, 'Time from referral to receipt');
    expect(cell(timing, 'Routine', 'Received')).toBe(routine.length);
    expect(cell(timing, 'Routine', 'Median')).toBeCloseTo(medianHours, 1);
    const received = await one<{ n: number }>(sql`select count(*)::int as n from referrals where status = 'received'`);
    expect(cell(table(data, 'Referrals by status'), 'Received', 'Referred in')).toBe(received.n);
  });

  it('the Performance Dashboard, Trends and Comparative say what the reports they head say', async () => {
    const dashboard = table(await county('performance-dashboard'), 'Headline indicators');
    const revenue = await county('revenue-collection');
    const referralsReport = await county('referral-analysis');
    const visits = await one<{ n: number }>(sql`select count(*)::int as n from medical_records where ${inRange('visit_date')}`);
    const registered = await one<{ n: number }>(sql`select count(*)::int as n from patients where ${inRange('created_at')}`);
    const stats = (await t.request({ url: '/api/inventory/stats', cookie: director })).json() as { outOfStock: number };
    expect(cell(dashboard, 'Visits', 'Value')).toBe(visits.n);
    expect(cell(dashboard, 'New patients registered', 'Value')).toBe(registered.n);
    expect(cell(dashboard, 'Money collected (KES)', 'Value')).toBe(cell(table(revenue, 'Money collected by facility'), 'All facilities', 'Total'));
    expect(cell(dashboard, 'Referrals out', 'Value')).toBe(cell(table(referralsReport, 'Referrals by facility'), 'All facilities', 'Referred out'));
    expect(cell(dashboard, `Stock lines out of stock on ${END}`, 'Value')).toBe(stats.outOfStock);
    // Malaria leads the county: Confirmed where the visits' tests were positive, Suspected where it was coded without
    // a positive test (issue 31), whichever the demo's laboratory results make the larger.
    expect(['Confirmed Malaria', 'Suspected Malaria']).toContain(cell(dashboard, 'Leading diagnosis 1 (new cases)', 'Detail'));

    const trend = table(await county('trends', '2025-03-16', END), 'Month by month');
    expect(trend.rows.map((r) => r[0])).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    const monthly = await t.rows<{ month: string; n: number }>(sql`select to_char(visit_date at time zone 'Africa/Nairobi', 'YYYY-MM') as month, count(*)::int as n from medical_records group by 1`);
    for (const r of trend.rows) expect(cell(trend, r[0], 'Visits'), String(r[0])).toBe(monthly.find((m) => m.month === r[0])?.n ?? 0);
    const january = await one<{ total: string }>(sql`select sum(amount)::text as total from billing_records where status = 'paid' and to_char(paid_at at time zone 'Africa/Nairobi', 'YYYY-MM') = '2026-01'`);
    expect(cell(trend, '2026-01', 'Money collected (KES)')).toBe(kesOf(january.total));
    expect(cell(trend, '2026-03', 'Days counted')).toBe(16);

    const compared = table(await county('comparative'), 'Facilities compared');
    const perFacility = await t.rows<{ mfl: string; n: number; out: number }>(sql`
      select f.mfl_code as mfl, (select count(*) from medical_records m where m.facility_id = f.id and ${inRange('m.visit_date')})::int as n,
        (select count(*) from referrals r where r.from_facility_id = f.id and ${inRange('r.created_at')})::int as out
      from facilities f`);
    for (const f of perFacility) expect([cell(compared, f.mfl, 'Visits'), cell(compared, f.mfl, 'Referrals out')], f.mfl).toEqual([f.n, f.out]);
    expect(cell(compared, 'All facilities', 'Money collected (KES)')).toBe(cell(dashboard, 'Money collected (KES)', 'Value'));
    expect(cell(compared, '15834', 'Leading diagnosis')).toEqual(expect.any(String));
  });
});

describe('weeks and months', () => {
  it('names ISO weeks as PostgreSQL does, across a year end', async () => {
    for (const day of ['2024-12-30', '2025-01-05', '2025-12-29', '2026-01-01', '2026-03-16', '2020-12-31', '2021-01-03']) {
      const pg = await one<{ w: string }>(sql`select to_char(${day}::date, 'IYYY-"W"IW') as w`);
      expect(isoWeek(day), day).toBe(pg.w);
    }
    expect(weeksOf({ start: '2025-12-31', end: '2026-01-12' })).toEqual([
      { label: '2026-W01', first: '2025-12-31', last: '2026-01-04' },
      { label: '2026-W02', first: '2026-01-05', last: '2026-01-11' },
      { label: '2026-W03', first: '2026-01-12', last: '2026-01-12' },
    ]);
    expect(trendMonths({ start: '2025-03-10', end: '2026-03-09' }).map((m) => [m.month, m.days, m.complete])[0]).toEqual(['2025-04', 30, true]);
    expect(trendMonths({ start: '2026-02-10', end: '2026-03-09' }).map((m) => [m.month, m.first, m.days, m.complete])).toEqual([
      ['2026-02', '2026-02-10', 19, false],
      ['2026-03', '2026-03-01', 9, false],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A hand-built fortnight: Monday 6 to Sunday 19 January 2025 at Nambuku Model Health Centre (facility 4).

const FACILITY = 4;
const MFL = '16068';
const HAND = { facilityId: FACILITY, startDate: '2025-01-06', endDate: '2025-01-19' };

describe('a hand-built fortnight at Nambuku', () => {
  let clinician: string;
  let records: string;
  let desk: string;
  let hospital: string;
  const ids: Record<string, number> = {};

  /** The clock at a county day and time, and everyone signed in again (a session does not outlive a jump of days). */
  async function at(day: string, hours: number, minutes: number) {
    t.clock.set(countyInstant(day, hours, minutes));
    clinician = await t.loginAt('clinical_officer', FACILITY);
    records = await t.loginAt('records_officer', FACILITY);
    desk = await t.loginAt('nurse', FACILITY);
    hospital = await t.loginAt('clinical_officer', 1);
  }
  async function post(url: string, cookie: string, body: Record<string, unknown>) {
    const res = await t.request({ method: 'POST', url, cookie, body });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: number; invoice?: { id: number } };
  }
  const visit = (patient: string, visitDate: string, diagnoses: { code: string; caseType: 'new' | 'repeat' }[]) =>
    post('/api/medical-records', clinician, { patientId: ids[patient], facilityId: FACILITY, chiefComplaint: 'Fixture visit', visitDate, diagnoses });
  async function invoice(patient: string, serviceType: string, amount: number, paid: boolean, dueDate?: string) {
    const bill = await post('/api/billing', desk, { patientId: ids[patient], serviceType, amount, paymentMethod: 'cash', facilityId: FACILITY, ...(dueDate ? { dueDate } : {}) });
    if (paid) await post(`/api/billing/${bill.id}/payments`, desk, { method: 'cash' });
  }

  beforeAll(async () => {
    const before = await one<{ n: number }>(sql`select (select count(*) from medical_records where facility_id = ${FACILITY} and visit_date < ${countyInstant('2025-03-01').toISOString()}::timestamptz)::int + (select count(*) from patients where facility_id = ${FACILITY} and created_at < ${countyInstant('2025-03-01').toISOString()}::timestamptz)::int as n`);
    expect(before.n).toBe(0);
    try {
      await at('2025-01-06', 9, 0);
      // A two-year-old boy (Funyula, written as the MOH's "Samia"), a woman of 44 and a man of 75 with no sub-county.
      const register = async (key: string, nationalId: string, firstName: string, dateOfBirth: string, gender: string, subcounty?: string) =>
        (ids[key] = (await post('/api/patients', records, { nationalId, firstName, lastName: 'Fixture', dateOfBirth, gender, phoneNumber: '0712 000 111', facilityId: FACILITY, ...(subcounty ? { subcounty } : {}) })).id);
      await register('child', 'BC20000001', 'Baraka', '2022-03-01', 'male', 'Samia');
      await register('woman', '30000001', 'Auma', '1980-05-05', 'female', 'Funyula');
      await register('elder', '30000002', 'Otieno', '1950-01-01', 'male');
      // The boy with cholera at 09:10, and back at 09:40 with the same new cholera: once that day.
      await at('2025-01-06', 9, 10);
      await visit('child', '2025-01-06', [{ code: '1A00', caseType: 'new' }]);
      await at('2025-01-06', 9, 40);
      await visit('child', '2025-01-06', [{ code: '1A00', caseType: 'new' }]);
      // The desk: three invoices paid in cash (KES 1,000, 200.50 and 300.50: KES 1,501 in all, though the rounded
      // rows would add up to 1,502), one due on 10 January and never paid, one due in June 2026.
      await at('2025-01-06', 9, 55);
      await invoice('child', 'consultation', 1000, true);
      await invoice('child', 'laboratory', 200.5, true);
      await invoice('child', 'pharmacy', 300.5, true);
      await invoice('woman', 'consultation', 250.25, false, '2025-01-10');
      await invoice('elder', 'pharmacy', 400, false, '2026-06-30');
      // The woman: hypertension and confirmed malaria on Tuesday 7th at 10:15.
      await at('2025-01-07', 10, 15);
      await visit('woman', '2025-01-07', [{ code: 'BA00.Z', caseType: 'new' }, { code: '1F40.Z', caseType: 'new' }]);
      // The boy back for the same cholera (a repeat) on Tuesday 14th at 14:05.
      await at('2025-01-14', 14, 5);
      await visit('child', '2025-01-14', [{ code: '1A00', caseType: 'repeat' }]);
      // Wednesday 15th: the woman with a new malaria at 10:00, referred on urgently at 10:05, in transit at 11:00 and
      // received at the county referral hospital at 15:35 (5.5 hours); the man with hypertension and typhoid at 14:20.
      await at('2025-01-15', 10, 0);
      await visit('woman', '2025-01-15', [{ code: '1F40.Z', caseType: 'new' }]);
      await at('2025-01-15', 10, 5);
      const referral = await post('/api/referrals', clinician, {
        patientId: ids.woman,
        fromFacilityId: FACILITY,
        toFacilityId: 1,
        referralReason: 'Severe malaria',
        urgencyLevel: 'urgent',
        clinicalNotes: 'Fixture referral',
        referringDoctor: 'CO Fixture',
      });
      await at('2025-01-15', 11, 0);
      expect((await t.request({ method: 'PATCH', url: `/api/referrals/${referral.id}/status`, cookie: clinician, body: { status: 'in_transit' } })).statusCode).toBe(200);
      await at('2025-01-15', 14, 20);
      await visit('elder', '2025-01-15', [{ code: 'BA00.Z', caseType: 'new' }, { code: '1A07', caseType: 'new' }]);
      await at('2025-01-15', 15, 35);
      expect((await t.request({ method: 'PATCH', url: `/api/referrals/${referral.id}/status`, cookie: hospital, body: { status: 'received' } })).statusCode).toBe(200);
      // Friday 17th: the man's visit of Thursday 16th entered late (no time of day), for the same typhoid.
      await at('2025-01-17', 8, 30);
      await visit('elder', '2025-01-16', [{ code: '1A07', caseType: 'repeat' }]);
    } finally {
      t.clock.set(TEST_NOW);
      director = await t.loginAs('county_director');
    }
  });

  const hand = (report: string) => generate({ report, ...HAND });

  it('Disease Surveillance: cholera in the boy once, in week 2; malaria and hypertension in both weeks; repeats not counted', async () => {
    const data = await hand('disease-surveillance');
    const notifiable = table(data, 'Notifiable');
    expect(notifiable.columns).toEqual(['Condition', '2025-W02', '2025-W03', 'Under 5', '5 and over', 'Total']);
    expect(row(notifiable, 'Cholera')).toEqual(['Cholera', 1, 0, 1, 0, 1]);
    expect(row(notifiable, 'Typhoid fever')).toEqual(['Typhoid fever', 0, 1, 0, 1, 1]);
    expect(row(notifiable, 'Measles')).toEqual(['Measles', 0, 0, 0, 0, 0]);
    expect(notifiable.rows).toHaveLength(13);
    expect(table(data, 'Leading conditions, under 5').rows).toEqual([[4, 'Cholera', 1, 0, 1]]);
    // The woman's malaria was coded with no test: a suspected case each week (issue 31), not a confirmed one.
    expect(table(data, 'Leading conditions, 5 years').rows).toEqual([
      [13, 'Suspected Malaria', 1, 1, 2],
      [32, 'Hypertension', 1, 1, 2],
      [17, 'Typhoid fever', 0, 1, 1],
    ]);
    expect(table(data, 'Malaria testing per week').rows).toEqual([
      ['2025-W02', 0, 0, null],
      ['2025-W03', 0, 0, null],
      ['All weeks', 0, 0, null],
    ]);
  });

  it('Communicable and Non-Communicable Disease: each row under 5 and over, by facility', async () => {
    const communicable = await hand('communicable-disease');
    const rows = table(communicable, 'New cases of communicable diseases by condition');
    expect(row(rows, 'Cholera')).toEqual(['Cholera', 1, 0, 1]);
    expect(row(rows, 'Suspected Malaria')).toEqual(['Suspected Malaria', 0, 2, 2]);
    expect(row(rows, 'Confirmed Malaria')).toEqual(['Confirmed Malaria', 0, 0, 0]);
    expect(row(rows, 'Diarrhoea')).toEqual(['Diarrhoea', null, 0, 0]);
    expect(row(rows, 'All conditions')).toEqual(['All conditions', 1, 3, 4]);
    const byFacility = table(communicable, 'New cases of communicable diseases by facility');
    expect(byFacility.columns.slice(3)).toEqual(['Suspected Malaria', 'Cholera', 'Typhoid fever', 'Other communicable conditions', 'Total']);
    expect(row(byFacility, MFL)).toEqual([MFL, 'Nambuku Model Health Centre', 'Funyula', 2, 1, 1, 0, 4]);
    const ncd = table(await hand('non-communicable-disease'), 'New cases of non-communicable diseases by condition');
    expect(row(ncd, 'Hypertension')).toEqual(['Hypertension', null, 2, 2]);
    expect(row(ncd, 'All conditions')).toEqual(['All conditions', 0, 2, 2]);
  });

  it('Patient Demographics: three patients registered and seen, by band, sex and sub-county', async () => {
    const data = await hand('patient-demographics');
    const registry = table(data, 'Patients registered at these facilities by 2025-01-19');
    expect(registry.rows).toEqual([
      ['0–4', 0, 1, 1],
      ['5–14', 0, 0, 0],
      ['15–24', 0, 0, 0],
      ['25–49', 1, 0, 1],
      ['50–59', 0, 0, 0],
      ['60+', 0, 1, 1],
      ['All ages', 1, 2, 3],
    ]);
    expect(table(data, 'Patients seen').rows).toEqual(registry.rows);
    const places = table(data, 'Patients by sub-county');
    expect(row(places, 'Funyula')).toEqual(['Funyula', 2, 2, 2]);
    expect(row(places, 'Not recorded')).toEqual(['Not recorded', 1, 1, 1]);
    const seenHere = table(data, 'Patients seen from 2025-01-06 to 2025-01-19, by sub-county');
    expect(seenHere.columns.slice(0, 3)).toEqual(['Sub-county of residence', '0–4 F', '0–4 M']);
    // The boy (0–4, male) and the woman (25–49, female) in Funyula; the man (60+) with no sub-county.
    expect(row(seenHere, 'Funyula')).toEqual(['Funyula', 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2]);
    expect(row(seenHere, 'Not recorded')).toEqual(['Not recorded', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(row(seenHere, 'All sub-counties').at(-1)).toBe(3);
  });

  it('Revenue Collection and Billing Analysis: KES 1,501 collected, rounded once; the overdue and the pending invoice', async () => {
    const revenue = await hand('revenue-collection');
    const byFacility = table(revenue, 'Money collected by facility');
    expect(byFacility.rows).toHaveLength(2);
    expect([cell(byFacility, MFL, 'Invoices paid'), cell(byFacility, MFL, 'Cash'), cell(byFacility, MFL, 'M-Pesa'), cell(byFacility, MFL, 'Total')]).toEqual([3, 1501, 0, 1501]);
    expect(column(table(revenue, 'Money collected by service'), 'Amount (KES)')).toMatchObject({ Consultation: 1000, Laboratory: 201, Pharmacy: 301, All: 1501 });
    expect(cell(table(revenue, 'Money collected by payment method'), 'Cash', 'Share (%)')).toBe(100);

    const billing = table(await hand('billing-analysis'), 'Invoices raised in these days, by status');
    expect(billing.rows).toEqual([
      ['Paid', 3, 1501, 500, 60],
      ['Pending', 1, 400, 400, 20],
      ['Overdue', 1, 250, 250, 20],
      ['Processing', 0, 0, null, 0],
      ['Cancelled', 0, 0, null, 0],
      ['All invoices', 5, 2151, 430, 100],
    ]);
  });

  it('Facility Utilization, Patient Flow and Staff Performance: seven visits on five days, by hour, clinician and desk', async () => {
    const use = table(await hand('facility-utilization'), 'Facility utilization');
    const mine = Object.fromEntries(use.columns.map((c, i) => [c, row(use, MFL)[i]]));
    expect(mine).toMatchObject({ Visits: 7, 'New attendances': 3, 'Re-attendances': 4, 'Patients seen': 3, 'Days with visits': 5, 'Visits per day with visits': 1.4, 'Visits per day (14 days)': 0.5 });

    const flow = await hand('patient-flow');
    const hours = column(table(flow, 'Visits by hour'), 'Visits');
    expect(Object.fromEntries(Object.entries(hours).filter(([, n]) => n !== 0))).toEqual({ '09:00–09:59': 2, '10:00–10:59': 2, '14:00–14:59': 2, 'Time not recorded': 1, 'All visits': 7 });
    expect(row(table(flow, 'Visits by day of the week'), 'Thursday')).toEqual(['Thursday', 1, 2, 0.5, 14.3]);
    const perDay = column(table(flow, 'Visits per day'), 'Value');
    expect(perDay).toMatchObject({ 'Days in the range': 14, Visits: 7, 'Mean visits per day': 0.5, 'Median visits per day': 0, 'Busiest day': 2, 'Days without a visit': 9 });
    expect(cell(table(flow, 'Visits per day'), 'Busiest day', 'Detail')).toContain('2025-01-06 (Monday)');

    const staff = await hand('staff-performance');
    expect(table(staff, 'Visits recorded per clinician').rows).toEqual([['Test clinical_officer 4', 'Clinical Officer', 'Nambuku Model Health Centre', 7, 3, 4, 3, 5]]);
    expect(table(staff, 'Invoices raised and patients registered').rows).toEqual([
      ['Test nurse 4', 'Nurse', 'Nambuku Model Health Centre', 5, 0],
      ['Test records_officer 4', 'Records Officer', 'Nambuku Model Health Centre', 0, 3],
    ]);
  });

  it('Referral Analysis: one urgent referral out, received after five and a half hours', async () => {
    const data = await hand('referral-analysis');
    expect(row(table(data, 'Referrals by facility'), MFL)).toEqual([MFL, 'Nambuku Model Health Centre', 'Funyula', 1, 1, 0, 0, 0]);
    expect(row(table(data, 'Time from referral to receipt'), 'Urgent')).toEqual(['Urgent', 1, 5.5, 5.5, 5.5, 0]);
    expect(table(data, 'Leading reasons').rows).toEqual([['Severe malaria', 1, 0, 1]]);
    // The hospital's view of the same referral: one in.
    const atHospital = await generate({ report: 'referral-analysis', facilityId: 1, startDate: HAND.startDate, endDate: HAND.endDate });
    expect(row(table(atHospital, 'Referrals by facility'), '15834')).toEqual(['15834', 'Busia County Referral Hospital', 'Matayos', 0, 0, 0, 1, 1]);
  });

  it('the Performance Dashboard and Comparative of the fortnight', async () => {
    const dashboard = column(table(await hand('performance-dashboard'), 'Headline indicators'), 'Value');
    expect(dashboard).toMatchObject({ Visits: 7, 'Patients seen': 3, 'New patients registered': 3, 'Money collected (KES)': 1501, 'Referrals out': 1, 'Referrals in': 0 });
    const detail = column(table(await hand('performance-dashboard'), 'Headline indicators'), 'Detail');
    // The woman's malaria, coded without a test, is a suspected case (issue 31).
    expect([detail['Leading diagnosis 1 (new cases)'], detail['Leading diagnosis 2 (new cases)'], detail['Leading diagnosis 3 (new cases)']]).toEqual(['Suspected Malaria', 'Hypertension', 'Cholera']);
    expect(dashboard['Leading diagnosis 5 (new cases)']).toBeNull();
    const compared = table(await hand('comparative'), 'Facilities compared');
    expect(row(compared, MFL)).toEqual([MFL, 'Nambuku Model Health Centre', 'Funyula', 7, 3, 3, 1501, 'Suspected Malaria', 2, 1]);
    const trend = table(await generate({ report: 'trends', ...HAND }), 'Month by month');
    expect(trend.rows).toEqual([['2025-01', 14, 7, 3, 1501, 1]]);
  });

  it('says why a day with nothing is empty rather than inventing zeros for what is not recorded', async () => {
    const quiet = await generate({ report: 'billing-analysis', facilityId: FACILITY, startDate: '2025-01-20', endDate: '2025-01-26' });
    expect(row(table(quiet, 'Invoices raised in these days, by status'), 'All invoices')).toEqual(['All invoices', 0, 0, null, null]);
    const utilization = table(await generate({ report: 'facility-utilization', facilityId: FACILITY, startDate: '2025-01-20', endDate: '2025-01-26' }), 'Facility utilization');
    expect(cell(utilization, MFL, 'Visits per day with visits')).toBeNull();
    expect(countyDate(TEST_NOW)).toBe(END);
  });
});

describe('Patient Demographics on the days an age band changes (issue 30 item 9)', () => {
  // Khunyangu Sub County Hospital (facility 5) registered nobody before the demo county's year: its registry by
  // February 2024 and by February 2025 is these nine, registered on 15 January 2024, each born on or next to the day
  // they move up a band. Ages are whole years as PostgreSQL's age() counts them: someone born on 29 February is a
  // year older on 1 March in a year without one. A band worked out from the year of birth alone, or a day off at
  // either side, moves one of them.
  const AT = 5;
  const PEOPLE: [name: string, gender: 'female' | 'male', born: string, subcounty: string][] = [
    ['Ann', 'female', '2019-02-28', 'Matayos'],
    ['Ben', 'male', '2019-03-01', 'Matayos'],
    ['Cate', 'female', '2020-02-28', 'Matayos'],
    ['Dan', 'male', '2020-02-29', 'Matayos'],
    ['Eve', 'female', '1964-02-29', 'Teso North'],
    ['Fred', 'male', '1964-03-01', 'Teso North'],
    ['Gift', 'female', '2000-02-29', 'Matayos'],
    ['Hassan', 'male', '2010-02-28', 'Matayos'],
    ['Ivy', 'female', '2010-03-01', 'Matayos'],
  ];

  beforeAll(async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from patients where facility_id = ${AT} and created_at < ${countyInstant('2025-03-01').toISOString()}::timestamptz`);
    expect(before.n).toBe(0);
    const registered = countyInstant('2024-01-15', 9, 0).toISOString();
    await t.asOwner(
      ...PEOPLE.map(
        ([name, gender, born, subcounty], i) =>
          sql`insert into patients (national_id, first_name, last_name, date_of_birth, gender, subcounty, facility_id, created_at, updated_at)
              values (${`BC0770000${i}`}, ${name}, 'Boundary', ${born}, ${gender}, ${subcounty}, ${AT}, ${registered}::timestamptz, ${registered}::timestamptz)`,
      ),
      // Dan (born on 29 February) and Cate seen in February 2025.
      ...['Dan', 'Cate'].map(
        (name, i) =>
          sql`insert into medical_records (patient_id, facility_id, chief_complaint, visit_date)
              values ((select id from patients where first_name = ${name} and last_name = 'Boundary'), ${AT}, 'Fixture visit', ${countyInstant(`2025-02-1${i}`, 10, 0).toISOString()}::timestamptz)`,
      ),
    );
  });

  const bands = (end: string) => generate({ report: 'patient-demographics', facilityId: AT, startDate: `${end.slice(0, 7)}-01`, endDate: end });

  it('bands each of them as age() does on 29 February 2024 and on 28 February 2025', async () => {
    // The hand-worked bands below are age()'s own.
    const ages = await t.rows<{ name: string; leap: number; plain: number }>(
      sql`select first_name as name, extract(year from age(date '2024-02-29', date_of_birth))::int as leap, extract(year from age(date '2025-02-28', date_of_birth))::int as plain
          from patients where last_name = 'Boundary' order by id`,
    );
    expect(ages.map((a) => [a.name, a.leap, a.plain])).toEqual([
      ['Ann', 5, 6],
      ['Ben', 4, 5],
      ['Cate', 4, 5],
      ['Dan', 4, 4],
      ['Eve', 60, 60],
      ['Fred', 59, 60],
      ['Gift', 24, 24],
      ['Hassan', 14, 15],
      ['Ivy', 13, 14],
    ]);

    const leap = await bands('2024-02-29');
    expect(table(leap, 'Patients registered at these facilities by 2024-02-29').rows).toEqual([
      ['0–4', 1, 2, 3],
      ['5–14', 2, 1, 3],
      ['15–24', 1, 0, 1],
      ['25–49', 0, 0, 0],
      ['50–59', 0, 1, 1],
      ['60+', 1, 0, 1],
      ['All ages', 5, 4, 9],
    ]);
    const plain = await bands('2025-02-28');
    expect(table(plain, 'Patients registered at these facilities by 2025-02-28').rows).toEqual([
      ['0–4', 0, 1, 1],
      ['5–14', 3, 1, 4],
      ['15–24', 1, 1, 2],
      ['25–49', 0, 0, 0],
      ['50–59', 0, 0, 0],
      ['60+', 1, 1, 2],
      ['All ages', 5, 4, 9],
    ]);
    expect(table(plain, 'Patients seen').rows.slice(0, 2)).toEqual([
      ['0–4', 0, 1, 1],
      ['5–14', 1, 0, 1],
    ]);
    expect(cell(table(plain, 'Patients registered from'), 'All ages', 'Total')).toBe(0);
    // By sub-county: Eve and Fred (60+) in Teso North; in Matayos, Dan alone under 5 and Ann, Ben, Cate and Ivy at 5–14.
    const places = table(plain, 'Patients registered by 2025-02-28, by sub-county');
    expect(row(places, 'Teso North')).toEqual(['Teso North', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2]);
    expect(row(places, 'Matayos')).toEqual(['Matayos', 0, 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 7]);
  });
});

describe('Inventory Stock past what one amount holds (issue 25, finding 3)', () => {
  it('adds up stock lines each worth the most one journal moves, many of them, to the whole shilling', async () => {
    // Eleven lines of 999,999 units at KES 1,000,000 at Alupe (facility 2), on its books since the week before.
    const since = countyInstant(addDays(END, -7)).toISOString();
    for (let i = 1; i <= 11; i++) {
      await t.asOwner(
        sql`insert into inventory_items (item_name, category, facility_id, current_stock, minimum_stock, unit, supplier, unit_cost) values (${`Reagent lot ${i}`}, 'laboratory', 2, 999999, 10, 'units', 'KEMSA', 1000000)`,
        sql`insert into stock_movements (item_id, kind, quantity, balance_after, reason, at) values ((select id from inventory_items where item_name = ${`Reagent lot ${i}`} and facility_id = 2), 'opening', 999999, 999999, null, ${since}::timestamptz)`,
      );
    }
    const data = await generate({ report: 'inventory-stock', facilityId: 2, startDate: START, endDate: END });
    const value = await one<{ v: string }>(sql`select sum(unit_cost * current_stock)::text as v from inventory_items where facility_id = 2`);
    const expected = Number(BigInt(value.v.replace('.', '')) / 100n + (BigInt(value.v.replace('.', '')) % 100n >= 50n ? 1n : 0n));
    expect(expected).toBeGreaterThan(10_999_989_000_000);
    expect(cell(table(data, `Stock by facility on ${END}`), 'All facilities', 'Value at cost (KES)')).toBe(expected);
  });
});

describe('the SHA claims analysis at county scale (issue 30 item 9)', () => {
  it("reads one insurer's claims submitted in a range through an index, not the whole table", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The demo county is small enough for the planner to scan anyway; at a million claims it would not.
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select count(*) from insurance_claims where provider = 'nhif' and submitted_at >= '2026-02-01T00:00:00+03:00' and submitted_at < '2026-03-01T00:00:00+03:00'`,
      );
      return ((res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows ?? (res as unknown as { 'QUERY PLAN': string }[])).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('claims_provider_submitted_idx');
  });
});
