// Revenue Management (SPEC.md §2.7): the director reads the period's money on four cards, each against the
// period before it, and the billing records behind them; every figure is checked against SQL written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { changePercent, parseKes, toKes } from '../../../shared/money.js';
import { GRANTS, type Role } from '../../../shared/access/index.js';
import { createTestContext, emailOf, sessionCookie, type TestContext } from '../../test/helper.js';
import { csvLines, csvRecords } from '../../test/csv.js';
import { post } from '../accounting/index.js';

let t: TestContext;
let director: string;

// TEST_NOW is Monday 16 March 2026, 09:30 in Busia. Each period runs to the end of that county day, and the
// previous period is the same number of days just before it. Windows are [from, to) in EAT, written out by hand.
const EAT = (day: string) => `${day}T00:00:00+03:00`;
const WINDOWS = {
  today: { cur: ['2026-03-16', '2026-03-17'], prev: ['2026-03-15', '2026-03-16'] },
  '7d': { cur: ['2026-03-10', '2026-03-17'], prev: ['2026-03-03', '2026-03-10'] },
  month: { cur: ['2026-03-01', '2026-03-17'], prev: ['2026-02-13', '2026-03-01'] },
  '3m': { cur: ['2025-12-17', '2026-03-17'], prev: ['2025-09-18', '2025-12-17'] },
  year: { cur: ['2026-01-01', '2026-03-17'], prev: ['2025-10-18', '2026-01-01'] },
} as const;
type Period = keyof typeof WINDOWS;
const PERIODS = Object.keys(WINDOWS) as Period[];

