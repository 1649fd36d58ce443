// Journey: staff open System Test and run every check against the live server. A nurse (a demo account, who may
// read billing) sees nothing fail; the system administrator, who may not read billing, sees that check as a
// warning and nothing fail. The downloads the page checks answer HEAD with a CSV file.
import type { Page } from '@playwright/test';
import { DEMO_EMAILS, expect, expectAccessible, signInAs, test } from './fixtures';

const DOWNLOAD_CHECKS = ['facilitiesCsv', 'activitiesCsv', 'inventoryCsv', 'reportDownload'];

async function runAll(page: Page) {
  await page.getByRole('button', { name: 'Run All Tests' }).click();
  await expect(page.getByText(/^Tests finished:/)).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run All Tests' })).toBeEnabled();
  const checks = page.locator('[data-testid^="check-"]');
  const n = await checks.count();
  expect(n).toBeGreaterThan(0);
  const total = (key: string) => page.getByTestId(`total-${key}`).getByTestId('value');
  await expect(total('total')).toHaveText(String(n));
  const values = await Promise.all(['passed', 'warnings', 'failed'].map(async (k) => Number(await total(k).textContent())));
  expect(values.reduce((a, b) => a + b, 0)).toBe(n);
  await expect(total('failed')).toHaveText('0');
  await expect(checks.and(page.locator('[data-status="fail"]'))).toHaveCount(0);
  return checks;
}

const check = (page: Page, id: string) => page.getByTestId(`check-${id}`);

test('every download the System Test checks answers HEAD with a CSV file', async ({ page }) => {
  await signInAs(page, 'nurse', '/system-test');
  const reports = (await (await page.request.get('/api/reports?period=365days')).json()) as { id: number; status: string }[];
  const completed = reports.find((r) => r.status === 'completed');
  expect(completed).toBeDefined();
  for (const path of ['/api/facilities/export.csv', '/api/activities/mine.csv', '/api/inventory/export.csv', `/api/reports/${completed!.id}/download`]) {
    const res = await page.request.head(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toContain('text/csv');
  }
});

test('a nurse runs all tests and nothing fails', async ({ page }) => {
  await signInAs(page, 'nurse', '/system-test');
  await expect(page.getByRole('heading', { level: 1, name: 'System Test' })).toBeVisible();
  const facilities = (await (await page.request.get('/api/facilities')).json()) as unknown[];
  await expectAccessible(page);

  const checks = await runAll(page);
  for (const el of await checks.all()) {
    const id = (await el.getAttribute('data-testid'))!.slice('check-'.length);
    await expect(el, id).toHaveAttribute('data-status', id === 'billing' ? /^(pass|warning)$/ : 'pass');
  }
  for (const id of DOWNLOAD_CHECKS) await expect(check(page, id).getByTestId('message')).toHaveText(/^Download available \(text\/csv/);
  await expect(check(page, 'facilities').getByTestId('message')).toHaveText(`Found ${facilities.length} facilities`);
  await expect(check(page, 'demoLogin').getByTestId('message')).toHaveText('Signed in again as Mary Achieng (a fresh session)');
  await expect(check(page, 'dashboardStats').getByTestId('duration')).toHaveText(/^\d+ ms$/);

  // The returned data: the facility list cut to its first items, with the count.
  await check(page, 'facilities').getByText(`Returned data (first 3 of ${facilities.length} items)`).click();
  await expect(check(page, 'facilities').getByRole('region', { name: 'Returned data of Facility list' })).toBeVisible();
  await expectAccessible(page);

  // The sign-in check signed the same nurse in again: the session works and it is still her.
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(DEMO_EMAILS.nurse);
});

test('the system administrator runs all tests: billing and revenue are warnings, nothing fails', async ({ page }) => {
  await signInAs(page, 'admin', '/system-test');
  await runAll(page);
  await expect(check(page, 'billing')).toHaveAttribute('data-status', 'warning');
  await expect(check(page, 'billing').getByTestId('message')).toHaveText('Your role may not read billing records - expected behavior');
  // Money is read with billing:read alone (ADR 0009): the administrator reads none.
  await expect(check(page, 'revenueStats')).toHaveAttribute('data-status', 'warning');
  await expect(check(page, 'revenueStats').getByTestId('message')).toHaveText('Your role may not read revenue figures - expected behavior');
  for (const id of DOWNLOAD_CHECKS) await expect(check(page, id)).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('total-warnings').getByTestId('value')).toHaveText('2');
  await expectAccessible(page);
});
