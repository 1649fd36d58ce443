// The ledger's guarantees (issue 14): what the database itself refuses, whatever code path writes, and the manual
// journal's life — prepared, approved by another officer, posted, reversed — with periods that close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import type { Journal } from '../../../shared/accounting/index.js';

let t: TestContext;
let director: string;
let incharge: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
  admin = await t.loginAs('admin');
});
afterAll(() => t.close());

const line = (accountCode: string, debit: number, credit: number, over: Record<string, unknown> = {}) => ({ accountCode, debit, credit, facilityId: 1, fund: 'fif', costCentre: 'administration', ...over });

/** A journal written straight into the tables (as a careless script would), then its status set, in one transaction. */
const rawJournal = (number: string, lines: [string, string, string][], status = 'posted') => [
  sql`insert into journals (number, date, description, source_type, status) values (${number}, '2026-03-10', 'raw', 'manual', 'draft')`,
  ...lines.map(([code, d, c], i) => sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, facility_id, fund) values ((select id from journals where number = ${number}), ${i + 1}, ${code}, ${d}::numeric, ${c}::numeric, 1, 'fif')`),
  ...(status === 'posted' ? [sql`update journals set status = 'posted' where number = ${number}`] : []),
];

/** What the database said when it refused (drizzle wraps its error: the cause is PostgreSQL's). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

const balanceOf = async (code: string) => {
  const [row] = await t.rows<{ d: string; c: string }>(sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from account_balances where account_code = ${code}`);
  return { debit: Number(row!.d), credit: Number(row!.c) };
};

describe('the database keeps the books honest', () => {
  it('refuses an unbalanced journal at commit, even written with raw SQL', async () => {
    expect(await refusal(t.asOwner(...rawJournal('RAW-1', [['5210', '100.00', '0'], ['1120', '0', '99.99']])))).toMatch(/does not balance/);
    expect(await t.rows(sql`select 1 from journals where number = 'RAW-1'`)).toEqual([]);
    // A journal of one line does not balance anything either; and a draft must balance too.
    expect(await refusal(t.asOwner(...rawJournal('RAW-2', [['5210', '100.00', '0']], 'draft')))).toMatch(/at least two lines/);
    // Balanced lines written one statement at a time are fine: the check waits for the commit.
    await t.asOwner(...rawJournal('RAW-3', [['5210', '100.00', '0'], ['1120', '0', '60.00'], ['1120', '0', '40.00']]));
    expect(await t.rows(sql`select status from journals where number = 'RAW-3'`)).toEqual([{ status: 'posted' }]);
  });

  it('keeps the period balances as journals post, and never counts a draft', async () => {
    const before = await balanceOf('5260');
    await t.asOwner(...rawJournal('RAW-4', [['5260', '250.50', '0'], ['1120', '0', '250.50']], 'draft'));
    expect(await balanceOf('5260')).toEqual(before);
    await t.asOwner(sql`update journals set status = 'posted' where number = 'RAW-4'`);
    expect(await balanceOf('5260')).toEqual({ debit: before.debit + 250.5, credit: before.credit });
  });

  it('keeps each day’s totals per account and facility too, the year-end close left out, equal to the posted lines', async () => {
    const dayOf = async () => {
      const [row] = await t.rows<{ d: string }>(sql`select coalesce(sum(debit), 0)::text as d from account_days where day = '2026-03-10' and account_code = '5270' and facility_id = 1`);
      return Number(row!.d);
    };
    const before = await dayOf();
    await t.asOwner(...rawJournal('RAW-DAY', [['5270', '75.25', '0'], ['1120', '0', '75.25']], 'draft'));
    expect(await dayOf()).toBe(before);
    await t.asOwner(sql`update journals set status = 'posted' where number = 'RAW-DAY'`);
    expect(await dayOf()).toBe(before + 75.25);
    // The whole seeded ledger (posted by the triggers or filled by the migration): no day, account or facility differs.
    const differ = await t.rows(sql`
      select coalesce(k.day, l.day) as day, coalesce(k.account_code, l.account_code) as account
      from account_days k full join (
        select j.date as day, jl.account_code, jl.facility_id, sum(jl.debit) as debit, sum(jl.credit) as credit
        from journals j join journal_lines jl on jl.journal_id = j.id
        where j.status = 'posted' and j.source_type is distinct from 'year_close' group by 1, 2, 3
      ) l on l.day = k.day and l.account_code = k.account_code and coalesce(l.facility_id, 0) = coalesce(k.facility_id, 0)
      where k.debit is distinct from l.debit or k.credit is distinct from l.credit`);
    expect(differ).toEqual([]);
    const [count] = await t.rows<{ n: number }>(sql`select count(*)::int as n from account_days`);
    expect(count!.n).toBeGreaterThan(100);
  });

  it('never lets a posted journal or its lines change', async () => {
    expect(await refusal(t.asOwner(sql`update journals set description = 'edited' where number = 'RAW-3'`))).toMatch(/cannot be changed/);
    expect(await refusal(t.asOwner(sql`update journal_lines set debit = 1 where journal_id = (select id from journals where number = 'RAW-3') and line_no = 1`))).toMatch(/cannot be changed/);
    expect(await refusal(t.asOwner(sql`delete from journal_lines where journal_id = (select id from journals where number = 'RAW-3')`))).toMatch(/cannot be changed/);
    expect(await refusal(t.asOwner(sql`delete from journals where number = 'RAW-3'`))).toMatch(/cannot be deleted/);
    // No line can be slipped into a posted journal, balanced or not.
    expect(
      await refusal(
        t.asOwner(
          sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, fund) values ((select id from journals where number = 'RAW-3'), 9, '5210', 1, 0, 'fif')`,
          sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, fund) values ((select id from journals where number = 'RAW-3'), 10, '1120', 0, 1, 'fif')`,
        ),
      ),
    ).toMatch(/cannot be changed/);
  });
});

