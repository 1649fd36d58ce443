// The template machinery itself: every test context is a copy of its own, seeded or not, that no other context
// sees into — the API tests rely on that, since they all start from the same template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helper.js';

describe('test contexts copied from the template', () => {
  let a: TestContext;
  let b: TestContext;
  let empty: TestContext;
  beforeAll(async () => {
    [a, b, empty] = await Promise.all([createTestContext(), createTestContext(), createTestContext({ seed: false })]);
  });
  afterAll(async () => {
    await Promise.all([a, b, empty].map((t) => t?.close()));
  });

  it('hold the demo county, seeded on the test clock', async () => {
    expect(await a.count('facilities')).toBe(113);
    expect(await a.count('users')).toBeGreaterThan(0);
    const [latest] = await a.rows<{ at: string }>(sql`select max(created_at)::text as at from patients`);
    expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(a.clock.now.getTime());
  });

  it('are separate databases: a write in one is not seen in another', async () => {
    const name = async (t: TestContext) => (await t.rows<{ name: string }>(sql`select name from facilities where id = 1`))[0]!.name;
    const original = await name(b);
    await a.rows(sql`update facilities set name = 'Renamed in context a' where id = 1`);
    expect(await name(a)).toBe('Renamed in context a');
    expect(await name(b)).toBe(original);
  });

  it('without the seed have the schema and no rows', async () => {
    expect(await empty.count('users')).toBe(0);
    expect(await empty.count('facilities')).toBe(0);
    const [tables] = await empty.rows<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    expect(tables!.n).toBe((await a.rows<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`))[0]!.n);
  });
});
