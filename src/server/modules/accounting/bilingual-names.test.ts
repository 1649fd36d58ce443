// The books in Kiswahili (issue 29 item 5): the starter chart carries its names in both languages (migration 0034),
// the county adds and edits an account's Kiswahili name and description; journal lines, the cards and every statement
// answer both names, and a statement printed in Kiswahili reads the Kiswahili ones — for the books of "Kaunti ya
// Busia", not of "Busia County".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, expectPdf, fieldErrors, type TestContext } from '../../test/helper.js';
import { csvLines } from '../../test/csv.js';
import type { Account, AccountingSummary, Journal, Statement } from '../../../shared/accounting/index.js';
import { NUL_MESSAGE } from '../../../shared/validation.js';

let t: TestContext;
let director: string;
let incharge: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
});
afterAll(() => t.close());

const chart = async () => new Map(((await t.request({ url: '/api/accounting/accounts', cookie: director })).json() as Account[]).map((a) => [a.code, a]));

describe('the starter chart in both languages', () => {
  it('names every account in Kiswahili, in the words the Kiswahili statements use', async () => {
    const accounts = await chart();
    expect([...accounts.values()].filter((a) => !a.nameSw).map((a) => a.code)).toEqual([]);
    expect(accounts.get('1110')).toMatchObject({ name: 'Bank – county health operating account', nameSw: 'Benki – akaunti ya uendeshaji ya afya ya kaunti' });
    expect(accounts.get('4110')!.nameSw).toBe('Ada za FIF – wagonjwa wa nje (mashauriano, maabara, radiolojia, famasia)');
    expect(accounts.get('5110')!.nameSw).toBe('Mishahara ya msingi – wa kudumu');
    expect(accounts.get('3100')!.nameSw).toBe('Ziada / upungufu uliolimbikizwa');
    // The headings are the statements' own section words.
    expect(['1000', '2000', '3000', '4000', '5000'].map((c) => accounts.get(c)!.nameSw)).toEqual(['Mali', 'Madeni', 'Mali halisi', 'Mapato', 'Matumizi']);
    // No starter name is left in English.
    expect([...accounts.values()].filter((a) => a.nameSw === a.name)).toEqual([]);
  });

  it("fills only what is missing when the migration runs again: the county's own words, and a renamed account, stay", async () => {
    const accounts = await chart();
    const own = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${accounts.get('5220')!.id}`, cookie: director, body: { nameSw: 'Simu, intaneti na data' } });
    expect(own.statusCode, own.body).toBe(200);
    await t.rows(sql`update accounts set name_sw = null where code in ('5210', '5240')`);
    await t.rows(sql`update accounts set name = 'Office, cleaning and stationery' where code = '5240'`);
    const migration = readFileSync(fileURLToPath(new URL('../../../../drizzle/0034_bilingual_names.sql', import.meta.url)), 'utf8');
    // Its data statements, one at a time (the columns exist already).
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /^\s*UPDATE/m.test(s))) await t.rows(sql.raw(statement));
    const after = await chart();
    expect(after.get('5220')!.nameSw).toBe('Simu, intaneti na data');
    expect(after.get('5210')!.nameSw).toBe('Umeme na maji');
    // Renamed in English by the county: the starter's Kiswahili would no longer say the same thing.
    expect(after.get('5240')!.nameSw).toBeNull();
    await t.rows(sql`update accounts set name = 'Office and cleaning supplies', name_sw = 'Vifaa vya ofisi na vya usafi' where code = '5240'`);
  });
});

describe('an account in both languages', () => {
  it('the director adds an account with its Kiswahili name and description, edits them, and clears the name', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/accounting/accounts',
      cookie: director,
      body: { code: '5281', name: 'Security services', nameSw: 'Huduma za ulinzi', type: 'expense', parentCode: '5200', description: 'Guards at the facilities', descriptionSw: 'Walinzi wa vituo' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const account = made.json() as Account;
    expect(account).toMatchObject({ code: '5281', name: 'Security services', nameSw: 'Huduma za ulinzi', description: 'Guards at the facilities', descriptionSw: 'Walinzi wa vituo' });

    const renamed = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${account.id}`, cookie: director, body: { nameSw: 'Huduma za ulinzi na walinzi', descriptionSw: '' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Security services', nameSw: 'Huduma za ulinzi na walinzi', descriptionSw: null });
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'account.updated' order by id desc limit 1`);
    expect(event!.detail).toBe('5281: nameSw, descriptionSw');

    const cleared = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${account.id}`, cookie: director, body: { nameSw: '  ' } });
    expect(cleared.json()).toMatchObject({ name: 'Security services', nameSw: null });
  });

  it('refuses a Kiswahili name too long or with a hidden character, under its field; a facility officer changes nothing', async () => {
    const accounts = await chart();
    const id = accounts.get('5210')!.id;
    const long = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${id}`, cookie: director, body: { nameSw: 'm'.repeat(121) } });
    expect(long.statusCode).toBe(400);
    expect(fieldErrors(long)).toEqual({ nameSw: 'Kiswahili name must be at most 120 characters' });
    const nul = await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: { code: '5282', name: 'Fuel', nameSw: 'Mafuta\u0000', type: 'expense', parentCode: '5200' } });
    expect(fieldErrors(nul)).toEqual({ nameSw: NUL_MESSAGE });
    const theirs = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${id}`, cookie: incharge, body: { nameSw: 'Stima na maji' } });
    expect(theirs.statusCode).toBe(403);
    expect((await chart()).get('5210')!.nameSw).toBe('Umeme na maji');
  });
});