describe('a manual journal', () => {
  const entry = { date: '2026-03-10', description: 'Electricity for February', reference: 'KPLC-0226', lines: [line('5210', 12500, 0), line('1120', 0, 12500)] };
  let journal: Journal;

  it('is refused with per-field messages when it does not balance, names no account or no date', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { ...entry, lines: [line('5210', 12500, 0), line('1120', 0, 12499.99)] } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).lines).toBe('Debits (KES 12,500.00) and credits (KES 12,499.99) must be equal');
    const blank = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { date: '', description: '', lines: [line('', 1, 0), line('1120', 0, 1)] } });
    expect(blank.statusCode).toBe(400);
    expect(fieldErrors(blank)).toMatchObject({ date: 'Date is required', description: 'Description is required', 'lines.0.accountCode': 'Account is required' });
    const heading = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { ...entry, lines: [line('5200', 10, 0), line('9999', 0, 10)] } });
    expect(heading.statusCode).toBe(400);
    expect(fieldErrors(heading)).toEqual({ 'lines.0.accountCode': 'Account 5200 is a heading: post to one of its accounts', 'lines.1.accountCode': 'There is no account 9999' });
    // A Kiswahili reader (the API client sends the language on screen) reads each in Kiswahili, its key and facts kept.
    const headingSw = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { ...entry, lines: [line('5200', 10, 0), line('9999', 0, 10)] }, headers: { 'accept-language': 'sw' } });
    expect(fieldErrors(headingSw)).toEqual({ 'lines.0.accountCode': 'Akaunti 5200 ni kichwa: weka ingizo kwenye mojawapo ya akaunti zake', 'lines.1.accountCode': 'Hakuna akaunti 9999' });
    expect(headingSw.json().issues[1]).toMatchObject({ key: 'accounting.noAccount', facts: { code: '9999' } });
    const future = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { ...entry, date: '2026-03-17' } });
    expect(fieldErrors(future).date).toBe('The date cannot be in the future');
  });

  it('waits for an approver who is not its preparer, then posts', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry });
    expect(res.statusCode).toBe(201);
    journal = res.json();
    expect(journal).toMatchObject({ status: 'draft', sourceType: 'manual', totalDebit: 12500, totalCredit: 12500, preparedByName: expect.any(String) });
    expect(journal.number).toMatch(/^JNL-2025\/26-\d{6}$/);
    const self = await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/approve`, cookie: incharge });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('Forbidden: you prepared this journal, so another finance officer must approve it');
    // The system administrator reads the books and prepares entries, but approves none.
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/approve`, cookie: admin })).statusCode).toBe(403);
    const before = await balanceOf('5210');
    const ok = await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/approve`, cookie: director });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'posted', approvedByName: expect.any(String) });
    expect(await balanceOf('5210')).toEqual({ debit: before.debit + 12500, credit: before.credit });
    const again = await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/approve`, cookie: director });
    expect(again.statusCode).toBe(409);
  });

  it('is prepared by the finance officer anywhere in the county, never approved by her; a sub-county medical officer approves within his sub-county', async () => {
    const [finance, scmo] = await Promise.all([t.loginAs('finance_officer'), t.loginAs('subcounty_medical_officer')]);
    const [[hospital], [alupe]] = await Promise.all([
      t.rows<{ subcounty: string }>(sql`select subcounty from facilities where id = 1`),
      t.rows<{ subcounty: string }>(sql`select subcounty from facilities where id = 3`),
    ]);
    expect(hospital!.subcounty).not.toBe(alupe!.subcounty);
    const water = (facilityId: number) => ({ ...entry, description: 'Water bill', reference: `BUWASCO-${facilityId}`, lines: [line('5210', 800, 0, { facilityId }), line('1120', 0, 800, { facilityId })] });
    const there = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: finance, body: water(1) });
    expect(there.statusCode).toBe(201);
    const atAlupe = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: finance, body: water(3) });
    expect(atAlupe.statusCode).toBe(201);
    const [far, near] = [there.json() as Journal, atAlupe.json() as Journal];
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${near.id}/approve`, cookie: finance })).statusCode).toBe(403);
    const outside = await t.request({ method: 'POST', url: `/api/accounting/journals/${far.id}/approve`, cookie: scmo });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/outside your scope/);
    const approved = await t.request({ method: 'POST', url: `/api/accounting/journals/${near.id}/approve`, cookie: scmo });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'posted' });
    // He reads his sub-county's books only; she reads the county's.
    const read = async (id: number, cookie: string) => (await t.request({ url: `/api/accounting/journals/${id}`, cookie })).statusCode;
    expect([await read(near.id, scmo), await read(far.id, scmo)]).toEqual([200, 403]);
    expect([await read(near.id, finance), await read(far.id, finance)]).toEqual([200, 200]);
  });

  it('is corrected by a reversal linked to it, never edited', async () => {
    const rev = await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/reverse`, cookie: incharge, body: { reason: 'Posted to the wrong facility' } });
    expect(rev.statusCode).toBe(201);
    const reversal: Journal = rev.json();
    expect(reversal).toMatchObject({ status: 'draft', sourceType: 'reversal', reversesId: journal.id, reference: journal.number });
    expect(reversal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['5210', 0, 12500],
      ['1120', 12500, 0],
    ]);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/reverse`, cookie: incharge, body: { reason: 'again' } })).statusCode).toBe(409);
    const againSw = await t.request({ method: 'POST', url: `/api/accounting/journals/${journal.id}/reverse`, cookie: incharge, body: { reason: 'again' }, headers: { 'accept-language': 'sw' } });
    expect(againSw.json()).toMatchObject({ message: `Jarida hili tayari limebatilishwa na ${reversal.number}`, key: 'accounting.alreadyReversed', facts: { number: reversal.number } });
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${reversal.id}/approve`, cookie: director })).statusCode).toBe(200);
    const original = (await t.request({ url: `/api/accounting/journals/${journal.id}`, cookie: director })).json();
    expect(original).toMatchObject({ status: 'posted', reversedById: reversal.id });
  });
});

