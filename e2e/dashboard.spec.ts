// Journeys: the county director opens the dashboard (SPEC.md §2.5). Every figure on it is the API's, for the
// facility chosen in the sidebar's Current Facility selector, and the choice survives a reload. She looks at the
// revenue trend, the demographics of the whole county, the facilities, the activity feed and the system alerts,
// exports the figures, reads the dashboard in Kiswahili, and tries the two floating buttons.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatKES } from '../src/shared/money.js';
import { bellOf, expect, expectAccessible, signInAs, test } from './fixtures.js';

type Stats = { totalPatients: number; activeStaff: number; todayAppointments: number; todayRevenue: number };
type Facility = { id: number; name: string; level: number; capacity: number | null; status: string };
type Activity = { kind: string; params: { facility?: string; invoice?: string }; createdAt: string };
/** The demo feed's kinds, worded as the English screen words them (the amounts aside). */
const activityStart = (a: Activity) =>
  ({ 'patient.registered': `New patient registered at ${a.params.facility}`, 'record.created': `Medical record added at ${a.params.facility}`, 'invoice.created': `Invoice ${a.params.invoice} created at ${a.params.facility}: ` })[a.kind] ?? a.params.facility!;
type Notification = { kind: string; itemName?: string };

const count = (n: number) => n.toLocaleString('en-KE');

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The facility the shell starts on: the director's own. */
async function ownFacilityId(page: Page): Promise<number> {
  return (await getJson<{ facilityId: number }>(page.request, '/api/auth/user')).facilityId;
}

async function chooseFacility(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Current Facility' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

const card = (page: Page, title: string) => page.getByRole('group', { name: title }).getByTestId('stat-value');

test('the four stat cards show the API figures of the selected facility, which survives a reload', async ({ page }) => {
  await signInAs(page, 'county_director');
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();
  await expect(page.getByText("A comprehensive overview of the county's health facilities")).toBeVisible();

  const own = await ownFacilityId(page);
  const stats = await getJson<Stats>(page.request, `/api/dashboard/stats?facilityId=${own}`);
  const revenue = await getJson<{ totalRevenue: number }>(page.request, `/api/revenue/stats?facilityId=${own}`);
  await expect(card(page, 'Total Patients')).toHaveText(count(stats.totalPatients));
  await expect(card(page, 'Active Staff')).toHaveText(count(stats.activeStaff));
  await expect(card(page, "Today's Appointments")).toHaveText(count(stats.todayAppointments));
  await expect(card(page, 'Monthly Revenue')).toHaveText(formatKES(revenue.totalRevenue));
  // The spec's fixed trend texts are not shown as if they were figures.
  await expect(page.getByText('+12.5%')).toHaveCount(0);
  await expect(page.getByText('2 on leave')).toHaveCount(0);
  await expectAccessible(page);

  // Another facility with a different patient count, so the change shows.
  const facilities = await getJson<Facility[]>(page.request, '/api/facilities');
  let other: { facility: Facility; stats: Stats } | undefined;
  for (const f of facilities.slice(0, 10)) {
    if (f.id === own) continue;
    const s = await getJson<Stats>(page.request, `/api/dashboard/stats?facilityId=${f.id}`);
    if (s.totalPatients !== stats.totalPatients) {
      other = { facility: f, stats: s };
      break;
    }
  }
  expect(other, 'a second facility with another patient count').toBeDefined();
  const { facility, stats: otherStats } = other!;
  await chooseFacility(page, facility.name);
  await expect(card(page, 'Total Patients')).toHaveText(count(otherStats.totalPatients));
  await expect(card(page, 'Active Staff')).toHaveText(count(otherStats.activeStaff));
  const otherRevenue = await getJson<{ totalRevenue: number }>(page.request, `/api/revenue/stats?facilityId=${facility.id}`);
  await expect(card(page, 'Monthly Revenue')).toHaveText(formatKES(otherRevenue.totalRevenue));
  await expect(page.getByTestId('facility-badge')).toContainText(facility.name);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Current Facility' })).toHaveText(facility.name);
  await expect(page.getByTestId('facility-badge')).toContainText(facility.name);
  await expect(card(page, 'Total Patients')).toHaveText(count(otherStats.totalPatients));
});

test('the revenue trend is a real chart of the API months, six or twelve', async ({ page }) => {
  await signInAs(page, 'county_director');
  const own = await ownFacilityId(page);
  const panel = page.getByTestId('revenue-trend-panel');
  await expect(panel.getByRole('heading', { name: 'Revenue Trends' })).toBeVisible();
  await expect(panel.getByTestId('revenue-chart').locator('svg')).toBeVisible();

  const six = await getJson<{ month: string; total: number }[]>(page.request, `/api/revenue/trend?months=6&facilityId=${own}`);
  const rows = panel.getByTestId('revenue-table').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.locator('td')).toHaveText(six.map((m) => formatKES(m.total)));
  await expect(panel.getByTestId('revenue-chart').locator('rect')).toHaveCount(6);

  await panel.getByRole('combobox', { name: 'Revenue trend range' }).click();
  await page.getByRole('option', { name: 'Last year' }).click();
  const twelve = await getJson<{ month: string; total: number }[]>(page.request, `/api/revenue/trend?months=12&facilityId=${own}`);
  await expect(rows).toHaveCount(12);
  await expect(rows.locator('td')).toHaveText(twelve.map((m) => formatKES(m.total)));
  await expect(panel.getByTestId('revenue-chart').locator('rect')).toHaveCount(12);
  await expect(panel.getByTestId('revenue-chart').locator('svg')).toBeVisible();
});

