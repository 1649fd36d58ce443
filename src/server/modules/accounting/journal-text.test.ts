// Journals of the system's own events in the reader's language (issue 29 item 5): an invoice, a payment, a stock
// issue, a payroll, a reversal… is posted as a kind and its facts; the English sentence is its description, word for
// word what it said before, and a Kiswahili reader gets the Kiswahili one — on the screens (the API gives the kind)
// and on the printed FO 30. Journals posted before kinds existed are read back into kinds by migration 0035.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeJournal, journalSentence, type Journal, type JournalFacts, type JournalText } from '../../../shared/accounting/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

let t: TestContext;
let director: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the sentences', () => {
  const cases: [JournalText, string, string][] = [
    [{ kind: 'invoice', facts: { invoice: 'INV-2026-000123', service: 'laboratory' } }, 'Invoice INV-2026-000123 (laboratory)', 'Ankara INV-2026-000123 (maabara)'],
    [{ kind: 'payment', facts: { method: 'cash', invoice: 'INV-1' } }, 'Cash payment for invoice INV-1', 'Malipo ya pesa taslimu ya ankara INV-1'],
    [{ kind: 'payment', facts: { method: 'mpesa', invoice: 'INV-1' } }, 'M-Pesa payment for invoice INV-1', 'Malipo ya M-Pesa ya ankara INV-1'],
    [{ kind: 'claim', facts: { claim: 'CLM-9', status: 'rejected', invoice: 'INV-1' } }, 'Claim CLM-9 rejected (invoice INV-1)', 'Dai CLM-9 limekataliwa (ankara INV-1)'],
    [{ kind: 'waiver', facts: { invoice: 'INV-1' } }, 'Waiver on invoice INV-1', 'Msamaha wa ankara INV-1'],
    [{ kind: 'stock', facts: { movement: 'issued', quantity: 20, unit: 'tablets', item: 'Paracetamol 500mg' } }, 'Stock issued: 20 tablets Paracetamol 500mg', 'Bidhaa zilizotolewa: vidonge 20 za Paracetamol 500mg'],
    [{ kind: 'reversal', facts: { journal: 'JNL-2025/26-000007', reason: 'Posted twice' } }, 'Reversal of JNL-2025/26-000007: Posted twice', 'Kubatilisha JNL-2025/26-000007: Posted twice'],
    [{ kind: 'year_close', facts: { year: '2024/25' } }, 'Year-end close 2024/25: revenue and expense to accumulated surplus', 'Kufunga mwaka 2024/25: mapato na matumizi kwenda ziada iliyolimbikizwa'],
    [{ kind: 'bank_charges', facts: { statement: 'kcb-march.csv', line: 4, text: 'LEDGER FEE' } }, 'Bank charges on statement kcb-march.csv, line 4: LEDGER FEE', 'Ada za benki kwenye taarifa kcb-march.csv, mstari 4: LEDGER FEE'],
    [{ kind: 'payroll', facts: { period: '2026-02', scope: 'subcounty', place: 'Teso North', employees: 41 } }, 'Payroll 2026-02, Teso North sub-county: 41 employees', 'Mishahara 2026-02, kaunti ndogo ya Teso North: wafanyakazi 41'],
    [{ kind: 'payroll', facts: { period: '2026-02', scope: 'county', place: '', employees: 900 } }, 'Payroll 2026-02, the county: 900 employees', 'Mishahara 2026-02, kaunti nzima: wafanyakazi 900'],
    [{ kind: 'payroll_remittance', facts: { remittance: 'paye', period: '2026-02', reference: 'KRA-1' } }, 'PAYE for 2026-02: remitted (KRA-1)', 'PAYE ya 2026-02: imewasilishwa (KRA-1)'],
    [{ kind: 'goods_received', facts: { grn: 'GRN-1', order: 12, supplier: 'KEMSA' } }, 'Goods received GRN-1 on order 12 from KEMSA', 'Bidhaa zilizopokelewa GRN-1 kwa agizo 12 kutoka kwa KEMSA'],
    [{ kind: 'supplier_invoice', facts: { invoice: 'SINV-3', order: 'LPO-2025/26-000004' } }, 'Supplier invoice SINV-3 on LPO-2025/26-000004 matched', 'Ankara ya msambazaji SINV-3 kwa LPO-2025/26-000004 imelinganishwa'],
  ];
  it.each(cases)('%j reads in English and in Kiswahili', (text, en, sw) => {
    expect(journalSentence(text, 'en')).toBe(en);
    expect(journalSentence(text, 'sw')).toBe(sw);
  });

  it("keeps a person's words, and a kind this build does not know or whose facts are missing, as they were posted", () => {
    expect(describeJournal({ description: 'Office supplies', text: null }, 'sw')).toBe('Office supplies');
    expect(describeJournal({ description: 'Something new', text: { kind: 'asset_disposal', facts: { asset: 'X' } } }, 'sw')).toBe('Something new');
    expect(describeJournal({ description: 'Waiver on invoice INV-1', text: { kind: 'waiver', facts: {} } }, 'sw')).toBe('Waiver on invoice INV-1');
    expect(describeJournal({ description: 'Waiver on invoice INV-1', text: { kind: 'waiver', facts: { invoice: 'INV-1' } } }, 'sw')).toBe('Msamaha wa ankara INV-1');
  });
});