describe('the chart of accounts', () => {
  it('lists every account with its balance within the reader’s reach; headings roll up their accounts', async () => {
    const all = (await t.request({ url: '/api/accounting/accounts', cookie: director })).json() as { code: string; balance: number; type: string; parentCode: string | null; hasPostings: boolean }[];
    expect(all.find((a) => a.code === '1000')).toMatchObject({ type: 'asset', parentCode: null });
    const sumOf = (parent: string) => all.filter((a) => a.parentCode === parent).reduce((s, a) => s + Math.round(a.balance * 100), 0);
    expect(Math.round(all.find((a) => a.code === '1100')!.balance * 100)).toBe(sumOf('1100'));
    expect(all.find((a) => a.code === '1230')!.hasPostings).toBe(true);
    // The in-charge reads her facility's books only; another facility's is out of her scope.
    const mine = await t.request({ url: '/api/accounting/accounts', cookie: incharge });
    expect(mine.statusCode).toBe(200);
    const other = await t.request({ url: '/api/accounting/accounts?facilityId=2', cookie: incharge });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('out_of_scope');
  });

  it('takes a new account under a heading of its type, renames and recodes it, and deactivates it; never deletes', async () => {
    const made = await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: { code: '5280', name: 'Security services', type: 'expense', parentCode: '5200', gfsCode: '2211305' } });
    expect(made.statusCode, made.body).toBe(201);
    const account = made.json();
    expect((await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: { code: '5280', name: 'Again', type: 'expense' } })).statusCode).toBe(409);
    const wrongType = await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: { code: '5271', name: 'Guards', type: 'revenue', parentCode: '5200' } });
    expect(wrongType.json().issues[0].path).toBe('parentCode');
    // The chart is the county's: an in-charge may not change it.
    expect((await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: incharge, body: { code: '5272', name: 'Guards', type: 'expense', parentCode: '5200' } })).statusCode).toBe(403);
    const renamed = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${account.id}`, cookie: director, body: { name: 'Security and guarding services', gfsCode: '2211306' } });
    expect(renamed.json()).toMatchObject({ code: '5280', name: 'Security and guarding services', gfsCode: '2211306', isActive: true });
    const off = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${account.id}`, cookie: director, body: { isActive: false } });
    expect(off.json().isActive).toBe(false);
    const unusable = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: { date: '2026-03-12', description: 'Guards', lines: [line('5280', 10, 0), line('1120', 0, 10)] } });
    expect(unusable.json().issues).toEqual([{ path: 'lines.0.accountCode', message: 'Account 5280 is inactive', key: 'accounting.accountInactive', facts: { code: '5280' } }]);
    const patientDebtors = (await t.rows<{ id: number }>(sql`select id from accounts where code = '1230'`))[0]!.id;
    const system = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${patientDebtors}`, cookie: director, body: { isActive: false } });
    expect(system.statusCode).toBe(409);
    expect(system.json().message).toBe('Account 1230 is used by the automatic postings, so it stays active');
    const systemSw = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${patientDebtors}`, cookie: director, body: { isActive: false }, headers: { 'accept-language': 'sw' } });
    expect(systemSw.statusCode).toBe(409);
    expect(systemSw.json()).toMatchObject({ message: 'Akaunti 1230 hutumiwa na maingizo ya kiotomatiki, kwa hivyo hubaki hai', key: 'accounting.systemAccountActive', facts: { code: '1230' } });
    const taken = await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: { code: '1230', name: 'Again', type: 'asset' }, headers: { 'accept-language': 'sw' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Akaunti 1230 tayari ipo', key: 'accounting.accountExists', facts: { code: '1230' } });
    expect(fieldErrors(taken)).toEqual({ code: 'Akaunti 1230 tayari ipo' });
  });
});

