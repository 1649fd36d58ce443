// Batches in inventory (issue 28 item 5; domain/PROCUREMENT.md "Stock that comes with it"): the pharmacist at the
// county referral hospital receives medicines by batch with their expiry dates and issues them earliest expiry
// first; expired stock is refused at the counter and written off with the in-charge's approval, posted to the books;
// the expiring list values what is about to be lost, and the reorder list says what to order by months of stock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, countyInstant, startOfCountyDay } from '../../../shared/county-time.js';
import { multiply, parseKes, toKes } from '../../../shared/money.js';
import type { ExpiringReport, InventoryBatch, InventoryItem, ReorderLine, StockMovementResult, WriteOff } from '../../../shared/inventory/index.js';
import type { Role } from '../../../shared/access/index.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let pharmacist: string;
let incharge: string;
let director: string;

/** A new session (a session left idle for days has ended: a story that moves the clock signs in again). */
async function signIn(role: Role): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}
async function signInAll() {
  pharmacist = await signIn('pharmacist');
  incharge = await signIn('facility_incharge');
  director = await signIn('county_director');
}
/** The county's clock moved on to `at`, everyone signed in again. */
async function later(at: Date) {
  t.clock.set(at);
  await signInAll();
}

beforeAll(async () => {
  t = await createTestContext();
  await signInAll();
});
afterAll(() => t.close());
// Stories that move the county's clock put it back.
afterEach(async () => {
  if (t.clock.now.getTime() === TEST_NOW.getTime()) return;
  t.clock.set(new Date(TEST_NOW));
  await signInAll();
});

