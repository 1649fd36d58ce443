// Journeys through System Settings (issue 15): the system administrator changes a facility's status and services
// and finds the change in History with his name; sets the SMS gateway's API key and sees only that it is set,
// never the key; on a phone, a nurse reads the settings with one clear "only the administrator and the director
// change settings" and no buttons that would be refused.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures';

type Facility = { id: number; mflCode: string; name: string; level: number; status: string; services: string[]; capacity: number | null; cots: number | null };

async function facilityList(page: Page): Promise<Facility[]> {
  const res = await page.request.get('/api/facilities');
  expect(res.status()).toBe(200);
  return (await res.json()) as Facility[];
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('the system administrator changes a facility’s status and services and sees the change in History', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'admin', '/system');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await expect(page.getByTestId('system-read-only')).toHaveCount(0);
  // The county profile at version 1 (the seed), and the gazetted sub-counties, read-only.
  await expect(page.getByLabel('County name')).toHaveValue('Busia');
  await expect(page.getByTestId('subcounties').getByRole('listitem')).toHaveCount(7);
  await expect(page.getByTestId('subcounties')).toContainText('Ministry of Health name: Samia');
  await expectAccessible(page);

  // A dispensary far down the list (no other journey works there), found by its name.
  const list = await facilityList(page);
  const facility = list.filter((f) => f.level === 2).at(-1)!;
  const next = facility.status === 'limited' ? 'maintenance' : 'limited';
  const nextLabel = next === 'limited' ? 'Limited Staff' : 'Maintenance';
  await tab(page, 'Facilities').click();
  await page.getByLabel('Search facilities').fill(facility.name);
  const items = page.getByTestId('system-facilities').getByRole('listitem');
  await expect(items).toHaveCount(1);
  await items.getByRole('button', { name: `Edit ${facility.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${facility.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Status').selectOption(next);
  // A wrong number keeps what was typed and says what is wrong, under the field.
  await dialog.getByLabel('Beds').fill('6000');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Beds must be a whole number from 0 to 5000')).toBeVisible();
  await expect(dialog.getByLabel('Beds')).toHaveValue('6000');
  await dialog.getByLabel('Beds').fill('12');
  await dialog.getByLabel('Dental').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(items.first()).toContainText(nextLabel);
  await expect(items.first()).toContainText('Beds: 12');
  const saved = (await facilityList(page)).find((f) => f.id === facility.id)!;
  expect(saved).toMatchObject({ status: next, capacity: 12 });
  expect(saved.services).toContain('dental');

  // History: the facility's change with who, before and after.
  await tab(page, 'History').click();
  await page.getByLabel('Section', { exact: true }).selectOption('facility');
  const entry = page.getByTestId('history').getByRole('listitem').first();
  await expect(entry).toContainText(`Facility · ${facility.name} (${facility.mflCode})`);
  await expect(entry).toContainText('David Omuse');
  await expect(entry).toContainText(nextLabel);
  await expect(entry).toContainText('Beds');
  await expect(entry).toContainText('Services');
  await expect(entry).toContainText('Dental');
  await expectAccessible(page);

  // Put the facility back as it was (another version in its history).
  const back = await page.request.patch(`/api/facilities/${facility.id}`, { data: { status: facility.status, capacity: facility.capacity ?? '', services: facility.services } });
  expect(back.status()).toBe(200);
});

test('the system administrator sets the SMS API key and sees that it is set, never the key', async ({ page }) => {
  test.setTimeout(90_000);
  const key = `atsk_${Date.now().toString(36)}e2eSecretValue`;
  await signInAs(page, 'admin', '/system');
  await tab(page, 'SMS gateway').click();
  await expect(page.getByTestId('sms-status')).toContainText('Simulator — messages are kept, not sent');
  await expect(page.getByTestId('api-key-status')).toHaveText('Not set');
  await page.getByRole('button', { name: 'Set API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the API key' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill('short');
  await dialog.getByRole('button', { name: 'Save API key' }).click();
  await expect(dialog.getByText('The API key is at least 8 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'API key' }).fill(key);
  await dialog.getByRole('button', { name: 'Save API key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('api-key-status')).toHaveText(/^Set on .+ by David Omuse$/);
  await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();
  expect(await page.content()).not.toContain(key);
  for (const url of ['/api/system/settings', '/api/system/settings/history?limit=200']) {
    expect(await (await page.request.get(url)).text()).not.toContain(key);
  }
  await expectAccessible(page);

  // History says "set", not the key.
  await tab(page, 'History').click();
  await page.getByLabel('Section', { exact: true }).selectOption('sms');
  const entry = page.getByTestId('history').getByRole('listitem').first();
  await expect(entry).toContainText('SMS gateway · API key');
  await expect(entry).toContainText('not set → set');
  expect(await page.content()).not.toContain(key);

  // Cleared again, with a confirmation: the gateway stays the simulator for the other journeys.
  await tab(page, 'SMS gateway').click();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByTestId('api-key-status')).toHaveText('Not set');
});

test('the system administrator adds an appointment service at his facility, edits it and deactivates it', async ({ page }) => {
  const code = `e2e_${Date.now().toString(36)}`;
  await signInAs(page, 'admin', '/system');
  await tab(page, 'Appointment services').click();
  const list = page.getByTestId('appointment-services');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an appointment service' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill('Bad Code');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Diabetes clinic');
  await dialog.getByRole('textbox', { name: 'Appointments per day' }).fill('25');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Code must be 2 to 30 lower-case letters, digits or _, starting with a letter')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Diabetes clinic');
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const item = list.getByRole('listitem').filter({ hasText: code });
  await expect(item).toContainText('Diabetes clinic');
  await expect(item).toContainText('25 a day');
  await item.getByRole('button', { name: 'Edit Diabetes clinic' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Diabetes clinic' });
  await edit.getByRole('textbox', { name: 'Appointments per day' }).fill('30');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText('30 a day');
  await item.getByRole('button', { name: 'Deactivate' }).click();
  await expect(item).toContainText('Inactive');
  await expectAccessible(page);
});

test('on a phone, a nurse reads the settings, told once that only the administrator and the director change them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'nurse', '/system');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await expect(page.getByTestId('system-read-only')).toHaveText('You can view these settings. Only the system administrator and the county director change them.');
  await expect(page.getByLabel('County name')).toHaveValue('Busia');
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  // Nothing wider than the screen but the tab list, which scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await tab(page, 'Facilities').click();
  await expect(page.getByTestId('system-facilities').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await tab(page, 'SMS gateway').click();
  await expect(page.getByTestId('api-key-status')).toBeVisible();
  await expect(page.getByRole('button', { name: /API key|Replace|Clear/ })).toHaveCount(0);
  await tab(page, 'Fiscal year').click();
  await expect(page.getByTestId('fiscal-year')).toContainText(/Fiscal year 20\d\d\/\d\d/);
  await expect(page.getByRole('link', { name: 'Open Accounting' })).toBeVisible();
  await tab(page, 'History').click();
  await expect(page.getByTestId('history-forbidden')).toBeVisible();
  await expectAccessible(page);
});

test('on a phone, the county director edits a facility in a dialog that fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'county_director', '/system');
  await tab(page, 'Facilities').click();
  const first = page.getByTestId('system-facilities').getByRole('listitem').first();
  await first.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Status')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeInViewport();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('on a phone, the system administrator watches the SMS outbox and sends a test message through the simulator', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/system');
  await tab(page, 'SMS outbox').click();
  const table = page.getByRole('table', { name: 'SMS messages, newest first' });
  // The demo county's reminders, delivered: the administrator sees their delivery, not whom they reached.
  const delivered = table.getByRole('row').filter({ hasText: 'Appointment reminder' }).first();
  await expect(delivered).toContainText('Delivered');
  await expect(delivered).toContainText(/07\d\d ••• \d{3}|01\d\d ••• \d{3}/);
  await expect(delivered.getByRole('button', { name: 'Resend' })).toBeDisabled();
  await expect(delivered).toContainText('Delivered: nothing to resend');
  // Only the table scrolls sideways, inside its own region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send test message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a test message' });
  await dialog.getByRole('textbox', { name: /Mobile number/ }).fill('020 123 4567');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByText('Enter a Kenyan mobile number')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await dialog.getByRole('textbox', { name: /Mobile number/ }).fill('0799 000 122');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Test message delivered to +254799000122', { exact: true })).toBeVisible();

  // Found again by its number and kind.
  await page.getByRole('searchbox', { name: 'Phone number' }).fill('0799000122');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('test');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Messages (1)' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: '+254799000122' });
  await expect(row).toContainText('Test message');
  await expect(row).toContainText('Simulator');
  await expect(row).toContainText('Delivered');
  await expectAccessible(page);
});
