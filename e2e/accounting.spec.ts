// Journeys through Accounting & Financial Management (SPEC.md §2.9, issue 14): the facility in-charge prepares a
// two-line journal entry — an unbalanced attempt is refused with the message and keeps every line — and cannot
// approve her own; the county director approves it and it reads Posted in Transactions; the trial balance carries
// it, exactly as the API gives it; the director changes one amount of a facility's budget and finds the change in
// its history (issue 30 item 4), on a desktop and at 390 px; the page works at 390 px and reads in Kiswahili. The
// demo county has posted history, so figures are compared with the API's, never with numbers written here.
import type { Page } from '@playwright/test';
import type { Account, BudgetLine, Journal, Statement } from '../src/shared/accounting/index.js';
import { add, parseKes, toKes } from '../src/shared/money.js';
import { expect, expectAccessible, getJson, randomLetters, signInAs, test, toast } from './fixtures.js';

const SHOTS = 'test-results/accounting';
/** A statement's money as the screen writes it: to the cent, the currency in the column head. */
const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two active posting accounts the in-charge may use: an expense (debited) and a cash account (credited). */
async function pickAccounts(page: Page): Promise<{ expense: Account; cash: Account }> {
  const accounts = await getJson<Account[]>(page, '/api/accounting/accounts');
  const parents = new Set(accounts.map((a) => a.parentCode));
  const posting = accounts.filter((a) => a.isActive && !parents.has(a.code));
  const expense = posting.find((a) => a.type === 'expense')!;
  const cash = posting.find((a) => a.type === 'asset' && a.code.startsWith('11'))!;
  expect(expense && cash).toBeTruthy();
  return { expense, cash };
}

/**
 * On the Budgets tab, with a facility's budget shown: its first line's amount raised by KES 1,234.50 on screen and
 * saved, then read back beside the actual and as the newest change in the budget's history.
 */
async function changeOneBudgetAmount(page: Page, facilityId: number) {
  const [first] = await getJson<BudgetLine[]>(page, `/api/accounting/budgets?facilityId=${facilityId}`);
  expect(first).toBeDefined();
  const raised = toKes(add(parseKes(first!.amount), parseKes('1234.50')));
  await page.getByRole('button', { name: 'Edit budget' }).click();
  const form = page.getByTestId('budget-form');
  await form.getByTestId('budget-line').first().getByLabel('Amount (KES)').fill(String(raised));
  await form.getByRole('button', { name: 'Save budget' }).click();
  await expect(toast(page, 'Budget saved')).toBeVisible();
  await expect(form).toBeHidden();
  // The statement beside it reads the new budget.
  await expect(page.locator(`[data-testid="statement-row"][data-code="${first!.accountCode}"]`)).toContainText(cents.format(raised));
  const change = page.getByTestId('budget-revision').first().locator(`[data-testid="budget-change"][data-code="${first!.accountCode}"]`);
  await expect(change).toContainText(`KES ${cents.format(first!.amount)} → KES ${cents.format(raised)}`);
  await expect(page.getByTestId('budget-revision').first()).toContainText('Margaret Nekesa');
}

/** The trial balance row of an account in a facility's books, as the API gives it (debit − credit for the period). */
async function trialBalanceRow(page: Page, facilityId: number, code: string) {
  const tb = await getJson<Statement>(page, `/api/accounting/trial-balance?facilityId=${facilityId}`);
  return tb.sections.flatMap((s) => s.rows).find((r) => r.code === code);
}