const lastDay = (exclusive: string) => new Date(Date.parse(`${exclusive}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

type Expected = { amount: number; count: number };

/**
 * Independent SQL for one card over one window. The money of the first three is the ledger's (issue 30 item 2):
 * revenue earned (the revenue accounts' net credit, the year-end close left out), SHA revenue (4210, 4220), and
 * what came into cash on hand (1140); their counts are the invoices behind them. Pending is billing's own.
 */
async function expected(kind: 'total' | 'sha' | 'cash' | 'pending' | 'overdue', [from, to]: readonly [string, string], facilityId?: number): Promise<Expected> {
  const facility = facilityId ? sql`and facility_id = ${facilityId}` : sql``;
  const paid = sql`status = 'paid' and paid_at >= ${EAT(from)}::timestamptz and paid_at < ${EAT(to)}::timestamptz`;
  const raised = sql`created_at >= ${EAT(from)}::timestamptz and created_at < ${EAT(to)}::timestamptz`;
  const owed = sql`${raised} and status <> 'cancelled'`;
  const where = {
    total: owed,
    sha: sql`${owed} and (payment_method = 'nhif' or insurance_provider = 'nhif')`,
    cash: sql`${paid} and payment_method = 'cash'`,
    pending: sql`${raised} and status in ('pending', 'overdue', 'processing')`,
    overdue: sql`${raised} and (status = 'overdue' or (status = 'pending' and due_date < '2026-03-16'))`,
  }[kind];
  const [row] = await t.rows<{ amount: string; count: number }>(
    sql`select coalesce(sum(amount), 0)::text as amount, count(*)::int as count from billing_records where ${where} ${facility}`,
  );
  const ledger = { total: sql`l.credit - l.debit`, sha: sql`l.credit - l.debit`, cash: sql`l.debit` } as Record<string, ReturnType<typeof sql>>;
  const accounts = {
    total: sql`l.account_code in (select code from accounts where type = 'revenue' and (code like '41%' or code like '42%'))`,
    sha: sql`l.account_code in ('4210', '4220')`,
    cash: sql`l.account_code = '1140'`,
  } as Record<string, ReturnType<typeof sql>>;
  if (!ledger[kind]) return { amount: toKes(parseKes(row!.amount)), count: row!.count };
  const [money] = await t.rows<{ amount: string }>(sql`select coalesce(sum(${ledger[kind]}), 0)::text as amount
    from journal_lines l join journals j on j.id = l.journal_id
    where j.status = 'posted' and j.source_type is distinct from 'year_close' and j.date >= ${from}::date and j.date < ${to}::date
      and ${accounts[kind]} ${facilityId ? sql`and l.facility_id = ${facilityId}` : sql``}`);
  return { amount: toKes(parseKes(money!.amount)), count: row!.count };
}

/** A journal straight to the ledger, dated a county day, as the day's event would have posted it. */
async function book(facilityId: number, date: string, lines: [account: string, debit: number, credit: number][]) {
  await t.database.db.transaction((tx) =>
    post(
      tx as never,
      {
        date,
        description: 'Test posting',
        source: { type: 'manual', id: null },
        lines: lines.map(([account, debit, credit]) => ({ account, debit: parseKes(debit), credit: parseKes(credit), facilityId, fund: 'fif' as const })),
      },
      { now: new Date(`${date}T12:00:00+03:00`) },
    ),
  );
}
/** An invoice's revenue (Dr patient debtors / Cr outpatient fees, or SHA's receivable and revenue) and, when paid in cash, its cash. */
const earn = (facilityId: number, date: string, amount: number, opts: { sha?: boolean; cashOn?: string } = {}) =>
  book(facilityId, date, opts.sha ? [['1210', amount, 0], ['4210', 0, amount]] : [['1230', amount, 0], ['4110', 0, amount]]).then(() =>
    opts.cashOn ? book(facilityId, opts.cashOn, [['1140', amount, 0], ['1230', 0, amount]]) : undefined,
  );

/** The change between the sums as the database gives them, by money.ts's one rule (its own tests: money.test.ts). */
const change = (current: number, previous: number) => changePercent(parseKes(current), parseKes(previous));

async function summary(query: string, cookie = director) {
  const res = await t.request({ url: `/api/revenue/summary${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A billing record written straight to the table, as the billing screen would have left it. */
async function insertBill(b: {
  facilityId: number;
  amount: number;
  method?: string;
  provider?: string | null;
  coverage?: number;
  status: string;
  createdAt: string;
  paidAt?: string | null;
  dueDate?: string | null;
}) {
  await t.database.db.execute(sql`insert into billing_records (invoice_number, patient_id, facility_id, service_type, amount, payment_method, insurance_provider, insurance_coverage_percent, status, created_at, paid_at, due_date)
    values (${`INV-TEST-${Math.random().toString(36).slice(2, 10)}`}, 1, ${b.facilityId}, 'consultation', ${b.amount}, ${b.method ?? 'cash'}, ${b.provider ?? null}, ${b.coverage ?? 0}, ${b.status},
      ${b.createdAt}::timestamptz, ${b.paidAt ?? null}::timestamptz, ${b.dueDate ?? null}::date)`);
}

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('GET /api/revenue/summary', () => {
  for (const facilityId of [undefined, 1]) {
    it.each(PERIODS)(`every card of period %s equals the SQL of the seed (${facilityId ? 'one facility' : 'whole county'})`, async (period) => {
      const s = await summary(`?period=${period}${facilityId ? `&facilityId=${facilityId}` : ''}`);
      const w = WINDOWS[period];
      expect(s.period).toBe(period);
      expect(s.facilityId).toBe(facilityId ?? null);
      expect(s.current).toEqual({ start: w.cur[0], end: lastDay(w.cur[1]) });
      expect(s.previous).toEqual({ start: w.prev[0], end: lastDay(w.prev[1]) });
      const cards = { totalRevenue: 'total', shaClaims: 'sha', cashPayments: 'cash', pendingPayments: 'pending' } as const;
      for (const [card, kind] of Object.entries(cards)) {
        const now = await expected(kind, w.cur, facilityId);
        const before = await expected(kind, w.prev, facilityId);
        expect(s[card], card).toMatchObject({
          amount: now.amount,
          count: now.count,
          previousAmount: before.amount,
          previousCount: before.count,
          changePercent: change(now.amount, before.amount),
        });
      }
      const overdue = await expected('overdue', w.cur, facilityId);
      expect(s.pendingPayments.overdueAmount).toBe(overdue.amount);
      expect(s.pendingPayments.overdueCount).toBe(overdue.count);
    });
  }

  it('the seed gives the cards real money to show', async () => {
    const s = await summary('?period=3m');
    expect(s.totalRevenue.amount).toBeGreaterThan(0);
    expect(s.shaClaims.amount).toBeGreaterThan(0);
    expect(s.cashPayments.amount).toBeGreaterThan(0);
    expect(s.pendingPayments.amount).toBeGreaterThan(0);
    expect(s.pendingPayments.overdueCount).toBeGreaterThan(0);
    // SHA revenue is part of the revenue earned.
    expect(s.shaClaims.amount).toBeLessThanOrEqual(s.totalRevenue.amount);
  });

  it('Revenue, the dashboard and the income statement give the same revenue to the cent, for the county and a facility', async () => {
    for (const facilityId of [undefined, 1, 50]) {
      const q = facilityId ? `facilityId=${facilityId}` : '';
      const s = await summary(`?period=month&${q}`);
      const stats = (await t.request({ url: `/api/revenue/stats?${q}`, cookie: director })).json();
      const statement = (await t.request({ url: `/api/accounting/income-statement?from=2026-03-01&to=2026-03-16&${q}`, cookie: director })).json();
      const totalRevenue = statement.sections[0].rows.find((r: { key?: string }) => r.key === 'serviceRevenue').values.amount;
      expect(s.totalRevenue.amount, `facility ${facilityId}`).toBe(stats.totalRevenue);
      expect(toKes(parseKes(totalRevenue))).toBe(stats.totalRevenue);
      const today = (await t.request({ url: `/api/dashboard/stats?${q}`, cookie: director })).json();
      const todayCard = await summary(`?period=today&${q}`);
      expect(today.todayRevenue).toBe(todayCard.totalRevenue.amount);
    }
  });

  it('a waiver is not revenue collected: the cards, the dashboard and the income statement still agree after one', async () => {
    const before = await summary('?period=today&facilityId=1');
    const cashBefore = before.cashPayments.amount;
    // A cash invoice of KES 900 at facility 1, KES 400 of it waived and the rest paid in cash.
    const officer = await t.loginAt('facility_incharge', 1);
    const invoice = (await t.request({ method: 'POST', url: '/api/billing', cookie: officer, body: { patientId: 1, facilityId: 1, serviceType: 'consultation', amount: 900, paymentMethod: 'cash' } })).json();
    expect(invoice.id, JSON.stringify(invoice)).toBeGreaterThan(0);
    const waived = await t.request({ method: 'POST', url: `/api/billing/${invoice.id}/waivers`, cookie: officer, body: { amount: 400, reason: 'The patient cannot pay all of it' } });
    expect(waived.statusCode, waived.body).toBe(201);
    const paid = await t.request({ method: 'POST', url: `/api/billing/${invoice.id}/payments`, cookie: officer, body: { method: 'cash' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = await summary('?period=today&facilityId=1');
    // The invoice earned KES 900; KES 500 came in as cash, never the KES 400 forgiven.
    expect(after.totalRevenue.amount).toBe(before.totalRevenue.amount + 900);
    expect(after.cashPayments.amount).toBe(cashBefore + 500);
    const statement = (await t.request({ url: '/api/accounting/income-statement?from=2026-03-16&to=2026-03-16&facilityId=1', cookie: director })).json();
    const rows = statement.sections.flatMap((x: { rows: { key?: string; code: string | null; values: { amount: string } }[] }) => x.rows);
    expect(toKes(parseKes(rows.find((r: { key?: string }) => r.key === 'serviceRevenue').values.amount))).toBe(after.totalRevenue.amount);
    expect(rows.find((r: { code: string | null }) => r.code === '5310')).toBeTruthy();
    const dashboard = (await t.request({ url: '/api/dashboard/stats?facilityId=1', cookie: director })).json();
    expect(dashboard.todayRevenue).toBe(after.totalRevenue.amount);
  });

  it('this month is the month GET /api/revenue/stats totals, so the dashboard and this screen agree', async () => {
    for (const facilityId of [undefined, 1]) {
      const q = facilityId ? `?facilityId=${facilityId}` : '';
      const stats = (await t.request({ url: `/api/revenue/stats${q}`, cookie: director })).json();
      const s = await summary(`?period=month${facilityId ? `&facilityId=${facilityId}` : ''}`);
      expect(s.totalRevenue.amount).toBe(stats.totalRevenue);
      expect(s.current).toEqual({ start: stats.periodStart, end: '2026-03-16' });
    }
  });

  it('GET /api/revenue/stats keeps the shape the spec gives it', async () => {
    const stats = (await t.request({ url: '/api/revenue/stats', cookie: director })).json();
    expect(Object.keys(stats).sort()).toEqual(['periodEnd', 'periodStart', 'totalRevenue']);
  });

  it('the period defaults to this month', async () => {
    const s = await summary('');
    expect(s.period).toBe('month');
    expect(s.current.start).toBe('2026-03-01');
  });

  it('scopes every figure to the chosen facility', async () => {
    const county = await summary('?period=3m');
    const one = await summary('?period=3m&facilityId=1');
    expect(one.totalRevenue.amount).toBeGreaterThan(0);
    expect(one.totalRevenue.amount).toBeLessThan(county.totalRevenue.amount);
    const quiet = await summary('?period=3m&facilityId=29');
    for (const card of ['totalRevenue', 'shaClaims', 'cashPayments', 'pendingPayments']) {
      expect(quiet[card]).toMatchObject({ amount: 0, count: 0, previousAmount: 0, changePercent: null });
    }
  });

  it('the change is against the previous period, and none is shown when that period had nothing', async () => {
    // Facility 11 has no bills in the seed. A cash invoice this week, none the week before: no percentage.
    await insertBill({ facilityId: 11, amount: 1500, status: 'paid', createdAt: '2026-03-12T10:00:00+03:00', paidAt: '2026-03-12T10:05:00+03:00' });
    await earn(11, '2026-03-12', 1500, { cashOn: '2026-03-12' });
    let s = await summary('?period=7d&facilityId=11');
    expect(s.totalRevenue).toMatchObject({ amount: 1500, count: 1, previousAmount: 0, changePercent: null });
    expect(s.cashPayments).toMatchObject({ amount: 1500, count: 1, changePercent: null });
    // KES 1,000 the week before: up 50 %.
    await insertBill({ facilityId: 11, amount: 1000, status: 'paid', createdAt: '2026-03-05T10:00:00+03:00', paidAt: '2026-03-05T10:05:00+03:00' });
    await earn(11, '2026-03-05', 1000, { cashOn: '2026-03-05' });
    s = await summary('?period=7d&facilityId=11');
    expect(s.totalRevenue).toMatchObject({ amount: 1500, previousAmount: 1000, previousCount: 1, changePercent: 50 });
    // An SHA invoice the week before and none this week: down 100 %.
    await insertBill({ facilityId: 11, amount: 3000, method: 'nhif', provider: 'nhif', coverage: 100, status: 'paid', createdAt: '2026-03-04T10:00:00+03:00', paidAt: '2026-03-06T12:00:00+03:00' });
    await earn(11, '2026-03-04', 3000, { sha: true });
    s = await summary('?period=7d&facilityId=11');
    expect(s.shaClaims).toMatchObject({ amount: 0, previousAmount: 3000, previousCount: 1, changePercent: -100 });
    expect(s.totalRevenue).toMatchObject({ amount: 1500, previousAmount: 4000, changePercent: -62.5 });
  });

  it('a pending invoice counts as pending when raised, and as overdue once its due date has passed', async () => {
    await insertBill({ facilityId: 30, amount: 800, status: 'pending', createdAt: '2026-03-02T09:00:00+03:00', dueDate: '2026-03-15' });
    await insertBill({ facilityId: 30, amount: 200, status: 'pending', createdAt: '2026-03-03T09:00:00+03:00', dueDate: '2026-03-16' });
    await insertBill({ facilityId: 30, amount: 450, status: 'processing', createdAt: '2026-03-04T09:00:00+03:00', dueDate: '2026-03-01' });
    await insertBill({ facilityId: 30, amount: 999, status: 'cancelled', createdAt: '2026-03-04T09:00:00+03:00', dueDate: '2026-03-01' });
    const s = await summary('?period=month&facilityId=30');
    expect(s.pendingPayments).toMatchObject({ amount: 1450, count: 3, overdueAmount: 800, overdueCount: 1 });
    expect(s.totalRevenue.amount).toBe(0);
  });

  it('a period is county days: revenue dated the 1st is this month, dated the 28th of February last month', async () => {
    await earn(13, '2026-03-01', 700);
    await earn(13, '2026-02-28', 300);
    const s = await summary('?period=month&facilityId=13');
    expect(s.totalRevenue).toMatchObject({ amount: 700, previousAmount: 300 });
    // Today likewise: the 16th against the 15th.
    await earn(13, '2026-03-16', 50);
    await earn(13, '2026-03-15', 20);
    const today = await summary('?period=today&facilityId=13');
    expect(today.totalRevenue).toMatchObject({ amount: 50, previousAmount: 20 });
  });

  it('rejects an unknown period and a facility id that is not a number', async () => {
    expect((await t.request({ url: '/api/revenue/summary?period=fortnight', cookie: director })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/revenue/summary?facilityId=abc', cookie: director })).statusCode).toBe(400);
  });
});

describe('the period turns over at county midnight', () => {
  it('at 23:59 on 31 March it is still March; a minute later April has begun and March is the period before', async () => {
    const ctx = await createTestContext();
    try {
      const at = async (instant: string, query: string) => {
        ctx.clock.set(new Date(instant));
        const login = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } });
        return (await ctx.request({ url: `/api/revenue/summary${query}`, cookie: sessionCookie(login) })).json();
      };
      // An invoice raised at 23:30 on 31 March in Busia earns its revenue that day.
      await ctx.database.db.transaction((tx) =>
        post(
          tx as never,
          { date: '2026-03-31', description: 'Test posting', source: { type: 'manual', id: null }, lines: [{ account: '1230', debit: parseKes(400), facilityId: 29, fund: 'fif' }, { account: '4110', credit: parseKes(400), facilityId: 29, fund: 'fif' }] },
          { now: new Date('2026-03-31T23:30:00+03:00') },
        ),
      );
      const march = await at('2026-03-31T23:59:00+03:00', '?period=month&facilityId=29');
      expect(march.current).toEqual({ start: '2026-03-01', end: '2026-03-31' });
      expect(march.totalRevenue.amount).toBe(400);
      const april = await at('2026-04-01T00:00:00+03:00', '?period=month&facilityId=29');
      expect(april.current).toEqual({ start: '2026-04-01', end: '2026-04-01' });
      expect(april.previous).toEqual({ start: '2026-03-31', end: '2026-03-31' });
      expect(april.totalRevenue).toMatchObject({ amount: 0, previousAmount: 400, changePercent: -100 });
      const year = await at('2026-04-01T00:00:00+03:00', '?period=year&facilityId=29');
      expect(year.current).toEqual({ start: '2026-01-01', end: '2026-04-01' });
      expect(year.previous).toEqual({ start: '2025-10-02', end: '2025-12-31' });
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/revenue/records', () => {
  const recordsSql = async (period: Period, facilityId?: number) => {
    const [from, to] = WINDOWS[period].cur;
    const facility = facilityId ? sql`and facility_id = ${facilityId}` : sql``;
    return t.rows<{ id: number }>(sql`select id from billing_records
      where ((created_at >= ${EAT(from)}::timestamptz and created_at < ${EAT(to)}::timestamptz)
         or (status = 'paid' and paid_at >= ${EAT(from)}::timestamptz and paid_at < ${EAT(to)}::timestamptz)) ${facility}
      order by created_at desc, id desc`);
  };

  it('lists the records raised or paid in the period, newest first, with the count in X-Total-Count', async () => {
    for (const period of ['today', 'month'] as const) {
      const res = await t.request({ url: `/api/revenue/records?period=${period}&limit=200`, cookie: director });
      expect(res.statusCode).toBe(200);
      const ids = (await recordsSql(period)).map((r) => r.id);
      expect(Number(res.headers['x-total-count'])).toBe(ids.length);
      expect(res.json().map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 200));
    }
  });

  it('names the patient, service, facility, amount, method and status the table shows', async () => {
    const [first] = (await t.request({ url: '/api/revenue/records?period=today&limit=1', cookie: director })).json();
    const [row] = await t.rows<Record<string, unknown>>(sql`select b.invoice_number, p.first_name || ' ' || p.last_name as name, f.name as facility, b.amount::float8 as amount,
        round(b.amount * (100 - b.insurance_coverage_percent) / 100, 2)::float8 as payable
      from billing_records b join patients p on p.id = b.patient_id join facilities f on f.id = b.facility_id where b.id = ${first.id}`);
    expect(first).toMatchObject({ invoiceNumber: row!.invoice_number, patientName: row!.name, facilityName: row!.facility, amount: row!.amount, patientPayable: row!.payable });
    expect(first).toHaveProperty('serviceType');
    expect(first).toHaveProperty('paymentMethod');
    expect(first).toHaveProperty('status');
    expect(first).toHaveProperty('createdAt');
  });

  it('every card of the period can be traced to its rows', async () => {
    const s = await summary('?period=month&facilityId=1');
    const rows = (await t.request({ url: '/api/revenue/records?period=month&facilityId=1&limit=200', cookie: director })).json() as {
      amount: number;
      status: string;
      paidAt: string | null;
      createdAt: string;
      paymentMethod: string;
      facilityId: number;
    }[];
    expect(rows.every((r) => r.facilityId === 1)).toBe(true);
    const inMonth = (at: string | null) => at !== null && at >= '2026-02-28T21:00:00.000Z';
    const sum = (xs: { amount: number }[]) => xs.reduce((a, r) => a + r.amount, 0);
    // The revenue card counts the invoices raised in the month; what they earned is the ledger's invoice revenue.
    const raised = rows.filter((r) => r.status !== 'cancelled' && inMonth(r.createdAt));
    expect(raised.length).toBe(s.totalRevenue.count);
    const [earned] = await t.rows<{ amount: string }>(sql`select coalesce(sum(l.credit - l.debit), 0)::text as amount from journal_lines l join journals j on j.id = l.journal_id
      where j.source_type = 'invoice' and j.date between '2026-03-01' and '2026-03-16' and l.facility_id = 1 and l.account_code like '4%'`);
    expect(toKes(parseKes(earned!.amount))).toBe(Math.round(sum(raised) * 100) / 100);
    expect(sum(rows.filter((r) => ['pending', 'overdue', 'processing'].includes(r.status) && inMonth(r.createdAt)))).toBe(s.pendingPayments.amount);
  });

  it("gives what the patient pays after the insurer's share", async () => {
    await insertBill({ facilityId: 33, amount: 2450, method: 'insurance', provider: 'aar', coverage: 80, status: 'pending', createdAt: '2026-03-09T09:00:00+03:00', dueDate: '2026-04-08' });
    const [row] = (await t.request({ url: '/api/revenue/records?period=month&facilityId=33', cookie: director })).json();
    expect(row).toMatchObject({ amount: 2450, insuranceProvider: 'aar', insuranceCoveragePercent: 80, patientPayable: 490, status: 'pending' });
  });

  it('pages with limit and offset', async () => {
    const ids = (await recordsSql('month')).map((r) => r.id);
    const page2 = (await t.request({ url: '/api/revenue/records?period=month&limit=5&offset=5', cookie: director })).json();
    expect(page2.map((r: { id: number }) => r.id)).toEqual(ids.slice(5, 10));
  });

  it('shows a pending invoice past its due date as overdue', async () => {
    await insertBill({ facilityId: 32, amount: 650, status: 'pending', createdAt: '2026-03-02T09:00:00+03:00', dueDate: '2026-03-10' });
    await insertBill({ facilityId: 32, amount: 150, status: 'pending', createdAt: '2026-03-01T09:00:00+03:00', dueDate: '2026-03-31' });
    const rows = (await t.request({ url: '/api/revenue/records?period=month&facilityId=32', cookie: director })).json();
    expect(rows.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([
      [650, 'overdue'],
      [150, 'pending'],
    ]);
  });

  it('the read names patients, so it is audited with the patients it showed', async () => {
    const rows = (await t.request({ url: '/api/revenue/records?period=today&limit=3', cookie: director })).json();
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where action = 'revenue.records.list' order by id desc limit 1`);
    expect(event!.detail).toContain(`patients ${[...new Set(rows.map((r: { patientId: number }) => r.patientId))].join(',')}`);
  });
});

describe('GET /api/revenue/export.csv', () => {
  it("downloads the period's records as CSV: a header and one line per record", async () => {
    const res = await t.request({ url: '/api/revenue/export.csv?period=month&facilityId=1', cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="revenue-records-facility-1-2026-03-01-to-2026-03-16.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-export-limit']).toBe('50000');
    const list = await t.request({ url: '/api/revenue/records?period=month&facilityId=1&limit=1', cookie: director });
    const total = Number(list.headers['x-total-count']);
    expect(Number(res.headers['x-total-count'])).toBe(total);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Invoice,Date,Patient,Service,Facility,Amount (KES),Payment Method,Insurance Provider,Status,Due Date,Paid At');
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.includes('Busia County Referral Hospital'))).toBe(true);
    // In Kiswahili: the same records, its heads and its services, payment methods and statuses worded as the billing screens word them.
    const sw = csvRecords((await t.request({ url: '/api/revenue/export.csv?period=month&facilityId=1&lang=sw', cookie: director })).body);
    expect(sw[0]).toEqual(['Ankara', 'Tarehe', 'Mgonjwa', 'Huduma', 'Kituo', 'Kiasi (KES)', 'Njia ya Malipo', 'Kampuni ya Bima', 'Hali', 'Tarehe ya Mwisho ya Kulipa', 'Imelipwa']);
    const en = csvRecords(res.body);
    expect(sw.map((r) => r[0])).toEqual(en.map((r, i) => (i === 0 ? 'Ankara' : r[0])));
    const worded = new Map(sw.slice(1).flatMap((r, i) => [3, 6, 8].map((c) => [en[i + 1]![c]!, r[c]!] as const)));
    expect(worded.get('Laboratory')).toBe('Maabara');
    expect(worded.get('Cash')).toBe('Pesa taslimu');
    expect(worded.get('Paid')).toBe('Imelipwa');
  });

  it('the export is audited; HEAD only answers that the file is there, exporting nothing', async () => {
    const before = await t.count('audit_events');
    const head = await t.request({ method: 'HEAD', url: '/api/revenue/export.csv?period=today', cookie: director });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.headers['content-disposition']).toBe('attachment; filename="revenue-records-county-2026-03-16-to-2026-03-16.csv"');
    expect(head.body).toBe('');
    expect(await t.count('audit_events')).toBe(before);
    await t.request({ url: '/api/revenue/export.csv?period=today', cookie: director });
    const [event] = await t.rows<{ action: string; detail: string; user_id: number }>(sql`select action, detail, user_id from audit_events order by id desc limit 1`);
    expect(event).toMatchObject({ action: 'revenue.records.export', user_id: 1 });
    expect(event!.detail).toMatch(/^\d+ of \d+; period today 2026-03-16\.\.2026-03-16; facility all$/);
  });
});

describe('who may read revenue', () => {
  const urls = ['/api/revenue/summary', '/api/revenue/records', '/api/revenue/export.csv'];

  it('nobody signed out', async () => {
    for (const url of urls) expect((await t.request({ url })).statusCode, url).toBe(401);
    expect((await t.request({ method: 'HEAD', url: '/api/revenue/export.csv' })).statusCode).toBe(401);
  });

  it('a pharmacist neither the totals nor the records, and the refusal is audited', async () => {
    const pharmacist = await t.loginAs('pharmacist');
    for (const url of urls) expect((await t.request({ url, cookie: pharmacist })).statusCode, url).toBe(403);
    const denied = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where outcome = 'denied' and action like 'GET /api/revenue/%'`);
    expect(denied[0]!.n).toBeGreaterThanOrEqual(3);
  });

  // Issue 11, finding 8 (c): money reads disagreed on who may read them. One permission now decides them all.
  it('the system administrator, who may not see patients, reads no money either: not even the totals', async () => {
    const admin = await t.loginAs('admin');
    for (const url of urls) expect((await t.request({ url, cookie: admin })).statusCode, url).toBe(403);
  });

  it('every money read (invoices, payments, claims, the billing cards, Revenue Management) is billing:read and nothing else', () => {
    // The dashboard's month and trend (GET /api/revenue/stats, /trend) included: a lab technician read them before.
    const money = t.app.routeAccess.filter((r) => r.method === 'GET' && /^\/api\/(billing|payments|insurance-claims|revenue)(\/|$)/.test(r.url));
    expect(money.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/billing', '/api/billing/summary', '/api/billing/:id', '/api/revenue/summary', '/api/revenue/records', '/api/revenue/export.csv', '/api/revenue/stats', '/api/revenue/trend']),
    );
    // The payments held for review are finance's work list (issue 30 item 1): payments:resolve, whose every holder
    // reads billing at least as far.
    for (const r of money) expect(r.access, r.url).toMatchObject({ kind: 'permission', permissions: [r.url === '/api/payments/review' ? 'payments:resolve' : 'billing:read'] });
    const order = ['facility', 'subcounty', 'county'];
    for (const [role, scope] of Object.entries(GRANTS['payments:resolve'])) {
      expect(order.indexOf(GRANTS['billing:read'][role as Role] ?? ''), role).toBeGreaterThanOrEqual(order.indexOf(scope));
    }
  });

  it('a nurse and a records officer (billing:read) both', async () => {
    for (const role of ['nurse', 'records_officer'] as const) {
      const cookie = await t.loginAs(role);
      for (const url of urls) expect((await t.request({ url, cookie })).statusCode, `${role} ${url}`).toBe(200);
    }
  });
});
