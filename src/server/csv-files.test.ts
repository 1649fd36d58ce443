// Every CSV file the API serves, as Excel and a strict parser read it (issue 33 item 4). The CSV routes are read from
// the app itself — every GET route whose answer is a CSV file (its 200 is the CSV file schema, or text/csv among its
// media types), whose path ends .csv, or that takes ?format=csv — and must be the list below, so a new CSV route fails
// here until it is fetched here too. Each is downloaded by a demo user with the demo county's records (every payroll
// return of the approved run, every KHIS form, every statement, every report the county can generate), in English
// and in Kiswahili, and each file:
//   - starts with a UTF-8 byte-order mark, and every line ends CRLF (RFC 4180);
//   - parses with csv-parse in strict mode (every record as wide as the header) — one header row, named, no title,
//     blank or note line, no second header;
//   - in Kiswahili is the same table: as many rows and columns, the same figures; its header is worded — no head of
//     the English header stays (only figures, acronyms and brand names Kiswahili shares, and an analysis's heads that
//     are data, such as a week or a MOH 705 row's name) — except the files whose columns an authority or the system
//     itself reads back (the payroll returns and payment files, the KHIS mapping), which are the same in both;
//   - answers HEAD with the same file headers and no body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Role } from '../shared/access/index.js';
import { STATEMENTS } from '../shared/accounting/index.js';
import { KHIS_FORMS } from '../shared/moh/index.js';
import { PAYROLL_REPORTS, PAYROLL_RETURNS } from '../shared/payroll/index.js';
import { REPORT_CATALOGUE, type ReportDetail, type ReportSection } from '../shared/reports/index.js';
import { csvFileSchema } from '../shared/validation.js';
import { createTestContext, type TestContext } from './test/helper.js';
import { csvFault } from './test/csv.js';

let t: TestContext;
const started = Date.now();

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The CSV routes there are: adding one fails the enumeration test until it is fetched below. */
const CSV_ROUTES = [
  '/api/accounting/balance-sheet.csv',
  '/api/accounting/budget-vs-actual.csv',
  '/api/accounting/cash-flow.csv',
  '/api/accounting/changes-in-net-assets.csv',
  '/api/accounting/department-analysis.csv',
  '/api/accounting/fif-performance.csv',
  '/api/accounting/income-statement.csv',
  '/api/accounting/notes.csv',
  '/api/accounting/trial-balance.csv',
  '/api/activities/mine.csv',
  '/api/facilities/export.csv',
  '/api/inventory/export.csv',
  '/api/moh/khis/export.csv',
  '/api/payroll/runs/:id/returns/:return',
  '/api/procurement/pending-bills.csv',
  '/api/reports/:id/download',
  '/api/revenue/export.csv',
];

type RouteEntry = { method: string; url: string; schema: { querystring?: unknown; response?: Record<string, unknown> } };

/** Whether a route answers a CSV file: by its declared answer, its path, or a ?format that may be csv. */
function servesCsv(r: RouteEntry): boolean {
  const answer = r.schema.response?.['200'] as { content?: Record<string, unknown> } | undefined;
  if (answer === csvFileSchema || (answer?.content && 'text/csv' in answer.content)) return true;
  if (r.url.endsWith('.csv')) return true;
  const query = r.schema.querystring as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  // A ?format taking csv (and refusing a format that is none).
  return !!query?.safeParse && query.safeParse({ format: 'csv' }).success && !query.safeParse({ format: 'no-such-format' }).success;
}

/**
 * A file to fetch: its route, its address, who reads it, whether its columns stay as they are in every language, and
 * whether each download adds a row to the next (a user's own trail lists the download before).
 */
type Case = { route: string; url: string; role: Role; fixed?: string; grows?: true };

const FIXED_RETURN = 'a return or payment file: the columns the portal or bank takes (PAYROLL.md), in every language';
const FIXED_KHIS = 'read back by the KHIS import: its columns are the import’s names, its rows MOH form rows';

/** Heads Kiswahili writes as English does: figures (a day of the month), acronyms and names of things. */
const SAME_IN_KISWAHILI = /^(?:[\d\s.,:%()–-]+|PAYE|NSSF|SHIF|HELB|M-Pesa)$/;

/** A report's heads that are data (a week, a MOH 705 row's name): the same in every language. */
async function dataHeads(id: number, cookie: string): Promise<Set<string>> {
  const res = await t.request({ url: `/api/reports/${id}/download?format=json&lang=sw`, cookie });
  if (res.statusCode !== 200) return new Set();
  const sections = (res.json() as { sections: ReportSection[] }).sections;
  return new Set(sections.flatMap((s) => (s.text?.columns ?? []).flatMap((c, i) => (c.key === 'asRecorded' ? [s.columns[i]!] : []))));
}

const cookies = new Map<Role, string>();
const cookieOf = async (role: Role) => cookies.get(role) ?? cookies.set(role, await t.loginAs(role)).get(role)!;

/** The reports to download: the seeded MOH forms (the 705A queued this morning, generated now) and one of every kind the county can generate. */
async function reportCases(): Promise<Case[]> {
  const director = await cookieOf('county_director');
  await t.runJobs();
  const ids = [1, 2, 3];
  for (const entry of REPORT_CATALOGUE.filter((e) => e.needs === null && e.shape === 'range')) {
    const res = await t.request({ method: 'POST', url: '/api/reports', cookie: director, body: { report: entry.kind, county: true, startDate: '2026-02-15', endDate: '2026-03-16' } });
    expect(res.statusCode, res.body).toBe(202);
    ids.push((res.json() as ReportDetail).id);
  }
  await t.runJobs();
  for (const id of ids) expect(((await t.request({ url: `/api/reports/${id}`, cookie: director })).json() as ReportDetail).status, `report ${id}`).toBe('completed');
  return ids.map((id) => ({ route: '/api/reports/:id/download', url: `/api/reports/${id}/download?format=csv`, role: 'county_director' }));
}

