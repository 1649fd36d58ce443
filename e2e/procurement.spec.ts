// Issue 28's journey from a requisition to a paid invoice: the pharmacist asks for amoxicillin; the procurement
// officer turns the requisition into a purchase order to KEMSA and submits it; the medical superintendent approves it
// on her phone and the LPO prints; an inspection committee (not the pharmacist) accepts 90 of the 100 tablets
// delivered, which go into the facility's stock by batch; the supplier's invoice for 100 is held on its differences
// and, corrected to 90, matched; the county director (who did not approve the order) pays it, and the pending bills
// are back where they were.
import type { Page } from '@playwright/test';
import { addDays, countyDate } from '../src/shared/county-time.js';
import type { PendingBills, ProcurementSummary, PurchaseOrder, Requisition, SupplierInvoice } from '../src/shared/procurement/index.js';
import { expect, expectAccessible, expectPrintLink, getJson, randomLetters, signInAs, test, toast } from './fixtures.js';

const ITEM = 'Amoxicillin Dispersible 250mg';
const KEMSA = 'Kenya Medical Supplies Authority (KEMSA)';

/** A date as the date fields show it, day first (issue 29): 2026-04-05 → 05/04/2026. */
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

type StockLine = { id: number; itemName: string; currentStock: number; facilityId: number };
type Batch = { batchNumber: string; expiryDate: string | null; quantity: number };
type CatalogItem = { id: number; name: string; prices: { supplierId: number; supplierName: string; unitPrice: number }[] };

/** Facility 1's stock lines of the item, as the inventory API gives them. */
const amoxicillinAt1 = async (page: Page) => (await getJson<StockLine[]>(page, '/api/inventory?facilityId=1&search=Amoxicillin')).filter((l) => l.itemName === ITEM && l.facilityId === 1);
const stockOf = (lines: StockLine[]) => lines.reduce((n, l) => n + l.currentStock, 0);

