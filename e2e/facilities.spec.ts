// Journey: the county director opens Facilities. Every figure is checked against the facility list the API gives
// (never a number written here): the cards, the status overview, the filters, a facility's services and details,
// and the Performance Report download. A nurse, who may not manage facilities, gets no Add Facility or settings.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, failedLoad, signInAs, test } from './fixtures';

type Facility = { id: number; mflCode: string; name: string; level: number; location: string; subcounty: string; status: string };

async function facilityList(page: Page): Promise<Facility[]> {
  const res = await page.request.get('/api/facilities');
  expect(res.status()).toBe(200);
  return (await res.json()) as Facility[];
}

const cardValue = (page: Page, key: string) => page.getByTestId(`card-${key}`).getByTestId('value');
const statusValue = (page: Page, key: string) => page.getByTestId(`status-${key}`).getByTestId('value');
const tableHeading = (page: Page, count: number) => page.getByRole('heading', { name: `Health Facilities (${count})` });
const rows = (page: Page) => page.getByTestId('facility-row');

test('the county director sees the county figures, filters the facilities and opens one', async ({ page }) => {
  await signInAs(page, 'county_director', '/facilities');
  const list = await facilityList(page);
  const count = (pick: (f: Facility) => boolean) => list.filter(pick).length;
  const operational = count((f) => f.status === 'operational');

  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
  await expect(cardValue(page, 'total')).toHaveText(String(list.length));
  await expect(page.getByTestId('card-total')).toContainText(`${operational} operational`);
  await expect(cardValue(page, 'referral')).toHaveText(String(count((f) => f.level >= 5)));
  await expect(page.getByTestId('card-referral')).toContainText('Level 5 & 6');
  await expect(cardValue(page, 'healthCentres')).toHaveText(String(count((f) => f.level === 3 || f.level === 4)));
  await expect(cardValue(page, 'dispensaries')).toHaveText(String(count((f) => f.level === 2)));

  await expect(statusValue(page, 'operational')).toHaveText(String(operational));
  await expect(page.getByTestId('status-operational')).toContainText(`${Math.round((operational / list.length) * 100)}% of total facilities`);
  await expect(statusValue(page, 'limited')).toHaveText(String(count((f) => f.status === 'limited')));
  await expect(page.getByTestId('status-limited')).toContainText('Staff or resource constraints');
  await expect(statusValue(page, 'maintenance')).toHaveText(String(count((f) => f.status === 'maintenance')));
  await expect(page.getByTestId('status-maintenance')).toContainText('Temporarily unavailable');

  // The whole list, 25 rows a page.
  await expect(tableHeading(page, list.length)).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(25, list.length));
  await expect(page.getByTestId('showing')).toHaveText(`Showing 1–${Math.min(25, list.length)} of ${list.length}`);

  // The sub-county choices are the data's own, distinct and sorted.
  const subcounties = [...new Set(list.map((f) => f.subcounty))].sort((a, b) => a.localeCompare(b));
  await expect(page.getByLabel('Sub-county').locator('option')).toHaveText(['All Sub-counties', ...subcounties]);

  // Level 2: dispensaries only.
  const dispensaries = list.filter((f) => f.level === 2);
  await page.getByLabel('Level', { exact: true }).selectOption('2');
  await expect(tableHeading(page, dispensaries.length)).toBeVisible();
  for (const text of await page.getByTestId('level-cell').allTextContents()) expect(text).toBe('Level 2Dispensary');

  // Then one sub-county: the dispensaries there, and their number.
  const sub = dispensaries[0]!.subcounty;
  const there = dispensaries.filter((f) => f.subcounty === sub);
  await page.getByLabel('Sub-county').selectOption(sub);
  await expect(tableHeading(page, there.length)).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(25, there.length));
  await expect(page.getByTestId('subcounty-cell')).toHaveText(there.slice(0, 25).map(() => sub));
  await expect(page.getByTestId('level-cell')).toHaveText(there.slice(0, 25).map(() => 'Level 2Dispensary'));

  // Search by a fragment of a name (case-insensitive, name or location) across all facilities.
  await page.getByLabel('Level', { exact: true }).selectOption('all');
  await page.getByLabel('Sub-county').selectOption('all');
  const fragment = list.find((f) => f.level >= 5)!.name.split(' ')[0]!.toUpperCase();
  const found = list.filter((f) => f.name.toLowerCase().includes(fragment.toLowerCase()) || f.location.toLowerCase().includes(fragment.toLowerCase()));
  await page.getByRole('searchbox', { name: 'Search' }).fill(fragment);
  await expect(tableHeading(page, found.length)).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(25, found.length));

  // A search that matches nothing.
  await page.getByRole('searchbox', { name: 'Search' }).fill('zz-no-such-facility-zz');
  await expect(page.getByText('No facilities found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add First Facility' })).toBeVisible();

  // The level 5 hospital offers outpatient, inpatient and surgery.
  const hospital = list.find((f) => f.level === 5)!;
  await page.getByRole('searchbox', { name: 'Search' }).fill(hospital.name);
  const row = rows(page).filter({ hasText: hospital.name }).first();
  await expect(row.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Outpatient', 'Inpatient', 'Surgery']);

  // View opens the details, with the MFL code.
  await row.getByRole('button', { name: `View details of ${hospital.name}` }).click();
  const dialog = page.getByRole('dialog', { name: hospital.name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(hospital.mflCode);
  await expect(dialog).toContainText('Level 5 · County Referral Hospital');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Settings: the same details, read-only, and it says so.
  await row.getByRole('button', { name: `Settings for ${hospital.name}` }).click();
  await expect(page.getByRole('dialog', { name: hospital.name }).getByTestId('read-only-note')).toContainText('read-only');
  await page.keyboard.press('Escape');

  // Add Facility explains the Kenya Master Facility List instead of a form.
  await page.getByRole('button', { name: 'Add Facility' }).click();
  const add = page.getByRole('dialog', { name: 'Add Facility' });
  await expect(add).toContainText('Kenya Master Facility List (KMHFL)');
  await expect(add).toContainText('MFL code');
  await expect(add.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expectAccessible(page);
});

test('the Performance Report downloads the facility list as CSV', async ({ page }) => {
  await signInAs(page, 'county_director', '/facilities');
  const head = await page.request.head('/api/facilities/export.csv');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('text/csv');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Performance Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/facilities-\d{4}-\d{2}-\d{2}\.csv$/);
  // A byte-order mark and CRLF lines (issue 33 item 4), in the screen's language.
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('MFL code,Name,Level,Type,Owner,Sub-county,Ward,Location,Beds,Status');
  expect(lines).toHaveLength((await facilityList(page)).length + 1);
});

test('analytics shows the facility on the dashboard as the Current Facility', async ({ page }) => {
  await signInAs(page, 'county_director', '/facilities');
  const target = (await facilityList(page)).find((f) => f.level === 3)!;
  await page.getByRole('searchbox', { name: 'Search' }).fill(target.name);
  await rows(page).filter({ hasText: target.name }).first().getByRole('button', { name: `View analytics for ${target.name}` }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('facility-badge')).toContainText(target.name);
});

test('a nurse sees the facilities but cannot manage them', async ({ page }) => {
  await signInAs(page, 'nurse', '/facilities');
  const list = await facilityList(page);
  await expect(tableHeading(page, list.length)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Facility' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Settings for / })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill('zz-no-such-facility-zz');
  await expect(page.getByText('No facilities found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add First Facility' })).toHaveCount(0);
});

test('while the list loads the table shows 5 skeleton rows; a failed load says so and retries', async ({ page, browserErrors }) => {
  browserErrors.allow(failedLoad(503), '/api/facilities');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let fail = true;
  await page.route('**/api/facilities', async (route) => {
    await held;
    if (fail) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) });
    else await route.continue();
  });
  await signInAs(page, 'county_director', '/facilities');
  await expect(page.getByTestId('skeleton-row')).toHaveCount(5);
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load the facilities' })).toContainText('503: Service Unavailable');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tableHeading(page, (await facilityList(page)).length)).toBeVisible();
});
