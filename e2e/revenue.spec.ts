// Journeys through Revenue Management (SPEC.md §2.7): the county director reads the period's money on the four
// cards, exactly as the API gives it; the period and facility filters change every figure; the records table and
// Export Records hold the same records. Roles that read no money (the system administrator, a lab technician) are
// told so once, with no cards or filters (issue 11, finding 8c).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatKES } from '../src/shared/money.js';
import type { RevenueSummary } from '../src/shared/revenue/index.js';
import { expect, expectAccessible, signInAs, test } from './fixtures.js';

const CARDS = [
  ['totalRevenue', 'Total Revenue'],
  ['shaClaims', 'SHA Claims'],
  ['cashPayments', 'Cash Payments'],
  ['pendingPayments', 'Pending Payments'],
] as const;

const qs = (period: string, facilityId: number) => `?period=${period}${facilityId === 0 ? '' : `&facilityId=${facilityId}`}`;

async function summaryFromApi(page: Page, period: string, facilityId: number): Promise<RevenueSummary> {
  const res = await page.request.get(`/api/revenue/summary${qs(period, facilityId)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RevenueSummary;
}

async function recordsTotalFromApi(page: Page, period: string, facilityId: number): Promise<number> {
  const res = await page.request.get(`/api/revenue/records${qs(period, facilityId)}&limit=1`);
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

/** The change as the card words it: '—' when the last period had nothing (no made-up figure). */
function changeText(percent: number | null): string {
  if (percent === null) return '—';
  return `${new Intl.NumberFormat('en-KE', { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(percent)}%`;
}

/** Every card shows the API's figure and change for this period and facility. */
async function expectCardsToMatch(page: Page, period: string, facilityId: number): Promise<RevenueSummary> {
  const summary = await summaryFromApi(page, period, facilityId);
  for (const [key, title] of CARDS) {
    const card = page.getByRole('group', { name: title });
    await expect(card.getByTestId('revenue-card-value')).toHaveText(formatKES(summary[key].amount));
    await expect(card.getByTestId('revenue-card-change')).toHaveText(changeText(summary[key].changePercent));
  }
  return summary;
}

test('the director reads the cards, changes the period and facility, and exports the records', async ({ page }) => {
  await signInAs(page, 'county_director', '/revenue');
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Report' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate MOH Report' })).toBeVisible();

  // The facility starts as the shell's Current Facility (the director's own), the period as this month.
  const facility = page.getByLabel('Facility', { exact: true });
  const period = page.getByLabel('Period', { exact: true });
  await expect(period).toHaveValue('month');
  const own = Number(await facility.inputValue());
  expect(own).toBeGreaterThan(0);
  // While the facility list loads, the shell's facility is listed as "Loading…".
  await expect(facility.locator('option:checked')).not.toHaveText('Loading…');
  await expect(page.getByTestId('facility-selector')).toContainText(await facility.locator('option:checked').innerText());

  const month = await expectCardsToMatch(page, 'month', own);
  // This month is the dashboard's Monthly Revenue too.
  const stats = await (await page.request.get(`/api/revenue/stats?facilityId=${own}`)).json();
  expect(month.totalRevenue.amount).toBe(stats.totalRevenue);
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page);

  // Another period: every card follows it.
  await period.selectOption({ label: 'Last 3 months' });
  const quarter = await expectCardsToMatch(page, '3m', own);
  expect(quarter.totalRevenue.amount).toBeGreaterThan(month.totalRevenue.amount);
  await expect(page.getByTestId('revenue-period-range')).toContainText('compared with');

  // The whole county, then one other facility: every card is scoped to the choice.
  await facility.selectOption({ label: 'All Facilities' });
  const county = await expectCardsToMatch(page, '3m', 0);
  expect(county.totalRevenue.amount).toBeGreaterThan(quarter.totalRevenue.amount);
  const facilities = (await (await page.request.get('/api/facilities')).json()) as { id: number; name: string; level: number }[];
  const other = facilities.find((f) => f.id !== own && f.level >= 4)!;
  await facility.selectOption({ label: other.name });
  await expectCardsToMatch(page, '3m', other.id);

  // The records table names the same period and facility; View Details opens the invoice.
  const total = await recordsTotalFromApi(page, '3m', other.id);
  expect(total).toBeGreaterThan(0);
  const records = page.getByRole('table', { name: 'Billing records of the period' });
  await expect(records.getByRole('row').nth(1)).toBeVisible();
  await expect(records.getByRole('row').nth(1)).toContainText(other.name);
  await expect(page.getByText(`${total.toLocaleString('en-KE')} invoice${total === 1 ? '' : 's'} raised or paid in the period`)).toBeVisible();
  await records.getByRole('button', { name: /^View Details of invoice INV-/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Invoice INV-\d{4}-\d{6}$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(other.name);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Export Records downloads the same records: one line each, after the header.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Records' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^revenue-records-facility-${other.id}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Invoice,Date,Patient,Service,Facility,Amount (KES),Payment Method,Insurance Provider,Status,Due Date,Paid At');
  expect(lines.length - 1).toBe(total);

  // Export Report saves the cards as they are on screen.
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Report' }).click()]);
  expect(report.suggestedFilename()).toMatch(new RegExp(`^afyakaunti-revenue-facility-${other.id}-3m-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const summary = await summaryFromApi(page, '3m', other.id);
  const reportLines = (await readFile((await report.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(reportLines.some((l) => l.includes(`,Total Revenue,${summary.totalRevenue.amount},${summary.totalRevenue.count},`))).toBe(true);
});

test('roles that read no money are told so, with no dead cards, filters or records', async ({ page }) => {
  for (const role of ['admin', 'lab_technician'] as const) {
    await signInAs(page, role, '/revenue');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible();
    await expect(page.getByTestId('revenue-cards-forbidden')).toHaveText('Your role may not see revenue figures.');
    await expect(page.getByLabel('Facility', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export Records' })).toHaveCount(0);
    await expectAccessible(page);
  }
});
