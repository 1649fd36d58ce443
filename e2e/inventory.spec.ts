// Journeys through Medical Inventory (SPEC.md §2.15, §4 stock status, §5): the pharmacist at the county referral
// hospital issues examination gloves until they show Low Stock and the bell shows them; an issue larger than the
// stock is refused and changes nothing; the History names her. She adds a new item (the §5 messages first). A
// nurse reads the stock but cannot move it. Every figure checked on screen is read from the API first.
import type { Page } from '@playwright/test';
import { bellOf, expect, expectAccessible, signInAs, test } from './fixtures.js';

type Item = { id: number; itemName: string; facilityId: number; facility: string; currentStock: number; minimumStock: number; status: string; unit: string };
type Stats = { totalItems: number; lowStock: number; outOfStock: number; totalValue: number };

const FACILITY = 'Busia County Referral Hospital';
const GLOVES = 'Examination Gloves (Medium)';
const randomTag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A toast's text, matched exactly (Radix also copies it into a live region). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

async function itemByName(page: Page, name: string, facilityId = 1): Promise<Item> {
  const items = await getJson<Item[]>(page, `/api/inventory?facilityId=${facilityId}&search=${encodeURIComponent(name)}`);
  const item = items.find((i) => i.itemName === name);
  expect(item, name).toBeDefined();
  return item!;
}

async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notifications-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

const row = (page: Page, name: string) => page.getByTestId('inventory-row').filter({ has: page.getByText(name, { exact: true }) });

test('a pharmacist issues gloves until they show Low Stock and the bell lists them; too large an issue changes nothing', async ({ page }) => {
  await signInAs(page, 'pharmacist', '/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Inventory' })).toBeVisible();

  // The cards are her facility's (the shell's Current Facility), from the database.
  const stats = await getJson<Stats>(page, '/api/inventory/stats?facilityId=1');
  await expect(page.getByRole('group', { name: 'Total Items' }).getByTestId('stat-value')).toHaveText(String(stats.totalItems));
  await expect(page.getByRole('group', { name: 'Low Stock' }).getByTestId('stat-value')).toHaveText(String(stats.lowStock));
  await expect(page.getByRole('group', { name: 'Out of Stock' }).getByTestId('stat-value')).toHaveText(String(stats.outOfStock));
  await expect(page.getByRole('group', { name: 'Total Items' })).toContainText(`At ${FACILITY}`);

  // The facility filter lists every facility in the database and starts at hers.
  const facilities = await getJson<{ id: number }[]>(page, '/api/facilities');
  const facilityFilter = page.getByLabel('Facility', { exact: true });
  await expect(facilityFilter.locator('option')).toHaveCount(facilities.length + 1);
  await expect(facilityFilter).toHaveValue('1');

  // The cards count what the list shows: the whole county when the filter says so, and back again.
  const county = await getJson<Stats>(page, '/api/inventory/stats');
  expect(county.totalItems).toBeGreaterThan(stats.totalItems);
  await facilityFilter.selectOption({ label: 'All Facilities' });
  await expect(page.getByRole('group', { name: 'Total Items' }).getByTestId('stat-value')).toHaveText(county.totalItems.toLocaleString('en-KE'));
  await expect(page.getByRole('group', { name: 'Total Items' })).toContainText('All facilities in the county');
  await facilityFilter.selectOption('1');
  await expect(page.getByRole('group', { name: 'Total Items' }).getByTestId('stat-value')).toHaveText(String(stats.totalItems));

  const gloves = await itemByName(page, GLOVES);
  expect(gloves.status).toBe('in_stock');
  const toIssue = gloves.currentStock - gloves.minimumStock;
  await expect(row(page, GLOVES).getByTestId('stock-status')).toHaveText('In Stock');
  await expect(row(page, GLOVES).getByTestId('current-stock')).toHaveText(`${gloves.currentStock} pairs`);
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  const bellBefore = (await bellOf(page.request, '/api/notifications?facilityId=1')).count;
  await expect.poll(() => bellCount(page)).toBe(bellBefore);
  await expectAccessible(page);

  // Issue down to the minimum: the line turns Low Stock and the bell counts one more alert, naming it.
  const reason = `Issued to Theatre ${randomTag()}`;
  await row(page, GLOVES).getByRole('button', { name: `Update stock of ${GLOVES} at ${FACILITY}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Stock' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('stock-on-hand')).toContainText(`${gloves.currentStock} pairs`);
  await expect(dialog.getByLabel('Issued (stock out)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Movement' }).click();
  await expect(dialog.getByText('Quantity is required')).toBeVisible();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Quantity').fill(String(toIssue));
  await expect(dialog.getByText(`New balance: ${gloves.minimumStock} pairs`)).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Save Movement' }).click();
  await expect(toast(page, 'Stock Updated')).toBeVisible();
  await expect(toast(page, `${GLOVES}: ${gloves.minimumStock} pairs in stock.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, GLOVES).getByTestId('stock-status')).toHaveText('Low Stock');
  await expect(row(page, GLOVES).getByTestId('current-stock')).toHaveText(`${gloves.minimumStock} pairs`);
  await expect(page.getByRole('group', { name: 'Low Stock' }).getByTestId('stat-value')).toHaveText(String(stats.lowStock + 1));
  await expect(page.getByTestId('notifications-count')).toHaveText(String(bellBefore + 1));
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByRole('menuitem').filter({ hasText: GLOVES })).toContainText('Low stock alert');
  await page.keyboard.press('Escape');

  // An issue larger than the stock: the server's 409 under the quantity, and nothing changes.
  const movementsBefore = Number((await page.request.get(`/api/inventory/${gloves.id}/movements?limit=1`)).headers()['x-total-count']);
  await row(page, GLOVES).getByRole('button', { name: `Update stock of ${GLOVES} at ${FACILITY}` }).click();
  await expect(dialog).toBeVisible();
  const tooMany = gloves.minimumStock + 1;
  await dialog.getByLabel('Quantity').fill(String(tooMany));
  await expect(dialog.getByText(`Not enough stock: only ${gloves.minimumStock} pairs on hand`)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Issued to Maternity ward');
  await dialog.getByRole('button', { name: 'Save Movement' }).click();
  const refusal = `Only ${gloves.minimumStock} pairs in stock: cannot issue ${tooMany}`;
  await expect(toast(page, 'Stock Not Updated')).toBeVisible();
  await expect(toast(page, `409: ${refusal}`)).toBeVisible();
  await expect(dialog.getByLabel('Quantity')).toHaveAccessibleDescription(new RegExp(refusal.replace(/[()]/g, '\\$&')));
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await itemByName(page, GLOVES)).currentStock).toBe(gloves.minimumStock);
  expect(Number((await page.request.get(`/api/inventory/${gloves.id}/movements?limit=1`)).headers()['x-total-count'])).toBe(movementsBefore);
  await expect(row(page, GLOVES).getByTestId('current-stock')).toHaveText(`${gloves.minimumStock} pairs`);
  await expect(page.getByTestId('notifications-count')).toHaveText(String(bellBefore + 1));

  // The History: her issue on top, with its reason, the balance it left and her name; the seeded deliveries below.
  await row(page, GLOVES).getByRole('button', { name: `Stock history of ${GLOVES} at ${FACILITY}` }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  const first = history.getByTestId('movement-row').first();
  await expect(first).toContainText('Issued');
  await expect(first).toContainText(`-${toIssue} pairs`);
  await expect(first).toContainText(reason);
  await expect(first).toContainText('Faith Nafula');
  await expect(first.getByRole('cell').nth(3)).toHaveText(String(gloves.minimumStock));
  await expect(history.getByTestId('movement-row')).toHaveCount(20);
  await expect(history.getByTestId('movement-row').filter({ hasText: 'Received' }).first()).toContainText('Delivery from MEDS');
  await expect(history.getByText(`Showing 1–20 of ${movementsBefore}`)).toBeVisible();
  await expectAccessible(page);
});

