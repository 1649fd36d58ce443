// Batches on Medical Inventory (issue 28 item 5) as the pharmacist and the in-charge at Busia County Referral
// Hospital see them: an item's batches in its History with Expired and Near expiry badges, and a write-off asked for
// from one; Update Stock's expiry date on a delivery and its batch choice on an issue (earliest expiry first unless
// one is chosen; an expired batch cannot be); the Expiring, Reorder and Write-offs tabs, where another person decides.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpiringReport, InventoryBatch, ReorderLine, StockMovement, WriteOff } from '../../../shared/inventory';
import { inventoryItem, inventoryStats } from '../../test/factories';
import { fail, findToast, list, ok, renderScreen, signedIn } from '../../test/render-screen';
import { InventoryPage } from './inventory-page';

const AMOXICILLIN = inventoryItem({ id: 1, itemName: 'Amoxicillin 500mg', currentStock: 450, minimumStock: 200, unitCost: 5 });
const FACILITY = 'Busia County Referral Hospital';

const batch = (overrides: Partial<InventoryBatch> & Pick<InventoryBatch, 'id' | 'batchNumber'>): InventoryBatch => ({
  itemId: 1,
  expiryDate: '2027-06-30',
  daysLeft: 471,
  quantity: 100,
  unitCost: 5,
  value: 500,
  receivedAt: '2026-01-10T08:00:00.000Z',
  status: 'ok',
  ...overrides,
});

const BATCHES = [
  batch({ id: 11, batchNumber: 'KEM2502C', expiryDate: '2026-03-01', daysLeft: -15, quantity: 50, value: 250, status: 'expired' }),
  batch({ id: 12, batchNumber: 'KEM2507A', expiryDate: '2026-05-20', daysLeft: 65, quantity: 150, value: 750, status: 'near_expiry' }),
  batch({ id: 13, batchNumber: 'KEM2601B', expiryDate: '2027-06-30', quantity: 250, value: 1250 }),
];

const movement = (overrides: Partial<StockMovement> & Pick<StockMovement, 'id'>): StockMovement => ({
  itemId: 1,
  kind: 'issued',
  quantity: -20,
  balanceAfter: 450,
  reason: 'Dispensed to outpatients',
  supplier: null,
  batch: 'KEM2507A',
  batchId: 12,
  batchNumber: 'KEM2507A',
  expiryDate: '2026-05-20',
  userId: 7,
  userName: 'Faith Nafula',
  at: '2026-03-16T06:30:00.000Z',
  ...overrides,
});

const writeOff = (overrides: Partial<WriteOff> & Pick<WriteOff, 'id'>): WriteOff => ({
  itemId: 1,
  itemName: 'Amoxicillin 500mg',
  unit: 'tablets',
  facilityId: 1,
  facility: FACILITY,
  batchId: 11,
  batchNumber: 'KEM2502C',
  expiryDate: '2026-03-01',
  quantity: 50,
  value: 250,
  reason: 'Expired: batch past its expiry date',
  status: 'pending',
  requestedBy: 40,
  requestedByName: 'Faith Nafula',
  requestedAt: '2026-03-16T06:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionNote: null,
  movementId: null,
  ...overrides,
});

const store = (routes = {}) => ({
  '/api/inventory': list([AMOXICILLIN]),
  '/api/inventory/stats': ok(inventoryStats({ totalItems: 1 })),
  '/api/inventory/1/batches': ok(BATCHES),
  '/api/inventory/1/movements': list([movement({ id: 5 })]),
  ...routes,
});