let serial = 0;
/** A new line at the referral hospital (facility 1), KES 1.25 a tablet, so each story starts from a known shelf. */
async function newLine(currentStock: number, minimumStock = 100, cookie = pharmacist, facilityId = 1): Promise<InventoryItem> {
  const res = await t.request({
    method: 'POST',
    url: '/api/inventory',
    cookie,
    body: { itemName: `Batch story line ${++serial}`, category: 'pharmaceuticals', facilityId, currentStock, minimumStock, unit: 'tablets', supplier: 'KEMSA', unitCost: 1.25 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as InventoryItem;
}

const move = (itemId: number, body: Record<string, unknown>, cookie = pharmacist) => t.request({ method: 'POST', url: `/api/inventory/${itemId}/movements`, cookie, body });
async function moved(itemId: number, body: Record<string, unknown>, cookie = pharmacist): Promise<StockMovementResult> {
  const res = await move(itemId, body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StockMovementResult;
}
const receive = (itemId: number, quantity: number, batch?: string, expiryDate?: string) =>
  moved(itemId, { kind: 'received', quantity, reason: 'Delivery from KEMSA', supplier: 'KEMSA', batch: batch ?? '', expiryDate: expiryDate ?? '' });

async function batchesOf(itemId: number): Promise<InventoryBatch[]> {
  const res = await t.request({ url: `/api/inventory/${itemId}/batches`, cookie: pharmacist });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InventoryBatch[];
}
const held = async (itemId: number) => (await batchesOf(itemId)).map((b) => [b.batchNumber, b.expiryDate, b.quantity]);

/** Every line's current stock is the sum of its batches (and of its ledger). */
async function expectBatchInvariant() {
  const drift = await t.rows<{ id: number }>(sql`select i.id from inventory_items i
    left join (select item_id, sum(quantity) as n from inventory_batches group by item_id) b on b.item_id = i.id
    left join (select item_id, sum(quantity) as n from stock_movements group by item_id) m on m.item_id = i.id
    where coalesce(b.n, 0) <> i.current_stock or coalesce(m.n, 0) <> i.current_stock`);
  expect(drift).toEqual([]);
}

const journalLines = (movementId: number) =>
  t.rows<{ description: string; account: string; debit: string; credit: string }>(sql`select j.description, l.account_code as account, l.debit::text as debit, l.credit::text as credit
    from journals j join journal_lines l on l.journal_id = j.id
    where j.source_type = 'stock' and j.source_id = ${movementId} order by l.line_no`);

describe('the seeded county', () => {
  it('every line with stock holds it in batches that add up to it exactly, each delivery its own batch, some near expiry and a few expired', async () => {
    await expectBatchInvariant();
    const [shape] = await t.rows<{ lines: number; fewest: number; most: number; unknown: number; near: number; expired: number; unlinked: number }>(sql`
      select count(*)::int as lines, min(n)::int as fewest, max(n)::int as most,
        (select count(*) from inventory_batches where batch_number = 'UNKNOWN')::int as unknown,
        (select count(distinct item_id) from inventory_batches where quantity > 0 and expiry_date between '2026-03-16' and '2026-06-14')::int as near,
        (select count(distinct item_id) from inventory_batches where quantity > 0 and expiry_date < '2026-03-16')::int as expired,
        (select count(*) from stock_movements where kind in ('opening', 'received') and quantity > 0 and batch_id is null)::int as unlinked
      from (select item_id, count(*) as n from inventory_batches where quantity > 0 group by item_id) x`);
    expect(shape!.fewest).toBeGreaterThanOrEqual(1);
    expect(shape!.most).toBeLessThanOrEqual(3);
    expect(shape!.unknown).toBe(0);
    expect(shape!.near).toBeGreaterThan(20);
    expect(shape!.expired).toBeGreaterThan(0);
    expect(shape!.expired).toBeLessThan(shape!.near);
    expect(shape!.unlinked).toBe(0);
    // Batches still on the shelf expire within 24 months; the spec's five lines have nothing near expiry.
    const [latest] = await t.rows<{ d: string }>(sql`select max(expiry_date)::text as d from inventory_batches where quantity > 0`);
    expect(latest!.d <= '2028-03-16').toBe(true);
    expect(await t.rows(sql`select id from inventory_batches where item_id <= 5 and quantity > 0 and expiry_date < '2026-06-15'`)).toEqual([]);
    // No seeded issue took stock out of a batch after it expired.
    expect(await t.rows(sql`select m.id from stock_movements m join inventory_batches b on b.id = m.batch_id where m.quantity < 0 and b.expiry_date < (m.at at time zone 'Africa/Nairobi')::date`)).toEqual([]);
  });
});

describe('receiving by batch', () => {
  it("a new line's opening stock is the batch UNKNOWN, with no expiry; a delivery without a batch number adds to it", async () => {
    const line = await newLine(100);
    expect(await batchesOf(line.id)).toEqual([
      { id: expect.any(Number), itemId: line.id, batchNumber: 'UNKNOWN', expiryDate: null, daysLeft: null, quantity: 100, unitCost: 1.25, value: 125, receivedAt: TEST_NOW.toISOString(), status: 'no_expiry' },
    ]);
    const { movement } = await receive(line.id, 50);
    expect(movement).toMatchObject({ kind: 'received', quantity: 50, balanceAfter: 150, batch: null, batchNumber: 'UNKNOWN', expiryDate: null });
    // 'unknown' in any case is the same batch.
    await receive(line.id, 5, 'unknown');
    expect(await held(line.id)).toEqual([['UNKNOWN', null, 155]]);
    const [opening] = await t.rows<{ batch_id: number | null }>(sql`select batch_id from stock_movements where item_id = ${line.id} and kind = 'opening'`);
    expect(opening!.batch_id).toBe((await batchesOf(line.id))[0]!.id);
    await expectBatchInvariant();
  });

  it('the same batch number in any case with the same expiry adds to its batch; another expiry is another batch', async () => {
    const line = await newLine(0);
    expect(await batchesOf(line.id)).toEqual([]);
    await receive(line.id, 200, 'KEM2407A', '2027-06-30');
    await receive(line.id, 100, 'kem2407a', '2027-06-30');
    await receive(line.id, 60, 'KEM2407A', '2027-09-30');
    expect(await held(line.id)).toEqual([
      ['KEM2407A', '2027-06-30', 300],
      ['KEM2407A', '2027-09-30', 60],
    ]);
    const [first] = await batchesOf(line.id);
    expect(first).toMatchObject({ status: 'ok', daysLeft: 471, value: 375 });
    await expectBatchInvariant();
  });

  it('refuses stock that has already expired, and a date that is no date, writing nothing', async () => {
    const line = await newLine(10);
    const before = await t.count('stock_movements');
    const expired = await move(line.id, { kind: 'received', quantity: 10, reason: 'Delivery', batch: 'OLD1', expiryDate: '2026-03-15' });
    expect(expired.statusCode).toBe(400);
    expect(fieldErrors(expired)).toEqual({ expiryDate: 'This expiry date has passed: expired stock cannot be received' });
    const bad = await move(line.id, { kind: 'received', quantity: 10, reason: 'Delivery', batch: 'OLD1', expiryDate: '2026-02-30' });
    expect(fieldErrors(bad)).toEqual({ expiryDate: 'Enter a real date' });
    // Expiring today is still good stock.
    expect((await move(line.id, { kind: 'received', quantity: 10, reason: 'Delivery', batch: 'TODAY1', expiryDate: '2026-03-16' })).statusCode).toBe(201);
    expect(await t.count('stock_movements')).toBe(before + 1);
  });
});

describe('issuing earliest expiry first (FEFO)', () => {
  it('an issue takes the batch that expires first, then the next: one movement per batch, each with its running balance and its own journal', async () => {
    const line = await newLine(0);
    await receive(line.id, 100, 'LATE', '2027-06-30');
    await receive(line.id, 50, 'NOEXP');
    await receive(line.id, 120, 'EARLY', '2026-05-31');
    const result = await moved(line.id, { kind: 'issued', quantity: 150, reason: 'Dispensed to outpatients' });
    expect(result.movements.map((m) => [m.kind, m.batchNumber, m.quantity, m.balanceAfter])).toEqual([
      ['issued', 'EARLY', -120, 150],
      ['issued', 'LATE', -30, 120],
    ]);
    expect(result.movement).toEqual(result.movements[1]);
    expect(result.item.currentStock).toBe(120);
    // A batch with no expiry is drawn last.
    expect(await held(line.id)).toEqual([
      ['LATE', '2027-06-30', 70],
      ['NOEXP', null, 50],
    ]);
    for (const m of result.movements) {
      const lines = await journalLines(m.id);
      const value = toKes(multiply(parseKes(1.25), Math.abs(m.quantity)));
      expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
        ['5250', value.toFixed(2), '0.00'],
        ['1310', '0.00', value.toFixed(2)],
      ]);
    }
    await expectBatchInvariant();
  });

  it('issues from the batch chosen, and refuses one that holds too little or is not this line’s', async () => {
    const line = await newLine(0);
    await receive(line.id, 40, 'A1', '2026-06-30');
    const later = await receive(line.id, 60, 'B2', '2026-12-31');
    const chosen = await moved(line.id, { kind: 'issued', quantity: 25, reason: 'Issued to Maternity ward', batchId: later.movement.batchId });
    expect(chosen.movements.map((m) => [m.batchNumber, m.quantity])).toEqual([['B2', -25]]);
    const short = await move(line.id, { kind: 'issued', quantity: 36, reason: 'Issued to Maternity ward', batchId: later.movement.batchId });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Only 35 tablets in batch B2: cannot issue 36');
    const other = await newLine(10);
    const foreign = await move(other.id, { kind: 'issued', quantity: 1, reason: 'Dispensed', batchId: later.movement.batchId });
    expect(foreign.statusCode).toBe(400);
    expect(fieldErrors(foreign)).toEqual({ batchId: 'This batch is not one of this item' });
    // The line's own total is still the first word.
    const tooMany = await move(line.id, { kind: 'issued', quantity: 76, reason: 'Dispensed', batchId: later.movement.batchId });
    expect(tooMany.json().message).toBe('Only 75 tablets in stock: cannot issue 76');
    await expectBatchInvariant();
  });
});

describe('expired stock', () => {
  /** A line with 40 tablets expiring on 20 March and 30 good until January, received today (16 March). */
  async function shelf() {
    const line = await newLine(0);
    const soon = await receive(line.id, 40, 'SOON', '2026-03-20');
    const fresh = await receive(line.id, 30, 'FRESH', '2027-01-31');
    return { line, soon: soon.movement.batchId!, fresh: fresh.movement.batchId! };
  }

  it('a batch expiring today may still be issued; the day after it cannot', async () => {
    const { line, soon } = await shelf();
    await later(countyInstant('2026-03-20', 16, 0));
    expect((await batchesOf(line.id)).map((b) => [b.batchNumber, b.status, b.daysLeft])).toEqual([
      ['SOON', 'near_expiry', 0],
      ['FRESH', 'ok', 317],
    ]);
    expect((await moved(line.id, { kind: 'issued', quantity: 5, reason: 'Dispensed', batchId: soon })).movements).toHaveLength(1);
    await later(countyInstant('2026-03-21', 8, 0));
    expect((await batchesOf(line.id))[0]).toMatchObject({ batchNumber: 'SOON', status: 'expired', daysLeft: -1 });
  });

  it('an issue skips the expired batch; naming it, or needing it, is a 409 that says why, and writes nothing', async () => {
    const { line, soon } = await shelf();
    await later(countyInstant('2026-03-25', 9, 0));
    const before = await t.count('stock_movements');
    const named = await move(line.id, { kind: 'issued', quantity: 5, reason: 'Dispensed', batchId: soon });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toBe('Batch SOON expired on 2026-03-20: it cannot be issued');
    expect(fieldErrors(named)).toEqual({ batchId: 'Batch SOON expired on 2026-03-20: it cannot be issued' });
    const short = await move(line.id, { kind: 'issued', quantity: 50, reason: 'Dispensed' });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Only 30 tablets of the 70 in stock are not expired: cannot issue 50');
    expect(await t.count('stock_movements')).toBe(before);
    // Earliest expiry first among what may still be issued.
    const issued = await moved(line.id, { kind: 'issued', quantity: 30, reason: 'Dispensed' });
    expect(issued.movements.map((m) => [m.batchNumber, m.quantity, m.balanceAfter])).toEqual([['FRESH', -30, 40]]);
    await expectBatchInvariant();
  });

  it('an adjustment down may take expired stock, earliest first; up goes into the batch chosen, else UNKNOWN', async () => {
    const { line, fresh } = await shelf();
    await later(countyInstant('2026-03-25', 9, 0));
    const down = await moved(line.id, { kind: 'adjusted', quantity: -45, reason: 'Expired and damaged, counted out' });
    expect(down.movements.map((m) => [m.batchNumber, m.quantity, m.balanceAfter])).toEqual([
      ['SOON', -40, 30],
      ['FRESH', -5, 25],
    ]);
    const into = await moved(line.id, { kind: 'adjusted', quantity: 3, reason: 'Stock count correction', batchId: fresh });
    expect(into.movements.map((m) => [m.batchNumber, m.quantity])).toEqual([['FRESH', 3]]);
    const found = await moved(line.id, { kind: 'adjusted', quantity: 2, reason: 'Stock count correction' });
    expect(found.movements.map((m) => [m.batchNumber, m.expiryDate, m.quantity])).toEqual([['UNKNOWN', null, 2]]);
    expect(await held(line.id)).toEqual([
      ['FRESH', '2027-01-31', 28],
      ['UNKNOWN', null, 2],
    ]);
    await expectBatchInvariant();
  });
});

describe('writing off expired stock (another person approves)', () => {
  const ask = (itemId: number, body: Record<string, unknown>, cookie = pharmacist) => t.request({ method: 'POST', url: `/api/inventory/${itemId}/write-offs`, cookie, body });
  const decide = (id: number, what: 'approve' | 'reject', cookie: string, body?: unknown) =>
    t.request({ method: 'POST', url: `/api/inventory/write-offs/${id}/${what}`, cookie, ...(body === undefined ? {} : { body }) });

  it('the pharmacist asks, the in-charge approves: the batch and the line go down in one movement, posted Dr 5250 / Cr 1310', async () => {
    const line = await newLine(0);
    const soon = (await receive(line.id, 40, 'SOON', '2026-03-20')).movement.batchId!;
    await receive(line.id, 30, 'FRESH', '2027-01-31');
    await later(countyInstant('2026-03-25', 9, 0));
    const asked = await ask(line.id, { batchId: soon, quantity: '40', reason: 'Expired on 20 March' });
    expect(asked.statusCode, asked.body).toBe(201);
    const pending = asked.json() as WriteOff;
    expect(pending).toMatchObject({ itemId: line.id, batchNumber: 'SOON', expiryDate: '2026-03-20', quantity: 40, value: 50, status: 'pending', requestedByName: 'Faith Nafula', decidedBy: null, movementId: null });
    // Nothing moved yet.
    expect(await held(line.id)).toEqual([
      ['SOON', '2026-03-20', 40],
      ['FRESH', '2027-01-31', 30],
    ]);
    const listed = await t.request({ url: '/api/inventory/write-offs?status=pending&facilityId=1', cookie: incharge });
    expect((listed.json() as WriteOff[]).map((w) => w.id)).toContain(pending.id);
    // The pharmacist may not decide at all.
    expect((await decide(pending.id, 'approve', pharmacist)).statusCode).toBe(403);

    const journalsBefore = await t.count('journals');
    const approved = await decide(pending.id, 'approve', incharge);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedByName: 'Grace Atieno', movementId: expect.any(Number) });
    expect(await held(line.id)).toEqual([['FRESH', '2027-01-31', 30]]);
    const [movement] = await t.rows<{ kind: string; quantity: number; balance_after: number; batch_id: number; reason: string }>(
      sql`select kind, quantity, balance_after, batch_id, reason from stock_movements where id = ${(approved.json() as WriteOff).movementId}`,
    );
    expect(movement).toEqual({ kind: 'written_off', quantity: -40, balance_after: 30, batch_id: soon, reason: 'Expired on 20 March' });
    const lines = await journalLines((approved.json() as WriteOff).movementId!);
    expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['5250', '50.00', '0.00'],
      ['1310', '0.00', '50.00'],
    ]);
    expect(lines[0]!.description).toBe(`Stock written off: 40 tablets ${line.itemName}`);
    expect(await t.count('journals')).toBe(journalsBefore + 1);
    const [event] = await t.rows<{ action: string; entity_id: string }>(sql`select action, entity_id from audit_events order by id desc limit 1`);
    expect(event).toEqual({ action: 'inventory.write_off.approve', entity_id: String(pending.id) });
    // Decided once.
    const again = await decide(pending.id, 'approve', director);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This write-off has already been decided');
    await expectBatchInvariant();
  });

  it('whoever asked may not approve or reject it (403), even an in-charge; another decides', async () => {
    const line = await newLine(50, 10, incharge);
    const unknown = (await batchesOf(line.id))[0]!.id;
    const asked = (await ask(line.id, { batchId: unknown, quantity: 5, reason: 'Damaged in storage' }, incharge)).json() as WriteOff;
    for (const what of ['approve', 'reject'] as const) {
      const own = await decide(asked.id, what, incharge, what === 'reject' ? { reason: 'Counted wrong' } : undefined);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('You asked for this write-off: another person must approve or reject it');
    }
    expect(await held(line.id)).toEqual([['UNKNOWN', null, 50]]);
    // An in-charge of another facility is outside her scope; the county director is not.
    const elsewhere = await t.loginAt('facility_incharge', 4);
    expect((await decide(asked.id, 'approve', elsewhere)).json()).toMatchObject({ code: 'out_of_scope' });
    expect((await decide(asked.id, 'approve', director)).statusCode).toBe(200);
    expect(await held(line.id)).toEqual([['UNKNOWN', null, 45]]);
  });

  it('a rejection says why and moves nothing; a write-off larger than its batch is refused, when asked and when approved', async () => {
    const line = await newLine(0);
    const batch = (await receive(line.id, 20, 'DMG1', '2026-09-30')).movement.batchId!;
    const asked = (await ask(line.id, { batchId: batch, quantity: 15, reason: 'Water damage' })).json() as WriteOff;
    expect(fieldErrors(await decide(asked.id, 'reject', incharge, { reason: ' ' }))).toEqual({ reason: 'Say why the write-off is rejected' });
    const rejected = await decide(asked.id, 'reject', incharge, { reason: 'The boxes are dry: count them again' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'The boxes are dry: count them again', movementId: null });
    expect(await held(line.id)).toEqual([['DMG1', '2026-09-30', 20]]);

    const tooMany = await ask(line.id, { batchId: batch, quantity: 21, reason: 'Water damage' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 20 tablets in batch DMG1: cannot write off 21');
    const later = (await ask(line.id, { batchId: batch, quantity: 15, reason: 'Water damage' })).json() as WriteOff;
    await moved(line.id, { kind: 'issued', quantity: 10, reason: 'Dispensed' });
    const stale = await decide(later.id, 'approve', incharge);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Only 10 tablets in batch DMG1: cannot write off 15');
    expect((await ask(line.id, { batchId: 999_999, quantity: 1, reason: 'Water damage' })).statusCode).toBe(400);
    expect((await ask(line.id, { batchId: batch, quantity: 1, reason: 'Water damage' }, await t.loginAs('nurse'))).statusCode).toBe(403);
    await expectBatchInvariant();
  });
});

