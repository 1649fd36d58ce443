// Appointments journeys (issue 15): a nurse records a visit with a follow-up date of tomorrow and the follow-up is
// on tomorrow's day list; the next day (the server's clock and the browser's moved on) she checks the patient in
// and records the visit, and the appointment is completed. A full service refuses the nurse and shows why; the
// in-charge books anyway. An appointment is cancelled with its reason; a missed one gets its tracing outcome, on a
// phone. Each journey registers its own patients; the clock is always put back (other journeys share the server).
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, countyDate } from '../src/shared/county-time.js';
import { expect, expectAccessible, randomLetters, registerPatientThroughApi, signInAs, test, toast, type RegisteredPatient } from './fixtures.js';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const DAY_MS = 86_400_000;

/** Moves the server's clock (CLOCK_CONTROL) and the browser's by whole days from the real now. */
async function moveClock(page: Page, request: APIRequestContext, offsetDays: number): Promise<void> {
  const res = await request.post('/api/test/clock', { data: { offsetDays } });
  expect(res.status()).toBe(200);
  await page.clock.setSystemTime(new Date(Date.now() + offsetDays * DAY_MS));
}

const today = () => countyDate(new Date());
/** A date as the date fields show it, day first (issue 29): 2026-04-05 → 05/04/2026. */
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

type Service = { id: number; code: string; name: string; dailyCapacity: number };