describe("an item's batches in its History", () => {
  it('lists the batches earliest expiry first with their value and an Expired / Near expiry badge', async () => {
    const { user } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store() });
    await user.click(await screen.findByRole('button', { name: `Stock history of Amoxicillin 500mg at ${FACILITY}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stock History' }));
    const table = within(dialog.getByRole('table', { name: 'Batches of Amoxicillin 500mg, earliest expiry first' }));
    const rows = await table.findAllByTestId('batch-row');
    const cells = rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ')));
    expect(cells).toEqual([
      ['KEM2502C', '1 Mar 2026Expired', '50 tablets', 'Ksh 250', 'Write off'],
      ['KEM2507A', '20 May 2026Near expiry', '150 tablets', 'Ksh 750', 'Write off'],
      ['KEM2601B', '30 Jun 2027', '250 tablets', 'Ksh 1,250', 'Write off'],
    ]);
    // The ledger names each movement's batch and its expiry.
    expect(dialog.getByText('Batch: KEM2507A, expires 20 May 2026')).toBeTruthy();
  });

  it('the pharmacist asks to write off the expired batch: its quantity and reason filled in, sent for approval', async () => {
    const { user, server } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ 'POST /api/inventory/1/write-offs': { status: 201, body: writeOff({ id: 3 }) } }) });
    await user.click(await screen.findByRole('button', { name: `Stock history of Amoxicillin 500mg at ${FACILITY}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stock History' }));
    await user.click(await dialog.findByRole('button', { name: 'Ask to write off stock of batch KEM2502C' }));
    const form = within(dialog.getByRole('form', { name: 'Write off stock of batch KEM2502C' }));
    expect((form.getByRole('spinbutton', { name: 'Quantity to write off' }) as HTMLInputElement).value).toBe('50');
    expect((form.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('Expired: batch past its expiry date');
    await user.click(form.getByRole('button', { name: 'Ask for approval' }));
    expect((await findToast('Write-off Requested')).getByText('50 tablets of batch KEM2502C: waiting for approval.')).toBeTruthy();
    expect(server.sent('POST /api/inventory/1/write-offs')[0]?.body).toEqual({ batchId: 11, quantity: 50, reason: 'Expired: batch past its expiry date' });
  });

  it('a nurse sees the batches but cannot ask for a write-off', async () => {
    const { user } = renderScreen(<InventoryPage />, { as: 'nurse', routes: store() });
    await user.click(await screen.findByRole('button', { name: `Stock history of Amoxicillin 500mg at ${FACILITY}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stock History' }));
    expect(await dialog.findAllByTestId('batch-row')).toHaveLength(3);
    expect(dialog.queryByRole('button', { name: /Ask to write off/ })).toBeNull();
  });
});

describe('Update Stock by batch', () => {
  async function openUpdate(routes = {}) {
    const parts = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store(routes) });
    await parts.user.click(await screen.findByRole('button', { name: `Update stock of Amoxicillin 500mg at ${FACILITY}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Stock' }));
    return { ...parts, dialog };
  }

  it('an issue draws earliest expiry first unless a batch is chosen; an expired batch cannot be chosen', async () => {
    const result = { item: { ...AMOXICILLIN, currentStock: 430 }, movement: movement({ id: 9 }), movements: [movement({ id: 9 })] };
    const { user, dialog, server } = await openUpdate({ 'POST /api/inventory/1/movements': { status: 201, body: result } });
    const choice = dialog.getByRole('combobox', { name: 'Batch' }) as HTMLSelectElement;
    await expect.poll(() => choice.options.length).toBe(4);
    expect(choice.value).toBe('');
    expect([...choice.options].map((o) => [o.text, o.disabled])).toEqual([
      ['Earliest expiry first (FEFO)', false],
      ['KEM2502C · expires 1 Mar 2026 · 50 tablets · Expired', true],
      ['KEM2507A · expires 20 May 2026 · 150 tablets', false],
      ['KEM2601B · expires 30 Jun 2027 · 250 tablets', false],
    ]);
    expect(dialog.queryByLabelText('Expiry Date (optional)')).toBeNull();
    await user.selectOptions(choice, 'KEM2601B · expires 30 Jun 2027 · 250 tablets');
    await user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '20');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Dispensed to outpatients');
    await user.click(dialog.getByRole('button', { name: 'Save Movement' }));
    await findToast('Stock Updated');
    expect(server.sent('POST /api/inventory/1/movements')[0]?.body).toMatchObject({ kind: 'issued', quantity: 20, batchId: 13 });
  });

  it('a delivery takes its batch number and expiry date; the server’s refusal of an expired batch shows under the batch', async () => {
    const refusal = 'Batch KEM2502C expired on 2026-03-01: it cannot be issued';
    const { user, dialog, server } = await openUpdate({ 'POST /api/inventory/1/movements': fail(409, refusal, [{ path: 'batchId', message: refusal }]) });
    await user.click(dialog.getByRole('radio', { name: 'Received (stock in)' }));
    expect(dialog.queryByRole('combobox', { name: 'Batch' })).toBeNull();
    await user.type(dialog.getByLabelText('Batch Number (optional)'), 'KEM2603D');
    await user.type(dialog.getByLabelText('Expiry Date (optional)'), '2028-02-29');
    await user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '300');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Delivery from KEMSA');
    await user.click(dialog.getByRole('button', { name: 'Save Movement' }));
    const shown = await findToast('Stock Not Updated');
    expect(shown.getByText('409: Batch KEM2502C expired on 1 Mar 2026: it cannot be issued')).toBeTruthy();
    expect(server.sent('POST /api/inventory/1/movements')[0]?.body).toMatchObject({ kind: 'received', quantity: 300, batch: 'KEM2603D', expiryDate: '2028-02-29' });
  });
});

describe('the Expiring, Reorder and Write-offs tabs', () => {
  it('Expiring: what has expired and what is about to, with their value, soonest first', async () => {
    const report: ExpiringReport = {
      today: '2026-03-16',
      days: 90,
      batchCount: 2,
      expiredCount: 1,
      nearExpiryCount: 1,
      expiredValue: 250,
      nearExpiryValue: 750,
      rows: [
        { batchId: 11, itemId: 1, itemName: 'Amoxicillin 500mg', category: 'pharmaceuticals', unit: 'tablets', facilityId: 1, facility: FACILITY, batchNumber: 'KEM2502C', expiryDate: '2026-03-01', daysLeft: -15, quantity: 50, unitCost: 5, value: 250, status: 'expired' },
        { batchId: 12, itemId: 1, itemName: 'Amoxicillin 500mg', category: 'pharmaceuticals', unit: 'tablets', facilityId: 1, facility: FACILITY, batchNumber: 'KEM2507A', expiryDate: '2026-05-20', daysLeft: 65, quantity: 150, unitCost: 5, value: 750, status: 'near_expiry' },
      ],
    };
    const { user, server } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ '/api/inventory/expiring': ok(report) }) });
    await user.click(await screen.findByRole('tab', { name: 'Expiring' }));
    const totals = within(await screen.findByTestId('expiring-totals'));
    expect(totals.getByText('Expired on the shelf: 1 batch')).toBeTruthy();
    expect(totals.getByText('Ksh 250')).toBeTruthy();
    expect(totals.getByText('Expiring within 90 days: 1 batch')).toBeTruthy();
    const rows = screen.getAllByTestId('expiring-row');
    expect(within(rows[0]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]!).getByText('65 days left')).toBeTruthy();
    expect(server.sent('/api/inventory/expiring')[0]?.query.get('facilityId')).toBe('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expiring within' }), '30 days');
    await expect.poll(() => server.sent('/api/inventory/expiring').at(-1)?.query.get('days')).toBe('30');
  });

  it('Reorder: months of stock against the minimum, and how much to order', async () => {
    const line: ReorderLine = {
      itemId: 1,
      itemName: 'Amoxicillin 500mg',
      category: 'pharmaceuticals',
      unit: 'tablets',
      facilityId: 1,
      facility: FACILITY,
      facilityLevel: 5,
      currentStock: 240,
      minimumStock: 100,
      issuedLast90Days: 750,
      averageMonthlyConsumption: 250,
      monthsOfStock: 1,
      minimumMonths: 3,
      suggestedQuantity: 760,
      unitCost: 5,
      suggestedValue: 3800,
    };
    const { user } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ '/api/inventory/reorder': list([line]) }) });
    await user.click(await screen.findByRole('tab', { name: 'Reorder' }));
    expect(await screen.findByRole('heading', { name: 'Lines to Reorder (1)' })).toBeTruthy();
    const row = within(screen.getByTestId('reorder-row'));
    expect(row.getByText('250 a month')).toBeTruthy();
    expect(row.getByText('minimum 3')).toBeTruthy();
    expect(row.getByText('760 tablets')).toBeTruthy();
    expect(row.getByText('Ksh 3,800')).toBeTruthy();
  });

  it('Write-offs: the in-charge approves another’s request after a question; her own waits for someone else', async () => {
    const incharge = signedIn('facility_incharge', { id: 41 });
    const theirs = writeOff({ id: 3 });
    const mine = writeOff({ id: 4, batchNumber: 'KEM2507A', requestedBy: 41, requestedByName: 'Grace Atieno' });
    const { user, server } = renderScreen(<InventoryPage />, {
      as: incharge,
      routes: store({ '/api/inventory/write-offs': list([theirs, mine]), 'POST /api/inventory/write-offs/3/approve': ok({ ...theirs, status: 'approved', decidedBy: 41, decidedByName: 'Grace Atieno', movementId: 99 }) }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Write-offs' }));
    const rows = await screen.findAllByTestId('write-off-row');
    expect(server.sent('/api/inventory/write-offs')[0]?.query.get('status')).toBe('pending');
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(rows[1]!).getByText('Yours: another person decides')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Approve the write-off of Amoxicillin 500mg, batch KEM2502C' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Approve this write-off?' }));
    expect(question.getByText('50 tablets of Amoxicillin 500mg, batch KEM2502C, leave the stock, and Ksh 250 is posted to consumption.')).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Approve' }));
    expect((await findToast('Write-off Approved')).getByText('50 tablets of Amoxicillin 500mg, batch KEM2502C, written off.')).toBeTruthy();
    expect(server.sent('POST /api/inventory/write-offs/3/approve')).toHaveLength(1);
  });

  it('Write-offs: a rejection needs its reason', async () => {
    const theirs = writeOff({ id: 3 });
    const { user, server } = renderScreen(<InventoryPage />, {
      as: signedIn('facility_incharge', { id: 41 }),
      routes: store({ '/api/inventory/write-offs': list([theirs]), 'POST /api/inventory/write-offs/3/reject': ok({ ...theirs, status: 'rejected', decisionNote: 'Count again' }) }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Write-offs' }));
    await user.click(await screen.findByRole('button', { name: 'Reject the write-off of Amoxicillin 500mg, batch KEM2502C' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this write-off' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Say why the write-off is rejected')).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Count again');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await findToast('Write-off Rejected');
    expect(server.sent('POST /api/inventory/write-offs/3/reject')[0]?.body).toEqual({ reason: 'Count again' });
  });

  it('a pharmacist reads the write-offs but decides none', async () => {
    const { user } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ '/api/inventory/write-offs': list([writeOff({ id: 3 })]) }) });
    await user.click(await screen.findByRole('tab', { name: 'Write-offs' }));
    expect(await screen.findAllByTestId('write-off-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Approve the write-off/ })).toBeNull();
  });
});
