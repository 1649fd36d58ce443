// Procurement Management (SPEC.md §2.11; issue 28): Kevin Okumu, the procurement officer, reads the four cards and
// raises a purchase order for the referral hospital's pharmacy — an empty form says what SPEC.md §5 says, Submit for
// Approval sends submit: true, and a budget shortfall keeps what he typed — the director approves another officer's
// order from the Approvals tab, and a held invoice shows where it differs from the order and the inspection.
import './procurement.strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpiringReport } from '../../../shared/inventory';
import type { PurchaseOrder, SupplierInvoice, ProcurementStats, ProcurementSummary, Supplier } from '../../../shared/procurement';
import { staffMember } from '../../test/factories';
import { descriptionOf, fail, list, ok, renderScreen } from '../../test/render-screen';
import { OrderDetailDialog } from './order-detail-dialog';
import { ProcurementPage } from './procurement-page';

const BASE = '/api/procurement';
const STATS: ProcurementStats = { totalOrders: 128, totalValue: 4_265_300, avgDeliveryDays: 6.5, supplierPerformance: 4.2, pendingApprovals: 3 };

function order(overrides: Partial<PurchaseOrder> & Pick<PurchaseOrder, 'id'>): PurchaseOrder {
  return {
    number: null,
    kind: 'goods',
    facilityId: 1,
    facility: 'Busia County Referral Hospital',
    supplierId: 2,
    supplier: 'Mission for Essential Drugs and Supplies',
    requisitionId: null,
    requisitionNumber: null,
    requestedBy: 20,
    requestedByName: 'Grace Nafula',
    department: 'pharmacy',
    preparedBy: 21,
    preparedByName: 'Kevin Okumu',
    priority: 'high',
    requestDate: '2026-03-02',
    deliveryDate: '2026-03-20',
    method: 'rfq',
    fund: 'fif',
    accountCode: '5250',
    egpReference: 'EGP/BSA/2026/014',
    ifmisPoNumber: null,
    notes: null,
    status: 'pending_approval',
    totalAmount: 184_000,
    splitWarning: null,
    submittedAt: '2026-03-02T08:00:00.000Z',
    approvedBy: null,
    approvedByName: null,
    approvedAt: null,
    rejectionReason: null,
    cancellationReason: null,
    items: [{ id: 31, lineNo: 1, catalogItemId: 4, inventoryItemId: null, itemName: 'Amoxicillin 500mg capsules', specifications: null, unit: 'packs', quantity: 40, unitPrice: 4_600, total: 184_000, accepted: 0, rejected: 0, invoiced: 0 }],
    ...overrides,
  };
}

function supplier(overrides: Partial<Supplier> & Pick<Supplier, 'id' | 'name'>): Supplier {
  return {
    type: 'commercial',
    category: 'pharmaceuticals',
    contact: 'Peter Wafula',
    phone: '0712345678',
    email: null,
    location: 'Busia',
    kraPin: 'P051234567X',
    taxComplianceExpiry: '2026-12-31',
    taxCompliant: true,
    agpoCategory: 'none',
    agpoExpiry: null,
    bankName: null,
    bankBranch: null,
    bankAccount: null,
    paymentTermsDays: 30,
    status: 'approved',
    notes: null,
    rating: 4.1,
    performance: { onTimePercent: 90, rejectedPercent: 2, invoiceAccuracyPercent: 95 },
    totalOrders: 12,
    totalValue: 960_000,
    catalogItems: 40,
    updatedBy: null,
    updatedAt: '2026-01-10T06:00:00.000Z',
    ...overrides,
  };
}

/** What the Overview asks for as the screen opens. */
const overview = (more = {}) => ({
  [`${BASE}/stats`]: ok(STATS),
  [`${BASE}/purchase-orders`]: list([order({ id: 5 })]),
  [`${BASE}/deliveries`]: list([]),
  [`${BASE}/requisitions`]: list([]),
  ...more,
});

