// Hostile input on every route (property-based, fast-check): arbitrary JSON, wrong types, huge strings, Unicode,
// NUL, SQL and script fragments in every POST/PATCH body, path id and query parameter. A refusal is always a 4xx
// with a message, never a 500, and writes nothing; an oversized body is a 413, any body but JSON a 415.
//
// - The routes are not listed by hand: the app records every route it registers with its schemas (app.routeSchemas,
//   from Fastify's onRoute hook), so a new route fails the coverage test until it has a strategy here.
// - "Nothing written" is checked after every request with a write log (row triggers on every table, installed in
//   the test database only), so an UPDATE or DELETE shows as well as an INSERT; row counts are compared too.
// - Hostile text is not always invalid: a clinician may well write "don't" or "<5 years". Bodies that are valid
//   but for hostile text are a separate property: stored exactly as sent, or refused, never a 500.
// - fast-check picks a new seed on every run and prints it, with the smallest failing input, when a property fails;
//   FC_SEED=<seed> replays that run (test/fast-check.setup.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '../shared/access/index.js';
import { NUL_MESSAGE } from '../shared/validation.js';
import { SERVER_MODULES } from './modules/index.js';
import { createTestContext, fieldErrors, type TestContext } from './test/helper.js';
import {
  hostileIds,
  type HostileStrategies,
  type WriteStrategy,
  encode,
  hostileId,
  hostileQueryValue,
  hostileString,
  hostileValue,
  RAW_QUERY_PIECES,
  wellFormed,
} from './test/hostile.js';

type CapturedRoute = { method: string; url: string; schema: { body?: unknown; querystring?: unknown; params?: unknown } };

let t: TestContext;
/** Every table of the app, found in the catalogue (so a new table is watched too). */
let appTables: string[] = [];