describe('the expiring list', () => {
  const expiring = async (query = '') => {
    const res = await t.request({ url: `/api/inventory/expiring${query}`, cookie: director });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ExpiringReport;
  };
  const fromSql = async (until: string, facilityId?: number) => {
    const [row] = await t.rows<{ n: number; expired: number; expiredValue: string; nearValue: string }>(sql`select count(*)::int as n,
        (count(*) filter (where b.expiry_date < '2026-03-16'))::int as expired,
        coalesce(sum(b.quantity * b.unit_cost) filter (where b.expiry_date < '2026-03-16'), 0)::text as "expiredValue",
        coalesce(sum(b.quantity * b.unit_cost) filter (where b.expiry_date >= '2026-03-16'), 0)::text as "nearValue"
      from inventory_batches b join inventory_items i on i.id = b.item_id
      where b.quantity > 0 and b.expiry_date <= ${until} ${facilityId ? sql`and i.facility_id = ${facilityId}` : sql``}`);
    return row!;
  };

  it('lists the batches expired or expiring within the warning (90 days), soonest first, with their value and the totals', async () => {
    const report = await expiring('?limit=200');
    const want = await fromSql('2026-06-14');
    expect(report).toMatchObject({ today: '2026-03-16', days: 90, batchCount: want.n, expiredCount: want.expired, nearExpiryCount: want.n - want.expired });
    expect(report.expiredValue).toBe(toKes(parseKes(want.expiredValue)));
    expect(report.nearExpiryValue).toBe(toKes(parseKes(want.nearValue)));
    expect(report.expiredValue).toBeGreaterThan(0);
    expect(report.rows.length).toBe(Math.min(200, want.n));
    const dates = report.rows.map((r) => r.expiryDate);
    expect([...dates].sort()).toEqual(dates);
    for (const r of report.rows) {
      expect(r.value).toBe(toKes(multiply(parseKes(r.unitCost), r.quantity)));
      expect(r.status).toBe(r.expiryDate < '2026-03-16' ? 'expired' : 'near_expiry');
      expect(r.daysLeft).toBe(Math.round((Date.parse(r.expiryDate) - Date.parse('2026-03-16')) / 86_400_000));
    }
  });

  it('takes other windows and one facility; a batch received today within the window is on it at its value', async () => {
    expect((await expiring('?days=30')).batchCount).toBe((await fromSql('2026-04-15')).n);
    const line = await newLine(0);
    await receive(line.id, 80, 'WK12', '2026-04-10');
    const report = await expiring('?facilityId=1&days=30&limit=200');
    const want = await fromSql('2026-04-15', 1);
    expect(report.batchCount).toBe(want.n);
    expect(report.rows.every((r) => r.facilityId === 1 && r.facility === 'Busia County Referral Hospital')).toBe(true);
    expect(report.rows.find((r) => r.itemId === line.id)).toMatchObject({ batchNumber: 'WK12', quantity: 80, value: 100, daysLeft: 25, status: 'near_expiry' });
    expect((await t.request({ url: '/api/inventory/expiring?days=abc', cookie: director })).statusCode).toBe(400);
  });
});

