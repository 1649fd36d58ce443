// npm run ledger:backfill (issue 30 item 3): billing history without its journals — a county that billed before the
// ledger existed — gets them from the functions the seed and the live events use; a dry run first, nothing twice,
// and nothing at all when a journal would fall in a closed month.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';
import { describeBackfill, ledgerBackfill } from './ledger-backfill.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const run = (apply: boolean) => ledgerBackfill(t.database.db, { apply, now: t.clock.now });
const journalsOfInvoice = (number: string) =>
  t.rows<{ n: number }>(sql`select count(*)::int as n from journals j join billing_records b on j.source_type = 'invoice' and j.source_id = b.id where b.invoice_number = ${number}`);
/** An invoice written before the ledger existed: the row alone, no journal. */
const oldInvoice = (number: string, amount: string, at: string) =>
  t.rows(sql`insert into billing_records (invoice_number, patient_id, facility_id, service_type, amount, payment_method, status, created_at, updated_at)
    values (${number}, 12, 1, 'laboratory', ${amount}::numeric, 'cash', 'pending', ${at}::timestamptz, ${at}::timestamptz)`);

describe('the ledger backfill', () => {
  it("never books procurement's receipts twice: migration 0037 marks those its GRN journals booked", async () => {
    const marked = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from stock_movements where booked_by = 'goods_received'`))[0]!.n;
    const before = await marked();
    expect(before).toBeGreaterThan(0);
    await t.rows(sql`update stock_movements set booked_by = null`);
    const migration = readFileSync(fileURLToPath(new URL('../../../drizzle/0037_stock_booked_by.sql', import.meta.url)), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((x) => /^\s*UPDATE/m.test(x))) await t.rows(sql.raw(statement));
    expect(await marked()).toBe(before);
  });

  it("finds nothing missing in the demo county's books", async () => {
    const report = await run(false);
    expect(report).toMatchObject({ journals: 0, posted: 0, closed: [] });
    expect(describeBackfill(report, '2026-03-16')).toEqual(['Nothing to post: every invoice, payment, claim, waiver and stock movement has its journal.']);
  });

  it('says what is missing per kind and month without posting, posts it with --apply, and nothing twice', async () => {
    await oldInvoice('INV-LEGACY-0001', '1234.50', '2026-03-10T08:00:00Z');
    await oldInvoice('INV-LEGACY-0002', '300.00', '2026-03-11T08:00:00Z');
    // A cancelled one was never owed: no journal for it.
    await oldInvoice('INV-LEGACY-0009', '999.00', '2026-03-11T09:00:00Z');
    await t.rows(sql`update billing_records set status = 'cancelled' where invoice_number = 'INV-LEGACY-0009'`);
    const before = await t.count('journals');
    const dry = await run(false);
    expect(dry).toMatchObject({ journals: 2, posted: 0, applied: false, closed: [], lines: [{ source: 'invoice', month: '2026-03', journals: 2, total: '1534.50' }] });
    expect(await t.count('journals')).toBe(before);
    expect(describeBackfill(dry, '2026-03-16').at(-1)).toMatch(/^A dry run: nothing was posted/);

    const applied = await run(true);
    expect(applied).toMatchObject({ journals: 2, posted: 2, applied: true });
    expect(await t.count('journals')).toBe(before + 2);
    expect((await journalsOfInvoice('INV-LEGACY-0001'))[0]!.n).toBe(1);
    expect(describeBackfill(applied, '2026-03-16').at(-1)).toBe('Posted 2 journals on 2026-03-16.');
    // Again: every event has its journal now.
    expect(await run(true)).toMatchObject({ journals: 0, posted: 0 });
  });

  it('refuses, and posts nothing at all, when a journal would fall in a closed month', async () => {
    await oldInvoice('INV-LEGACY-0003', '500.00', '2026-03-12T08:00:00Z');
    await oldInvoice('INV-LEGACY-0004', '700.00', '2026-01-12T08:00:00Z');
    const before = await t.count('journals');
    const report = await run(true);
    expect(report).toMatchObject({ journals: 2, posted: 0, applied: false, closed: ['2026-01'] });
    expect(await t.count('journals')).toBe(before);
    expect((await journalsOfInvoice('INV-LEGACY-0003'))[0]!.n).toBe(0);
    expect(describeBackfill(report, '2026-03-16').at(-1)).toBe("Refused: the month 2026-01 is closed, and a closed month's books are not changed. Nothing was posted.");
  });
});