// The seed gives 35/28/25/12 % and 54/46 % (an API test holds it to that); other journeys register patients in
// the same database, so here the panel is held to the API's live figures.
test('county-wide, the demographics panel shows the age bands and genders of all patients', async ({ page }) => {
  await signInAs(page, 'county_director');
  await chooseFacility(page, 'All facilities (Busia County)');
  const county = await getJson<Stats>(page.request, '/api/dashboard/stats');
  await expect(card(page, 'Total Patients')).toHaveText(count(county.totalPatients));

  const panel = page.getByTestId('demographics-panel');
  type Demographics = { total: number; ageBands: { band: string; count: number; percent: number }[]; gender: { gender: string; count: number; percent: number }[] };
  const live = await getJson<Demographics>(page.request, '/api/dashboard/demographics');
  expect(live.total).toBe(county.totalPatients);
  for (const { band, percent } of live.ageBands) await expect(panel.getByTestId(`demographic-${band}`)).toContainText(`${percent}%`);
  for (const { gender, percent } of live.gender) await expect(panel.getByTestId(`demographic-${gender}`)).toContainText(`${percent}%`);
  await expect(panel.getByTestId('demographic-female')).toContainText('Female');
  await expect(panel.getByTestId('demographic-male')).toContainText('Male');
  await expectAccessible(page);
});

test('five facilities, five recent activities with their relative time, and the full activity list', async ({ page }) => {
  await signInAs(page, 'county_director');
  const own = await ownFacilityId(page);

  const facilities = await getJson<Facility[]>(page.request, '/api/facilities');
  const overview = page.getByTestId('facilities-overview');
  const rows = overview.getByTestId('facility-row');
  await expect(rows).toHaveCount(5);
  for (const [i, f] of facilities.slice(0, 5).entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(f.name);
    await expect(row).toContainText(`Level ${f.level}`);
    await expect(row).toContainText(f.capacity === null ? 'N/A' : `${count(f.capacity)} beds`);
    await expect(row).toContainText({ operational: 'Operational', limited: 'Limited Staff', maintenance: 'Maintenance' }[f.status] ?? f.status);
    const kind = f.level >= 5 ? 'hospital' : f.level >= 3 ? 'health_centre' : 'dispensary';
    await expect(row.locator(`svg[data-kind="${kind}"]`)).toHaveCount(1);
  }
  await expect(overview.getByRole('link', { name: 'View All Facilities' })).toHaveAttribute('href', '/facilities');

  const feed = page.getByTestId('recent-activities');
  const latest = await getJson<Activity[]>(page.request, `/api/activities?limit=5&facilityId=${own}`);
  const items = feed.getByTestId('activity-item');
  await expect(items).toHaveCount(5);
  for (const [i, a] of latest.entries()) {
    await expect(items.nth(i)).toContainText(activityStart(a));
    await expect(items.nth(i).locator('time')).toHaveText(/^(Just now|1 minute ago|\d+ minutes ago|1 hour ago|\d+ hours ago|1 day ago|\d+ days ago)$/);
  }

  await feed.getByRole('button', { name: 'View All Activities' }).click();
  const dialog = page.getByRole('dialog', { name: 'All Activities' });
  await expect(dialog).toBeVisible();
  const fifty = await getJson<Activity[]>(page.request, `/api/activities?limit=50&facilityId=${own}`);
  const weekAgo = Date.now() - 7 * 86_400_000;
  const inWeek = fifty.filter((a) => new Date(a.createdAt).getTime() >= weekAgo);
  expect(inWeek.length).toBeGreaterThan(5);
  await expect(dialog.getByTestId('activity-item')).toHaveCount(inWeek.length);
  await expect(dialog.getByTestId('activity-item').first()).toContainText(activityStart(inWeek[0]!));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The period says what it applies to: the activity feed.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  await expect(feed.getByText('Last 30 days')).toBeVisible();
  await expect(items).toHaveCount(5);
});

