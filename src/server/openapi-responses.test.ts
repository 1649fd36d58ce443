// Every real answer is what the API's description says (issue 33 item 1). The demo county's director and a nurse read
// every GET /api route they may, with the ids of the county's own records, and each 200 is checked against
// /api/docs/json as a client generated from the document would read it: a JSON body with ajv in strict mode, a file
// by its media type. The routes come from the document itself, so a new route is checked without a line here; a
// route whose record the seed does not hold fails until it is given a source below.
import { Ajv, type ValidateFunction } from 'ajv';
import { sql } from 'drizzle-orm';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../shared/access/index.js';
import { createTestContext, type TestContext } from './test/helper.js';
import { DOCS_PREFIX } from './plugins/openapi.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // The demo county's MOH 705A, still being generated in the seed, finishes; and the county fills in its KHIS
  // identifiers, as it does before a first KHIS export (the seed has the form's dataSet but no data element: no
  // county's ids are public), so that the export's JSON and ADX can be read.
  await t.runJobs();
  const director = await t.loginAs('county_director');
  const mapping = (await t.request({ url: '/api/moh/khis?form=705A', cookie: director })).json() as { dataSet: string; rows: { key: string }[] };
  const rows = mapping.rows.map((row, i) => ({ key: row.key, dataElement: `de705A${String(i + 1).padStart(5, '0')}`, categoryOptionCombo: null }));
  const filled = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: director, body: { form: '705A', dataSet: mapping.dataSet, rows } });
  if (filled.statusCode !== 200) throw new Error(`filling in the KHIS identifiers: ${filled.statusCode} ${filled.body}`);
});
afterAll(() => t.close());

type Schema = Record<string, unknown>;
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Doc = { paths: Record<string, { get?: Operation }> };

/**
 * The document's schemas are OpenAPI 3.0's dialect of JSON Schema. Ajv reads its `nullable` itself, as OpenAPI 3.0.3
 * does: beside a `type` it admits null, and beside an `enum` only when the enum lists null. Strict mode refuses any
 * keyword it does not know; the one OpenAPI-only word the document uses besides is the `binary` format (a file's
 * bytes), which says nothing a JSON body could break.
 */