describe('the reorder list', () => {
  const reorder = async (query = '', cookie = director) => {
    const res = await t.request({ url: `/api/inventory/reorder${query}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as ReorderLine[], total: Number(res.headers['x-total-count']) };
  };

  it('months of stock = on hand ÷ (the last 90 days’ issues ÷ 3); a hospital reorders below 3 months, up to one month above', async () => {
    const line = await newLine(1000, 100);
    await moved(line.id, { kind: 'issued', quantity: 300, reason: 'Dispensed to outpatients' });
    // 700 on hand, 100 a month: 7 months. Not due.
    expect((await reorder('?facilityId=1&limit=200')).rows.map((r) => r.itemId)).not.toContain(line.id);
    await moved(line.id, { kind: 'issued', quantity: 450, reason: 'Issued to the wards' });
    // Adjustments and write-offs are not consumption.
    await moved(line.id, { kind: 'adjusted', quantity: -10, reason: 'Damaged' });
    const row = (await reorder('?facilityId=1&limit=200')).rows.find((r) => r.itemId === line.id);
    expect(row).toEqual({
      itemId: line.id,
      itemName: line.itemName,
      category: 'pharmaceuticals',
      unit: 'tablets',
      facilityId: 1,
      facility: 'Busia County Referral Hospital',
      facilityLevel: 5,
      currentStock: 240,
      minimumStock: 100,
      issuedLast90Days: 750,
      averageMonthlyConsumption: 250,
      monthsOfStock: 1,
      minimumMonths: 3,
      // (3 + 1) × 250 − 240
      suggestedQuantity: 760,
      unitCost: 1.25,
      suggestedValue: 950,
    });
  });

  it('a dispensary keeps two months; a line at or below its minimum stock is due even with no use to measure; the settings change both', async () => {
    const [dispensary] = await t.rows<{ id: number }>(sql`select id from facilities where level = 2 order by id limit 1`);
    const store = await t.loginAt('pharmacist', dispensary!.id);
    const used = await newLine(550, 10, store, dispensary!.id);
    // 300 in 90 days: 100 a month; 250 on hand is 2.5 months, above the dispensary's 2.
    await moved(used.id, { kind: 'issued', quantity: 300, reason: 'Dispensed' }, store);
    const idle = await newLine(20, 20, store, dispensary!.id);
    const listed = (await reorder(`?facilityId=${dispensary!.id}&limit=200`)).rows;
    expect(listed.find((r) => r.itemId === used.id)).toBeUndefined();
    expect(listed.find((r) => r.itemId === idle.id)).toMatchObject({ facilityLevel: 2, issuedLast90Days: 0, averageMonthlyConsumption: 0, monthsOfStock: null, minimumMonths: 2, suggestedQuantity: 0 });

    const settings = (await t.request({ url: '/api/system/settings', cookie: director })).json();
    const put = await t.request({
      method: 'PUT',
      url: '/api/system/settings/supply',
      cookie: director,
      body: { ...settings.supply.value, minimumMonthsOfStock: 3, expectedVersion: settings.supply.version },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await reorder(`?facilityId=${dispensary!.id}&limit=200`)).rows.find((r) => r.itemId === used.id);
    expect(after).toMatchObject({ monthsOfStock: 2.5, minimumMonths: 3, suggestedQuantity: 150 });
  });

  it('without a facility the county director sees every facility’s due lines, the same the ledger says, emptiest first', async () => {
    const since = startOfCountyDay(addDays('2026-03-16', -90)).toISOString();
    const [settings] = await t.rows<{ d: number; h: number }>(sql`select (value->>'minimumMonthsOfStock')::int as d, (value->>'minimumMonthsOfStockHospital')::int as h from system_settings where section = 'supply'`);
    const due = await t.rows<{ id: number }>(sql`select id from (
        select i.id, i.current_stock, i.minimum_stock, case when f.level >= 4 then ${settings!.h}::int else ${settings!.d}::int end as months,
          coalesce((select -sum(m.quantity) from stock_movements m where m.item_id = i.id and m.kind = 'issued' and m.at >= ${since}::timestamptz), 0) as issued
        from inventory_items i join facilities f on f.id = i.facility_id) x
      where (issued > 0 and current_stock * 3 < months * issued) or (minimum_stock > 0 and current_stock <= minimum_stock)`);
    const { rows, total } = await reorder('?limit=200');
    expect(total).toBe(due.length);
    // A line with no minimum and no use in 90 days is nobody's to reorder, out of stock or not.
    expect(rows.some((r) => r.minimumStock === 0 && r.issuedLast90Days === 0)).toBe(false);
    expect(total).toBeGreaterThan(200);
    const ids = new Set(due.map((d) => d.id));
    expect(rows.every((r) => ids.has(r.itemId))).toBe(true);
    expect(new Set(rows.map((r) => r.facilityId)).size).toBeGreaterThan(5);
    // The out-of-stock lines first.
    const firstStocked = rows.findIndex((r) => r.currentStock > 0);
    expect(rows.slice(firstStocked).every((r) => r.currentStock > 0)).toBe(true);
    const page = await reorder(`?limit=50&offset=${total}`);
    expect(page).toEqual({ rows: [], total });
    // Every role reads it (inventory:read is county-wide); signed out is 401.
    expect((await t.request({ url: '/api/inventory/reorder' })).statusCode).toBe(401);
  });
});
