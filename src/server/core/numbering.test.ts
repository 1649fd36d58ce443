// Gapless document numbers: an unbroken run per series and county year, whatever fails or runs at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/helper.js';
import { nextDocumentNumber } from './numbering.js';

let t: TestContext;
let clerk: string;
const bill = { patientId: 12, serviceType: 'consultation', amount: 300, paymentMethod: 'cash' };
const seq = (n: string) => Number(n.slice(-6));

async function lastInvoice(year: string): Promise<number> {
  const [row] = await t.rows<{ n: string | null }>(sql`select max(invoice_number) as n from billing_records where invoice_number like ${`INV-${year}-%`}`);
  return row?.n ? seq(row.n) : 0;
}

beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.loginAs('records_officer');
});
afterAll(() => t.close());

describe('document numbers', () => {
  it('the demo county itself is numbered without a gap, each series per year', async () => {
    const rows = await t.rows<{ series: string; year: string; n: number; top: number }>(sql`
      select split_part(n, '-', 1) as series, split_part(n, '-', 2) as year, count(*)::int as n, max(split_part(n, '-', 3)::int) as top
      from (select invoice_number as n from billing_records union all select claim_number from insurance_claims
            union all select gateway_reference from payments where gateway_reference like 'RCT-%') x group by 1, 2`);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) expect(r.top, `${r.series} ${r.year}`).toBe(r.n);
  });

  it('continue the run; a number taken in a transaction that fails is given back, not skipped', async () => {
    const before = await lastInvoice('2026');
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await nextDocumentNumber(tx, 'INV', '2026')).toBe(`INV-2026-${String(before + 1).padStart(6, '0')}`);
        throw new Error('the invoice could not be written');
      }),
    ).rejects.toThrow('the invoice could not be written');
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: bill });
    expect(seq(res.json().invoiceNumber)).toBe(before + 1);
  });

  it('ten desks raising invoices at once get ten consecutive numbers', async () => {
    const before = await lastInvoice('2026');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: bill })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const numbers = answers.map((a) => seq(a.json().invoiceNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => before + 1 + i));
  });

  it('a new county year starts its own run at 000001', async () => {
    t.clock.set(new Date('2027-01-01T00:05:00+03:00'));
    const desk = await t.loginAt('records_officer', 1);
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: desk, body: bill });
    expect(res.json().invoiceNumber).toBe('INV-2027-000001');
  });
});