type Row = { id: number; description: string; text_kind: string | null; text_facts: JournalFacts | null };
const stored = () => t.rows<Row>(sql`select id, description, text_kind, text_facts from journals order by id`);

describe("the demo county's journals", () => {
  it('carry their event: the API gives the kind, and the English sentence is the description', async () => {
    const rows = await stored();
    const kinds = new Set(rows.flatMap((r) => (r.text_kind ? [r.text_kind] : [])));
    for (const kind of ['invoice', 'payment', 'claim', 'stock', 'payroll', 'goods_received', 'supplier_invoice', 'year_close']) expect(kinds, kind).toContain(kind);
    for (const r of rows.filter((x) => x.text_kind)) expect(journalSentence({ kind: r.text_kind, facts: r.text_facts } as JournalText, 'en'), `journal ${r.id}`).toBe(r.description);

    const res = await t.request({ url: '/api/accounting/journals?sourceType=payment&limit=5', cookie: director });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = res.json() as Journal[];
    expect(payment!.text).toMatchObject({ kind: 'payment' });
    expect(describeJournal(payment!, 'sw')).toMatch(/^Malipo ya (pesa taslimu|M-Pesa|kadi) ya ankara /);
    expect(describeJournal(payment!, 'en')).toBe(payment!.description);
  });

  it("a reversal names the journal it reverses and keeps the officer's reason in her own words", async () => {
    const officer = await t.loginAs('finance_officer');
    const list = await t.request({ url: '/api/accounting/journals?sourceType=stock&status=posted&limit=1', cookie: director });
    const [stock] = list.json() as Journal[];
    const res = await t.request({ method: 'POST', url: `/api/accounting/journals/${stock!.id}/reverse`, cookie: officer, body: { reason: 'Imeingizwa mara mbili' } });
    expect(res.statusCode, res.body).toBe(201);
    const reversal = res.json() as Journal;
    expect(reversal.description).toBe(`Reversal of ${stock!.number}: Imeingizwa mara mbili`);
    expect(describeJournal(reversal, 'sw')).toBe(`Kubatilisha ${stock!.number}: Imeingizwa mara mbili`);
  });

  it('migration 0035 reads the sentences of journals posted before kinds existed back into the same kinds and facts', async () => {
    const before = await stored();
    await t.asOwner(sql`alter table journals disable trigger journals_immutable`, sql`alter table journals disable trigger journals_balanced`, sql`update journals set text_kind = null, text_facts = null`, sql`alter table journals enable trigger journals_immutable`, sql`alter table journals enable trigger journals_balanced`);
    expect((await stored()).filter((r) => r.text_kind)).toEqual([]);
    const migration = readFileSync(fileURLToPath(new URL('../../../../drizzle/0035_journal_text.sql', import.meta.url)), 'utf8');
    // Its data statements (the columns exist already), as the owner: the trigger steps aside only for the update.
    await t.asOwner(...migration.split('--> statement-breakpoint').filter((s) => /^\s*(UPDATE|ALTER TABLE "journals" (DIS|EN)ABLE)/m.test(s)).map((s) => sql.raw(s)));
    expect(await stored()).toEqual(before);
    // And the ledger still refuses to change a posted journal.
    await expect(t.rows(sql`update journals set description = 'edited' where id = ${before[0]!.id}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/cannot be changed/) } });
  });
});
