// Journeys on a phone (issue 12): at 390 × 844 no screen scrolls sideways, each screen's main dialog fits the
// screen and its submit button can be scrolled to and pressed, the menu button opens the navigation, and a records
// officer completes a registration (typing the date of birth day first, as Kenyans write it) and a payment.
import type { Locator, Page } from '@playwright/test';
import { createInvoice } from './billing-steps.js';
import { DEMO_EMAILS, expect, expectAccessible, randomLetters, randomNationalId, registerPatientThroughApi, signInAs, test, toast } from './fixtures.js';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Nothing on the page is wider than the phone: the document and the body do not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document, 'document scrollWidth').toBeLessThanOrEqual(PHONE.width);
  expect(widths.body, 'body scrollWidth').toBeLessThanOrEqual(PHONE.width);
}

/** The box lies wholly on the screen. */
async function expectOnScreen(locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box, 'bounding box').not.toBeNull();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

const SCREENS: { screen: string; role: keyof typeof DEMO_EMAILS; path: string; heading: string; opener: string; dialog: string; submit: string; message: string }[] = [
  {
    screen: 'dashboard',
    role: 'records_officer',
    path: '/',
    heading: 'County Health Dashboard',
    opener: 'Quick Patient Registration',
    dialog: 'Register New Patient',
    submit: 'Register Patient',
    message: 'National ID must be at least 7 characters',
  },
  {
    screen: 'registry',
    role: 'records_officer',
    path: '/patients',
    heading: 'Patient Registry',
    opener: 'Register Patient',
    dialog: 'Register New Patient',
    submit: 'Register Patient',
    message: 'National ID must be at least 7 characters',
  },
  { screen: 'billing', role: 'records_officer', path: '/billing', heading: 'Billing & Payments', opener: 'Create Invoice', dialog: 'Create Invoice', submit: 'Create Invoice', message: 'Patient is required' },
  { screen: 'referrals', role: 'clinical_officer', path: '/referrals', heading: 'Referrals', opener: 'Create Referral', dialog: 'Create Referral', submit: 'Create Referral', message: 'Referral reason is required' },
];

for (const s of SCREENS) {
  test(`at 390 px the ${s.screen} does not scroll sideways and its ${s.dialog} dialog fits the screen`, async ({ page }) => {
    await signInAs(page, s.role, s.path);
    await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible();
    // Wait for the data: a table drawn late is what used to widen the page.
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The shell's floating buttons stay on the screen.
    await expectOnScreen(page.getByRole('button', { name: 'Emergency Alert' }));

    const opener = page.getByRole('button', { name: s.opener, exact: true }).first();
    await expectOnScreen(opener);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: s.dialog });
    await expect(dialog).toBeVisible();
    await expect(async () => expectOnScreen(dialog)).toPass();
    await expectNoSidewaysScroll(page);

    // The dialog scrolls inside itself: its submit button, below the fold on a phone, can be reached and pressed.
    const submit = dialog.getByRole('button', { name: s.submit, exact: true });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport({ ratio: 1 });
    await expectOnScreen(submit);
    await submit.click();
    await expect(dialog.getByText(s.message)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test('at 390 px the menu button opens the navigation, and a link in it leads to its screen', async ({ page }) => {
  await signInAs(page, 'records_officer', '/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const link = nav.getByRole('link', { name: 'Billing & Payments' });
  await expect(link).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expectOnScreen(menu);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(link).toBeVisible();
  await expectOnScreen(link);
  await expectNoSidewaysScroll(page);
  await link.click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Payments' })).toBeVisible();
  await expect(link).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('at 390 px a records officer registers a patient, typing the date of birth day first', async ({ page }) => {
  const nationalId = randomNationalId();
  const lastName = `Barasa${randomLetters(8)}`;
  await signInAs(page, 'records_officer', '/patients');
  await page.getByRole('button', { name: 'Register Patient', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Register New Patient' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('National ID').fill(nationalId);
  await dialog.getByLabel('First Name').fill('Wanjiru');
  await dialog.getByLabel('Last Name').fill(lastName);
  const dob = dialog.getByLabel('Date of Birth');
  await expect(dob).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await expect(dob).toHaveAccessibleDescription('Day first: DD/MM/YYYY');
  await dialog.getByLabel('Female').check();

  // A day the month does not have, a two-digit year and a date still to come are refused, never stored otherwise.
  const submit = dialog.getByRole('button', { name: 'Register Patient' });
  await dob.fill('31/02/2000');
  await submit.click();
  await expect(dialog.getByText('There is no such date')).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await dob.fill('23/04/90');
  await expect(dialog.getByText('Type the year in full, for example 23/04/1990, not 23/04/90')).toBeVisible();
  await dob.fill('23/04/2090');
  await expect(dialog.getByText('Date of birth cannot be in the future')).toBeVisible();
  const none = await page.request.get(`/api/patients?search=${nationalId}`);
  expect(await none.json()).toEqual([]);

  // Typed day first, read back in words before it is saved.
  await dob.fill('23/04/1990');
  await expect(dialog.getByTestId('dob-reading')).toHaveText('Will be saved as 23 April 1990');
  await expect(dob).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expect(toast(page, 'Patient Registered Successfully')).toBeVisible();
  await expect(toast(page, `Wanjiru ${lastName} has been registered with National ID ${nationalId}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // In the list, and stored as the 23rd of April 1990.
  await page.getByLabel('Search patients').fill(lastName);
  await expect(page.getByRole('row', { name: new RegExp(`Wanjiru ${lastName}`) })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const stored = await page.request.get(`/api/patients?search=${nationalId}`);
  const [patient] = (await stored.json()) as { dateOfBirth: string }[];
  expect(patient?.dateOfBirth).toBe('1990-04-23');
});

test('at 390 px a records officer invoices a patient and takes the payment in cash until the invoice shows Paid', async ({ page }) => {
  await signInAs(page, 'records_officer', '/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Payments' })).toBeVisible();
  const patient = await registerPatientThroughApi(page);
  const invoice = await createInvoice(page, patient, '750');
  await expectNoSidewaysScroll(page);

  // The row action scrolls into view inside the table's own container, and is a finger's size.
  const pay = page.getByRole('button', { name: `Process Payment for ${invoice}` });
  await pay.scrollIntoViewIfNeeded();
  const box = (await pay.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Process Payment' });
  await expect(dialog).toBeVisible();
  await expect(async () => expectOnScreen(dialog)).toPass();
  await dialog.getByRole('tab', { name: 'Cash' }).click();
  const record = dialog.getByRole('button', { name: 'Record cash payment' });
  await record.scrollIntoViewIfNeeded();
  await record.click();
  await expect(toast(page, 'Cash Payment Recorded')).toBeVisible();
  await expect(dialog.getByTestId('payment-paid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('invoice-row');
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: `Process Payment for ${invoice}` })).toHaveCount(0);
});