describe('Procurement Management', () => {
  it('shows the four cards from the procurement figures', async () => {
    renderScreen(<ProcurementPage />, { as: 'procurement_officer', path: '/procurement', routes: overview() });

    const value = async (key: string) => within(await screen.findByTestId(`procurement-card-${key}`)).findByTestId('procurement-card-figure');
    expect((await value('orders')).textContent).toBe('128');
    expect((await value('value')).textContent).toMatch(/Ksh\s4,265,300/);
    expect((await value('delivery')).textContent).toBe('6.5 days');
    expect((await value('performance')).textContent).toBe('4.2 / 5');
    expect(screen.getByTestId('procurement-card-orders').textContent).toContain('3 pending approval');
    // In the header, and again among the Overview's quick actions.
    expect(screen.getAllByRole('button', { name: 'Import Catalog' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Create Purchase Order' })).toHaveLength(2);
  });

  it("hides the procurement officer's buttons from the director, who approves instead", async () => {
    renderScreen(<ProcurementPage />, { as: 'county_director', path: '/procurement', routes: overview() });
    await screen.findByText('128');
    expect(screen.queryByRole('button', { name: 'Create Purchase Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import Catalog' })).toBeNull();
  });
});

describe('Create Purchase Order', () => {
  const routes = (reply: Parameters<typeof overview>[0] = {}) =>
    overview({
      [`${BASE}/suppliers`]: ok([supplier({ id: 2, name: 'Mission for Essential Drugs and Supplies' }), supplier({ id: 3, name: 'Lakeside Medical Ltd', status: 'suspended' })]),
      [`${BASE}/catalog`]: ok([]),
      '/api/staff': list([staffMember({ id: 20, firstName: 'Grace', lastName: 'Nafula', role: 'pharmacist' })]),
      ...reply,
    });

  async function openForm(more = {}) {
    const parts = renderScreen(<ProcurementPage />, { as: 'procurement_officer', path: '/procurement', routes: routes(more) });
    await screen.findByText('128');
    // The header's button (the Overview's quick actions have another).
    await parts.user.click(screen.getAllByRole('button', { name: 'Create Purchase Order' })[0]!);
    const form = within(await screen.findByRole('form', { name: 'Create Purchase Order' }));
    await form.findByRole('option', { name: 'Mission for Essential Drugs and Supplies' });
    return { ...parts, form };
  }

  async function fill({ user, form }: Awaited<ReturnType<typeof openForm>>) {
    await user.selectOptions(form.getByLabelText(/^Supplier/), 'Mission for Essential Drugs and Supplies');
    await user.type(form.getByRole('combobox', { name: /Requested by/ }), 'Grace');
    await user.click(await screen.findByRole('option', { name: /Grace Nafula/ }));
    await user.selectOptions(form.getByLabelText(/^Priority/), 'High');
    await user.type(form.getByLabelText(/^Delivery date/), '2026-04-15');
    await user.selectOptions(form.getByLabelText(/^Facility/), 'Busia County Referral Hospital');
    await user.selectOptions(form.getByLabelText(/^Procurement method/), 'Request for quotations');
    await user.type(form.getByRole('combobox', { name: /Item name/ }), 'Amoxicillin 500mg capsules');
    await user.type(form.getByLabelText(/^Quantity/), '40');
    await user.type(form.getByLabelText(/^Unit price/), '4600');
  }

  it("says SPEC.md's messages on an empty submit, and sends nothing", async () => {
    const { user, form, server } = await openForm();
    await user.click(form.getByRole('button', { name: 'Submit for Approval' }));

    await expect.poll(() => descriptionOf(form.getByLabelText(/^Supplier/))).toBe('Supplier is required');
    expect(descriptionOf(form.getByRole('combobox', { name: /Requested by/ }))).toContain('Requested by is required');
    expect(descriptionOf(form.getByLabelText(/^Priority/))).toBe('Priority is required');
    expect(descriptionOf(form.getByLabelText(/^Delivery date/))).toBe('Delivery date is required');
    expect(descriptionOf(form.getByRole('combobox', { name: /Item name/ }))).toContain('Item name is required');
    expect(descriptionOf(form.getByLabelText(/^Quantity/))).toBe('Quantity is required');
    expect(descriptionOf(form.getByLabelText(/^Unit price/))).toBe('Unit price is required');
    // A suspended supplier is listed but cannot be chosen.
    expect((form.getByRole('option', { name: 'Lakeside Medical Ltd (suspended)' }) as HTMLOptionElement).disabled).toBe(true);
    expect(server.sent(`POST ${BASE}/purchase-orders`)).toHaveLength(0);
  });

  it('submits the order for approval with submit: true and opens it', async () => {
    const created = order({ id: 44, splitWarning: 'Another RFQ order to this supplier for the same item this month' });
    const parts = await openForm({ [`POST ${BASE}/purchase-orders`]: { status: 201, body: created }, [`${BASE}/purchase-orders/44`]: ok(created) });
    await fill(parts);
    expect(parts.form.getByTestId('procurement-running-total').textContent).toMatch(/Ksh\s184,000/);
    await parts.user.click(parts.form.getByRole('button', { name: 'Submit for Approval' }));

    const detail = await screen.findByTestId('procurement-order-detail');
    const [sent] = parts.server.sent(`POST ${BASE}/purchase-orders`);
    expect(sent!.body).toMatchObject({
      submit: true,
      supplierId: 2,
      requestedBy: 20,
      priority: 'high',
      deliveryDate: '2026-04-15',
      facilityId: 1,
      method: 'rfq',
      fund: 'fif',
      items: [{ itemName: 'Amoxicillin 500mg capsules', quantity: 40, unitPrice: 4600, unit: 'units' }],
    });
    expect((await within(detail).findByTestId('procurement-split-warning')).textContent).toContain('Another RFQ order to this supplier');
  });

  it("keeps what was typed on a budget shortfall and shows the server's message, and a field's own under it", async () => {
    const parts = await openForm({ [`POST ${BASE}/purchase-orders`]: fail(409, 'Budget line 5250 has KES 120,000.00 available; this order needs KES 184,000.00') });
    await fill(parts);
    await parts.user.click(parts.form.getByRole('button', { name: 'Submit for Approval' }));

    expect((await parts.form.findByTestId('procurement-order-failure')).textContent).toBe('409: Budget line 5250 has KES 120,000.00 available; this order needs KES 184,000.00');
    expect((parts.form.getByLabelText(/^Quantity/) as HTMLInputElement).value).toBe('40');
    expect((parts.form.getByRole('combobox', { name: /Item name/ }) as HTMLInputElement).value).toBe('Amoxicillin 500mg capsules');

    parts.server.on(`POST ${BASE}/purchase-orders`, fail(400, 'Request for quotations is for goods up to KES 1,000,000', [{ path: 'method', message: 'Request for quotations is for goods up to KES 1,000,000' }]));
    await parts.user.click(parts.form.getByRole('button', { name: 'Save as Draft' }));
    await expect.poll(() => descriptionOf(parts.form.getByLabelText(/^Procurement method/))).toBe('Request for quotations is for goods up to KES 1,000,000');
    expect(parts.server.sent(`POST ${BASE}/purchase-orders`)[1]!.body).toMatchObject({ submit: false });
  });
});

describe('Approvals', () => {
  it("approves another officer's order with its IFMIS PO number", async () => {
    const pending = order({ id: 5 });
    const { user, server } = renderScreen(<ProcurementPage />, {
      as: 'county_director',
      path: '/procurement?tab=approvals',
      routes: overview({ [`POST ${BASE}/purchase-orders/5/approve`]: ok({ ...pending, status: 'approved', number: 'LPO-2025/26-000044' }) }),
    });

    await user.click(await screen.findByRole('button', { name: 'Approve Draft #5' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve purchase order' }));
    await user.type(dialog.getByLabelText('IFMIS PO number'), 'IFMIS-PO-88123');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    await expect.poll(() => server.sent(`POST ${BASE}/purchase-orders/5/approve`).length).toBe(1);
    expect(server.sent(`POST ${BASE}/purchase-orders/5/approve`)[0]!.body).toEqual({ egpReference: 'EGP/BSA/2026/014', ifmisPoNumber: 'IFMIS-PO-88123' });
    await screen.findByText('Order approved');
  });

  it('offers no decision on an order the approver requested', async () => {
    renderScreen(<ProcurementPage />, { as: 'county_director', path: '/procurement?tab=approvals', routes: overview({ [`${BASE}/purchase-orders`]: list([order({ id: 6, requestedBy: 7 })]) }) });
    await screen.findByText('You requested or prepared this order: another approver decides it.');
    expect(screen.queryByRole('button', { name: 'Approve Draft #6' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View details of Draft #6' })).toBeTruthy();
  });
});

describe('A held invoice', () => {
  it('shows where it differs from the order and the inspection, for the officer to correct', async () => {
    const delivered = order({ id: 9, number: 'LPO-2025/26-000009', status: 'delivered', items: [{ ...order({ id: 9 }).items[0]!, accepted: 38, rejected: 2 }] });
    const held: SupplierInvoice = {
      id: 3,
      supplierId: 2,
      supplier: delivered.supplier,
      orderId: 9,
      orderNumber: delivered.number,
      facilityId: 1,
      facility: delivered.facility,
      invoiceNumber: 'MEDS/INV/2231',
      invoiceDate: '2026-03-22',
      amount: 188_600,
      status: 'held',
      differences: [{ orderItemId: 31, itemName: 'Amoxicillin 500mg capsules', ordered: 40, accepted: 38, invoiced: 41, orderPrice: 4_600, invoicePrice: 4_600, issue: 'quantity' }],
      enteredByName: 'Kevin Okumu',
      matchedAt: null,
      paymentNumber: null,
      items: [{ orderItemId: 31, itemName: 'Amoxicillin 500mg capsules', quantity: 41, unitPrice: 4_600, total: 188_600 }],
    };
    renderScreen(<OrderDetailDialog orderId={9} onClose={() => {}} />, {
      as: 'procurement_officer',
      routes: { [`${BASE}/purchase-orders/9`]: ok(delivered), [`${BASE}/invoices`]: list([held]), [`${BASE}/deliveries`]: list([]) },
    });

    const invoice = await screen.findByTestId('procurement-invoice');
    expect(invoice.textContent).toContain('MEDS/INV/2231');
    expect(invoice.textContent).toContain('Held');
    const rows = within(within(invoice).getByTestId('procurement-differences')).getAllByRole('row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toMatch(/Amoxicillin 500mg capsules.*More than accepted.*40.*38.*41/);
    expect(within(invoice).getByRole('button', { name: 'Correct' })).toBeTruthy();
  });
});

describe('The Reports tab', () => {
  it("shows the server's year of orders, an order above its method's limit, the AGPO shortfall and the stock at risk of expiry", async () => {
    const summary: ProcurementSummary = {
      fiscalYear: '2025/26',
      from: '2025-07-01',
      to: '2026-03-16',
      orderCount: 42,
      spend: 2_000_000,
      bySupplier: [{ supplierId: 2, supplier: 'Mission for Essential Drugs and Supplies', value: 1_500_000, count: 30, percent: 75 }, { supplierId: 3, supplier: 'Lakeside Medical Ltd', value: 500_000, count: 12, percent: 25 }],
      byCategory: [{ category: 'pharmaceuticals', value: 2_000_000, count: 42, percent: 100 }],
      byFund: [{ fund: 'fif', value: 2_000_000, count: 42, percent: 100 }],
      byMethod: [{ method: 'rfq', value: 2_000_000, count: 42, percent: 100, breachCount: 1 }],
      breachCount: 1,
      breaches: [{ id: 9, number: 'LPO-2025/26-000009', kind: 'goods', facility: 'Busia County Referral Hospital', supplier: 'Lakeside Medical Ltd', method: 'rfq', submittedOn: '2026-02-10', totalAmount: 1_200_000, limit: 1_000_000 }],
      agpo: { target: 30, value: 500_000, percent: 25, byCategory: [{ category: 'women', value: 500_000, count: 12, percent: 25 }] },
    };
    const expiring: ExpiringReport = {
      today: '2026-03-16',
      days: 90,
      batchCount: 2,
      expiredCount: 1,
      nearExpiryCount: 1,
      expiredValue: 3_400,
      nearExpiryValue: 12_000,
      rows: [{ batchId: 7, itemId: 1, itemName: 'Artemether-Lumefantrine 20/120mg', category: 'medication', unit: 'tablets', facilityId: 4, facility: 'Bumala A Health Centre', batchNumber: 'AL-2209', expiryDate: '2026-02-28', daysLeft: -16, quantity: 340, unitCost: 10, value: 3_400, status: 'expired' }],
    };
    renderScreen(<ProcurementPage />, {
      as: 'county_director',
      path: '/procurement?tab=reports',
      routes: overview({
        [`${BASE}/reports/summary`]: ok(summary),
        [`${BASE}/suppliers`]: ok([]),
        [`${BASE}/pending-bills`]: ok({ asAt: '2026-03-16', facilities: [], county: { under1: 0, oneToTwo: 0, twoToThree: 0, over3: 0, total: 0, count: 0 } }),
        '/api/inventory/expiring': ok(expiring),
        '/api/inventory/write-offs': list([], 3),
      }),
    });
    const spend = await screen.findByTestId('procurement-report-spend');
    expect(await within(spend).findByText('2025/26: 42 orders submitted from 1 Jul 2025 to 16 Mar 2026.')).toBeTruthy();
    expect(within(spend).getByText('Mission for Essential Drugs and Supplies')).toBeTruthy();
    const breaches = screen.getByTestId('procurement-report-breaches');
    expect(breaches.textContent).toContain('1 order above its method\'s threshold');
    expect(breaches.textContent).toMatch(/LPO-2025\/26-000009.*Lakeside Medical Ltd.*Ksh\s1,200,000 > Ksh\s1,000,000/);
    expect(screen.getByTestId('procurement-report-agpo-share').textContent).toBe('25%');
    expect(screen.getByText(/Below the 30% target/)).toBeTruthy();
    const expiry = screen.getByTestId('procurement-report-expiry');
    expect(within(expiry).getByText('Expired, 1 batch')).toBeTruthy();
    expect(within(expiry).getByText(/Artemether-Lumefantrine/)).toBeTruthy();
    expect(within(expiry).getByText('3 write-offs approved.')).toBeTruthy();
  });
});
