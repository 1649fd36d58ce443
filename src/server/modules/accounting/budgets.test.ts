// Budgets (issue 14): the director sets a facility's budget for the year and the county level's; an in-charge sets
// her own facility's only; the county's budget file is imported whole or not at all, every wrong line named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import type { BudgetLine } from '../../../shared/accounting/index.js';

let t: TestContext;
let director: string;
let incharge: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
});
afterAll(() => t.close());

const put = (cookie: string, body: unknown) => t.request({ method: 'PUT', url: '/api/accounting/budgets', cookie, body });
const importFile = (cookie: string, csv: string, dryRun?: boolean) => t.request({ method: 'POST', url: '/api/accounting/budgets/import', cookie, body: { fiscalYear: '2025/26', csv, dryRun } });
const stored = (facilityId: number | null) =>
  t.rows<{ code: string; amount: string }>(
    sql`select account_code as code, amount::text as amount from budgets where fiscal_year = '2025/26' and ${facilityId === null ? sql`facility_id is null` : sql`facility_id = ${facilityId}`} order by account_code`,
  );

describe('setting a budget', () => {
  it("replaces a facility-year's budget whole, and is audited", async () => {
    expect((await stored(2)).length).toBeGreaterThan(0);
    const res = await put(director, { fiscalYear: '2025/26', facilityId: 2, lines: [{ accountCode: '4110', amount: 250_000.5 }, { accountCode: '5250', amount: 90_000 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { fiscalYear: '2025/26', facilityId: 2, facilityName: 'Port Victoria Hospital', accountCode: '4110', accountName: expect.stringContaining('FIF user fees'), accountNameSw: expect.stringContaining('Ada za FIF'), amount: 250_000.5 },
      { fiscalYear: '2025/26', facilityId: 2, facilityName: 'Port Victoria Hospital', accountCode: '5250', accountName: 'Medical drugs consumed', accountNameSw: expect.any(String), amount: 90_000 },
    ]);
    expect(await stored(2)).toEqual([
      { code: '4110', amount: '250000.50' },
      { code: '5250', amount: '90000.00' },
    ]);
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where action = 'budget.updated' order by id desc limit 1`);
    expect(event).toEqual({ action: 'budget.updated', detail: '2025/26 facility 2: 2 lines, KES 340,000.50 (set on screen)' });
    const listed = await t.request({ url: '/api/accounting/budgets?fiscalYear=2025/26&facilityId=2', cookie: director });
    expect(listed.json().map((b: BudgetLine) => [b.accountCode, b.amount])).toEqual([
      ['4110', 250_000.5],
      ['5250', 90_000],
    ]);
  });

  it('names only active revenue and expense posting accounts, each once, to the cent', async () => {
    const res = await put(director, {
      fiscalYear: '2025/26',
      facilityId: 2,
      lines: [
        { accountCode: '1110', amount: 1 },
        { accountCode: '5200', amount: 1 },
        { accountCode: '9999', amount: 1 },
        { accountCode: '5250', amount: 1 },
        { accountCode: '5250', amount: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'lines.0.accountCode': 'Account 1110 is not a revenue or expense account',
      'lines.1.accountCode': 'Account 5200 is a heading: budget its accounts',
      'lines.2.accountCode': 'There is no account 9999',
      'lines.4.accountCode': 'Account 5250 is budgeted twice',
    });
    const cents = await put(director, { fiscalYear: '2025/26', facilityId: 2, lines: [{ accountCode: '5250', amount: 10.005 }] });
    expect(fieldErrors(cents)['lines.0.amount']).toBe('Amount has at most two decimals (cents)');
    const negative = await put(director, { fiscalYear: '2025/26', facilityId: 2, lines: [{ accountCode: '5250', amount: -1 }] });
    expect(fieldErrors(negative)['lines.0.amount']).toBe('Amount cannot be negative');
    expect(await stored(2)).toEqual([
      { code: '4110', amount: '250000.50' },
      { code: '5250', amount: '90000.00' },
    ]);
  });

  it("lets an in-charge set her own facility's budget, not another's nor the county level's", async () => {
    expect((await put(incharge, { fiscalYear: '2025/26', facilityId: 1, lines: [{ accountCode: '5210', amount: 2_000_000 }] })).statusCode).toBe(200);
    expect((await put(incharge, { fiscalYear: '2025/26', facilityId: 2, lines: [] })).statusCode).toBe(403);
    const county = await put(incharge, { fiscalYear: '2025/26', facilityId: null, lines: [{ accountCode: '4310', amount: 1 }] });
    expect(county.statusCode).toBe(403);
    expect(county.json().message).toBe('Forbidden: only a county-wide finance role may set the county-level budget');
    // The director sets the county level's.
    expect((await put(director, { fiscalYear: '2025/26', facilityId: null, lines: [{ accountCode: '4310', amount: 80_000_000 }] })).statusCode).toBe(200);
    expect(await stored(null)).toEqual([{ code: '4310', amount: '80000000.00' }]);
    // Her list holds her facility's lines only; the director's the county's.
    const hers: BudgetLine[] = (await t.request({ url: '/api/accounting/budgets', cookie: incharge })).json();
    expect(new Set(hers.map((b) => b.facilityId))).toEqual(new Set([1]));
    const all: BudgetLine[] = (await t.request({ url: '/api/accounting/budgets', cookie: director })).json();
    expect(all[0]).toMatchObject({ facilityId: null, accountCode: '4310', amount: 80_000_000 });
  });
});

describe('importing the budget file', () => {
  const good = ['facility_mfl_code,account_code,amount', '15834,4110,120000', '15834,4120,80000.25', '16091,5250,45000', ',4310,79000000', ''].join('\n');

  it('reports every wrong line by its number and writes nothing', async () => {
    const before = await t.count('budgets');
    const csv = ['facility_mfl_code,account_code,amount', '15834,4110,120000', '99999,4110,1', '15834,1110,5', '16091,5250,abc', '15834,4110,7', '16091,5250', '"16091,5250,1'].join('\r\n');
    const res = await importFile(director, csv);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'csv.3': 'Line 3: there is no facility with MFL code 99999',
      'csv.4': 'Line 4: Account 1110 is not a revenue or expense account',
      'csv.5': 'Line 5: "abc" is not an amount in KES (0 to 999,999,999,999, at most two decimals)',
      'csv.6': 'Line 6: account 4110 for this facility is already on line 2',
      'csv.7': 'Line 7: expected 3 values (facility_mfl_code, account_code, amount), found 2',
      'csv.8': 'Line 8: a quote is not closed',
    });
    expect(await t.count('budgets')).toBe(before);
    // A Kiswahili reader (the API client sends the language on screen) reads each in Kiswahili, its key and facts kept.
    const sw = await t.request({ method: 'POST', url: '/api/accounting/budgets/import', cookie: director, body: { fiscalYear: '2025/26', csv }, headers: { 'accept-language': 'sw' } });
    expect(sw.statusCode).toBe(400);
    expect(fieldErrors(sw)).toEqual({
      'csv.3': 'Mstari 3: hakuna kituo chenye nambari ya MFL 99999',
      'csv.4': 'Mstari 4: Akaunti 1110 si akaunti ya mapato wala ya matumizi',
      'csv.5': 'Mstari 5: "abc" si kiasi cha KES (0 hadi 999,999,999,999, desimali mbili zaidi)',
      'csv.6': 'Mstari 6: akaunti 4110 ya kituo hiki tayari iko kwenye mstari 2',
      'csv.7': 'Mstari 7: thamani 3 zilitarajiwa (facility_mfl_code, account_code, amount), zimepatikana 2',
      'csv.8': 'Mstari 8: alama ya nukuu haijafungwa',
    });
    expect(sw.json().message).toContain('Mstari 3: hakuna kituo');
    expect(sw.json().issues[1]).toMatchObject({ key: 'accounting.budgetNotRevenueOrExpenseAtLine', facts: { line: '4', code: '1110' } });
    // A line number is written as the file numbers it, never 1,234: blank lines up to line 1,233, then two wrong ones.
    const far = ['facility_mfl_code,account_code,amount', '15834,4110,120000', ...Array<string>(1_230).fill(''), '15834,4110,7', '99999,4110,1'].join('\n');
    expect(fieldErrors(await importFile(director, far))).toEqual({
      'csv.1233': 'Line 1233: account 4110 for this facility is already on line 2',
      'csv.1234': 'Line 1234: there is no facility with MFL code 99999',
    });
    const header = await importFile(director, 'mfl,account,amount\n15834,4110,1');
    expect(fieldErrors(header)).toEqual({ 'csv.1': 'Line 1: the header must be facility_mfl_code,account_code,amount' });
  });

  it('previews a dry run without writing, then replaces each facility-year in the file', async () => {
    const before = await stored(1);
    const dry = await importFile(director, good, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ fiscalYear: '2025/26', dryRun: true, facilityIds: [null, 1, 2], total: 79_245_000.25 });
    expect(dry.json().lines.map((l: BudgetLine) => [l.facilityId, l.accountCode, l.amount])).toEqual([
      [null, '4310', 79_000_000],
      [1, '4110', 120_000],
      [1, '4120', 80_000.25],
      [2, '5250', 45_000],
    ]);
    expect(await stored(1)).toEqual(before);
    const done = await importFile(director, good);
    expect(done.statusCode).toBe(200);
    expect(done.json().dryRun).toBe(false);
    expect(await stored(1)).toEqual([
      { code: '4110', amount: '120000.00' },
      { code: '4120', amount: '80000.25' },
    ]);
    expect(await stored(2)).toEqual([{ code: '5250', amount: '45000.00' }]);
    expect(await stored(null)).toEqual([{ code: '4310', amount: '79000000.00' }]);
    // A facility not in the file keeps its budget.
    expect((await stored(3)).length).toBeGreaterThan(0);
  });

  it("refuses an in-charge's lines for other facilities or the county level, by line", async () => {
    const res = await importFile(incharge, good);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'csv.4': 'Line 4: Port Victoria Hospital is outside your scope',
      'csv.5': 'Line 5: only a county-wide finance role may set the county-level budget (blank MFL code)',
    });
    const own = await importFile(incharge, 'facility_mfl_code,account_code,amount\n15834,5210,2500000\n');
    expect(own.statusCode).toBe(200);
    expect(await stored(1)).toEqual([{ code: '5210', amount: '2500000.00' }]);
  });
});

// Issue 30 item 4: the Budgets tab shows each save of a facility-year's budget — who, when, on screen or by import, and
// the lines it added, removed or changed — written in the save's own transaction.
describe("a facility-year's budget history", () => {
  const history = (cookie: string, query: string) => t.request({ url: `/api/accounting/budgets/history?${query}`, cookie });
  type Revision = { how: string; changedBy: string | null; linesBefore: number; linesAfter: number; totalBefore: number; totalAfter: number; changes: { accountCode: string; before: number | null; after: number | null }[] };

  it('lists each save and import newest first, with what it changed and who made it', async () => {
    const seeded = await stored(3);
    expect(seeded.length).toBeGreaterThan(0);
    const first = await put(director, { fiscalYear: '2025/26', facilityId: 3, lines: [...seeded.map((l) => ({ accountCode: l.code, amount: Number(l.amount) })), { accountCode: '5210', amount: 150_000 }] });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(director, { fiscalYear: '2025/26', facilityId: 3, lines: [{ accountCode: '5210', amount: 175_000.5 }] });
    expect(second.statusCode, second.body).toBe(200);
    // A refused save leaves no revision.
    expect((await put(director, { fiscalYear: '2025/26', facilityId: 3, lines: [{ accountCode: '1110', amount: 1 }] })).statusCode).toBe(400);
    expect((await importFile(director, 'facility_mfl_code,account_code,amount\n16091,9999,1\n')).statusCode).toBe(400);
    const [mfl] = await t.rows<{ mfl: string }>(sql`select mfl_code as mfl from facilities where id = 3`);
    const file = `facility_mfl_code,account_code,amount\n${mfl!.mfl},5210,175000.50\n${mfl!.mfl},5250,60000\n`;
    // A dry run writes no revision; the import does.
    expect((await importFile(director, file, true)).statusCode).toBe(200);
    expect((await importFile(director, file)).statusCode).toBe(200);

    const res = await history(director, 'fiscalYear=2025/26&facilityId=3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const [imported, narrowed, added] = res.json() as Revision[];
    expect(imported).toMatchObject({ how: 'import', changedBy: 'Margaret Nekesa', linesBefore: 1, linesAfter: 2, totalBefore: 175_000.5, totalAfter: 235_000.5, changes: [{ accountCode: '5250', before: null, after: 60_000 }] });
    expect(narrowed).toMatchObject({ how: 'screen', linesBefore: seeded.length + 1, linesAfter: 1, totalAfter: 175_000.5 });
    expect(narrowed!.changes.map((c) => [c.accountCode, c.before, c.after])).toEqual(
      [...seeded.map((l) => [l.code, Number(l.amount), null] as const), ['5210', 150_000, 175_000.5] as const].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    expect(added).toMatchObject({ how: 'screen', linesBefore: seeded.length, linesAfter: seeded.length + 1, changes: [{ accountCode: '5210', accountName: 'Electricity and water', before: null, after: 150_000 }] });
    // A page of it.
    const page = await history(director, 'fiscalYear=2025-26&facilityId=3&limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect((page.json() as Revision[]).map((r) => r.totalAfter)).toEqual([175_000.5]);
  });

  it("is the county level's without a facility, which only a county-wide reader sees; an in-charge reads her own facility's", async () => {
    const county = await history(director, 'fiscalYear=2025/26');
    expect(county.statusCode).toBe(200);
    // The county level was set twice above (PUT 4310) and once by the import of the county's file.
    expect((county.json() as Revision[]).map((r) => r.how)).toEqual(['import', 'screen']);
    const refused = await history(incharge, 'fiscalYear=2025/26');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'out_of_scope' });
    expect((await history(incharge, 'fiscalYear=2025/26&facilityId=3')).statusCode).toBe(403);
    const own = await history(incharge, 'fiscalYear=2025/26&facilityId=1');
    expect(own.statusCode).toBe(200);
    expect((own.json() as Revision[]).map((r) => [r.how, r.changedBy])).toEqual([
      ['import', 'Grace Atieno'],
      ['import', 'Margaret Nekesa'],
      ['screen', 'Grace Atieno'],
    ]);
    // Another year has none yet.
    expect((await history(director, 'fiscalYear=2024/25&facilityId=1')).json()).toEqual([]);
  });
});