describe('the books answer both names', () => {
  it("a journal's lines, the cards' receivables and a statement's account rows carry the Kiswahili name", async () => {
    const journals = (await t.request({ url: '/api/accounting/journals?accountCode=1230&limit=1', cookie: director })).json() as Journal[];
    const line = journals[0]!.lines.find((l) => l.accountCode === '1230')!;
    expect(line).toMatchObject({ accountName: 'Patient debtors', accountNameSw: 'Wagonjwa wadaiwa' });

    const summary = (await t.request({ url: '/api/accounting/summary', cookie: director })).json() as AccountingSummary;
    expect(summary.receivables.find((r) => r.code === '1230')).toMatchObject({ name: 'Patient debtors', nameSw: 'Wagonjwa wadaiwa' });

    const tb = (await t.request({ url: '/api/accounting/trial-balance', cookie: director })).json() as Statement;
    const rows = tb.sections.flatMap((s) => s.rows);
    expect(rows.find((r) => r.code === '1230')).toMatchObject({ label: 'Patient debtors', labelSw: 'Wagonjwa wadaiwa' });
    // A computed line is translated by its key, not by a name of its own.
    expect(rows.find((r) => r.key === 'total')?.labelSw).toBeUndefined();
  });

  it('a statement printed in Kiswahili names the accounts and the books in Kiswahili; in English, in English', async () => {
    const sw = expectPdf(await t.request({ url: '/api/accounting/trial-balance.pdf?lang=sw', cookie: director }), 'trial-balance_busia-county_2025-07-01_2026-03-16.pdf');
    expect(sw).toContain('Mizani ya Majaribio');
    expect(sw).toContain('Wagonjwa wadaiwa');
    expect(sw).not.toContain('Patient debtors');
    expect(sw).toMatch(/Vitabu vya\s+Kaunti ya Busia/);
    expect(sw).not.toContain('Busia County');
    const en = expectPdf(await t.request({ url: '/api/accounting/trial-balance.pdf', cookie: director }), 'trial-balance_busia-county_2025-07-01_2026-03-16.pdf');
    expect(en).toContain('Patient debtors');
    expect(en).not.toContain('Wagonjwa wadaiwa');
    expect(en).toMatch(/Books of\s+Busia County/);
  });

  it("a statement's CSV and a budget line read the reader's language too; the figures stay machine-readable", async () => {
    const sw = await t.request({ url: '/api/accounting/trial-balance.csv?lang=sw', cookie: director });
    expect(sw.statusCode, sw.body).toBe(200);
    const [head, ...lines] = csvLines(sw.body);
    expect(head).toMatch(/^Sehemu,Akaunti,Maelezo,/);
    const debtors = lines.find((l) => l.includes(',1230,'))!;
    expect(debtors).toContain('Wagonjwa wadaiwa');
    expect(debtors).toMatch(/,-?\d+\.\d{2}(,|$)/);
    const en = await t.request({ url: '/api/accounting/trial-balance.csv', cookie: director });
    expect(csvLines(en.body)[0]).toMatch(/^Section,Code,/);
    expect(en.body).toContain('Patient debtors');
    expect(en.body).not.toContain('Wagonjwa wadaiwa');

    const budgets = await t.request({ url: '/api/accounting/budgets?fiscalYear=2025/26', cookie: director });
    expect(budgets.statusCode, budgets.body).toBe(200);
    const lines4110 = (budgets.json() as { accountCode: string; accountName: string; accountNameSw: string | null }[]).filter((b) => b.accountCode === '4110');
    expect(lines4110.length).toBeGreaterThan(0);
    expect(lines4110[0]).toMatchObject({ accountName: expect.stringMatching(/^FIF user fees/), accountNameSw: expect.stringMatching(/^Ada za FIF/) });
  });

  it('an account the county has not named in Kiswahili prints its English name in a Kiswahili statement', async () => {
    const accounts = await chart();
    await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${accounts.get('1230')!.id}`, cookie: director, body: { nameSw: '' } });
    const sw = expectPdf(await t.request({ url: '/api/accounting/trial-balance.pdf?lang=sw', cookie: director }), 'trial-balance_busia-county_2025-07-01_2026-03-16.pdf');
    expect(sw).toContain('Patient debtors');
    await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${accounts.get('1230')!.id}`, cookie: director, body: { nameSw: 'Wagonjwa wadaiwa' } });
  });
});