beforeAll(async () => {
  // Every callback here comes from one address: lift the callback route's limit per address (payments.test.ts
  // tests the limit), so that each body reaches validation.
  t = await createTestContext({ config: { mpesaCallbackLimit: { burst: 1_000_000, perMinute: 1_000_000 } } });
  appTables = (
    await t.rows<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
  ).map((r) => r.name);
  await installWriteLog(appTables);
  // Records within reach of each strategy's role (the demo accounts work at the county referral hospital, facility 1).
  const [item] = await t.rows<{ id: number }>(sql`select id from inventory_items where facility_id = 1 order by id limit 1`);
  const [member] = await t.rows<{ id: number }>(sql`select id from users where is_demo = false and facility_id is not null order by id limit 1`);
  const [invoice] = await t.rows<{ id: number }>(sql`select id from billing_records where status = 'pending' and facility_id = 1 order by id limit 1`);
  hostileIds.inventoryItem = item!.id;
  hostileIds.staffMember = member!.id;
  hostileIds.pendingInvoice = invoice!.id;
  // A claim waiting for the insurer's decision, raised at the records officer's own facility.
  const clerk = await t.loginAs('records_officer');
  const insured = await t.request({
    method: 'POST',
    url: '/api/billing',
    cookie: clerk,
    body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'insurance', insuranceProvider: 'aar', insuranceCoveragePercent: 100 },
  });
  const claim = await t.request({
    method: 'POST',
    url: `/api/billing/${insured.json().id}/claims`,
    cookie: clerk,
    body: { provider: 'aar', memberNumber: 'AAR-1', diagnosis: 'Malaria', lines: [{ description: 'Consultation', quantity: 1, unitPrice: 500 }] },
  });
  hostileIds.submittedClaim = claim.json().claim.id;
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------------------------
// What the database holds

/**
 * The audit trail records reads (who looked at which patients), so a GET may add to it, and the M-Pesa callback
 * records every refused callback there. Every other table is business data (sessions and the login throttle too:
 * a hostile body must not sign anyone in).
 */
const AUDIT = ['audit_events'];

/**
 * A write log in the test database only: a row trigger on every table of the app counts each INSERT, UPDATE and
 * DELETE, inside the writing transaction (so a write rolled back is no write). One small query after each request
 * then tells whether anything was added, changed or removed, where counting rows would miss an UPDATE.
 */
async function installWriteLog(tables: string[]) {
  const run = (statement: string) => t.asOwner(sql.raw(statement));
  await run('create table hostile_write_log (tbl text not null, op text not null, n int not null, primary key (tbl, op))');
  await run(`create function hostile_note_write() returns trigger language plpgsql as $$
    begin
      insert into hostile_write_log as l (tbl, op, n) values (TG_TABLE_NAME, TG_OP, 1) on conflict (tbl, op) do update set n = l.n + 1;
      return null;
    end $$`);
  for (const table of tables) await run(`create trigger hostile_note_write after insert or update or delete on "${table}" for each row execute function hostile_note_write()`);
}

async function writesSoFar(ignore: string[]): Promise<Record<string, number>> {
  const rows = await t.rows<{ tbl: string; op: string; n: number }>(sql`select tbl, op, n from hostile_write_log`);
  return Object.fromEntries(rows.filter((r) => !ignore.includes(r.tbl)).map((r) => [`${r.op} ${r.tbl}`, Number(r.n)]));
}

/** The number of rows in every table (but the ignored ones), in one query. */
async function rowCounts(ignore: string[] = []): Promise<Record<string, number>> {
  const list = appTables
    .filter((n) => !ignore.includes(n))
    .map((name) => `(select count(*) from "${name}")::int as "${name}"`)
    .join(', ');
  return (await t.rows<Record<string, number>>(sql.raw(`select ${list}`)))[0]!;
}

/**
 * Watches the database while a property runs: after each request, nothing written (the write log); at the end,
 * every table holds as many rows as before. Each check compares with what the previous one saw, so while
 * fast-check shrinks a failure every run is judged on its own.
 */
async function watchWrites(ignore: string[] = []) {
  let seen = await writesSoFar(ignore);
  let counts = await rowCounts(ignore);
  return {
    async expectNothingWritten() {
      const now = await writesSoFar(ignore);
      const was = seen;
      seen = now;
      expect(now, 'rows written').toEqual(was);
    },
    /** After an accepted write: the log saw it (the watch works), and its rows are the new normal. */
    async expectWrittenAndAccept() {
      const now = await writesSoFar(ignore);
      expect(now, 'an accepted write shows in the write log').not.toEqual(seen);
      seen = now;
      counts = await rowCounts(ignore);
    },
    async expectSameRowCounts() {
      expect(await rowCounts(ignore), 'row counts').toEqual(counts);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

function messageOf(res: LightMyRequestResponse): string {
  try {
    const body = res.json() as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

const excerpt = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 300)}`;

/** A refusal: 4xx with a message in its JSON body; not 401/403, as every caller here may call the route. */
function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode, excerpt(res)).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, excerpt(res)).toBeLessThan(500);
  expect([401, 403], excerpt(res)).not.toContain(res.statusCode);
  expect(messageOf(res).trim(), excerpt(res)).not.toBe('');
}

/** Never a server error; a refusal carries a message. */
function expectNoServerError(res: LightMyRequestResponse) {
  expect(res.statusCode, excerpt(res)).toBeLessThan(500);
  if (res.statusCode >= 400) expect(messageOf(res).trim(), excerpt(res)).not.toBe('');
}

/** Runs one property per route, then reports every route that failed (not only the first). */
async function eachRoute<T>(items: T[], label: (item: T) => string, run: (item: T) => Promise<void>) {
  const failures: string[] = [];
  for (const item of items) {
    try {
      await run(item);
    } catch (error) {
      // fast-check's error names the seed and the smallest failing input; its cause says what went wrong.
      const cause = (error as Error).cause instanceof Error ? `\n${((error as Error).cause as Error).message}` : '';
      failures.push(`${label(item)}\n${String((error as Error).message).slice(0, 2000)}${cause.slice(0, 2000)}`);
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------------------
// Write routes: one strategy each. `base` is a valid body; each breaker certainly fails its field's rule (see
// src/server/test/hostile.ts), and a body is built with at least one broken field, so it is certainly invalid
// whatever the other fields hold (zod checks each field on its own). The test "the generators keep their word"
// checks that claim against each route's own schema.

/** Every module's write strategies, from its manifest (modules/<module>/<module>.hostile.ts), and the core's. */
const WRITES: Record<string, WriteStrategy> = Object.assign(
  {},
  ...(await Promise.all(SERVER_MODULES.map(async (m) => (m.hostileInput ? ((await m.hostileInput()).default as HostileStrategies).writes : {})))),
  // The core's own write route: a device's outbox in batches (issue 34).
  ((await import('./core/sync-batch.hostile.js')).default as HostileStrategies).writes,
);

const KEEP = Symbol('keep');
const DELETE = Symbol('delete');

/** Sets a (dotted) path as an own property, so even "__proto__" is only a key. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    Object.defineProperty(target, head!, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  const child = target[head!];
  if (child === null || typeof child !== 'object' || Array.isArray(child)) return; // a broken parent already fails
  setPath(child as Record<string, unknown>, rest.join('.'), value);
}

/**
 * A value of its own for the body: fc.constantFrom gives the same object every time it is drawn, and a nested breaker
 * set into it (response, then response.rawId) would change the constant for every later body, even into a circle.
 */
const own = (v: unknown) => (v !== null && typeof v === 'object' ? structuredClone(v) : v);

/** A body with at least one broken field; the other fields kept, dropped or hostile; unknown keys added. */
function brokenBody(s: WriteStrategy): fc.Arbitrary<unknown> {
  const paths = Object.keys(s.breakers);
  const broken = fc
    .subarray(paths, { minLength: 1, maxLength: Math.min(3, paths.length) })
    .chain((ps) => fc.tuple(...ps.map((p) => s.breakers[p]!)).map((values) => ps.map((p, i) => [p, values[i]] as const)));
  const others = Object.keys(s.base).filter((k) => !s.fixed?.includes(k) && !paths.some((p) => p.startsWith(`${k}.`)));
  const otherValues = fc.record(
    Object.fromEntries(others.map((k) => [k, fc.oneof({ weight: 6, arbitrary: fc.constant<unknown>(KEEP) }, { weight: 2, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant<unknown>(DELETE) })])),
  );
  const extraKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'createdBy', 'role', 'isAdmin', 'facility_id'));
  const extras = fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 });
  return fc.tuple(broken, otherValues, extras).map(([brokenFields, values, extra]) => {
    const body = structuredClone(s.base);
    for (const [k, v] of Object.entries(values)) {
      if (v === DELETE) delete body[k];
      else if (v !== KEEP) body[k] = own(v);
    }
    for (const [k, v] of extra) if (!(k in s.base) && !paths.includes(k)) setPath(body, k, own(v));
    for (const [p, v] of brokenFields) setPath(body, p, own(v));
    return body;
  });
}

/** The names a body schema knows (an object's keys; a union's options' keys). */
function schemaKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) return (schema.options as unknown[]).flatMap(schemaKeys);
  return [];
}

/**
 * Anything at all (fc.anything / fc.jsonValue, hostile text, wrong types) with every name the route knows taken
 * out of objects: every body schema requires at least one field (checked below), so none of these is valid.
 */
function garbageBody(s: WriteStrategy, schema: unknown): fc.Arbitrary<unknown> {
  const known = new Set([...Object.keys(s.base), ...schemaKeys(schema)]);
  return fc.oneof(fc.anything(), fc.jsonValue(), hostileString, wrongTypeOrNested()).map((v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const copy = { ...(v as Record<string, unknown>) };
    for (const k of known) delete copy[k];
    return copy;
  });
}

const wrongTypeOrNested = () => fc.oneof(hostileValue, fc.array(fc.array(fc.array(hostileValue, { maxLength: 3 }), { maxLength: 3 }), { maxLength: 3 }));

const hostileBody = (s: WriteStrategy, schema: unknown) => (s.noBody ? fc.oneof(hostileValue, fc.anything()) : fc.oneof({ weight: 3, arbitrary: brokenBody(s) }, { weight: 1, arbitrary: garbageBody(s, schema) }));

/** A hostile query string for the names a route knows: hostile values, unknown and repeated names, broken escapes. */
function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const known = names.length > 0 ? fc.constantFrom(...names) : hostileString;
  const key = fc.oneof({ weight: 5, arbitrary: known }, { weight: 1, arbitrary: fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'limit[]', 'a.b')) });
  const value = fc.oneof({ weight: 5, arbitrary: hostileQueryValue.map(encode) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_PIECES) });
  const pair = fc.tuple(key, value).map(([k, v]) => `${encode(k)}=${v}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => pairs.join('&')) },
    // The same name twice: ?a=1&a=2 arrives as an array.
    { weight: 1, arbitrary: fc.tuple(known, value, value).map(([k, a, b]) => `${encode(k)}=${a}&${encode(k)}=${b}`) },
    { weight: 1, arbitrary: fc.constantFrom<string>(...RAW_QUERY_PIECES, '&&&', '=&=', 'a', '?', '%%%') },
  );
}