describe('the Transactions list', () => {
  it('filters by source, account, facility and dates, newest first, with the total in X-Total-Count', async () => {
    const list = async (q: string, cookie = director) => {
      const res = await t.request({ url: `/api/accounting/journals?${q}`, cookie });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json() as Journal[], total: Number(res.headers['x-total-count']) };
    };
    const invoices = await list('sourceType=invoice&limit=5');
    const [count] = await t.rows<{ n: number }>(sql`select count(*)::int as n from journals where source_type = 'invoice'`);
    expect(invoices.total).toBe(count!.n);
    expect(invoices.rows.every((j) => j.sourceType === 'invoice')).toBe(true);
    const dates = invoices.rows.map((j) => j.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const one = invoices.rows[0]!;
    expect((await list(`sourceType=invoice&sourceId=${one.sourceId}`)).rows.map((j) => j.id)).toEqual([one.id]);
    const byAccount = await list('accountCode=5210&from=2026-03-01&to=2026-03-31');
    expect(byAccount.rows.length).toBeGreaterThan(0);
    expect(byAccount.rows.every((j) => j.lines.some((l) => l.accountCode === '5210') && j.date >= '2026-03-01' && j.date <= '2026-03-31')).toBe(true);
    const atAlupe = await list('facilityId=2&limit=200');
    expect(atAlupe.rows.every((j) => j.lines.some((l) => l.facilityId === 2))).toBe(true);
    // The in-charge sees journals touching her facility only.
    const hers = await list('limit=200', incharge);
    expect(hers.total).toBeGreaterThan(0);
    expect(hers.rows.every((j) => j.lines.some((l) => l.facilityId === 1))).toBe(true);
    // The demo county holds some twenty thousand journals: the count stops at ten thousand and says there are more.
    const everything = await t.request({ url: '/api/accounting/journals?limit=5', cookie: director });
    expect([everything.headers['x-total-count'], everything.headers['x-total-count-capped']]).toEqual(['10000', 'true']);
    expect(invoices.total).toBeLessThan(10_000);
    const drafts = await list('status=draft');
    expect(drafts.rows.every((j) => j.status === 'draft')).toBe(true);
  });
});
