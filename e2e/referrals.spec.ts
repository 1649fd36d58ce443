// The referral journey (SPEC.md §2.14, issue 4): a clinical officer at the county referral hospital finds a
// patient by name and refers them to another facility, then marks the referral In Transit; a user of the
// receiving facility sees it under Incoming and marks it Received; the referral then shows in the patient's
// record with its history. The journey registers its own patient, so it depends on no other.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, expectPrintLink, randomLetters, randomNationalId, signInAs, test, toast, type BrowserErrors } from './fixtures.js';

async function me(page: Page): Promise<{ id: number; firstName: string; lastName: string; facilityId: number }> {
  const res = await page.request.get('/api/auth/user');
  expect(res.status()).toBe(200);
  return res.json();
}

async function facilityNameOf(page: Page, id: number): Promise<string> {
  const res = await page.request.get('/api/facilities');
  const list = (await res.json()) as { id: number; name: string }[];
  return list.find((f) => f.id === id)!.name;
}

async function cardValue(page: Page, name: string): Promise<number> {
  const value = page.getByRole('group', { name }).getByTestId('stat-value');
  await expect(value).toHaveText(/\d/);
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

async function receiverPage(browser: Browser, browserErrors: BrowserErrors): Promise<Page> {
  const context = await browser.newContext();
  browserErrors.watch(context);
  return context.newPage();
}

test('a clinical officer refers a patient; the receiving facility sees it under Incoming and marks it Received', async ({ page, browser, browserErrors }) => {
  // ---- the patient, registered for this journey ----
  const lastName = `Wanyama${randomLetters(8)}`;
  const fullName = `Akinyi ${lastName}`;
  await signInAs(page, 'clinical_officer', '/');
  const officer = await me(page);
  const registered = await page.request.post('/api/patients', {
    data: { nationalId: randomNationalId(), firstName: 'Akinyi', lastName, dateOfBirth: '1987-02-11', gender: 'female', facilityId: officer.facilityId },
  });
  expect(registered.status()).toBe(201);

  // ---- the receiving facility: where the sub-county medical officer works, which is not the officer's ----
  const receiver = await receiverPage(browser, browserErrors);
  await signInAs(receiver, 'subcounty_medical_officer', '/');
  const receiverUser = await me(receiver);
  expect(receiverUser.facilityId).not.toBe(officer.facilityId);
  const fromName = await facilityNameOf(page, officer.facilityId);
  const toName = await facilityNameOf(page, receiverUser.facilityId);

  // ---- the referrals screen, from data ----
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Referrals \(\d+\)$/ })).toBeVisible();
  const pendingBefore = await cardValue(page, 'Pending');
  const stats = await (await page.request.get(`/api/referrals/stats?facilityId=${officer.facilityId}`)).json();
  expect(pendingBefore).toBe(stats.pending);
  await expect(page.getByLabel('Facility', { exact: true })).toHaveValue(String(officer.facilityId));
  await expect(page.getByText(`Figures for ${fromName}`)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The cards count what the table lists: the whole county when the facility filter says so, and back.
  const county = await (await page.request.get('/api/referrals/stats')).json();
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: 'All Facilities' });
  await expect(page.getByText('Figures for the whole county')).toBeVisible();
  await expect.poll(() => cardValue(page, 'Pending')).toBe(county.pending);
  await page.getByLabel('Facility', { exact: true }).selectOption(String(officer.facilityId));
  await expect.poll(() => cardValue(page, 'Pending')).toBe(pendingBefore);
  await expectAccessible(page);

  // ---- Create Referral: the spec's messages first, nothing saved ----
  await page.getByRole('button', { name: 'Create Referral' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Referral' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('From Facility')).toHaveValue(String(officer.facilityId));
  await expect(dialog.getByLabel('Referring Doctor')).toHaveValue(String(officer.id));
  await dialog.getByRole('button', { name: 'Create Referral' }).click();
  for (const message of ['Patient is required', 'Receiving facility is required', 'Referral reason is required', 'Urgency level is required', 'Clinical notes are required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByRole('combobox', { name: 'Patient' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // The patient is found in the registry by name, not typed as an id.
  await dialog.getByRole('combobox', { name: 'Patient' }).fill(lastName);
  const option = dialog.getByRole('option', { name: new RegExp(fullName) });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await option.click();
  await expect(dialog.getByText('Patient is required')).toBeHidden();
  await dialog.getByLabel('To Facility').selectOption({ label: toName });
  await dialog.getByLabel('Referral Reason').fill('Suspected appendicitis, needs surgical review');
  await dialog.getByLabel('Urgency Level').selectOption({ label: 'Emergency' });
  await dialog.getByLabel('Clinical Notes').fill('RIF pain 18 h, guarding, T 38.6 C. IV fluids started, nil by mouth.');
  await dialog.getByRole('button', { name: 'Create Referral' }).click();
  await expect(toast(page, 'Referral Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list and the cards follow.
  await expect.poll(() => cardValue(page, 'Pending')).toBe(pendingBefore + 1);
  await page.getByLabel('Search patients').fill(lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Referrals (1)' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fromName);
  await expect(row).toContainText(toName);
  await expect(row).toContainText('Emergency');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(`${officer.firstName} ${officer.lastName}`);

  // ---- View Details: the history, and only the steps the referring side may take ----
  await row.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Referral Details' });
  await expect(details.getByTestId('referral-event')).toHaveCount(1);
  await expect(details.getByTestId('referral-event').first()).toContainText(`By ${officer.firstName} ${officer.lastName} (Clinical Officer)`);
  await expect(details.getByRole('button', { name: 'Mark In Transit' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Cancel Referral' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark Received' })).toHaveCount(0);
  await expectAccessible(page);
  // The referral letter prints: a PDF of this referral for the patient to carry.
  await expectPrintLink(page, details.getByRole('link', { name: 'Print referral letter' }), /^\/api\/referrals\/\d+\/letter\.pdf\?lang=en$/, [
    fullName,
    `To Facility ${toName}`,
    'Urgency Level Emergency',
    'Suspected appendicitis, needs surgical review',
    'Cadre Clinical Officer',
  ]);
  await details.getByLabel('Note (optional)').fill('Ambulance left at once');
  await details.getByRole('button', { name: 'Mark In Transit' }).click();
  await expect(toast(page, 'Referral In Transit')).toBeVisible();
  await expect(details.getByTestId('referral-event')).toHaveCount(2);
  await expect(details.getByTestId('referral-event').nth(1)).toContainText('Marked in transit');
  await expect(details.getByTestId('referral-event').nth(1)).toContainText('Ambulance left at once');
  // The referring side may not receive its own referral.
  await expect(details.getByRole('button', { name: 'Mark In Transit' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Mark Received' })).toHaveCount(0);
  // (Escape would first dismiss the toast, the newest layer.)
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('In Transit');

  // ---- the receiving facility: Incoming, then Mark Received ----
  await receiver.goto('/referrals');
  await receiver.getByRole('tab', { name: 'Incoming' }).click();
  await expect(receiver.getByRole('tab', { name: 'Incoming' })).toHaveAttribute('aria-selected', 'true');
  await expect(receiver.getByRole('heading', { name: new RegExp(`^Incoming to ${toName} \\(\\d+\\)$`) })).toBeVisible();
  await expect(receiver.getByText(`Figures for referrals coming to ${toName}`)).toBeVisible();
  const incomingStats = await (await receiver.request.get(`/api/referrals/stats?facilityId=${receiverUser.facilityId}&direction=incoming`)).json();
  await expect.poll(() => cardValue(receiver, 'In Transit')).toBe(incomingStats.inTransit);
  const searched = receiver.waitForResponse((r) => r.url().includes('/api/referrals?') && r.url().includes(`search=${lastName}`));
  await receiver.getByLabel('Search patients').fill(lastName);
  const incoming = receiver.getByRole('row', { name: new RegExp(fullName) });
  // The search has answered (the unfiltered list stays on screen, faded, until it does).
  await searched;
  await expect(receiver.getByRole('heading', { name: `Incoming to ${toName} (1)` })).toBeVisible();
  await expect(receiver.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(incoming).toHaveCount(1);
  await expect(incoming).toContainText('In Transit');
  await expectAccessible(receiver);
  await incoming.getByRole('button', { name: /View Details/ }).click();
  const received = receiver.getByRole('dialog', { name: 'Referral Details' });
  await expect(received.getByRole('button', { name: 'Mark Received' })).toBeVisible();
  await expectAccessible(receiver);
  await received.getByRole('button', { name: 'Mark Received' }).click();
  await expect(toast(receiver, 'Referral Received')).toBeVisible();
  await expect(received.getByTestId('referral-event')).toHaveCount(3);
  await expect(received.getByTestId('referral-event').nth(2)).toContainText(`By ${receiverUser.firstName} ${receiverUser.lastName}`);
  await expect(received.getByTestId('referral-event').nth(2)).toContainText(toName);
  // Received is final: no step is left.
  await expect(received.getByRole('button', { name: /Mark|Cancel Referral/ })).toHaveCount(0);
  await received.getByRole('button', { name: 'Close' }).click();
  await expect(incoming).toContainText('Received');

  // ---- the patient's record shows the referral ----
  await receiver.goto('/patients');
  await receiver.getByLabel('Search patients').fill(lastName);
  // Until the search answers, the previous page stays on screen, faded (the new patient is on it too).
  await expect(receiver.getByRole('heading', { name: 'Patients (1)' })).toBeVisible();
  await expect(receiver.locator('[aria-busy="true"]')).toHaveCount(0);
  const patientRow = receiver.getByRole('row', { name: new RegExp(fullName) });
  await expect(patientRow).toHaveCount(1);
  await patientRow.getByRole('button', { name: new RegExp(`View details`, 'i') }).click();
  const record = receiver.getByRole('dialog', { name: 'Patient Details' });
  const referral = record.getByTestId('patient-referral');
  await expect(referral).toHaveCount(1);
  await expect(referral).toContainText(fromName);
  await expect(referral).toContainText(toName);
  await expect(referral).toContainText('Received');
  await expect(referral).toContainText('Suspected appendicitis, needs surgical review');
  await expectAccessible(receiver);
  await receiver.context().close();
});