test('system alerts list the live stock and follow-up alerts, all of them in the dialog', async ({ page }) => {
  await signInAs(page, 'county_director');
  const own = await ownFacilityId(page);
  const alerts = await bellOf<Notification>(page.request, `/api/notifications?facilityId=${own}`);
  expect(alerts.items.some((n) => n.kind === 'low_stock' && n.itemName === 'Paracetamol 500mg')).toBe(true);

  // The panel shows the three most urgent, as the server orders them; the dialog all of them.
  const panel = page.getByTestId('system-alerts');
  await expect(panel.getByTestId('alert-item')).toHaveCount(Math.min(3, alerts.count));
  for (const [i, n] of alerts.items.slice(0, 3).entries()) {
    if (n.itemName) await expect(panel.getByTestId('alert-item').nth(i)).toContainText(n.itemName);
  }

  await panel.getByRole('button', { name: 'View All Alerts' }).click();
  const dialog = page.getByRole('dialog', { name: 'All Alerts' });
  await expect(dialog.getByTestId('alert-item')).toHaveCount(alerts.count);
  await expect(dialog.getByTestId('alert-item').filter({ hasText: 'Paracetamol 500mg' })).toContainText('Low stock alert');
  await expectAccessible(page);
});

test('Export Report downloads the figures on screen as CSV', async ({ page }) => {
  await signInAs(page, 'county_director');
  const own = await ownFacilityId(page);
  const stats = await getJson<Stats>(page.request, `/api/dashboard/stats?facilityId=${own}`);
  const revenue = await getJson<{ totalRevenue: number }>(page.request, `/api/revenue/stats?facilityId=${own}`);
  const trend = await getJson<{ month: string; total: number }[]>(page.request, `/api/revenue/trend?months=6&facilityId=${own}`);
  const exportButton = page.getByRole('button', { name: 'Export Report' });
  await expect(exportButton).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^afyakaunti-dashboard-facility-${own}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  // One table as Excel and a strict parser read it (issue 33 item 4): a byte-order mark, CRLF lines, every row as wide as the header.
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parse(csv, { bom: true, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
  expect(header).toEqual(['Scope', 'Group', 'Figure', 'Value', 'Percent']);
  const figures = new Map(rows.map((r) => [`${r[1]}: ${r[2]}`, r[3]]));
  expect(figures.get('Key figures: Total Patients')).toBe(String(stats.totalPatients));
  expect(figures.get('Key figures: Active Staff')).toBe(String(stats.activeStaff));
  expect(figures.get("Key figures: Today's Appointments")).toBe(String(stats.todayAppointments));
  expect([...figures].some(([k, v]) => /^Key figures: Monthly Revenue \(KES\) from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/.test(k) && v === String(revenue.totalRevenue))).toBe(true);
  for (const m of trend) expect(figures.get(`Revenue (KES): ${m.month}`)).toBe(String(m.total));
});

test('the dashboard reads in Kiswahili and back in English', async ({ page }) => {
  await signInAs(page, 'county_director');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link', { name: 'Patient Registry' })).toBeVisible();

  await page.getByRole('button', { name: / Account menu$/ }).click();
  await page.getByRole('menuitemradio', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi ya Afya ya Kaunti' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sajili ya Wagonjwa' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Patient Registry' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Shughuli za Hivi Karibuni' })).toBeVisible();
  await expect(page.getByTestId('activity-item').first().locator('time')).toHaveText(/^(Sasa hivi|(Dakika|Saa|Siku) \d+ (iliyopita|zilizopita))$/);
  // What happened reads in Kiswahili too: the client words the server's facts (issue 12 item 6).
  // (Whatever happened last: other journeys may have run before this one.)
  await expect(page.getByTestId('activity-item').first()).toContainText(' katika ');
  await expect(page.getByTestId('activity-item').first()).not.toContainText(/ (registered|created|received|approved|raised) at /);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expectAccessible(page);

  await page.getByRole('button', { name: / Menyu ya akaunti$/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Patient Registry' })).toBeVisible();
});

test('the floating buttons: Emergency Alert asks before it sends (sent in shell.spec.ts), Quick Patient Registration opens the form', async ({ page }) => {
  await signInAs(page, 'county_director');
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Emergency Alert' }).click();
  const confirm = page.getByRole('dialog', { name: /^Send an emergency alert for .+\?$/ });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Emergency Alert Sent', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Quick Patient Registration' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

// Issue 12, item 2: boot.js asks for the dashboard's first figures while the app's code is still arriving (the
// module manifest's `early`), and the app takes those answers instead of asking again: one request each, sent before
// the entry script has run.
test("the dashboard's first figures are asked for once, by boot.js, before the app has started", async ({ page }) => {
  // The entry script is held until both early answers are asked for (at most 5 s), so "before the app" is a fact.
  const seen: { path: string; beforeApp: boolean }[] = [];
  let entryServed = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api/dashboard/stats' && url.pathname !== '/api/revenue/stats') return;
    seen.push({ path: url.pathname + url.search, beforeApp: !entryServed });
    if (seen.length >= 2) release();
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 5000))]);
    entryServed = true;
    await route.continue();
  });
  await signInAs(page, 'county_director');
  const own = await ownFacilityId(page);
  const stats = await getJson<{ totalPatients: number }>(page.request, `/api/dashboard/stats?facilityId=${own}`);
  await expect(card(page, 'Total Patients')).toHaveText(count(stats.totalPatients));
  await expect(card(page, 'Monthly Revenue')).not.toHaveText('');
  await expect.poll(() => seen.length).toBe(2);
  expect(seen).toEqual([
    { path: `/api/dashboard/stats?facilityId=${own}`, beforeApp: true },
    { path: `/api/revenue/stats?facilityId=${own}`, beforeApp: true },
  ]);
});

