// Journeys through the page shell (SPEC.md §2.4): the Current Facility is each user's own and survives a reload,
// a shared desk does not hand one user's choice to the next, a signed-out link comes back after sign-in, and the
// bell counts live alerts, and an Emergency Alert, once confirmed, reaches the in-charge's bell and the feed.
import type { Page } from '@playwright/test';
import { bellOf, DEMO_EMAILS, DEMO_PASSWORD, expect, expectAccessible, signInAs, test } from './fixtures';

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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/facilities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
});

test('the bell counts the live alerts of the facility in scope and lists them', async ({ page }) => {
  await signInAs(page, 'pharmacist');
  const me = (await (await page.request.get('/api/auth/user')).json()) as Me;
  const live = await bellOf(page.request, `/api/notifications?facilityId=${me.facilityId}`);
  expect(live.count).toBeGreaterThan(0);
  await expect(page.getByTestId('notifications-count')).toHaveText(String(live.count));
  await page.getByTestId('notifications-bell').click();
  const menu = page.getByRole('menu');
  for (const item of live.items.filter((i) => i.itemName)) await expect(menu.getByText(item.itemName!, { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test('Emergency Alert: confirmed, sent, the spec toast; a second tap within a minute is refused; the in-charge sees it in her bell and the feed', async ({ page, browser, browserErrors }) => {
  await signInAs(page, 'nurse');
  const own = await facilityOf(page);
  await page.getByRole('button', { name: 'Emergency Alert' }).click();
  const confirm = page.getByRole('dialog', { name: `Send an emergency alert for ${own.name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  // A mis-tap: cancelling sends nothing and shows no toast.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Emergency Alert Sent', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Emergency Alert' }).click();
  await confirm.getByLabel('What is happening? (optional)').fill('Road accident: six casualties arriving');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/alerts') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Send alert' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Emergency Alert Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Emergency services have been notified. Response team dispatched.', { exact: true }).first()).toBeVisible();
  await expect(confirm).toBeHidden();

  // A second tap at once: refused by the server, and the screen says so instead of claiming it was sent.
  await page.getByRole('button', { name: 'Emergency Alert' }).click();
  await confirm.getByRole('button', { name: 'Send alert' }).click();
  await expect(page.getByText('Alert not sent', { exact: true }).first()).toBeVisible();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // The facility in-charge of the same hospital signs in elsewhere: the alert is at the top of her bell.
  const context = await browser.newContext();
  browserErrors.watch(context);
  const incharge = await context.newPage();
  await signInAs(incharge, 'facility_incharge');
  await incharge.getByTestId('notifications-bell').click();
  const first = incharge.getByRole('menu').getByRole('menuitem').first();
  await expect(first).toContainText(`Emergency alert: ${own.name}`);
  await expect(first).toContainText('Raised by Mary Achieng: Road accident: six casualties arriving');
  await incharge.keyboard.press('Escape');
  // And in the activity feed, naming the facility (not the words, which the feed's every reader would see). Not
  // necessarily first: the appointments journey moves the server's clock a day on, and what it recorded then is
  // dated after this alert.
  const feed = incharge.getByTestId('recent-activities');
  await expect(feed.getByTestId('activity-item').filter({ hasText: `Emergency alert raised for ${own.name}` }).first()).toBeVisible();
  await context.close();
});