test('a pharmacist adds an item: the empty form shows the §5 messages, then its opening balance is in the History', async ({ page }) => {
  const name = `Gauze Roll 10cm ${randomTag()}`;
  await signInAs(page, 'pharmacist', '/inventory');
  const before = await getJson<Stats>(page, '/api/inventory/stats?facilityId=1');
  await expect(page.getByRole('group', { name: 'Total Items' }).getByTestId('stat-value')).toHaveText(String(before.totalItems));

  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inventory Item' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Facility')).toHaveValue('1');
  await expect(dialog.getByRole('combobox', { name: 'Unit', exact: true }).locator('option')).toHaveText(['Select unit', 'tablets', 'vials', 'units', 'pairs', 'sheets', 'bottles']);
  await expect(dialog.getByLabel('Unit Cost (KES)')).toHaveAttribute('step', '0.01');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  for (const message of ['Item name is required', 'Category is required', 'Current stock is required', 'Minimum stock is required', 'Unit is required', 'Supplier is required', 'Unit cost is required']) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByLabel('Item Name')).toHaveAccessibleDescription('Item name is required');
  await expectAccessible(page);
  expect(await getJson<Item[]>(page, `/api/inventory?search=${encodeURIComponent(name)}`)).toEqual([]);

  await dialog.getByLabel('Item Name').fill(name);
  await dialog.getByLabel('Category').selectOption('medical_supplies');
  await dialog.getByLabel('Current Stock').fill('120');
  await dialog.getByLabel('Minimum Stock').fill('20');
  await dialog.getByRole('combobox', { name: 'Unit', exact: true }).selectOption('units');
  await dialog.getByLabel('Supplier').fill('MEDS');
  await dialog.getByLabel('Unit Cost (KES)').fill('35.50');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, 'Item Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'Total Items' }).getByTestId('stat-value')).toHaveText(String(before.totalItems + 1));

  // Found with the Search button; In Stock, its cost with cents, and its opening balance on record.
  await page.getByLabel('Search', { exact: true }).fill(name.split(' ').at(-1)!);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  const line = row(page, name);
  await expect(line.getByTestId('stock-status')).toHaveText('In Stock');
  await expect(line.getByTestId('current-stock')).toHaveText('120 units');
  await expect(line).toContainText('35.50');
  await expect(line).toContainText('Medical Supplies');
  await line.getByRole('button', { name: `Stock history of ${name} at ${FACILITY}` }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  await expect(history.getByTestId('movement-row')).toHaveCount(1);
  await expect(history.getByTestId('movement-row')).toContainText('Opening balance');
  await expect(history.getByTestId('movement-row')).toContainText('Faith Nafula');
});

test('a nurse reads the stock but may not add or move it', async ({ page }) => {
  await signInAs(page, 'nurse', '/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Inventory' })).toBeVisible();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
  const updates = page.getByRole('button', { name: /^Update stock of / });
  expect(await updates.count()).toBeGreaterThan(0);
  for (const button of await updates.all()) await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Stock history of / }).first()).toBeEnabled();
  await expectAccessible(page);
});
