// Keyboard and focus (issue 12): focus goes back to the control that opened a dialog when it closes, by Escape or
// by a completed form, whether the dialog is a page's, a table row's or the shell's; and every control the Tab
// key reaches draws a visible focus indicator.
import type { Locator, Page } from '@playwright/test';
import { expect, randomLetters, randomNationalId, registerPatientThroughApi, signInAs, test, toast } from './fixtures.js';

/** Opens a dialog from the keyboard: the opener is focused and Enter pressed, as a keyboard user would. */
async function openByKeyboard(page: Page, opener: Locator, dialogName: string): Promise<Locator> {
  await opener.focus();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // The focus moved into the dialog (the page behind is hidden from the accessibility tree meanwhile).
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

/**
 * The focused element and whether it draws a deliberate focus indicator: an outline at least 2 px wide in a real
 * style (not the browser's thin 'auto' default, which some controls' own styles switch off), or a ring (box-shadow).
 */
async function focusIndicator(page: Page): Promise<{ name: string; visible: boolean } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = !['none', 'auto'].includes(style.outlineStyle) && parseFloat(style.outlineWidth) >= 2 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const ring = style.boxShadow !== 'none';
    const label = el.getAttribute('aria-label') ?? (el.getAttribute('role') === 'tabpanel' ? 'tabpanel' : el.textContent);
    return { name: `${el.tagName.toLowerCase()} "${(label ?? '').trim().slice(0, 40)}"`, visible: outline || ring };
  });
}

test('focus returns to the button that opened the registration dialog, after Escape and after registering', async ({ page }) => {
  await signInAs(page, 'records_officer', '/patients');
  const opener = page.getByRole('button', { name: 'Register Patient', exact: true });

  let dialog = await openByKeyboard(page, opener, 'Register New Patient');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  dialog = await openByKeyboard(page, opener, 'Register New Patient');
  const nationalId = randomNationalId();
  const lastName = `Omondi${randomLetters(8)}`;
  await dialog.getByLabel('National ID').fill(nationalId);
  await dialog.getByLabel('First Name').fill('Juma');
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('Date of Birth').fill('07.11.1979');
  await expect(dialog.getByTestId('dob-reading')).toHaveText('Will be saved as 7 November 1979');
  await dialog.getByLabel('Male', { exact: true }).check();
  await dialog.getByLabel('Last Name').press('Enter');
  await expect(toast(page, `Juma ${lastName} has been registered with National ID ${nationalId}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const stored = await page.request.get(`/api/patients?search=${nationalId}`);
  expect(((await stored.json()) as { dateOfBirth: string }[])[0]?.dateOfBirth).toBe('1979-11-07');
});

test("focus returns to a table row's action and to the shell's floating button when their dialogs close", async ({ page }) => {
  await signInAs(page, 'records_officer', '/billing');
  const patient = await registerPatientThroughApi(page);
  await page.getByLabel('Search by patient name or ID').fill(patient.lastName);
  const billed = await page.request.post('/api/billing', { data: { patientId: patient.id, serviceType: 'consultation', amount: 300, paymentMethod: 'cash', facilityId: 1 } });
  expect(billed.status()).toBe(201);
  const { invoiceNumber } = (await billed.json()) as { invoiceNumber: string };
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const view = page.getByRole('button', { name: `View details of ${invoiceNumber}` });
  await expect(view).toBeVisible();

  const details = await openByKeyboard(page, view, `Invoice ${invoiceNumber}`);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(view).toBeFocused();

  // The Process Payment dialog, closed with its own Close button from the keyboard.
  const pay = page.getByRole('button', { name: `Process Payment for ${invoiceNumber}` });
  const payment = await openByKeyboard(page, pay, 'Process Payment');
  // Its tab panel is reached by Tab, and shows it.
  await payment.getByRole('tabpanel').focus();
  expect(await focusIndicator(page)).toEqual({ name: 'div "tabpanel"', visible: true });
  await payment.getByRole('button', { name: 'Close' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(payment).toBeHidden();
  await expect(pay).toBeFocused();

  // The shell's Quick Patient Registration: its dialog is loaded on demand and removed when closed.
  const quick = page.getByRole('button', { name: 'Quick Patient Registration' });
  const registration = await openByKeyboard(page, quick, 'Register New Patient');
  await page.keyboard.press('Escape');
  await expect(registration).toBeHidden();
  await expect(quick).toBeFocused();
});

test('every control the Tab key reaches on the dashboard shows where the focus is', async ({ page }) => {
  await signInAs(page, 'county_director', '/');
  await expect(page.getByRole('group', { name: 'Total Patients' }).getByTestId('stat-value')).toHaveText(/\d/);
  const seen: string[] = [];
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIndicator(page);
    if (!focus) continue;
    seen.push(focus.name);
    expect(focus.visible, `a visible focus indicator on ${focus.name}`).toBe(true);
  }
  // The walk went through the skip link, the header's icon buttons and the sidebar's links.
  expect(seen).toEqual(expect.arrayContaining(['a "Skip to main content"', 'a "Dashboard"', 'a "Patient Registry"']));
  expect(seen.some((s) => s.startsWith('button "Notifications'))).toBe(true);
});