describe('every CSV file the API serves', () => {
  it('is one of the CSV routes this test fetches', () => {
    const routes = (t.app as unknown as { routeSchemas: readonly RouteEntry[] }).routeSchemas.filter((r) => r.method === 'GET' && servesCsv(r)).map((r) => r.url);
    expect([...new Set(routes)].sort()).toEqual(CSV_ROUTES);
  });

  it('has a byte-order mark, CRLF lines, one header row and rectangular rows (csv-parse strict), in English and in Kiswahili', { timeout: 600_000 }, async () => {
    const cases: Case[] = [
      { route: '/api/facilities/export.csv', url: '/api/facilities/export.csv', role: 'nurse' },
      { route: '/api/activities/mine.csv', url: '/api/activities/mine.csv', role: 'county_director', grows: true },
      { route: '/api/inventory/export.csv', url: '/api/inventory/export.csv', role: 'pharmacist' },
      { route: '/api/revenue/export.csv', url: '/api/revenue/export.csv?period=month', role: 'county_director' },
      { route: '/api/procurement/pending-bills.csv', url: '/api/procurement/pending-bills.csv', role: 'county_director' },
      ...STATEMENTS.map((kind) => ({ route: `/api/accounting/${kind}.csv`, url: `/api/accounting/${kind}.csv`, role: 'county_director' as const })),
      ...KHIS_FORMS.map((form) => ({ route: '/api/moh/khis/export.csv', url: `/api/moh/khis/export.csv?form=${form}`, role: 'records_officer' as const, fixed: FIXED_KHIS })),
      ...[...PAYROLL_RETURNS, ...PAYROLL_REPORTS].map((kind) => ({
        route: '/api/payroll/runs/:id/returns/:return',
        url: `/api/payroll/runs/1/returns/${kind}`,
        role: 'payroll_officer' as const,
        ...((PAYROLL_RETURNS as readonly string[]).includes(kind) ? { fixed: FIXED_RETURN } : {}),
      })),
      ...(await reportCases()),
    ];
    expect([...new Set(cases.map((c) => c.route))].sort()).toEqual(CSV_ROUTES);

    const faults: string[] = [];
    const at = (url: string, lang: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
    for (const c of cases) {
      const cookie = await cookieOf(c.role);
      const files: Record<string, string[][]> = {};
      for (const lang of ['en', 'sw']) {
        const where = `${at(c.url, lang)} (${c.role})`;
        const res = await t.request({ url: at(c.url, lang), cookie });
        if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/csv; charset=utf-8')) {
          faults.push(`${where}: ${res.statusCode} ${String(res.headers['content-type'])}`);
          continue;
        }
        const fault = csvFault(res.body);
        if (fault) {
          faults.push(`${where}: ${fault}`);
          continue;
        }
        const [header = [], ...rows] = parse(res.body, { bom: true, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
        files[lang] = [header, ...rows];
        if (header.length === 0 || header.some((h) => h.trim() === '')) faults.push(`${where}: a header cell is empty: ${JSON.stringify(header)}`);
        if (new Set(header).size !== header.length) faults.push(`${where}: a column is named twice: ${JSON.stringify(header)}`);
        if (rows.some((r) => r.join('\u0000') === header.join('\u0000'))) faults.push(`${where}: a second header row`);
        // HEAD: the same file headers, no body.
        const head = await t.request({ method: 'HEAD', url: at(c.url, lang), cookie });
        const same = (name: string) => head.headers[name] === res.headers[name];
        if (head.statusCode !== 200 || !same('content-type') || !same('content-disposition') || head.body !== '') faults.push(`${where}: HEAD answers ${head.statusCode} ${String(head.headers['content-type'])} ${String(head.headers['content-disposition'])}`);
      }
      const [en, sw] = [files.en, files.sw];
      if (!en || !sw) continue;
      const where = `${c.url} (sw)`;
      if (sw[0]!.length !== en[0]!.length || (!c.grows && sw.length !== en.length)) {
        faults.push(`${where}: not the English file's table (${sw.length}×${sw[0]!.length}, English ${en.length}×${en[0]!.length})`);
        continue;
      }
      // Figures are written as they are in either language.
      const figure = /^-?\d+(?:\.\d+)?$/;
      const moved = c.grows ? [] : en.slice(1).flatMap((r, i) => r.flatMap((cell, j) => (figure.test(cell) && sw[i + 1]![j] !== cell ? [`${cell} → ${sw[i + 1]![j]}`] : [])));
      if (moved.length > 0) faults.push(`${where}: figures differ from the English file's: ${moved.slice(0, 3).join(', ')}`);
      if (c.fixed) {
        if (JSON.stringify(sw) !== JSON.stringify(en)) faults.push(`${where}: ${c.fixed}, yet differs from the English file`);
        continue;
      }
      if (JSON.stringify(sw[0]) === JSON.stringify(en[0])) faults.push(`${where}: the header is the English one: ${JSON.stringify(en[0])}`);
      const data = c.route === '/api/reports/:id/download' ? await dataHeads(Number(/\/reports\/(\d+)\//.exec(c.url)![1]), cookie) : new Set<string>();
      const english = en[0]!.filter((head, i) => sw[0]![i] === head && !SAME_IN_KISWAHILI.test(head) && !data.has(head));
      if (english.length > 0) faults.push(`${where}: English heads stay in the Kiswahili header: ${JSON.stringify(english)}`);
    }
    expect(faults).toEqual([]);
    console.log(`csv-files: ${cases.length} files in English and Kiswahili, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
