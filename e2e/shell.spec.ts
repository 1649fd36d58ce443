// Journeys through the page shell (SPEC.md §2.4): the Current Facility is each user's own and survives a reload,
// a shared desk does not hand one user's choice to the next, a signed-out link comes back after sign-in, and the
// bell counts live alerts.
import type { Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD, expect, expectAccessible, signInAs, test } from './fixtures';

type Facility = { id: number; name: string };
type Me = { facilityId: number };

const badge = (page: Page) => page.getByTestId('facility-badge');

async function demoPortalSignIn(page: Page, fullName: RegExp) {
  await page.goto('/demo');
  await page.getByRole('region', { name: 'Demo Accounts' }).getByRole('button', { name: fullName }).click();
  await page.getByRole('region', { name: 'Sign-in Options' }).getByRole('button', { name: 'Login with Password' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

async function facilityOf(page: Page): Promise<Facility> {
  const me = (await (await page.request.get('/api/auth/user')).json()) as Me;
  const facilities = (await (await page.request.get('/api/facilities')).json()) as Facility[];
  return facilities.find((f) => f.id === me.facilityId)!;
}

test("a lab technician's own facility is in scope, after a reload too, and his choice is not the next user's", async ({ page }) => {
  // Emmanuel works at a sub-county hospital, not at facility 1: the portal stores him locally, so the shell draws
  // before the server has answered who he is.
  await demoPortalSignIn(page, /Emmanuel Emojong/);
  const own = await facilityOf(page);
  expect(own.id).not.toBe(1);
  await expect(badge(page)).toContainText(own.name);
  await page.reload();
  await expect(badge(page)).toContainText(own.name);

  // He looks at the county referral hospital, then logs out.
  const facilities = (await (await page.request.get('/api/facilities')).json()) as Facility[];
  await page.getByRole('combobox', { name: 'Current Facility' }).click();
  await page.getByRole('option', { name: facilities[0]!.name, exact: true }).click();
  await expect(badge(page)).toContainText(facilities[0]!.name);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Staff Login' })).toBeVisible();

  // The pharmacist signs in at the same desk: her own facility, not his last choice.
  await demoPortalSignIn(page, /Faith Nafula/);
  const hers = await facilityOf(page);
  await expect(badge(page)).toContainText(hers.name);
});

test('a signed-out link to a screen asks for sign-in, then opens that screen', async ({ page }) => {
  await page.goto('/facilities');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_EMAILS.county_director);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/facilities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
});

test('the bell counts the live alerts of the facility in scope and lists them', async ({ page }) => {
  await signInAs(page, 'pharmacist');
  const me = (await (await page.request.get('/api/auth/user')).json()) as Me;
  const live = (await (await page.request.get(`/api/notifications?facilityId=${me.facilityId}`)).json()) as { count: number; items: { kind: string; itemName?: string }[] };
  expect(live.count).toBeGreaterThan(0);
  await expect(page.getByTestId('notifications-count')).toHaveText(String(live.count));
  await page.getByTestId('notifications-bell').click();
  const menu = page.getByRole('menu');
  for (const item of live.items.filter((i) => i.itemName)) await expect(menu.getByText(item.itemName!, { exact: false })).toBeVisible();
  await expectAccessible(page);
});
