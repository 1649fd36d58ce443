// Steps of the billing journeys shared by the desktop and the phone journeys (e2e/billing.spec.ts, e2e/phone.spec.ts).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, toast } from './fixtures.js';

/**
 * Creates the invoice through the Create Invoice dialog, finding the patient by name, after checking the spec's
 * messages for an empty form; then finds it with the filter row and returns its number.
 */
export async function createInvoice(page: Page, patient: { name: string; lastName: string }, amount: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Invoice' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await expect(dialog).toBeVisible();

  // The spec's messages when nothing is filled in (§5).
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  for (const message of ['Patient is required', 'Service type is required', 'Amount is required', 'Payment method is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);

  await dialog.getByRole('combobox', { name: 'Patient' }).fill(patient.lastName);
  await dialog.getByRole('option', { name: new RegExp(patient.name) }).click();
  await expect(dialog.getByTestId('selected-patient')).toContainText(patient.name);
  await dialog.getByLabel('Service type').selectOption('consultation');
  await dialog.getByLabel('Amount (KES)').fill(amount);
  await dialog.getByLabel('Payment method').selectOption('mpesa');
  await expect(dialog.getByTestId('patient-payable')).toHaveText(/1,250|1,251|\d/);
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toast(page, 'Invoice Created')).toBeVisible();
  await expect(toast(page, 'Billing record created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it with the filter row (search by patient name, then Search).
  await page.getByLabel('Search by patient name or ID').fill(patient.lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('invoice-row');
  // The previous page stays on screen until the new one arrives: wait for this patient's row.
  await expect(row.filter({ hasText: patient.name })).toHaveCount(1);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  return (await row.getAttribute('data-invoice'))!;
}