test('the in-charge prepares a journal, the director approves it, and the trial balance carries it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'facility_incharge', '/accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting & Financial Management' })).toBeVisible();
  for (const card of ['Total Assets', 'Monthly Revenue', 'Monthly Expenses', 'Net Income']) await expect(page.getByRole('group', { name: card })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Net Income' }).getByTestId('accounting-margin')).toBeVisible();
  for (const tab of ['Overview', 'Chart of Accounts', 'Transactions', 'Financial Reports', 'Budgets', 'Bank Reconciliation']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  // The director alone closes months: the in-charge is told so, with no Close button.
  await expect(page.getByText('Only the county director closes months and the year.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-overview-1366-en.png`, fullPage: true });

  const { expense, cash } = await pickAccounts(page);
  const facilityId = (await getJson<{ facilityId: number }>(page, '/api/auth/user')).facilityId;
  expect(facilityId).toBeGreaterThan(0);
  const reference = `E2E-${randomLetters(8).toUpperCase()}`;

  await page.getByRole('button', { name: 'Journal Entry', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Journal Entry' });
  await expect(dialog).toBeVisible();
  // Nothing typed: the spec's messages.
  await dialog.getByRole('button', { name: 'Save for approval' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Account is required').first()).toBeVisible();

  await dialog.getByLabel('Description').fill('Cleaning supplies bought for cash');
  await dialog.getByLabel('Reference').fill(reference);
  const lines = dialog.getByTestId('journal-line');
  await expect(lines).toHaveCount(2);
  await lines.nth(0).getByLabel('Account').fill(expense.code);
  await expect(lines.nth(0).getByTestId('journal-line-account')).toHaveText(expense.name);
  await lines.nth(0).getByLabel('Debit (KES)').fill('1234.50');
  await lines.nth(1).getByLabel('Account').fill(cash.code);
  await lines.nth(1).getByLabel('Credit (KES)').fill('1000');
  // Unbalanced: said plainly while typing, and refused on save with the figures; every line is kept.
  await expect(dialog.getByTestId('journal-balance-state')).toHaveText('Debits and credits must be equal');
  await dialog.getByRole('button', { name: 'Save for approval' }).click();
  await expect(dialog.getByTestId('journal-lines-error')).toHaveText('Debits (KES 1,234.50) and credits (KES 1,000.00) must be equal');
  await expect(lines.nth(0).getByLabel('Debit (KES)')).toHaveValue('1234.50');
  await expect(lines.nth(1).getByLabel('Credit (KES)')).toHaveValue('1000');
  await expect(lines.nth(1).getByLabel('Account')).toHaveValue(cash.code);
  await page.screenshot({ path: `${SHOTS}-entry-unbalanced-1366-en.png` });
  await expectAccessible(page);

  await lines.nth(1).getByLabel('Credit (KES)').fill('1234.50');
  await expect(dialog.getByTestId('journal-balance-state')).toHaveText('Balanced');
  await expect(dialog.getByTestId('journal-total-credits')).toHaveText('KES 1,234.50');
  await dialog.getByRole('button', { name: 'Save for approval' }).click();
  await expect(toast(page, 'Journal entry saved: awaiting approval')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Her own draft: she may not approve it (maker ≠ checker), and the screen says why.
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByLabel('Search', { exact: true }).fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const mine = page.getByTestId('journal-row').filter({ hasText: reference });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('journal-status')).toHaveText('Draft');
  await expect(mine.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(mine).toContainText('You prepared this journal: another finance officer approves it.');
  const [draft] = await getJson<Journal[]>(page, `/api/accounting/journals?search=${reference}`);
  expect(draft).toMatchObject({ status: 'draft', totalDebit: 1234.5, totalCredit: 1234.5 });
  const before = await trialBalanceRow(page, facilityId, expense.code);

  // The director approves it: it posts.
  await signInAs(page, 'county_director', '/accounting?tab=transactions');
  await page.getByLabel('Search', { exact: true }).fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('journal-row').filter({ hasText: reference });
  // The searched list, not the one before it (where the draft, the newest journal, also stands): every row is it.
  await expect(page.getByTestId('journal-row')).toHaveCount(1);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Show the lines of / }).click();
  await expect(page.getByTestId('journal-lines')).toContainText(expense.name);
  await expect(page.getByTestId('journal-lines')).toContainText('KES 1,234.50');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, `${draft!.number} approved and posted`)).toBeVisible();
  await expect(row.getByTestId('journal-status')).toHaveText('Posted');
  await expect(row.getByRole('button', { name: 'Reverse' })).toBeVisible();

  // The trial balance of her facility carries it, as the API gives it.
  const after = await trialBalanceRow(page, facilityId, expense.code);
  expect(after).toBeDefined();
  const debitKey = Object.keys(after!.values).find((k) => /debit/i.test(k) && !/opening/i.test(k) && !/closing/i.test(k)) ?? 'debit';
  expect(Math.round(((after!.values[debitKey] ?? 0) - (before?.values[debitKey] ?? 0)) * 100)).toBe(123450);
  await page.getByRole('tab', { name: 'Financial Reports' }).click();
  await page.getByLabel('Books of', { exact: true }).selectOption(`f:${facilityId}`);
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Trial Balance' });
  const statement = page.getByTestId('statement');
  await expect(statement).toHaveAttribute('data-kind', 'trial-balance');
  const tbRow = statement.locator(`[data-testid="statement-row"][data-code="${expense.code}"]`);
  await expect(tbRow).toContainText(cents.format(after!.values[debitKey]!));
  await expect(page.getByTestId('statement-checks').locator('li[data-ok="true"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', new RegExp(`/api/accounting/trial-balance\\.csv\\?facilityId=${facilityId}&`));
  await page.screenshot({ path: `${SHOTS}-trial-balance-1366-en.png`, fullPage: true });
  await expectAccessible(page);

  // Her facility's budget: the director changes one amount and finds it in the budget's history.
  await page.getByRole('tab', { name: 'Budgets' }).click();
  await expect(page.getByTestId('statement')).toHaveAttribute('data-kind', 'budget-vs-actual');
  await changeOneBudgetAmount(page, facilityId);
  await page.screenshot({ path: `${SHOTS}-budgets-1366-en.png`, fullPage: true });
  await expectAccessible(page);
});

test('at 390 px the page works, in English and in Kiswahili', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'county_director', '/accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting & Financial Management' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Assets' })).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-overview-390-en.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page.getByTestId('journal-row').first()).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-transactions-390-en.png`, fullPage: true });

  await page.getByRole('button', { name: 'Journal Entry', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Journal Entry' });
  await expect(dialog.getByRole('button', { name: 'Add line' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await expect(dialog.getByTestId('journal-line')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}-entry-390-en.png` });
  await page.keyboard.press('Escape');

  // A facility's budget on the phone: the table scrolls inside its card, and one amount is changed and saved.
  await page.getByRole('tab', { name: 'Budgets' }).click();
  const [, other] = await getJson<{ id: number }[]>(page, '/api/facilities');
  await page.getByLabel('Facility', { exact: true }).selectOption(String(other!.id));
  await expect(page.getByTestId('statement')).toHaveAttribute('data-kind', 'budget-vs-actual');
  await changeOneBudgetAmount(page, other!.id);
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-budgets-390-en.png`, fullPage: true });

  // Kiswahili: the same screen in the other language.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: / Account menu$/ }).click();
  await page.getByRole('menuitemradio', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uhasibu na Usimamizi wa Fedha' })).toBeVisible();
  await page.getByRole('tab', { name: 'Muhtasari' }).click();
  await expect(page.getByRole('group', { name: 'Jumla ya Mali' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-overview-1366-sw.png`, fullPage: true });
  await expectAccessible(page);
  // The journals of the system's own events read in Kiswahili (issue 29 item 5): a payment, an invoice, a stock issue.
  await page.getByRole('tab', { name: 'Miamala' }).click();
  await expect(page.getByTestId('journal-row').filter({ hasText: /^.*(Malipo ya .+ ya ankara|Ankara INV-|Bidhaa zilizotolewa)/ }).first()).toBeVisible();
  await expect(page.getByTestId('journal-row').filter({ hasText: /payment for invoice|Stock issued:/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Muhtasari' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-overview-390-sw.png`, fullPage: true });
  await page.getByRole('button', { name: / Menyu ya akaunti$/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
});

test('a role without the books sees why, and nothing is asked of the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/accounting')) calls.push(r.url());
  });
  await signInAs(page, 'nurse', '/accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting & Financial Management' })).toBeVisible();
  await expect(page.getByTestId('accounting-forbidden')).toContainText('Your role does not read them.');
  await expect(page.getByRole('button', { name: 'Journal Entry', exact: true })).toHaveCount(0);
  expect(calls).toEqual([]);
});
