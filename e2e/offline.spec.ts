// Issue 12, item 3: the installable app shell. A nurse opens the dashboard and the patient registry once; the
// network goes; the figures still on screen are flagged as possibly out of date; a reload still draws the shell
// and the screens she opened (the service worker, src/client/service-worker.js), but the patient list shows only
// what this device saved offline (issue 34, e2e/offline-capture.spec.ts), because API answers are never cached; when
// the network returns the banner goes and the list loads.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const OFFLINE = 'You are offline. Registrations, visits, check-ins and cash invoices are kept here and sent when the link returns; all else needs the link.';
const OFFLINE_SW = 'Huna mtandao. Usajili, ziara, kuwasili, ankara na pesa taslimu huhifadhiwa kwenye kifaa hiki na kutumwa mtandao ukirudi; mengine yote yanahitaji mtandao.';

const banner = (page: Page) => page.getByRole('status').filter({ hasText: /offline|mtandao/ });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const card = (page: Page, title: string) => page.getByRole('group', { name: title }).getByTestId('stat-value');

/** Every URL the page's origin keeps in its caches (the service worker's). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

/** Waits until every script and stylesheet the page has loaded is in the worker's caches. */
async function expectLoadedFilesKept(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/')),
  );
  expect(loaded.length).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const kept = new Set(await cachedPaths(page));
      return loaded.filter((path) => !kept.has(path));
    })
    .toEqual([]);
  return loaded;
}

test('the shell and the screens already opened load offline, with a banner, and no API answer comes from a cache', async ({ page, context, browserErrors }) => {
  // Offline, each API request the screens make fails, as it must: Chromium reports each one.
  browserErrors.allow('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');

  // Signed in through the demo portal, which keeps the demo user on this device (SPEC.md §3): what lets the shell
  // draw while the server cannot be asked who is signed in.
  await page.goto('/demo');
  await page.getByRole('region', { name: 'Demo Accounts' }).getByRole('button', { name: /Mary Achieng/ }).click();
  await page.getByRole('region', { name: 'Sign-in Options' }).getByRole('button', { name: 'Login with Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();

  // The worker registers after the page has loaded and takes charge of it; what loaded before (the shell, the
  // dashboard) is kept as well as what loads from now on (the registry).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await nav(page).getByRole('link', { name: 'Patient Registry' }).click();
  await expect(page.getByRole('heading', { name: /^Patients \([\d,]+\)$/ })).toBeVisible();
  const kept = (await expectLoadedFilesKept(page)).join(' ');
  for (const screen of ['app-shell-', 'dashboard-page-', 'patients-page-']) expect(kept).toContain(screen);

  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  const patients = card(page, 'Total Patients');
  await expect(patients).toHaveText(/^[\d,]+$/);
  // The revenue chart's code loads once its figures arrive: drawn, everything the dashboard shows has loaded (else
  // the network could go while the chart's file is on its way, and that request would fail).
  await expect(page.getByTestId('revenue-chart').locator('svg')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // The network goes: the figures on screen stay, and the banner says they may be out of date.
  await context.setOffline(true);
  await expect(banner(page)).toHaveText(OFFLINE);
  await expect(patients).toHaveText(/^[\d,]+$/);

  // A reload draws the page, the shell and the dashboard from the worker's copies; its figures cannot be had.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Mary Achieng');
  await expect(banner(page)).toHaveText(OFFLINE);
  // Said plainly, not in fetch's own words ("Failed to fetch").
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load this: This needs the connection, and the server cannot be reached.' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch' })).toHaveCount(0);
  await expect(page.getByTestId('stat-value')).toHaveCount(0);

  // The registry's code is there; the county's patients are not, only what this device keeps sealed for the nurse's
  // facility (issue 34: its patients of the last 90 days), never a cached answer of the server's.
  await nav(page).getByRole('link', { name: 'Patient Registry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Registry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Patients \([\d,]+\)$/ })).toBeVisible();
  await expect(page.getByTestId('patients-offline-note')).toBeVisible();
  expect((await cachedPaths(page)).filter((path) => path.startsWith('/api'))).toEqual([]);

  // The network returns: the banner goes and the screen on view asks again.
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Patients \([\d,]+\)$/ })).toBeVisible();
});

test('the public pages show the banner offline too, in the chosen language, and lose it when the network returns', async ({ page, context, browserErrors }) => {
  browserErrors.allow('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await expect(banner(page)).toHaveText(OFFLINE);
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);

  // Kiswahili chosen while online: its strings are kept with the code, so the page reloads offline in Kiswahili.
  await page.getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mfumo wa Usimamizi wa Afya wa Kaunti' })).toBeVisible();
  expect((await expectLoadedFilesKept(page)).join(' ')).toContain('/assets/sw-');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mfumo wa Usimamizi wa Afya wa Kaunti' })).toBeVisible();
  await expect(banner(page)).toHaveText(OFFLINE_SW);
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
});
