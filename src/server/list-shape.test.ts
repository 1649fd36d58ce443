// One list shape everywhere (DESIGN.md §6; issue 26): every GET route whose answer is a list answers a JSON array
// with its total in X-Total-Count — never an object wrapping its rows ({items, count}, as the bell once did). The
// routes are read from the API's own description (/api/docs/json), so a new list route is checked without a line here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema };
type Operation = { parameters?: { in: string; name: string }[]; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, { get?: Operation }> };

/** A path's parameters filled with records of the demo county (a patient, a record, a stock line, a report, a user: each id 1). */
const pathOf = (path: string) => path.replace(/\{id\}/g, '1');

describe('every list route', () => {
  it('answers a JSON array with its total in X-Total-Count, and a smaller page keeps the same total', async () => {
    const doc = (await t.request({ url: '/api/docs/json' })).json() as Doc;
    const answers = Object.entries(doc.paths).flatMap(([path, ops]) => {
      const schema = ops.get?.responses?.['200']?.content?.['application/json']?.schema;
      return schema ? [{ path, schema, paged: (ops.get?.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit') }] : [];
    });
    const lists = answers.filter((a) => a.schema.type === 'array');
    const paths = lists.map((a) => a.path);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths).toContain('/api/notifications');
    expect(lists.filter((l) => l.paged).length).toBeGreaterThan(10);

    // No answer wraps a list in an object with its count beside it.
    const wrapped = answers.filter(({ schema }) => {
      const props = schema.properties ?? {};
      return Object.keys(props).some((k) => ['items', 'rows'].includes(k) && props[k]!.type === 'array') && Object.keys(props).some((k) => ['count', 'total'].includes(k));
    });
    expect(wrapped.map((w) => w.path)).toEqual([]);

    // The director reads the county; what is the administrator's alone (accounts, the audit trail, settings) he
    // reads; the referring clinicians are for those who write referrals.
    const readers = await Promise.all((['county_director', 'admin', 'clinical_officer'] as const).map((role) => t.loginAs(role)));
    const read = async (url: string) => {
      for (const cookie of readers) {
        const res = await t.request({ url, cookie });
        if (res.statusCode !== 403) return res;
      }
      throw new Error(`${url}: no demo role may read it`);
    };
    const wrong: string[] = [];
    for (const { path, paged } of lists) {
      const url = pathOf(path);
      const res = await read(url);
      const total = res.headers['x-total-count'];
      const body = res.json() as unknown;
      if (res.statusCode !== 200) wrong.push(`${path}: ${res.statusCode}`);
      else if (!Array.isArray(body)) wrong.push(`${path}: not an array`);
      else if (total === undefined || !/^\d+$/.test(String(total)) || Number(total) < body.length) wrong.push(`${path}: X-Total-Count ${String(total)} for ${body.length} rows`);
      else if (paged) {
        // A page of one row says how many matched, not how many it holds.
        const page = await read(`${url}?limit=1`);
        if (page.statusCode !== 200 || page.headers['x-total-count'] !== total || (page.json() as unknown[]).length > 1) {
          wrong.push(`${path}?limit=1: ${page.statusCode}, X-Total-Count ${String(page.headers['x-total-count'])} (whole: ${String(total)})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
