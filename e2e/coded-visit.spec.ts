// Journeys through the coded visit (issue 13): a clinical officer records a visit with vitals and an ICD-11
// diagnosis found by typing, and reads it back in the patient's records; a vital out of range, refused in the
// browser or by the server, is shown under its field and nothing typed is lost; on a phone a child's visit, with
// MUAC, is recorded the same way; the author corrects a visit, a stale correction is refused, and the history
// keeps what the visit said. Each journey registers its own patient.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerPatientThroughApi, signInAs, test, toast, type RegisteredPatient } from './fixtures.js';

const PHONE = { width: 390, height: 844 };

/** The registry, searched for the patient, with their Add Medical Record dialog open. */
async function openAddRecord(page: Page, patient: RegisteredPatient) {
  await page.getByLabel('Search patients').fill(patient.lastName);
  await page.getByRole('button', { name: `Add medical record for ${patient.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medical Record' });
  await expect(dialog).toBeVisible();
  return dialog;
}

type RecordRow = { id: number; version: number; visitType: string; diagnoses: { code: string; caseType: string }[]; vitals: Record<string, number | null> };

async function recordsOf(page: Page, patientId: number): Promise<RecordRow[]> {
  const res = await page.request.get(`/api/patients/${patientId}/records`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RecordRow[];
}

test('a clinical officer records a visit with vitals and a malaria diagnosis found by typing, and reads it in the records', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'clinical_officer', '/patients');
  const patient = await registerPatientThroughApi(page, { firstName: 'Akinyi', dateOfBirth: '1992-07-01' });
  const dialog = await openAddRecord(page, patient);

  // The spec's fields stay, with the coded visit around them; an adult is not asked for MUAC.
  for (const name of ['Visit', 'Vital signs', 'Diagnoses (ICD-11)']) await expect(dialog.getByRole('group', { name })).toBeVisible();
  await expect(dialog.getByLabel('Visit type')).toHaveValue('');
  await expect(dialog.getByLabel('Visit type')).toHaveAccessibleDescription(/^OPD rule: a patient's first visit to this facility in the calendar year is new/);
  await expect(dialog.getByLabel('MUAC')).toHaveCount(0);
  await expect(dialog.getByLabel('Temperature')).toHaveAttribute('inputmode', 'decimal');
  await expectAccessible(page);

  // A temperature no living patient has is refused under its field; what was typed stays, and nothing is saved.
  const complaint = 'Fever, chills and vomiting for two days';
  await dialog.getByLabel('Chief Complaint').fill(complaint);
  await dialog.getByLabel('Temperature').fill('50');
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  const tooHot = 'Temperature must be between 25 and 45 °C';
  await expect(dialog.getByText(tooHot)).toBeVisible();
  await expect(dialog.getByLabel('Temperature')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Temperature')).toHaveAccessibleDescription(`°C ${tooHot}`);
  await expect(dialog.getByLabel('Chief Complaint')).toHaveValue(complaint);
  await expect(dialog.getByLabel('Temperature')).toHaveValue('50');
  expect(await recordsOf(page, patient.id)).toEqual([]);

  await dialog.getByLabel('Temperature').fill('38.5');
  await expect(dialog.getByText(tooHot)).toBeHidden();
  await dialog.getByLabel('Pulse').fill('96');
  await dialog.getByLabel('Respiratory rate').fill('22');
  await dialog.getByLabel('Systolic BP').fill('120');
  await dialog.getByLabel('Diastolic BP').fill('80');
  await dialog.getByLabel('SpO2').fill('97');
  await dialog.getByLabel('Weight').fill('61,5'); // a phone keyboard's decimal comma
  await dialog.getByLabel('Referred from').selectOption({ label: 'Community unit' });

  // The diagnosis is found by typing part of its name, chosen with the arrow keys and Enter.
  const search = dialog.getByRole('combobox', { name: 'Search ICD-11 by name or code' });
  await search.fill('malaria');
  const matches = dialog.getByRole('listbox', { name: 'ICD-11 codes found' });
  const falciparum = matches.getByRole('option', { name: '1F40.Z Malaria due to Plasmodium falciparum, unspecified' });
  await expect(falciparum).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 5 && (await falciparum.getAttribute('aria-selected')) !== 'true'; i++) await search.press('ArrowDown');
  await expect(falciparum).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(dialog).toBeVisible(); // Enter picked; it did not save the visit
  const picked = dialog.getByTestId('picked-diagnosis');
  await expect(picked).toHaveCount(1);
  await expect(picked.first()).toContainText('1F40.Z Malaria due to Plasmodium falciparum, unspecified');
  await expect(picked.first().getByRole('radio', { name: 'New case' })).toBeChecked();
  await expect(search).toHaveValue('');

  // A second code, picked with the pointer, is a repeat visit for the same illness.
  await search.fill('pneumonia');
  await matches.getByRole('option', { name: /^CA40 Pneumonia(?!,)/ }).click();
  await expect(picked).toHaveCount(2);
  await dialog.getByRole('radiogroup', { name: 'New or repeat case: CA40' }).getByRole('radio', { name: 'Repeat' }).check();
  // A code on the visit is offered again but not picked twice.
  await search.fill('1F40.Z');
  await expect(matches.getByRole('option', { name: /^1F40\.Z .*\(added\)/ })).toHaveAttribute('aria-disabled', 'true');
  await search.press('Enter');
  await expect(picked).toHaveCount(2);
  await search.fill('');
  await dialog.getByLabel('Diagnosis', { exact: true }).fill('RDT positive');
  await expectAccessible(page);

  // The server's own refusal of a field (here faked once) is shown under that field, and the form is kept.
  const pulseTooHigh = 'Pulse must be between 20 and 250 /min';
  const notListed = 'CA40 is not in the ICD-11 list: choose a diagnosis from the list';
  let refused = false;
  await page.route('**/api/medical-records', async (route) => {
    if (refused || route.request().method() !== 'POST') return route.fallback();
    refused = true;
    const issues = [
      { path: 'vitals.pulse', message: pulseTooHigh },
      { path: 'diagnoses.1.code', message: notListed },
    ];
    await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'invalid_input', message: `${pulseTooHigh}; ${notListed}`, issues }) });
  });
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(toast(page, `400: ${pulseTooHigh}; ${notListed}`)).toBeVisible();
  await expect(dialog.getByLabel('Pulse')).toHaveAccessibleDescription(`/min ${pulseTooHigh}`);
  await expect(picked.nth(1)).toHaveAccessibleDescription(notListed);
  await expect(picked.nth(0)).not.toContainText(notListed);
  await expect(dialog.getByLabel('Pulse')).toBeFocused();
  await expect(dialog.getByLabel('Chief Complaint')).toHaveValue(complaint);
  await expect(picked).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(toast(page, 'Medical Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The visit reads back coded: its type by the OPD rule (the first visit this year), codes, vitals and referral.
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  const record = details.getByRole('listitem').filter({ has: page.getByRole('heading', { name: complaint }) });
  await expect(record.getByTestId('visit-type')).toHaveText('New visit');
  await expect(record.getByTestId('coded-diagnoses')).toContainText('1F40.Z Malaria due to Plasmodium falciparum, unspecified');
  await expect(record.getByTestId('coded-diagnoses').getByRole('listitem').nth(1)).toHaveText('CA40 PneumoniaRepeat');
  await expect(record.getByTestId('vitals-line')).toHaveText('T 38.5 °C ↑ (High) · P 96 · RR 22 ↑ (High) · BP 120/80 · SpO2 97 % · Wt 61.5 kg');
  await expect(record).toContainText(/Referred from:\s*Community unit/);
  await expect(record).toContainText(/Diagnosis:\s*RDT positive/);
  await expect(record.getByRole('button', { name: /^Correct the record of / })).toBeVisible();
  await expectAccessible(page);

  const [saved] = await recordsOf(page, patient.id);
  expect(saved?.visitType).toBe('new');
  expect(saved?.diagnoses).toEqual([
    { code: '1F40.Z', title: 'Malaria due to Plasmodium falciparum, unspecified', caseType: 'new' },
    { code: 'CA40', title: 'Pneumonia', caseType: 'repeat' },
  ]);
  expect(saved?.vitals).toMatchObject({ temperature: 38.5, pulse: 96, weight: 61.5, muac: null });
});

test('at 390 px a nurse records a child’s visit with MUAC and a coded diagnosis', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'nurse', '/patients');
  const born = new Date(Date.now() - 3 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const child = await registerPatientThroughApi(page, { firstName: 'Baraka', dateOfBirth: born, gender: 'male' });
  const dialog = await openAddRecord(page, child);

  // The dialog fits the phone and nothing scrolls sideways.
  await expect(async () => {
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  }).toPass();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
  for (const w of widths) expect(w).toBeLessThanOrEqual(PHONE.width);

  // Vitals sit two to a row; a child under five is asked for MUAC.
  const temperature = (await dialog.getByLabel('Temperature').boundingBox())!;
  const pulse = (await dialog.getByLabel('Pulse').boundingBox())!;
  expect(Math.abs(temperature.y - pulse.y)).toBeLessThan(2);
  expect(temperature.width).toBeGreaterThan(120);
  await expect(dialog.getByLabel('MUAC')).toBeVisible();

  await dialog.getByLabel('Chief Complaint').fill('Cough and fast breathing');
  await dialog.getByLabel('Temperature').fill('38.9');
  await dialog.getByLabel('Respiratory rate').fill('48');
  // Fast breathing for a child of three is flagged as it is typed, never refused.
  await expect(dialog.getByTestId('vital-flag')).toHaveText(['High for age: normal 35.5–37.4', 'High for age: normal 24–39']);
  await dialog.getByLabel('Weight').fill('12.4');
  await dialog.getByLabel('MUAC').fill('13.2');
  const search = dialog.getByRole('combobox', { name: 'Search ICD-11 by name or code' });
  await search.scrollIntoViewIfNeeded();
  await search.fill('pneumonia');
  const option = dialog.getByRole('option', { name: /^CA40\.Z Pneumonia, organism unspecified/ });
  await expect(option).toBeVisible();
  const box = (await option.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await option.click();
  await expect(dialog.getByTestId('picked-diagnosis')).toContainText('CA40.Z Pneumonia, organism unspecified');
  await expectAccessible(page);

  const save = dialog.getByRole('button', { name: 'Save Record' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport({ ratio: 1 });
  await save.click();
  await expect(toast(page, 'Medical Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details.getByTestId('vitals-line')).toHaveText('T 38.9 °C ↑ (High) · RR 48 ↑ (High) · Wt 12.4 kg · MUAC 13.2 cm');
  const [saved] = await recordsOf(page, child.id);
  expect(saved?.vitals).toMatchObject({ muac: 13.2, temperature: 38.9 });
});

test('the author corrects a visit; a correction made on a stale copy is refused; the history keeps what it said', async ({ page }) => {
  await signInAs(page, 'clinical_officer', '/patients');
  const patient = await registerPatientThroughApi(page, { firstName: 'Otieno', gender: 'male' });
  const created = await page.request.post('/api/medical-records', {
    data: { patientId: patient.id, facilityId: 1, chiefComplaint: 'Headache', vitals: { temperature: 39.8 }, diagnoses: [{ code: '1F4Z', caseType: 'new' }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.getByLabel('Search patients').fill(patient.lastName);
  await page.getByRole('button', { name: `View details of ${patient.name}` }).click();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await details.getByRole('button', { name: /^Correct the record of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Medical Record' });
  await expect(dialog).toBeVisible();

  // The form starts from the record as it reads; a correction needs its reason.
  await expect(dialog.getByLabel('Chief Complaint')).toHaveValue('Headache');
  await expect(dialog.getByLabel('Temperature')).toHaveValue('39.8');
  await expect(dialog.getByLabel('Visit type')).toHaveValue('new');
  await expect(dialog.getByTestId('picked-diagnosis')).toContainText('1F4Z Malaria, unspecified');
  await dialog.getByLabel('Temperature').fill('37.8');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(dialog.getByText('Say why the record is corrected')).toBeVisible();
  await expectAccessible(page);

  // Someone corrects the record meanwhile: this copy is stale, the server's message shows and the form stays.
  const meanwhile = await page.request.patch(`/api/medical-records/${id}`, {
    data: { chiefComplaint: 'Headache and fever', vitals: { temperature: 39.8 }, diagnoses: [{ code: '1F4Z', caseType: 'new' }], reason: 'Complaint completed', version: 1 },
  });
  expect(meanwhile.status()).toBe(200);
  const reason = 'Temperature misread from the thermometer';
  await dialog.getByLabel('Reason for correction').fill(reason);
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  const stale = 'This record was changed by someone else since you opened it. Reload it and correct it again.';
  await expect(dialog.getByTestId('correction-conflict')).toHaveText(`409: ${stale}`);
  await expect(dialog.getByLabel('Reason for correction')).toHaveValue(reason);
  await expect(dialog.getByLabel('Temperature')).toHaveValue('37.8');
  // Said in the form only: no toast over the dialog's Save button.
  await expect(page.locator('li[data-state="open"]').filter({ hasText: 'Correction Failed' })).toHaveCount(0);

  // Opened again, it starts from the current version and saves.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.getByRole('heading', { name: 'Headache and fever' })).toBeVisible();
  await details.getByRole('button', { name: /^Correct the record of / }).click();
  await expect(dialog.getByLabel('Chief Complaint')).toHaveValue('Headache and fever');
  await dialog.getByLabel('Temperature').fill('37.8');
  await dialog.getByRole('radio', { name: 'Repeat' }).check();
  await dialog.getByLabel('Reason for correction').fill(reason);
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(toast(page, 'Record Corrected')).toBeVisible();
  await expect(dialog).toBeHidden();

  const record = details.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Headache and fever' }) });
  await expect(record.getByTestId('vitals-line')).toHaveText('T 37.8 °C ↑ (High)');
  await expect(record.getByTestId('coded-diagnoses')).toHaveText('1F4Z Malaria, unspecifiedRepeat');
  await expect(record.getByTestId('corrected-by')).toHaveText(/^Corrected by Brian Ouma on \d{1,2} \w{3} \d{4}$/);

  // The history: each earlier version, who replaced it and why, and what it said then.
  await record.getByRole('button', { name: /^History of the record of / }).click();
  const versions = record.getByTestId('record-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(/^Version 2, replaced by Brian Ouma on /);
  await expect(versions.first()).toContainText(`Reason: ${reason}`);
  await expect(versions.first()).toContainText('Vital signs:T 39.8 °C');
  await expect(versions.first()).toContainText('Diagnoses (ICD-11):1F4Z Malaria, unspecified');
  await expect(versions.nth(1)).toContainText('Reason: Complaint completed');
  await expect(versions.nth(1)).toContainText('Chief Complaint:Headache');
  await expectAccessible(page);

  // A nurse who did not record the visit is not offered the correction.
  await signInAs(page, 'nurse', '/patients');
  await page.getByLabel('Search patients').fill(patient.lastName);
  await page.getByRole('button', { name: `View details of ${patient.name}` }).click();
  await expect(details.getByRole('heading', { name: 'Headache and fever' })).toBeVisible();
  await expect(details.getByRole('button', { name: /^Correct the record of / })).toHaveCount(0);
});