function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  formats.default(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

type Reader = { role: Role; cookie: string };
type Params = Record<string, string | number>;

/** The JSON of a GET as this reader, or undefined when it is not theirs to read. */
async function read<T>(reader: Reader, url: string): Promise<T | undefined> {
  const res = await t.request({ url, cookie: reader.cookie });
  if (res.statusCode === 403) return undefined;
  if (res.statusCode !== 200) throw new Error(`${reader.role}: GET ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json() as T;
}

/** The first row of a list the reader reads (within her scope), optionally one that `fits`. */
async function firstOf<T extends { id: number }>(reader: Reader, url: string, fits: (row: T) => boolean = () => true): Promise<T | undefined> {
  return (await read<T[]>(reader, url))?.find(fits);
}

const idOf = (row: { id: number } | undefined): Params | undefined => (row ? { id: row.id } : undefined);

/**
 * Where a path's parameters come from, by the path up to them: the first record a list shows the reader. A reader
 * who cannot read the list gets the director's (the route then answers her 403, or her own answer). The enum-valued
 * parameters (a payroll return's kind) need no source: every value is read.
 */
const SOURCES: Record<string, (reader: Reader) => Promise<Params | undefined>> = {
  '/api/patients/{id}': async (r) => idOf(await firstOf(r, '/api/patients')),
  '/api/medical-records/{id}': async (r) => {
    for (const patient of (await read<{ id: number }[]>(r, '/api/patients?limit=200')) ?? []) {
      const record = await firstOf(r, `/api/patients/${patient.id}/records`);
      if (record) return idOf(record);
    }
    return undefined;
  },
  '/api/billing/{id}': async (r) => idOf(await firstOf(r, '/api/billing')),
  // A receipt is for a payment: an invoice with one.
  '/api/billing/{id}/receipt.pdf': async (r) => idOf(await firstOf<{ id: number; amountPaid: number }>(r, '/api/billing?limit=200', (i) => i.amountPaid > 0)),
  '/api/referrals/{id}': async (r) => idOf(await firstOf(r, '/api/referrals')),
  '/api/inventory/{id}': async (r) => idOf(await firstOf(r, '/api/inventory')),
  '/api/accounting/journals/{id}': async (r) => idOf(await firstOf(r, '/api/accounting/journals')),
  '/api/accounting/reconciliations/{id}': async (r) => idOf(await firstOf(r, '/api/accounting/reconciliations')),
  '/api/payroll/employees/{id}': async (r) => idOf(await firstOf(r, '/api/payroll/employees')),
  '/api/payroll/runs/{id}': async (r) => idOf(await firstOf(r, '/api/payroll/runs')),
  '/api/payroll/runs/{id}/payslips/{employeeId}': async (r) => {
    const run = await firstOf(r, '/api/payroll/runs');
    const lines = run && (await read<{ lines?: { employeeId: number }[] }>(r, `/api/payroll/runs/${run.id}`))?.lines;
    return run && lines?.[0] ? { id: run.id, employeeId: lines[0].employeeId } : undefined;
  },
  '/api/procurement/requisitions/{id}': async (r) => idOf(await firstOf(r, '/api/procurement/requisitions')),
  '/api/procurement/purchase-orders/{id}': async (r) => idOf(await firstOf(r, '/api/procurement/purchase-orders')),
  // An order is printed once it is approved.
  '/api/procurement/purchase-orders/{id}/lpo.pdf': async (r) =>
    idOf(await firstOf<{ id: number; status: string }>(r, '/api/procurement/purchase-orders?limit=200', (o) => !['draft', 'pending_approval', 'rejected', 'cancelled'].includes(o.status))),
  '/api/procurement/deliveries/{id}': async (r) => idOf(await firstOf(r, '/api/procurement/deliveries')),
  '/api/procurement/invoices/{id}': async (r) => idOf(await firstOf(r, '/api/procurement/invoices')),
  // No route lists payment vouchers (an invoice names its voucher by number): the first the county made.
  '/api/procurement/payments/{id}': async () => idOf((await t.rows<{ id: number }>(sql`select id from procurement_payments order by id limit 1`))[0]),
  // A finished report (one still processing has no file).
  '/api/reports/{id}': async (r) => idOf(await firstOf<{ id: number; status: string }>(r, '/api/reports', (x) => x.status === 'completed')),
  // The KHIS file of the form whose identifiers the county filled in (beforeAll).
  '/api/reports/{id}/dhis2': async (r) => idOf(await firstOf<{ id: number; status: string; kind: string | null }>(r, '/api/reports', (x) => x.status === 'completed' && x.kind === 'moh705a')),
  '/api/access/users/{id}': async (r) => idOf(await firstOf(r, '/api/access/users')),
};

/** Required query values no list gives: a P9A is for a year of income, the demo county's pay runs' year. */
const REQUIRED_QUERY: Record<string, Params> = { '/api/payroll/employees/{id}/p9a.pdf': { year: 2026 } };

const found = new Map<string, Promise<Params | undefined>>();

/** A path's parameters for a reader, from the longest SOURCES key the path starts with (each list read once). */
function paramsFor(path: string, reader: Reader): Promise<Params | undefined> {
  const key = Object.keys(SOURCES)
    .filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  if (!key) return Promise.resolve(undefined);
  const memo = `${key} ${reader.role}`;
  if (!found.has(memo)) found.set(memo, SOURCES[key]!(reader));
  return found.get(memo)!;
}

/** Each URL to read for a route: its path parameters filled, and one URL per value of an enum-valued `format` or path parameter. */
function urlsOf(path: string, op: Operation, params: Params): string[] {
  let urls = [path];
  for (const p of op.parameters ?? []) {
    const values = Array.isArray(p.schema?.enum) ? (p.schema.enum as string[]) : undefined;
    if (p.in === 'path') {
      const fill = values ?? (params[p.name] === undefined ? [] : [String(params[p.name])]);
      if (fill.length === 0) throw new Error(`${path}: no value for {${p.name}} in SOURCES`);
      urls = urls.flatMap((url) => fill.map((v) => url.replace(`{${p.name}}`, encodeURIComponent(v))));
    } else if (p.in === 'query' && p.name === 'format' && values) {
      urls = urls.flatMap((url) => values.map((v) => `${url}${url.includes('?') ? '&' : '?'}format=${v}`));
    } else if (p.in === 'query' && p.required) {
      const value = REQUIRED_QUERY[path]?.[p.name];
      if (value === undefined) throw new Error(`${path}: no value for the required ?${p.name} in REQUIRED_QUERY`);
      urls = urls.map((url) => `${url}${url.includes('?') ? '&' : '?'}${p.name}=${value}`);
    }
  }
  return urls;
}

/** A request's answer, or an error naming it after a minute: a read that hangs is named, not lost in the test's timeout. */
async function answered<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within 60 s`)), 60_000);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('every GET route the director and a nurse read', () => {
  it('answers what /api/docs/json says: each JSON body valid against its schema (ajv, strict), each file of a declared media type', { timeout: 600_000 }, async () => {
    const doc = (await t.request({ url: `${DOCS_PREFIX}/json` })).json() as Doc;
    const ajv = strictAjv();
    const compiled = new Map<Schema, ValidateFunction>();
    const validator = (schema: Schema) => compiled.get(schema) ?? compiled.set(schema, ajv.compile(schema)).get(schema)!;

    const readers: Reader[] = [];
    for (const role of ['county_director', 'nurse'] as const) readers.push({ role, cookie: await t.loginAs(role) });
    const [director] = readers as [Reader];

    // The reads that answer 200; a navigation (GET /api/login, /api/logout) answers a redirect, and signs out.
    const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
      item.get?.responses['200'] && path.startsWith('/api/') && !path.startsWith(DOCS_PREFIX) ? [{ path, op: item.get }] : [],
    );
    const mismatches: string[] = [];
    const checked = new Map<string, Set<Role>>();
    for (const { path, op } of routes) {
      const needsRecord = (op.parameters ?? []).some((p) => p.in === 'path' && !Array.isArray(p.schema?.enum));
      for (const reader of readers) {
        let params: Params = {};
        if (needsRecord) {
          const record = (await paramsFor(path, reader)) ?? (await paramsFor(path, director));
          if (!record) {
            mismatches.push(`${path}: no record of the seed for its parameters (SOURCES)`);
            continue;
          }
          params = record;
        }
        let urls: string[];
        try {
          urls = urlsOf(path, op, params);
        } catch (error) {
          mismatches.push((error as Error).message);
          continue;
        }
        for (const url of urls) {
          const res = await answered(t.request({ url, cookie: reader.cookie }), `${reader.role} GET ${url}`);
          if (res.statusCode === 403) continue;
          const said = `${reader.role} GET ${url}`;
          if (res.statusCode !== 200) {
            mismatches.push(`${said}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            continue;
          }
          checked.set(path, (checked.get(path) ?? new Set()).add(reader.role));
          const content = op.responses['200']?.content ?? {};
          const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
          const media = content[type];
          if (!media) {
            mismatches.push(`${said}: content-type ${type}, the document says ${Object.keys(content).join(', ') || 'no body'}`);
            continue;
          }
          if (media.schema.format === 'binary') {
            if (res.rawPayload.length === 0) mismatches.push(`${said}: an empty ${type}`);
            continue;
          }
          const body: unknown = type === 'application/json' ? res.json() : res.body;
          const validate = validator(media.schema);
          if (!validate(body)) {
            mismatches.push(...(validate.errors ?? []).slice(0, 5).map((e) => `${said}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`));
          }
        }
      }
    }
    expect(mismatches).toEqual([]);

    // Every route was read by one of them, and each of them read across the API: a route both are refused, or a
    // reader suddenly refused everything, would pass the loop above unheard.
    expect(routes.map((r) => r.path).filter((path) => !checked.has(path))).toEqual([]);
    const by = (role: Role) => [...checked.values()].filter((roles) => roles.has(role)).length;
    expect(by('county_director')).toBeGreaterThan(140);
    expect(by('nurse')).toBeGreaterThan(60);
  });
});