const queryNames = (route: CapturedRoute) => (route.schema.querystring instanceof z.ZodObject ? Object.keys(route.schema.querystring.shape) : []);

// ---------------------------------------------------------------------------------------------------------------

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const apiRoutes = (): CapturedRoute[] => t.app.routeSchemas.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
const writeRoutes = () => apiRoutes().filter((r) => r.method !== 'GET');
const getRoutes = () => apiRoutes().filter((r) => r.method === 'GET');
const routeFor = (key: string) => apiRoutes().find((r) => keyOf(r) === key)!;

const cookies = new Map<Role, string>();
async function cookieFor(role: Role | null): Promise<string | undefined> {
  if (!role) return undefined;
  if (!cookies.has(role)) cookies.set(role, await t.loginAs(role));
  return cookies.get(role);
}

/** The path of a GET route with a real id (1) in place of :id. */
const concretePath = (url: string, id = '1') => url.replace(':id', id).replace(':employeeId', '1').replace(':return', 'p10');

/**
 * The ledger's other path parameters (issue 14): a month (YYYY-MM) and a fiscal year (2025-26). Hostile values are
 * malformed ones and well-formed ones that name nothing closable (a month not yet ended, a year not yet over).
 */
const HOSTILE_PARAMS: Record<string, fc.Arbitrary<string>> = {
  period: fc.oneof(fc.constantFrom('2026-13', '2026-00', '26-01', '2026-1', '2026-01-01', '2099-01', "2026-01' or 1=1", '%', '2026/01'), hostileString.filter((s) => s !== '' && s !== '.' && s !== '..')),
  year: fc.oneof(fc.constantFrom('2025-27', '2025/26', '2025', '2099-00', '2030-31', '0000-01', '2025-2026'), hostileString.filter((s) => s !== '' && s !== '.' && s !== '..')),
  // A pay run's employee (payslips) and its returns (issue 27): ids and names that name nothing, or are malformed.
  employeeId: fc.oneof(fc.constantFrom('0', '-1', '1.5', '2147483648', '99999999999999999999', "1' or 1=1", '%'), hostileString.filter((s) => s !== '' && s !== '.' && s !== '..')),
  return: fc.oneof(fc.constantFrom('p11', 'P10', 'p10 ', '../p10', 'bank.csv', "p10' or 1=1", '%'), hostileString.filter((s) => s !== '' && s !== '.' && s !== '..')),
};