test('a requisition to a paid invoice: ordered from KEMSA, approved on a phone, delivered and inspected, invoice held then matched, paid', async ({ page, browser, browserErrors }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const today = countyDate(new Date());
  const suffix = randomLetters(6).toUpperCase();

  // 1. The pharmacist raises a requisition for 100 tablets from the catalogue.
  await signInAs(page, 'pharmacist', '/procurement');
  await expect(page.getByRole('heading', { level: 1, name: 'Procurement Management' })).toBeVisible();
  const [catalogued] = (await getJson<CatalogItem[]>(page, `/api/procurement/catalog?search=${encodeURIComponent(ITEM)}`)).filter((c) => c.name === ITEM);
  const kemsaPrice = catalogued!.prices.find((p) => p.supplierName === KEMSA)!.unitPrice;
  const stockBefore = stockOf(await amoxicillinAt1(page));

  await page.getByRole('button', { name: 'New Requisition' }).first().click();
  const requisition = page.getByRole('dialog', { name: 'New Requisition' });
  await expect(requisition.getByLabel('Facility')).toHaveValue('1');
  await requisition.getByLabel('Needed by').fill(addDays(today, 14));
  await requisition.getByLabel('Justification').fill(`Pneumonia season: under-fives' amoxicillin running low (${suffix})`);
  const line = requisition.getByRole('group', { name: 'Item 1' });
  await line.getByRole('combobox', { name: 'Item name' }).fill('Amoxicillin Disp');
  await requisition.getByRole('option', { name: new RegExp(ITEM) }).click();
  await expect(line.getByText('From the catalogue.')).toBeVisible();
  await expect(line.getByLabel('Unit')).toHaveValue('tablets');
  await line.getByLabel('Quantity').fill('100');
  await line.getByLabel('Estimated price').fill(String(kemsaPrice));
  await requisition.getByRole('button', { name: 'Send Requisition' }).click();
  await expect(toast(page, 'Requisition sent')).toBeVisible();
  await expect(requisition).toBeHidden();
  const [raised] = await getJson<Requisition[]>(page, '/api/procurement/requisitions?limit=1');
  expect(raised!.justification).toContain(suffix);
  expect(raised!.facilityId).toBe(1);
  expect(raised!.items).toEqual([expect.objectContaining({ itemName: ITEM, quantity: 100, estimatedPrice: kemsaPrice })]);

  // 2. The procurement officer orders it from KEMSA and submits the order for approval.
  await signInAs(page, 'procurement_officer', '/procurement');
  const requisitionRow = page.getByTestId('procurement-requisitions').getByRole('row').filter({ hasText: raised!.number });
  await expect(requisitionRow).toContainText('Open');
  await requisitionRow.getByRole('button', { name: `Create an order from ${raised!.number}` }).click();
  const creating = page.getByRole('dialog', { name: 'Create Purchase Order' });
  await expect(creating.getByText(`From requisition ${raised!.number}`)).toBeVisible();
  // Prefilled from the requisition: who asked, the facility, the date it is needed by and the line.
  await expect(creating.getByRole('combobox', { name: 'Requested by' })).toHaveValue('Faith Nafula');
  await expect(creating.getByLabel('Facility')).toHaveValue('1');
  await expect(creating.getByLabel('Delivery date')).toHaveValue(dayFirst(raised!.neededBy));
  const orderLine = creating.getByRole('group', { name: 'Item 1' });
  await expect(orderLine.getByRole('combobox', { name: 'Item name' })).toHaveValue(ITEM);
  await expect(orderLine.getByLabel('Quantity')).toHaveValue('100');
  await creating.getByLabel('Supplier').selectOption({ label: KEMSA });
  await creating.getByLabel('Priority').selectOption({ label: 'High' });
  await creating.getByLabel('Procurement method').selectOption({ label: 'Public entity (KEMSA)' });
  await creating.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'Purchase order submitted for approval')).toBeVisible();
  await expect(creating).toBeHidden();
  const detail = page.getByTestId('procurement-order-detail');
  await expect(detail.getByTestId('procurement-status')).toHaveText('Pending Approval');
  const [submitted] = await getJson<PurchaseOrder[]>(page, '/api/procurement/purchase-orders?status=pending_approval&limit=50').then((rows) => rows.filter((o) => o.requisitionId === raised!.id));
  expect(submitted).toBeTruthy();
  expect(submitted!.supplier).toBe(KEMSA);
  expect(submitted!.totalAmount).toBe(100 * kemsaPrice);
  const orderId = submitted!.id;
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();
  await expect(requisitionRow).toContainText('Ordered');
  await expect(page.getByTestId('procurement-pending').getByRole('listitem').filter({ hasText: `Draft #${orderId}` })).toBeVisible();
  await expectAccessible(page);

  // 3. The medical superintendent approves it from the Approvals tab on her phone, and prints the LPO.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL });
  browserErrors.watch(phone);
  const superintendent = await phone.newPage();
  await signInAs(superintendent, 'facility_incharge', '/procurement?tab=approvals');
  const draftName = `Draft #${orderId}`;
  const pendingRow = superintendent.getByTestId('procurement-approvals').getByRole('listitem', { name: `${draftName} · ${KEMSA}` });
  await expect(pendingRow).toContainText('requested by Faith Nafula');
  await pendingRow.getByRole('button', { name: `Approve ${draftName}` }).click();
  const approving = superintendent.getByRole('dialog', { name: 'Approve purchase order' });
  await approving.getByLabel('IFMIS PO number').fill(`IFMIS-${suffix}`);
  await approving.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(superintendent, 'Order approved')).toBeVisible();
  await expect(pendingRow).toHaveCount(0);
  expect(await superintendent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const approved = await getJson<PurchaseOrder>(superintendent, `/api/procurement/purchase-orders/${orderId}`);
  expect(approved.status).toBe('approved');
  const lpo = approved.number!;
  expect(lpo).toBeTruthy();
  await superintendent.getByRole('tab', { name: 'Purchase Orders' }).click();
  await superintendent.getByLabel('Search').fill(lpo);
  await superintendent.getByTestId('procurement-orders').getByRole('button', { name: lpo }).click();
  const onPhone = superintendent.getByTestId('procurement-order-detail');
  await expect(onPhone.getByTestId('procurement-status')).toHaveText('Approved');
  await expectPrintLink(superintendent, onPhone.getByRole('link', { name: 'Print LPO' }), new RegExp(`/api/procurement/purchase-orders/${orderId}/lpo\\.pdf\\?lang=en$`), [lpo, KEMSA]);
  await phone.close();

  // 4. The delivery: 100 tablets, 90 accepted and 10 rejected, recorded by the in-charge for a committee of three
  // (the pharmacist, who asked for them, is not on it).
  await signInAs(page, 'facility_incharge', '/procurement?tab=orders');
  const openOrder = async () => {
    await page.getByLabel('Search').fill(lpo);
    await page.getByTestId('procurement-orders').getByRole('button', { name: lpo }).click();
    await expect(detail).toBeVisible();
  };
  await openOrder();
  await detail.getByRole('button', { name: 'Record Delivery' }).click();
  const delivering = page.getByRole('dialog', { name: 'Record Delivery' });
  await delivering.getByLabel('Delivery note number').fill(`KEMSA-DN-${suffix}`);
  await expect(delivering.getByLabel('Delivered on')).toHaveValue(dayFirst(today));
  const committee = delivering.getByRole('combobox', { name: 'Inspection committee' });
  for (const [typed, name] of [
    ['Grace At', 'Grace Atieno'],
    ['Brian Ou', 'Brian Ouma'],
    ['Mary Ach', 'Mary Achieng'],
  ] as const) {
    await committee.fill(typed);
    await delivering.getByRole('option', { name: new RegExp(name) }).first().click();
    await expect(delivering.getByRole('list', { name: 'Committee members' })).toContainText(name);
  }
  const batchNumber = `AMX-${suffix}`;
  const expiry = addDays(today, 365);
  const delivered = delivering.getByRole('group', { name: ITEM });
  await expect(delivered).toContainText('(100 tablets still owed)');
  await delivered.getByLabel('Batch number').fill(batchNumber);
  await delivered.getByLabel('Expiry date').fill(expiry);
  await expect(delivered.getByRole('spinbutton', { name: 'Delivered', exact: true })).toHaveValue('100');
  await delivered.getByRole('spinbutton', { name: 'Accepted', exact: true }).fill('90');
  await delivered.getByRole('spinbutton', { name: 'Rejected', exact: true }).fill('10');
  await delivered.getByLabel('Reason for rejecting').fill('Ten blister strips crushed in transit');
  await delivering.getByRole('button', { name: 'Record Delivery' }).click();
  await expect(toast(page, 'Delivery recorded')).toBeVisible();
  await expect(delivering).toBeHidden();
  await expect(detail.getByTestId('procurement-status')).toHaveText('Partly Delivered');
  await expect(detail).toContainText('Grace Atieno, Brian Ouma, Mary Achieng');

  // The facility's stock rose by exactly what was accepted, in a batch of its own.
  const linesAfter = await amoxicillinAt1(page);
  expect(stockOf(linesAfter)).toBe(stockBefore + 90);
  const batches = (await Promise.all(linesAfter.map((l) => getJson<Batch[]>(page, `/api/inventory/${l.id}/batches`)))).flat();
  expect(batches.filter((b) => b.batchNumber === batchNumber)).toEqual([expect.objectContaining({ quantity: 90, expiryDate: expiry })]);

  // 5. The procurement officer enters KEMSA's invoice for 100 tablets: held, its difference shown; corrected to 90,
  // it matches. What the county owes suppliers is read before, to compare after the payment.
  await signInAs(page, 'county_director', '/');
  const billsBefore = await getJson<PendingBills>(page, '/api/procurement/pending-bills?facilityId=1');
  const countyBefore = await getJson<PendingBills>(page, '/api/procurement/pending-bills');
  await signInAs(page, 'procurement_officer', '/procurement?tab=orders');
  await openOrder();
  await detail.getByRole('button', { name: 'Enter Invoice' }).click();
  const invoicing = page.getByRole('dialog', { name: 'Enter Invoice' });
  const invoiceNumber = `KEMSA-INV-${suffix}`;
  await invoicing.getByLabel('Invoice number').fill(invoiceNumber);
  const invoiced = invoicing.getByRole('group', { name: ITEM });
  await expect(invoiced.getByLabel('Quantity')).toHaveValue('90');
  await expect(invoiced.getByLabel('Unit price')).toHaveValue(String(kemsaPrice));
  await invoiced.getByLabel('Quantity').fill('100');
  await invoicing.getByRole('button', { name: 'Enter Invoice' }).click();
  await expect(toast(page, 'Invoice held: see its differences')).toBeVisible();
  await expect(invoicing).toBeHidden();
  const invoiceItem = detail.getByTestId('procurement-invoice').filter({ hasText: invoiceNumber });
  await expect(invoiceItem).toContainText('Held');
  const difference = invoiceItem.getByTestId('procurement-differences').getByRole('row');
  await expect(difference).toHaveCount(1);
  await expect(difference).toContainText('More than accepted');
  await expect(difference.getByRole('cell')).toHaveText([ITEM, 'More than accepted', '100', '90', '100', /\d/, /\d/]);
  await invoiceItem.getByRole('button', { name: 'Correct' }).click();
  const correcting = page.getByRole('dialog', { name: 'Correct held invoice' });
  await expect(correcting.getByTestId('procurement-differences')).toContainText('More than accepted');
  await correcting.getByRole('group', { name: ITEM }).getByLabel('Quantity').fill('90');
  await correcting.getByRole('button', { name: 'Save correction' }).click();
  await expect(toast(page, 'Invoice matched')).toBeVisible();
  await expect(correcting).toBeHidden();
  await expect(invoiceItem).toContainText('Matched');
  await expect(invoiceItem.getByTestId('procurement-differences')).toHaveCount(0);
  const [invoice] = await getJson<SupplierInvoice[]>(page, `/api/procurement/invoices?orderId=${orderId}`);
  expect(invoice).toEqual(expect.objectContaining({ invoiceNumber, status: 'matched', amount: 90 * kemsaPrice }));

  // Matched, it is a pending bill of the facility's.
  await signInAs(page, 'county_director', '/procurement?tab=orders');
  const billsMatched = await getJson<PendingBills>(page, '/api/procurement/pending-bills?facilityId=1');
  expect(billsMatched.county.total).toBeCloseTo(billsBefore.county.total + invoice!.amount, 2);
  expect(billsMatched.county.count).toBe(billsBefore.county.count + 1);

  // 6. The county director, who did not approve the order, pays it.
  await openOrder();
  await detail.getByRole('button', { name: 'Pay' }).click();
  const paying = page.getByRole('dialog', { name: 'Payment voucher' });
  await expect(paying.getByRole('checkbox', { name: new RegExp(invoiceNumber) })).toBeChecked();
  await paying.getByLabel('Pay from').selectOption({ label: '1120 · FIF bank account' });
  await paying.getByLabel('Bank reference').fill(`EFT-${suffix}`);
  await paying.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(paying).toBeHidden();
  await expect(invoiceItem).toContainText('Paid');
  await expect(invoiceItem).toContainText(/paid by PV-/);

  // The pending bills are back where they were: the invoice's amount no longer counts for the facility or the county.
  const billsAfter = await getJson<PendingBills>(page, '/api/procurement/pending-bills?facilityId=1');
  expect(billsAfter.county.total).toBe(billsBefore.county.total);
  expect(billsAfter.county.count).toBe(billsBefore.county.count);
  expect(billsAfter.facilities.find((f) => f.facilityId === 1)?.total ?? 0).toBe(billsBefore.facilities.find((f) => f.facilityId === 1)?.total ?? 0);
  expect((await getJson<PendingBills>(page, '/api/procurement/pending-bills')).county.total).toBe(countyBefore.county.total);

  // 7. The Reports tab counts the whole year's orders on the server, this one among them, and the stock at risk.
  await page.goto('/procurement?tab=reports');
  const summary = await getJson<ProcurementSummary>(page, '/api/procurement/reports/summary');
  expect(summary.bySupplier.find((s) => s.supplier.startsWith('Kenya Medical Supplies'))?.count).toBeGreaterThan(0);
  await expect(page.getByTestId('procurement-report-spend')).toContainText(`${summary.orderCount.toLocaleString('en')} orders submitted`);
  await expect(page.getByTestId('procurement-report-agpo-share')).toHaveText(`${(summary.agpo.percent ?? 0).toLocaleString('en')}%`);
  await expect(page.getByTestId('procurement-report-expiry-totals')).toBeVisible();
});
