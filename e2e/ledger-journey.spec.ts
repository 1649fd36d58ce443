// The journey through the books (issue 14): a records officer takes an M-Pesa payment at the desk; the
// facility in-charge finds its journal in Transactions, sees it in the trial balance and the income statement of her
// facility, then imports the M-Pesa statement from the Safaricom portal and it is reconciled by its receipt number.
// Figures on screen are compared with the API's for the same books: the demo county's history is under them.
// Then the county's finance officer reconciles the operating account from her bank's own export (issue 29).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Journal, ReconciliationDetail, Statement } from '../src/shared/accounting/index.js';
import { MPESA_CSV_COLUMNS } from '../src/shared/accounting/index.js';
import { createInvoice } from './billing-steps.js';
import { DEMO_EMAILS, expect, expectAccessible, getJson, registerPatientThroughApi, signInAs, test, toast } from './fixtures.js';

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
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Statement of Financial Performance' });
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

/** A county date `days` from today, as the API writes dates. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);

test('the finance officer maps her bank’s export once, agrees the starting point, posts the charge and completes the FO 30', async ({ page }) => {
  await signInAs(page, 'finance_officer', '/accounting');
  // Her bank's export for the operating account 1110: the last month's movements as the bank shows them — a
  // journal's lines on 1110 are one bank line (the Treasury's release to every facility is one credit) — the
  // last receipt not yet credited, and the month's ledger fees. Its opening balance is the bank's, not the book's.
  const from = dayFrom(-30);
  const to = dayFrom(-1);
  const journals = await getJson<Journal[]>(page, `/api/accounting/journals?accountCode=1110&status=posted&from=${from}&to=${to}&limit=200`);
  const moves = journals
    .map((j) => ({ date: j.date, reference: j.reference ?? j.number, text: j.description, net: j.lines.filter((l) => l.accountCode === '1110').reduce((a, l) => a + Math.round((l.debit - l.credit) * 100), 0) }))
    .filter((m) => m.net !== 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const held = [...moves].reverse().find((m) => m.net > 0);
  const lines = moves.filter((m) => m !== held);
  lines.push({ date: to, reference: 'LF' + to.replaceAll('-', ''), text: 'LEDGER FEES', net: -1_150 });
  let balance = 12_500_000_00;
  const rows = ['Txn Date,Particulars,Ref No,Withdrawals,Lodgements,Closing Balance'];
  for (const m of lines) {
    balance += m.net;
    const kes = (c: number) => (c / 100).toFixed(2);
    // The bank writes dates day first.
    const date = `${m.date.slice(8, 10)}/${m.date.slice(5, 7)}/${m.date.slice(0, 4)}`;
    rows.push([date, `"${m.text.replaceAll('"', '')}"`, m.reference, m.net < 0 ? kes(-m.net) : '', m.net > 0 ? kes(m.net) : '', kes(balance)].join(','));
  }

  await page.getByRole('tab', { name: 'Bank Reconciliation' }).click();
  await page.getByRole('button', { name: 'Import statement' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank or M-Pesa statement' });
  await dialog.getByLabel('Statement', { exact: true }).selectOption('bank');
  await dialog.getByLabel('Cash account').selectOption('1110');
  await dialog.getByLabel('Facility').selectOption({ label: 'County level' });
  await dialog.getByLabel('Statement file (CSV or XLSX)').setInputFiles({ name: 'KCB-1110.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  // No saved profile knows these column names: she chooses them once and saves them for next month.
  const columns = dialog.getByTestId('recon-columns');
  await expect(columns).toBeVisible();
  for (const [field, column] of [
    ['Date', 'Txn Date'],
    ['Description', 'Particulars'],
    ['Reference', 'Ref No'],
    ['Money out', 'Withdrawals'],
    ['Money in', 'Lodgements'],
    ['Balance', 'Closing Balance'],
  ] as const) {
    await columns.getByLabel(field, { exact: true }).selectOption(column);
  }
  await columns.getByLabel('Save these columns as a profile named').fill(`KCB Busia ${Date.now().toString(36)}`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('recon-preview')).toContainText(String(lines.length));
  await dialog.getByRole('button', { name: 'Import and auto-match' }).click();
  const view = page.getByTestId('recon-view');
  await expect(view).toBeVisible();

  // The first statement of the account: agree where it starts, with a note, since the bank's opening is not the book's.
  const proposal = view.getByTestId('starting-point-proposal');
  await expect(proposal).toContainText('earlier book lines');
  await proposal.getByLabel('Note (why the balances differ)').fill('Opening balance per KCB confirmation letter of 1 November');
  await proposal.getByRole('button', { name: 'Agree the starting point' }).click();
  await expect(toast(page, 'Starting point agreed')).toBeVisible();
  await expect(view.getByTestId('starting-point')).toContainText('earlier book lines cleared');

  // The ledger fees are prepared from their line, to bank charges, and matched at once; the FO 30 shows them as the
  // difference until another finance officer approves the journal.
  const fees = view.getByTestId('statement-line').filter({ hasText: 'LEDGER FEES' });
  await fees.getByRole('button', { name: /Post as bank charge/ }).click();
  await expect(toast(page, 'Journal prepared and matched: the difference clears once another finance officer approves it')).toBeVisible();
  await expect(fees).toContainText('Journal prepared from the statement');
  await expect(view.getByTestId('fo30-difference')).toContainText('11.50');
  await expectAccessible(page);
  const [charge] = await getJson<Journal[]>(page, `/api/accounting/journals?sourceType=reconciliation&status=draft&search=LEDGER%20FEES&limit=5`);
  expect(charge, 'the prepared charge').toBeTruthy();
  // The director approves it (her own she could not), and the difference is nil.
  expect((await page.request.post('/api/demo/login', { data: { email: DEMO_EMAILS.county_director } })).status()).toBe(200);
  expect((await page.request.post(`/api/accounting/journals/${charge!.id}/approve`)).status()).toBe(200);
  await signInAs(page, 'finance_officer', '/accounting');
  await page.getByRole('tab', { name: 'Bank Reconciliation' }).click();
  await page.getByTestId('recon-row').filter({ hasText: 'KCB-1110.csv' }).getByRole('button').first().click();
  await expect(view.getByTestId('fo30-difference')).toHaveText(/KES\s*0\.00/);
  await page.screenshot({ path: 'test-results/reconciliation-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(view.getByTestId('starting-point')).toBeVisible();
  await page.screenshot({ path: 'test-results/reconciliation-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Complete reconciliation' }).click();
  await expect(toast(page, 'Statement reconciled')).toBeVisible();

  // Its FO 30: at most two pages, the agreed starting point on it.
  const list = await getJson<{ id: number; filename: string; status: string }[]>(page, '/api/accounting/reconciliations?kind=bank&status=reconciled&limit=50');
  const statementId = list.find((s) => s.filename === 'KCB-1110.csv')!.id;
  const detail = await getJson<ReconciliationDetail>(page, `/api/accounting/reconciliations/${statementId}`);
  expect(detail.statement.status).toBe('reconciled');
  expect(detail.fo30.difference).toBe(0);
  const pdf = await page.request.get(`/api/accounting/reconciliations/${statementId}/statement.pdf`);
  expect(pdf.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'afya-fo30-'));
  const file = join(dir, 'fo30.pdf');
  writeFileSync(file, await pdf.body());
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(2);
  expect(text).toContain('Starting point');
});
