// Procurement Management (SPEC.md §2.11; issue 28): Kevin Okumu, the procurement officer, reads the four cards and
// raises a purchase order for the referral hospital's pharmacy — an empty form says what SPEC.md §5 says, Submit for
// Approval sends submit: true, and a budget shortfall keeps what he typed — the director approves another officer's
// order from the Approvals tab, and a held invoice shows where it differs from the order and the inspection.
import './procurement.strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpiringReport } from '../../../shared/inventory';
import type { CatalogItem, PlanLine, PurchaseOrder, SupplierInvoice, ProcurementStats, ProcurementSummary, Supplier, Threshold } from '../../../shared/procurement';
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
      rows: [{ batchId: 7, itemId: 1, itemName: 'Artemether-Lumefantrine 20/120mg', category: 'pharmaceuticals', unit: 'tablets', facilityId: 4, facility: 'Bumala A Health Centre', batchNumber: 'AL-2209', expiryDate: '2026-02-28', daysLeft: -16, quantity: 340, unitCost: 10, value: 3_400, status: 'expired' }],
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

describe('The Plan tab', () => {
  const SUMMARY: ProcurementSummary = {
    fiscalYear: '2025/26',
    from: '2025-07-01',
    to: '2026-03-16',
    orderCount: 0,
    spend: 0,
    bySupplier: [],
    byCategory: [],
    byFund: [],
    byMethod: [],
    breachCount: 0,
    breaches: [],
    agpo: { target: 30, value: 0, percent: null, byCategory: [] },
  };
  const line = (overrides: Partial<PlanLine> & Pick<PlanLine, 'id'>): PlanLine => ({
    fiscalYear: '2025/26',
    facilityId: null,
    facility: null,
    catalogItemId: 4,
    itemName: 'Amoxicillin 500mg capsules',
    unit: 'packs',
    quantity: 400,
    method: 'open_tender',
    estimatedCost: 1_840_000,
    quarter: 2,
    fund: 'exchequer',
    orderedValue: 460_000,
    ...overrides,
  });
  const LINES = [
    line({ id: 1 }),
    line({ id: 2, facilityId: 3, facility: 'Budalangi Dispensary', catalogItemId: null, itemName: 'Examination gloves', unit: 'boxes', quantity: 120, method: 'rfq', estimatedCost: 96_000, quarter: 3, fund: 'fif', orderedValue: 0 }),
  ];
  // As the server lists them: by method, then category, the latest date first.
  const THRESHOLDS: Threshold[] = [
    { id: 14, method: 'open_tender', category: 'works', maxValue: null, effectiveFrom: '2020-07-01', inForce: true },
    { id: 13, method: 'rfq', category: 'goods', maxValue: 2_000_000, effectiveFrom: '2026-07-01', inForce: false },
    { id: 12, method: 'rfq', category: 'goods', maxValue: 1_500_000, effectiveFrom: '2025-07-01', inForce: true },
    { id: 11, method: 'rfq', category: 'goods', maxValue: 1_000_000, effectiveFrom: '2020-07-01', inForce: false },
  ];
  const AMOXICILLIN: CatalogItem = { id: 4, code: 'KEMSA-0042', name: 'Amoxicillin 500mg capsules', category: 'pharmaceuticals', unit: 'packs', packSize: 100, prices: [] };
  const routes = (more = {}) =>
    overview({
      [`${BASE}/plan`]: list(LINES, 27),
      [`${BASE}/reports/summary`]: ok(SUMMARY),
      [`${BASE}/thresholds`]: ok(THRESHOLDS),
      [`${BASE}/catalog`]: ok([AMOXICILLIN]),
      ...more,
    });

  it("shows the year's plan lines from the server, the county's own marked County, with the page's totals", async () => {
    const { server, user } = renderScreen(<ProcurementPage />, { as: 'county_director', path: '/procurement?tab=plan', routes: routes() });

    const body = await screen.findByTestId('procurement-plan');
    await within(body).findByText('Examination gloves');
    const rows = within(body).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toMatch(/Amoxicillin 500mg capsules.*packs.*County.*400.*Open tender.*Q2.*Exchequer.*Ksh\s1,840,000.*Ksh\s460,000.*\(25%\)/);
    expect(rows[1]!.textContent).toMatch(/Examination gloves.*boxes.*Budalangi Dispensary.*120.*Request for quotations.*Q3.*Facility Improvement Fund.*Ksh\s96,000.*Ksh\s0.*\(0%\)/);
    expect(screen.getByTestId('procurement-plan-totals').textContent).toMatch(/^This page: 2 of 27 lines · estimate Ksh\s1,936,000 · ordered Ksh\s460,000 \(23\.8%\)$/);
    expect(await screen.findByText('Procurement Plan 2025/26 (27)')).toBeTruthy();
    // The year is the server's, with the two before it; another year and a facility are asked of the server.
    const year = screen.getByLabelText('Fiscal year') as HTMLSelectElement;
    await expect.poll(() => [...year.options].map((o) => o.value)).toEqual(['2025/26', '2024/25', '2023/24']);
    expect(server.sent(`GET ${BASE}/plan`)[0]!.query.get('fiscalYear')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Facility'), 'Budalangi Dispensary');
    await user.selectOptions(year, '2024/25');
    await expect.poll(() => server.sent(`GET ${BASE}/plan`).at(-1)!.query.toString()).toBe('fiscalYear=2024%2F25&facilityId=3&limit=25&offset=0');
  });

  it('marks the threshold row in force, the one it superseded and the one still to come', async () => {
    renderScreen(<ProcurementPage />, { as: 'county_director', path: '/procurement?tab=plan', routes: routes() });

    const table = await screen.findByTestId('procurement-thresholds');
    await within(table).findByText('Superseded');
    const text = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(text).toHaveLength(4);
    expect(text[0]).toMatch(/Open tender.*Works.*No limit.*1 Jul 2020.*In force/);
    expect(text[1]).toMatch(/Request for quotations.*Goods.*Ksh\s2,000,000.*1 Jul 2026.*From 1 Jul 2026/);
    expect(text[2]).toMatch(/Request for quotations.*Goods.*Ksh\s1,500,000.*1 Jul 2025.*In force/);
    expect(text[3]).toMatch(/Request for quotations.*Goods.*Ksh\s1,000,000.*1 Jul 2020.*Superseded/);
    expect(screen.getByText('A row is never edited: a new row from a date takes over.')).toBeTruthy();
  });

  it('offers the director no Add buttons: the plan and the matrix are the procurement officer’s', async () => {
    renderScreen(<ProcurementPage />, { as: 'county_director', path: '/procurement?tab=plan', routes: routes() });
    await within(await screen.findByTestId('procurement-plan')).findByText('Examination gloves');
    await within(screen.getByTestId('procurement-thresholds')).findByText('Superseded');
    expect(screen.queryByRole('button', { name: 'Add plan line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add threshold' })).toBeNull();
  });

  async function openPlanLine(more = {}) {
    const parts = renderScreen(<ProcurementPage />, { as: 'procurement_officer', path: '/procurement?tab=plan', routes: routes(more) });
    const add = await screen.findByRole('button', { name: 'Add plan line' });
    await expect.poll(() => (add as HTMLButtonElement).disabled).toBe(false);
    await parts.user.click(add);
    const form = within(await screen.findByRole('form', { name: 'Add plan line' }));
    await form.findByRole('option', { name: 'Budalangi Dispensary' });
    return { ...parts, form };
  }

  async function fill({ user, form }: Awaited<ReturnType<typeof openPlanLine>>) {
    await user.selectOptions(form.getByLabelText(/^Plan of/), 'County');
    await user.type(form.getByRole('combobox', { name: /Item name/ }), 'Amoxi');
    await user.click(await screen.findByRole('option', { name: /Amoxicillin 500mg capsules/ }));
    await user.type(form.getByLabelText(/^Quantity/), '400');
    await user.selectOptions(form.getByLabelText(/^Procurement method/), 'Open tender');
    await user.type(form.getByLabelText(/^Estimated cost/), '1840000');
    await user.selectOptions(form.getByLabelText(/^Quarter/), 'Q2');
    await user.selectOptions(form.getByLabelText(/^Fund/), 'Exchequer');
  }

  it("lets the officer add a line to the county's own plan, sent as the contract reads it", async () => {
    const parts = await openPlanLine({ [`POST ${BASE}/plan`]: { status: 201, body: line({ id: 30 }) } });
    expect((parts.form.getByLabelText(/^Fiscal year/) as HTMLSelectElement).value).toBe('2025/26');
    await fill(parts);
    expect((parts.form.getByLabelText(/^Unit/) as HTMLInputElement).value).toBe('packs');
    await parts.user.click(parts.form.getByRole('button', { name: 'Add plan line' }));

    await screen.findByText('Plan line added');
    const [sent] = parts.server.sent(`POST ${BASE}/plan`);
    expect(sent!.body).toEqual({ fiscalYear: '2025/26', facilityId: null, catalogItemId: 4, itemName: 'Amoxicillin 500mg capsules', unit: 'packs', quantity: 400, method: 'open_tender', estimatedCost: 1_840_000, quarter: 2, fund: 'exchequer' });
    await expect.poll(() => screen.queryByRole('form', { name: 'Add plan line' })).toBeNull();
  });

  it("keeps what was typed on a refusal and shows the server's message under its field", async () => {
    const parts = await openPlanLine({ [`POST ${BASE}/plan`]: fail(400, 'Estimated cost is too large', [{ path: 'estimatedCost', message: 'Estimated cost is too large' }]) });
    await fill(parts);
    await parts.user.click(parts.form.getByRole('button', { name: 'Add plan line' }));

    await expect.poll(() => descriptionOf(parts.form.getByLabelText(/^Estimated cost/))).toBe('Estimated cost is too large');
    expect((await parts.form.findByTestId('procurement-plan-failure')).textContent).toBe('400: Estimated cost is too large');
    expect((parts.form.getByLabelText(/^Estimated cost/) as HTMLInputElement).value).toBe('1840000');
    expect((parts.form.getByLabelText(/^Quantity/) as HTMLInputElement).value).toBe('400');
    expect((parts.form.getByRole('combobox', { name: /Item name/ }) as HTMLInputElement).value).toBe('Amoxicillin 500mg capsules');
    expect((parts.form.getByLabelText(/^Plan of/) as HTMLSelectElement).value).toBe('county');
  });

  it('lets the officer add a threshold row with no limit, and says so when that date already has one', async () => {
    const added: Threshold = { id: 15, method: 'direct', category: 'services', maxValue: null, effectiveFrom: '2026-07-01', inForce: false };
    const { user, server } = renderScreen(<ProcurementPage />, {
      as: 'procurement_officer',
      path: '/procurement?tab=plan',
      routes: routes({ [`POST ${BASE}/thresholds`]: fail(409, 'That method and category already have a row from that date', [{ path: 'effectiveFrom', message: 'That method and category already have a row from that date' }]) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add threshold' }));
    const form = within(await screen.findByRole('form', { name: 'Add threshold row' }));
    await user.selectOptions(form.getByLabelText(/^Procurement method/), 'Direct procurement');
    await user.selectOptions(form.getByLabelText(/^Category/), 'Services (LSO)');
    await user.click(form.getByLabelText('No limit'));
    await user.type(form.getByLabelText(/^In force from/), '2026-07-01');
    await user.click(form.getByRole('button', { name: 'Add threshold' }));

    await expect.poll(() => descriptionOf(form.getByLabelText(/^In force from/))).toBe('That method and category already have a row from that date');
    expect(server.sent(`POST ${BASE}/thresholds`)[0]!.body).toEqual({ method: 'direct', category: 'services', maxValue: null, effectiveFrom: '2026-07-01' });

    server.on(`POST ${BASE}/thresholds`, { status: 201, body: [...THRESHOLDS, added] });
    server.on(`${BASE}/thresholds`, ok([...THRESHOLDS, added]));
    await user.clear(form.getByLabelText(/^In force from/));
    await user.type(form.getByLabelText(/^In force from/), '2026-07-01');
    await user.click(form.getByRole('button', { name: 'Add threshold' }));
    await screen.findByText('Threshold row added');
    await expect.poll(() => within(screen.getByTestId('procurement-thresholds')).queryAllByText('Direct procurement').length).toBe(1);
  });
});