/** A service at facility 1 with this daily capacity, made by the signed-in in-charge. */
async function makeService(page: Page, dailyCapacity: number): Promise<Service> {
  const code = `e2e_${randomLetters(8)}`;
  const res = await page.request.post('/api/appointment-services', {
    data: { facilityId: 1, code, name: `Clinic ${code}`, durationMinutes: 20, opensAt: '08:00', closesAt: '16:00', dailyCapacity },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Service;
}

async function book(page: Page, data: { patientId: number; facilityId: number; serviceId: number; date: string; kind?: string }) {
  const res = await page.request.post('/api/appointments', { data: { kind: 'scheduled', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function openDetails(page: Page, patient: RegisteredPatient) {
  await page.getByLabel('Search patients').fill(patient.lastName);
  await page.getByRole('button', { name: `View details of ${patient.name}` }).click();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details).toBeVisible();
  return details;
}

async function recordVisit(page: Page, details: ReturnType<Page['getByRole']>, complaint: string, followUp?: string) {
  await details.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medical Record' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Chief Complaint').fill(complaint);
  if (followUp) await dialog.getByLabel('Follow-up Date').fill(followUp);
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(toast(page, 'Medical Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The day list narrowed to one service (the demo county's busy days run to pages). */
const onlyService = (page: Page, label: string | { value: string }) => page.getByRole('main').getByLabel('Service', { exact: true }).selectOption(typeof label === 'string' ? { label } : label.value);

/** The day list's row (wide screen) or card (phone) of a patient. */
const rowOf = (page: Page, name: string) => page.getByTestId(/^appointment-(row|card)$/).filter({ hasText: name, visible: true });

test.describe('appointments', () => {
  test.afterEach(async ({ request }) => {
    // Always: the journeys after these run on the same server.
    await request.post('/api/test/clock', { data: { offsetDays: 0 } });
  });

  test("a visit's follow-up date books tomorrow's appointment; the next day the patient is checked in and the visit completes it", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    // The dashboard's Today's Appointments card opens today's day list.
    await signInAs(page, 'nurse', '/');
    await page.getByRole('link', { name: "Today's Appointments" }).click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByRole('tab', { name: 'Day list' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayFirst(today()));

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patient Registry' }).click();
    const patient = await registerPatientThroughApi(page, { firstName: 'Atieno' });
    const tomorrow = addDays(today(), 1);

    // ---- the visit, with a follow-up date of tomorrow, through the patient's details ----
    const details = await openDetails(page, patient);
    await expect(details.getByTestId('patient-appointments').getByText('No appointments yet')).toBeVisible();
    await recordVisit(page, details, 'Cough for two weeks', tomorrow);
    const upcoming = details.getByTestId('upcoming-appointment');
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming).toContainText('Follow-up');
    await expect(upcoming).toContainText('Scheduled');
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Close' }).click();

    // ---- tomorrow's day list has it ----
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Appointments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayFirst(today()));
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayFirst(tomorrow));
    await onlyService(page, 'Follow-up');
    const row = rowOf(page, patient.name);
    await expect(row).toContainText('Follow-up');
    await expect(row).toContainText('Scheduled');
    // Not a past day: it cannot be marked missed yet.
    await expect(row.getByRole('button', { name: `Mark missed: ${patient.name}` })).toHaveCount(0);
    await expectAccessible(page);

    // ---- the next day: the server's clock and the browser's; the session ended with the day ----
    try {
      await moveClock(page, request, 1);
      await signInAs(page, 'nurse', '/appointments');
      await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayFirst(tomorrow));
      await onlyService(page, 'Follow-up');
      const scheduledCard = page.getByTestId('appt-stat-scheduled').getByTestId('stat-value');
      await expect(scheduledCard).toHaveText(/\d/);
      const scheduledBefore = Number(await scheduledCard.textContent());
      expect(scheduledBefore).toBeGreaterThanOrEqual(1);
      const todayRow = rowOf(page, patient.name);
      await todayRow.getByRole('button', { name: `Check in ${patient.name}` }).click();
      await expect(toast(page, 'Checked in')).toBeVisible();
      await expect(todayRow).toContainText('Checked in');
      await expect(scheduledCard).toHaveText(String(scheduledBefore - 1));
      await expect(page.getByTestId('appt-stat-checked_in').getByTestId('stat-value')).not.toHaveText('0');

      // ---- the visit's record completes the appointment ----
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patient Registry' }).click();
      const again = await openDetails(page, patient);
      await recordVisit(page, again, 'Review: cough better');
      const past = again.getByTestId('past-appointment').filter({ hasText: 'Follow-up' });
      await expect(past).toContainText('Completed');
      await again.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Appointments' }).click();
      await onlyService(page, 'Follow-up');
      await expect(rowOf(page, patient.name)).toContainText('Completed');
      await expect(page.getByTestId('appt-stat-completed').getByTestId('stat-value')).not.toHaveText('0');

      // ---- the record's Book opens the screen's booking for this patient ----
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patient Registry' }).click();
      const third = await openDetails(page, patient);
      await third.getByRole('button', { name: 'Book appointment' }).click();
      const booking = page.getByRole('dialog', { name: 'Book Appointment' });
      await expect(booking).toContainText(`For ${patient.name}: choose the service and the day.`);
      await expect(page).toHaveURL(/\/appointments$/);
      await expect(booking.getByTestId('sms-consent-state')).toHaveText('Has not consented to SMS reminders');
      await booking.getByRole('button', { name: 'Cancel' }).click();
      await expect(booking).toBeHidden();
    } finally {
      await request.post('/api/test/clock', { data: { offsetDays: 0 } });
    }
  });

  test('a full service refuses the nurse and says why; the in-charge books anyway', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // ---- a service of one place a day, made by the in-charge, and its place taken ----
    await signInAs(page, 'facility_incharge', '/');
    const service = await makeService(page, 1);
    const code = service.code;
    const first = await registerPatientThroughApi(page, { firstName: 'Wafula' });
    const tomorrow = addDays(today(), 1);
    await book(page, { patientId: first.id, facilityId: 1, serviceId: service.id, date: tomorrow });
    const second = await registerPatientThroughApi(page, { firstName: 'Nafula' });

    const tryBooking = async () => {
      await page.getByRole('button', { name: 'Book Appointment' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Patient' }).fill(second.lastName);
      await dialog.getByRole('option', { name: new RegExp(second.name) }).click();
      await dialog.getByLabel('Facility').selectOption('1');
      await dialog.getByLabel('Service').selectOption(String(service.id));
      await dialog.getByLabel('Date').fill(tomorrow);
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      const refusal = dialog.getByTestId('over-capacity');
      await expect(refusal).toContainText('This day is full');
      await expect(refusal).toContainText(`is full on ${tomorrow}`);
      return { dialog, refusal };
    };

    // ---- the nurse: refused, told why, and no way past it ----
    await signInAs(page, 'nurse', '/appointments');
    const nurse = await tryBooking();
    await expect(nurse.refusal).toContainText('Only the facility in-charge');
    await expect(nurse.dialog.getByRole('button', { name: 'Book anyway (over capacity)' })).toHaveCount(0);
    await expectAccessible(page);
    await nurse.dialog.getByRole('button', { name: 'Cancel' }).click();

    // ---- the in-charge: books anyway ----
    await signInAs(page, 'facility_incharge', '/appointments');
    const incharge = await tryBooking();
    await incharge.dialog.getByRole('button', { name: 'Book anyway (over capacity)' }).click();
    await expect(toast(page, 'Appointment booked over capacity')).toBeVisible();
    await expect(incharge.dialog).toBeHidden();

    // ---- the week calendar marks the day full: 2 of 1 ----
    await page.getByRole('tab', { name: 'Week calendar' }).click();
    // Tomorrow is in next week's calendar when today is a Sunday.
    if (new Date(`${tomorrow}T00:00:00Z`).getUTCDay() === 1) await page.getByRole('button', { name: 'Next week' }).click();
    const cell = page.locator(`[data-date="${tomorrow}"]`).getByTestId(`calendar-cell-${code}`);
    await expect(cell).toContainText('2 / 1');
    await expect(cell).toContainText('Full');
    await expectAccessible(page);
    await page.locator(`[data-date="${tomorrow}"]`).getByRole('button', { name: /^Open the day list for / }).click();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayFirst(tomorrow));
    await onlyService(page, { value: String(service.id) });
    await expect(rowOf(page, second.name)).toContainText('Scheduled');

    // ---- printed, the day list is its table: no controls, no cards ----
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print day list' })).toBeHidden();
    await expect(page.getByRole('tablist', { name: 'Appointment views' })).toBeHidden();
    await expect(page.getByRole('table', { name: /^Appointments on / })).toBeVisible();
    await expect(page.getByRole('button', { name: `Check in ${second.name}` })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // ---- rescheduled to the day after: off this day's list ----
    const later = addDays(tomorrow, 1);
    await rowOf(page, second.name).getByRole('button', { name: `Reschedule the appointment of ${second.name}` }).click();
    const moving = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await moving.getByLabel('Date').fill(later);
    await moving.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect(toast(page, 'Appointment rescheduled')).toBeVisible();
    await expect(rowOf(page, second.name)).toHaveCount(0);
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(rowOf(page, second.name)).toContainText('Scheduled');

    // ---- the same screen in Kiswahili ----
    await page.getByRole('button', { name: / Account menu$/ }).click();
    await page.getByRole('menuitemradio', { name: 'Kiswahili' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Miadi' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Kalenda ya wiki' })).toBeVisible();
    await expect(rowOf(page, second.name)).toContainText('Imepangwa');
    await expectAccessible(page);
  });

  test('on a phone: an appointment is cancelled with its reason, and a missed one gets its tracing outcome', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    // A service of the journey's own (the in-charge configures it), so the day list holds only what it books.
    await signInAs(page, 'facility_incharge', '/');
    const opd = await makeService(page, 40);
    await signInAs(page, 'nurse', '/');
    const cancelled = await registerPatientThroughApi(page, { firstName: 'Omondi' });
    const missed = await registerPatientThroughApi(page, { firstName: 'Barasa', phoneNumber: '0722 111 222' });
    await book(page, { patientId: cancelled.id, facilityId: 1, serviceId: opd.id, date: today() });
    await book(page, { patientId: missed.id, facilityId: 1, serviceId: opd.id, date: today() });

    const walkIn = await registerPatientThroughApi(page, { firstName: 'Okello' });

    // ---- a walk-in, booked on the phone: today, and checked in at once ----
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await page.getByRole('button', { name: 'Book Appointment' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Appointment' });
    await booking.getByRole('combobox', { name: 'Patient' }).fill(walkIn.lastName);
    await booking.getByRole('option', { name: new RegExp(walkIn.name) }).click();
    await booking.getByLabel('Service').selectOption(String(opd.id));
    await booking.getByLabel('Kind').selectOption('walk_in');
    await expect(booking.getByLabel('Date')).toHaveValue(dayFirst(today()));
    await booking.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(toast(page, 'Appointment booked')).toBeVisible();
    await expect(booking).toBeHidden();
    await onlyService(page, { value: String(opd.id) });
    await expect(rowOf(page, walkIn.name)).toContainText('Walk-in');
    await expect(rowOf(page, walkIn.name)).toContainText('Checked in');

    // ---- cancel: a reason is required ----
    const card = rowOf(page, cancelled.name);
    await card.getByRole('button', { name: `Cancel the appointment of ${cancelled.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog.getByText('A reason is required to cancel an appointment')).toBeVisible();
    await dialog.getByLabel('Reason for cancelling').fill('Patient travelled to Kisumu');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(toast(page, 'Appointment cancelled')).toBeVisible();
    await expect(card).toContainText('Cancelled');
    const widths = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widths).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    try {
      // ---- the next day, yesterday's appointment is marked missed and traced ----
      await moveClock(page, request, 1);
      await signInAs(page, 'nurse', '/appointments');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await onlyService(page, { value: String(opd.id) });
      const yesterday = rowOf(page, missed.name);
      await expect(yesterday).toBeVisible();
      // The server's missed sweep may have marked it already; otherwise the nurse does, for a past day.
      const mark = yesterday.getByRole('button', { name: `Mark missed: ${missed.name}` });
      if (await mark.isVisible()) await mark.click();
      await expect(yesterday).toContainText('Missed');

      await page.getByRole('tab', { name: 'Missed (defaulter tracing)' }).click();
      await onlyService(page, { value: String(opd.id) });
      const entry = page.getByTestId('missed-appointment').filter({ hasText: missed.name });
      await expect(entry.getByRole('link', { name: `Call ${missed.name} on 0722 111 222` })).toHaveAttribute('href', /^tel:/);
      await expectAccessible(page);
      await entry.getByRole('button', { name: `Record outcome for ${missed.name}` }).click();
      const tracing = page.getByRole('dialog', { name: 'Record tracing outcome' });
      await tracing.getByRole('button', { name: 'Save outcome' }).click();
      await expect(tracing.getByText('Choose a tracing outcome')).toBeVisible();
      await tracing.getByLabel('Outcome').selectOption({ label: 'Reached: will return' });
      await tracing.getByLabel('Notes').fill('Spoke to her; coming on Monday');
      await tracing.getByRole('button', { name: 'Save outcome' }).click();
      await expect(toast(page, 'Tracing outcome recorded')).toBeVisible();
      // Traced: off the untraced list, on the traced one.
      await expect(entry).toHaveCount(0);
      await page.getByLabel('Tracing', { exact: true }).selectOption('traced');
      await expect(page.getByTestId('missed-appointment').filter({ hasText: missed.name })).toContainText('Reached: will return');
    } finally {
      await request.post('/api/test/clock', { data: { offsetDays: 0 } });
    }
  });
});