/** Roles tried, in order, for a GET route: the first the route does not refuse is used. */
const GET_ROLES: Role[] = ['county_director', 'facility_incharge', 'admin', ...ROLES];
/** GET /api/logout ends the caller's session: called signed out, so the other properties keep theirs. */
const SIGNED_OUT_GETS = new Set(['GET /api/logout']);

const getRoles = new Map<string, Role | null>();
async function roleForGet(route: CapturedRoute): Promise<Role | null> {
  const key = keyOf(route);
  if (getRoles.has(key)) return getRoles.get(key)!;
  let chosen: Role | null = null;
  if (!SIGNED_OUT_GETS.has(key)) {
    for (const role of GET_ROLES) {
      const res = await t.request({ url: concretePath(route.url), cookie: await cookieFor(role) });
      if (res.statusCode !== 401 && res.statusCode !== 403) {
        chosen = role;
        break;
      }
    }
  }
  getRoles.set(key, chosen);
  return chosen;
}

// ---------------------------------------------------------------------------------------------------------------

describe('the routes under test', () => {
  it('every write route (POST, PATCH, PUT, DELETE) of the app has a strategy, and every strategy a route', () => {
    const writes = writeRoutes().map(keyOf).sort();
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((k) => !(k in WRITES)), 'routes without a hostile-input strategy').toEqual([]);
    expect(Object.keys(WRITES).filter((k) => !writes.includes(k)), 'strategies for routes that no longer exist').toEqual([]);
    expect(new Set(apiRoutes().map((r) => r.method)), 'a new HTTP method needs a strategy').toEqual(new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']));
    // Path parameters are ids, or the ledger's month and fiscal year; another kind needs its own hostile values.
    const params = apiRoutes().flatMap((r) => [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]));
    expect(new Set(params)).toEqual(new Set(['id', ...Object.keys(HOSTILE_PARAMS)]));
  });

  it('every body schema refuses an empty object, and every base body is valid', () => {
    for (const [key, s] of Object.entries(WRITES)) {
      const schema = routeFor(key).schema.body as z.ZodType | undefined;
      if (s.noBody) {
        expect(schema, key).toBeUndefined();
        continue;
      }
      expect(schema, key).toBeDefined();
      expect(schema!.safeParse({}).success, key).toBe(false);
      expect(schema!.safeParse(s.base).error?.issues ?? [], key).toEqual([]);
    }
  });

  // 300 bodies for each of some hundred write routes, some of them 100,000 characters: about 25 s on a quiet
  // 2-core machine, so the default 30 s is too near (a busy one took 35 s). A limit on the run, not a timing check.
  it('the generators keep their word: each hostile body is refused by the route’s own schema', { timeout: 300_000 }, () => {
    for (const [key, s] of Object.entries(WRITES)) {
      if (s.noBody) continue;
      const schema = routeFor(key).schema.body as z.ZodType;
      fc.assert(
        fc.property(hostileBody(s, schema), (body) => {
          // JSON is what travels: the server parses what JSON.stringify made of the value.
          const sent = body === undefined ? undefined : (JSON.parse(JSON.stringify(body) ?? 'null') as unknown);
          expect(schema.safeParse(sent).success, `${key}: ${JSON.stringify(sent)?.slice(0, 300)}`).toBe(false);
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('hostile bodies on every write route', () => {
  it('are refused with a 4xx and a message, never a 500, and write nothing', { timeout: 300_000 }, async () => {
    await eachRoute(
      writeRoutes(),
      keyOf,
      async (route) => {
        const s = WRITES[keyOf(route)]!;
        const cookie = await cookieFor(s.role);
        const names = queryNames(route);
        const db = await watchWrites();
        await fc.assert(
          fc.asyncProperty(hostileBody(s, route.schema.body), fc.option(hostileQuery(names), { freq: 3 }), async (body, query) => {
            const url = s.path() + (query === null ? '' : `?${query}`);
            const res = await t.request({ method: route.method as 'POST', url, cookie, body });
            expectRefused(res);
            await db.expectNothingWritten();
          }),
          { numRuns: 30 },
        );
        await db.expectSameRowCounts();
      },
    );
  });

  it('hostile path ids are a 4xx with a message, never a 500, and write nothing', { timeout: 180_000 }, async () => {
    const withId = apiRoutes().filter((r) => r.url.includes(':id'));
    expect(withId.length).toBeGreaterThan(10);
    await eachRoute(withId, keyOf, async (route) => {
      const write = WRITES[keyOf(route)];
      const role = write ? write.role : await roleForGet(route);
      const cookie = await cookieFor(role);
      const db = await watchWrites(write ? [] : AUDIT);
      await fc.assert(
        fc.asyncProperty(fc.oneof(hostileId, fc.constant('2147483647')), async (id) => {
          const url = concretePath(route.url, encode(id));
          const res = await t.request({ method: route.method as 'GET', url, cookie, ...(write && !write.noBody ? { body: write.base } : {}) });
          expectRefused(res);
          await db.expectNothingWritten();
        }),
        { numRuns: 15, examples: [["1' or 1=1"], ['-1'], ['99999999999999999999']] },
      );
    });
  });

  it('hostile months and fiscal years in a path are a 4xx with a message, never a 500, and write nothing', { timeout: 180_000 }, async () => {
    for (const [param, values] of Object.entries(HOSTILE_PARAMS)) {
      const routes = apiRoutes().filter((r) => r.url.includes(`:${param}`));
      expect(routes.length, param).toBeGreaterThan(0);
      await eachRoute(routes, keyOf, async (route) => {
        const write = WRITES[keyOf(route)];
        const cookie = await cookieFor(write ? write.role : await roleForGet(route));
        const db = await watchWrites(write ? [] : AUDIT);
        await fc.assert(
          fc.asyncProperty(values, async (value) => {
            const res = await t.request({ method: route.method as 'GET', url: route.url.replace(`:${param}`, encode(value)), cookie });
            expectRefused(res);
            await db.expectNothingWritten();
          }),
          { numRuns: 15 },
        );
      });
    }
  });

  it('valid bodies with hostile text in a free-text field are stored exactly as sent, or refused; never a 500', { timeout: 300_000 }, async () => {
    const withTexts = Object.entries(WRITES).filter(([, s]) => s.texts);
    await eachRoute(withTexts, ([key]) => key, async ([key, s]) => {
      const { fields, fresh, stored } = s.texts!;
      const cookie = await cookieFor(s.role);
      const db = await watchWrites();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), fc.oneof({ weight: 4, arbitrary: hostileString.filter((v) => v.length < 500) }, { weight: 1, arbitrary: hostileString }), async (field, text) => {
          // Names need two letters: the hostile text follows a real one, so most of these are valid bodies.
          const value = `Ok ${text}`;
          const body = { ...s.base, ...fresh?.(), [field]: value };
          const res = await t.request({ method: key.split(' ')[0] as 'POST', url: s.path(), cookie, body });
          expectNoServerError(res);
          // PostgreSQL cannot store a NUL: the field says so (before the fix, this was a 500). A text that is also too
          // long for its field (a unit's 30 characters, a name's 200) may be told its length first: either way it is
          // refused on that field, never a 500.
          if (value.includes('\u0000')) {
            const message = fieldErrors(res)[field] ?? '';
            const limit = /at most (\d+) characters/.exec(message);
            expect(message === NUL_MESSAGE || (limit !== null && value.trim().length > Number(limit[1])), excerpt(res)).toBe(true);
          }
          if (res.statusCode >= 400) {
            await db.expectNothingWritten();
          } else {
            await db.expectWrittenAndAccept();
            // Parameters, never SQL: the text comes back as it went (trimmed; a lone surrogate travels as U+FFFD).
            expect(stored(res.json())[field]).toBe(wellFormed(value).trim());
          }
        }),
        { numRuns: key === 'POST /api/staff' ? 8 : 15, examples: [[fields[0]!, "'; drop table patients; --"], [fields[0]!, 'a\u0000b'], [fields[0]!, '<script>alert(1)</script>']] },
      );
    });
    // The tables the fragments name are still there.
    expect(await t.count('patients')).toBeGreaterThan(0);
    expect(await t.count('users')).toBeGreaterThan(0);
  });

  it('the M-Pesa callback: a well-formed callback with hostile text is accepted or refused, never a 500, and changes no business row', { timeout: 180_000 }, async () => {
    const callback = fc.record({
      MerchantRequestID: fc.option(hostileString.filter((v) => v.length <= 100), { nil: undefined }),
      CheckoutRequestID: hostileString.filter((v) => v.length >= 1 && v.length <= 100),
      ResultCode: fc.oneof(fc.integer(), fc.constantFrom(0, 1032, '0')),
      ResultDesc: fc.option(hostileString.filter((v) => v.length <= 500), { nil: undefined }),
      CallbackMetadata: fc.option(fc.record({ Item: fc.array(fc.record({ Name: fc.constantFrom('Amount', 'MpesaReceiptNumber', 'PhoneNumber'), Value: fc.oneof(hostileString.filter((v) => v.length <= 200), fc.double()) }), { maxLength: 4 }) }), { nil: undefined }),
    });
    const db = await watchWrites(AUDIT);
    await fc.assert(
      fc.asyncProperty(callback, fc.option(hostileString.filter((v) => v.length <= 200)), async (stkCallback, token) => {
        const url = '/api/payments/mpesa/callback' + (token === null ? '' : `?token=${encode(token)}`);
        const res = await t.request({ method: 'POST', url, body: { Body: { stkCallback } } });
        expectNoServerError(res);
        if (res.statusCode === 200) expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
        await db.expectNothingWritten();
      }),
      { numRuns: 30, examples: [[{ MerchantRequestID: undefined, CheckoutRequestID: 'ws_CO_\u0000', ResultCode: 0, ResultDesc: undefined, CallbackMetadata: undefined }, 'x']] },
    );
    await db.expectSameRowCounts();
  });

  it('an oversized body is a 413, a non-JSON body a 415 and malformed JSON a 400, each with a message, and nothing is written', { timeout: 180_000 }, async () => {
    const db = await watchWrites();
    const huge = JSON.stringify({ ...WRITES['POST /api/patients']!.base, notes: 'x'.repeat(1024 * 1024) });
    await eachRoute(writeRoutes(), keyOf, async (route) => {
      const s = WRITES[keyOf(route)]!;
      const cookie = await cookieFor(s.role);
      const send = (contentType: string, payload: string) =>
        t.app.inject({ method: route.method as 'POST', url: s.path(), headers: { ...(cookie ? { cookie } : {}), 'content-type': contentType }, payload });
      const tooBig = await send('application/json', huge);
      expect(tooBig.statusCode, excerpt(tooBig)).toBe(413);
      expect(messageOf(tooBig)).not.toBe('');
      for (const [type, payload] of [
        ['text/plain', JSON.stringify(s.base)],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'firstName=x'],
        ['multipart/form-data; boundary=x', '--x--'],
        ['application/xml', '<a/>'],
      ] as const) {
        const res = await send(type, payload);
        // A gateway's callback that reads a form validates it like any body: firstName=x is not its form (400).
        expect(res.statusCode, `${type}: ${excerpt(res)}`).toBe(s.form && type === 'application/x-www-form-urlencoded' ? 400 : 415);
        expect(messageOf(res)).not.toBe('');
      }
      for (const payload of ['{"firstName":', '{', "{'a':1}", '{"a":1}}', 'NaN', '\u0000', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
        const res = await send('application/json', payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${excerpt(res)}`).toBe(400);
        expect(messageOf(res)).not.toBe('');
      }
    });
    await db.expectNothingWritten();
    await db.expectSameRowCounts();
  });
});

describe('hostile query strings on every GET route', () => {
  // Some hundred GET routes, a few of them heavy (a county pay run's 1,800 lines, its payslip PDF, its P10): about
  // 150 s on a busy 2-core machine running two test files at once. A limit on the run, not a timing check.
  it('never a 500; a refusal has a message; nothing but the audit trail is written', { timeout: 600_000 }, async () => {
    const routes = getRoutes();
    expect(routes.filter((r) => queryNames(r).length > 0).length).toBeGreaterThan(15);
    await eachRoute(routes, keyOf, async (route) => {
      const cookie = await cookieFor(await roleForGet(route));
      const db = await watchWrites(AUDIT);
      await fc.assert(
        fc.asyncProperty(hostileQuery(queryNames(route)), async (query) => {
          const res = await t.request({ url: `${concretePath(route.url)}?${query}`, cookie });
          expectNoServerError(res);
          await db.expectNothingWritten();
        }),
        { numRuns: queryNames(route).length > 0 ? 25 : 8 },
      );
      await db.expectSameRowCounts();
    });
  });

  it('a search for SQL is a search for that text; LIKE wildcards are taken literally; a NUL is refused', async () => {
    const cookie = await cookieFor('county_director');
    const count = await t.count('patients');
    for (const search of ["'; drop table patients; --", "' or 1=1 --", '%', '_', '\\', '%_\\']) {
      const res = await t.request({ url: `/api/patients?search=${encode(search)}&limit=200`, cookie });
      expect(res.statusCode, excerpt(res)).toBe(200);
      // Only patients whose names hold every word, literally (the properties above register some such names).
      const rows = res.json() as { firstName: string; middleName: string | null; lastName: string; nationalId: string }[];
      expect(rows.length).toBeLessThan(count);
      for (const row of rows) {
        const text = `${row.firstName} ${row.lastName} ${row.nationalId}`.toLowerCase();
        for (const word of search.split(/\s+/).filter(Boolean)) expect(text, search).toContain(word.toLowerCase());
      }
    }
    const nul = await t.request({ url: `/api/patients?search=${encode('Aki\u0000nyi')}`, cookie });
    expectRefused(nul);
    expect(await t.count('patients')).toBe(count);
  });
});
