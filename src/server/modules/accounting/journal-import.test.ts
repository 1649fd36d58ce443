// Import Transactions (issue 14 item 6): a CSV of journal lines becomes draft journals (source 'import') that
// another finance officer approves; a dry run writes nothing; a file with errors names every bad line and writes
// nothing; lines beyond the importer's reach are refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import type { ImportJournalsResult, Journal } from '../../../shared/accounting/index.js';

let t: TestContext;
let director: string;
let incharge: string;
let mfl: string;

const file = (name: string, code = mfl) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replace(/MFL/g, code);
const journalCount = async () => ({ journals: await t.count('journals'), lines: await t.count('journal_lines') });

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
  const [f] = await t.rows<{ mfl: string }>(sql`select mfl_code as mfl from facilities where id = 1`);
  mfl = f!.mfl;
});
afterAll(() => t.close());

describe('importing journals', () => {
  it('a dry run answers the journals it would make and writes nothing', async () => {
    const before = await journalCount();
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import.csv'), dryRun: true } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ImportJournalsResult>();
    expect(r.issues).toEqual([]);
    expect(r.journals).toEqual([
      expect.objectContaining({ key: 'E1', lineNo: 2, date: '2026-03-12', reference: 'KPLC-0226-T', lineCount: 2, totalDebit: 4250.75, totalCredit: 4250.75, id: null }),
      expect.objectContaining({ key: 'W2', lineNo: 4, date: '2026-03-13', description: 'Water and internet for February', reference: 'BW-0226', lineCount: 3, totalDebit: 2000, totalCredit: 2000, id: null }),
    ]);
    expect(await journalCount()).toEqual(before);
  });

  it('a file with errors on lines 3 and 7 reports both and writes nothing', async () => {
    const before = await journalCount();
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import-errors.csv') } });
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues).toEqual([
      { path: 'csv.line.3.account_code', message: 'Line 3: there is no account 9999', key: 'accounting.importNoAccount', facts: { line: '3', code: '9999' } },
      { path: 'csv.line.7.journal', message: expect.stringMatching(/^Line 7: journal W3: debits \(.*500\.00\) and credits \(.*450\.00\) must be equal$/), key: 'accounting.importUnbalanced', facts: { line: '7', journal: 'W3', debits: expect.stringContaining('500.00'), credits: expect.stringContaining('450.00') } },
    ]);
    expect(await journalCount()).toEqual(before);
  });

  it('a Kiswahili reader has the problems of a refused file, and of a dry run, in Kiswahili', async () => {
    const before = await journalCount();
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import-errors.csv') }, headers: { 'accept-language': 'sw' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'csv.line.3.account_code', message: 'Mstari 3: hakuna akaunti 9999', key: 'accounting.importNoAccount', facts: { line: '3', code: '9999' } },
      {
        path: 'csv.line.7.journal',
        message: expect.stringMatching(/^Mstari 7: jarida W3: debiti \(.*500\.00\) na krediti \(.*450\.00\) lazima ziwe sawa$/),
        key: 'accounting.importUnbalanced',
        facts: { line: '7', journal: 'W3', debits: expect.stringContaining('500.00'), credits: expect.stringContaining('450.00') },
      },
    ]);
    // A dry run answers its findings (200), worded for the reader all the same.
    const csv = file('journals-import.csv').replace(/2026-03-12/g, '1850-03-12');
    const dry = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv, dryRun: true }, headers: { 'accept-language': 'sw' } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportJournalsResult>().issues.map((i) => i.message)).toEqual(['Mstari 2: 1850-03-12 haiko kati ya 1900 na 2100', 'Mstari 3: 1850-03-12 haiko kati ya 1900 na 2100']);
    expect(await journalCount()).toEqual(before);
  });

  it('refuses lines of a facility beyond the importer’s reach, and county-level lines from a facility officer', async () => {
    const [other] = await t.rows<{ mfl: string }>(sql`select mfl_code as mfl from facilities where id <> 1 order by id limit 1`);
    const outside = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import.csv', other!.mfl) } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().issues[0]).toEqual({ path: 'csv.line.2.facility_mfl_code', message: expect.stringContaining('outside your scope'), key: 'accounting.importFacilityOutOfScope', facts: { line: '2', mfl: other!.mfl } });
    const county = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import.csv', '') } });
    expect(county.statusCode).toBe(400);
    expect(county.json().issues).toHaveLength(5);
  });

  it('a line dated outside the years 1900 to 2100 is named as such, not as a closed financial year (issue 25, finding 9)', async () => {
    const before = await journalCount();
    const csv = file('journals-import.csv').replace(/2026-03-12/g, '1850-03-12').replace('W2,2026-03-13', 'W2,2999-03-13');
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'csv.line.2.date', message: 'Line 2: 1850-03-12 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '2', date: '1850-03-12' } },
      { path: 'csv.line.3.date', message: 'Line 3: 1850-03-12 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '3', date: '1850-03-12' } },
      { path: 'csv.line.4.date', message: 'Line 4: 2999-03-13 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '4', date: '2999-03-13' } },
      { path: 'csv.line.5.date', message: 'Line 5: 2999-03-13 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '5', date: '2999-03-13' } },
      { path: 'csv.line.6.date', message: 'Line 6: 2999-03-13 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '6', date: '2999-03-13' } },
    ]);
    expect(await journalCount()).toEqual(before);
  });

  it('creates drafts from the file, one journal per key, that another officer approves', async () => {
    const before = await journalCount();
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: incharge, body: { csv: file('journals-import.csv') } });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<ImportJournalsResult>();
    expect(r.journals).toHaveLength(2);
    expect(await journalCount()).toEqual({ journals: before.journals + 2, lines: before.lines + 5 });
    for (const j of r.journals) expect(j.number).toMatch(/^JNL-2025\/26-\d{6}$/);

    const [e1, w2] = await Promise.all(r.journals.map(async (j) => (await t.request({ url: `/api/accounting/journals/${j.id}`, cookie: director })).json<Journal>()));
    expect(e1).toMatchObject({ status: 'draft', sourceType: 'import', date: '2026-03-12', reference: 'KPLC-0226-T', totalDebit: 4250.75, totalCredit: 4250.75 });
    expect(e1!.lines.map((l) => [l.accountCode, l.debit, l.credit, l.facilityId, l.fund, l.costCentre])).toEqual([
      ['5210', 4250.75, 0, 1, 'fif', 'administration'],
      ['1120', 0, 4250.75, 1, 'fif', 'administration'],
    ]);
    expect(w2!.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['5210', 1200, 0],
      ['5220', 800, 0],
      ['1120', 0, 2000],
    ]);
    // Its importer may not approve it (maker ≠ checker); the director does, and it posts.
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${e1!.id}/approve`, cookie: incharge })).statusCode).toBe(403);
    const approved = await t.request({ method: 'POST', url: `/api/accounting/journals/${e1!.id}/approve`, cookie: director });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Journal>()).toMatchObject({ status: 'posted', approvedByName: expect.any(String) });
    const [audited] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'journal.imported'`);
    expect(audited!.n).toBe(1);
  });
});