// Issue 11, finding 8 (c): money is read with billing:read. A lab technician's dashboard shows every other figure,
// no revenue, says why, and asks the revenue routes nothing (no refused request).
test("a lab technician's dashboard has no money on it, and says why", async ({ page }) => {
  const revenueCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/revenue/')) revenueCalls.push(r.url());
  });
  await signInAs(page, 'lab_technician');
  const own = await ownFacilityId(page);
  const stats = await getJson<{ totalPatients: number; todayRevenue: number | null }>(page.request, `/api/dashboard/stats?facilityId=${own}`);
  expect(stats.todayRevenue).toBeNull();
  await expect(card(page, 'Total Patients')).toHaveText(count(stats.totalPatients));
  await expect(card(page, 'Monthly Revenue')).toHaveText('—');
  await expect(page).toHaveTitle('Dashboard · AfyaKaunti');
  await expect(page.getByRole('group', { name: 'Monthly Revenue' })).toContainText('Revenue figures are for billing and finance staff');
  await expect(page.getByTestId('revenue-trend-forbidden')).toHaveText('Your role may not see revenue figures: they are for billing and finance staff.');
  await expect(page.getByTestId('todays-overview')).toContainText('Not shown for your role');
  await expect(page.getByRole('button', { name: 'Export Report' })).toBeEnabled();
  expect(revenueCalls).toEqual([]);
  // Nor is he offered a registration he would be refused (patients:register).
  await expect(page.getByRole('button', { name: 'Emergency Alert' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick Patient Registration' })).toHaveCount(0);
  // On a phone the page fits its width: the facilities table scrolls inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'Monthly Revenue')).toHaveText('—');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
