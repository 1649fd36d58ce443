// The journey through the books (issue 14): a records officer takes an M-Pesa payment at the desk; the
// facility in-charge finds its journal in Transactions, sees it in the trial balance and the income statement of her
// facility, then imports the M-Pesa statement from the Safaricom portal and it is reconciled by its receipt number.
// Figures on screen are compared with the API's for the same books: the demo county's history is under them.
import type { Journal, Statement } from '../src/shared/accounting/index.js';
import { MPESA_CSV_COLUMNS } from '../src/shared/accounting/index.js';
import { createInvoice } from './billing-steps.js';
import { expect, expectAccessible, getJson, registerPatientThroughApi, signInAs, test, toast } from './fixtures.js';

const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const rowOf = (s: Statement, code: string) => s.sections.flatMap((x) => x.rows).find((r) => r.code === code);

test('an M-Pesa payment at the desk reaches the books and is reconciled against the M-Pesa statement', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The desk: an invoice of KES 1,250.50, paid by M-Pesa (the push asks KES 1,251: M-Pesa takes whole shillings).
  await signInAs(page, 'records_officer', '/billing');
  const patient = await registerPatientThroughApi(page);
  const invoice = await createInvoice(page, patient, '1250.50');
  await page.getByRole('button', { name: `Process Payment for ${invoice}` }).click();
  const pay = page.getByRole('dialog', { name: 'Process Payment' });
  await pay.getByLabel('Mobile number').fill('0712 345 678');
  await pay.getByRole('button', { name: 'Send STK push' }).click();
  await expect(pay.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
  const receipt = (await pay.getByTestId('payment-paid').textContent())!.match(/SIM[A-Z0-9]{7}/)![0];
  await pay.getByRole('button', { name: 'Close' }).first().click();

  // Finance: the in-charge of the county referral hospital finds the payment's journal by its receipt.
  await signInAs(page, 'facility_incharge', '/accounting?tab=transactions');
  await page.getByLabel('Search', { exact: true }).fill(receipt);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('journal-row').filter({ hasText: receipt });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('journal-status')).toHaveText('Posted');
  const [journal] = await getJson<Journal[]>(page, `/api/accounting/journals?search=${receipt}`);
  expect(journal).toMatchObject({ sourceType: 'payment', reference: receipt, totalDebit: 1251, totalCredit: 1251 });
  expect(journal!.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
    ['1130', 1251, 0],
    ['1230', 0, 1250.5],
    ['5900', 0, 0.5],
  ]);
  await row.getByRole('button', { name: /^Show the lines of / }).click();
  await expect(page.getByTestId('journal-lines')).toContainText('M-Pesa paybill / till clearing');
  await expect(page.getByTestId('journal-lines')).toContainText('KES 1,251.00');
  await expectAccessible(page);

  // The trial balance and the income statement of her facility carry it, as the API gives them.
  const facilityId = journal!.lines[0]!.facilityId!;
  const tb = await getJson<Statement>(page, `/api/accounting/trial-balance?facilityId=${facilityId}`);
  const mpesa = rowOf(tb, '1130')!;
  const income = await getJson<Statement>(page, `/api/accounting/income-statement?facilityId=${facilityId}`);
  const fees = rowOf(income, '4110')!;
  await page.getByRole('tab', { name: 'Financial Reports' }).click();
  await page.getByLabel('Books of', { exact: true }).selectOption(`f:${facilityId}`);
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Trial Balance' });
  const statement = page.getByTestId('statement');
  await expect(statement).toHaveAttribute('data-kind', 'trial-balance');
  const mpesaDebit = Object.entries(mpesa.values).find(([k]) => /debit/i.test(k) && !/opening|closing/i.test(k))![1]!;
  await expect(statement.locator('[data-testid="statement-row"][data-code="1130"]')).toContainText(cents.format(mpesaDebit));
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Income Statement' });
  await expect(statement).toHaveAttribute('data-kind', 'income-statement');
  const feesAmount = Object.values(fees.values).find((v) => v !== null)!;
  await expect(statement.locator('[data-testid="statement-row"][data-code="4110"]')).toContainText(cents.format(feesAmount));

  // The M-Pesa statement, as the paybill's portal exports it: the payment, and one line not in the books.
  const day = journal!.date;
  const csv = [
    MPESA_CSV_COLUMNS.join(','),
    `${receipt},${day} 10:15:05,Pay Bill from 254712345678 - ${invoice},Completed,1251.00,,51251.00`,
    `SIMCHG0001,${day} 23:59:00,Pay Bill charges,Completed,,12.00,51239.00`,
  ].join('\n');
  await page.getByRole('tab', { name: 'Bank Reconciliation' }).click();
  await page.getByRole('button', { name: 'Import statement' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank or M-Pesa statement' });
  await dialog.getByLabel('Statement', { exact: true }).selectOption('mpesa');
  await dialog.getByLabel('Or paste the CSV text').fill(csv);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('recon-preview')).toContainText('2');
  await dialog.getByRole('button', { name: 'Import and auto-match' }).click();
  await expect(toast(page, 'Statement imported: lines matched automatically: 1')).toBeVisible();
  const view = page.getByTestId('recon-view');
  await expect(view).toBeVisible();
  const paid = view.getByTestId('statement-line').filter({ hasText: receipt });
  await expect(paid).toContainText('Matched by receipt');
  // The portal's charge is not in the books: it stays unmatched, listed for a journal.
  await expect(view.getByTestId('statement-line').filter({ hasText: 'Pay Bill charges' })).toContainText('Unmatched');
  // The FO 30: the cash book's balance, what is outstanding on either side, and the difference.
  await expect(view.getByText('Reconciliation statement (FO 30)')).toBeVisible();
  await expect(view.getByTestId('fo30-statementPaymentsNotInBooks')).toContainText('12.00');
  await expect(view.getByTestId('fo30-bookBalance')).toHaveText(/\d/);
  await expectAccessible(page);
});
