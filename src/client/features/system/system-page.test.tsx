// System Settings as the system administrator sees them (issue 15): the settings while they load, when the server
// fails and is asked again, the history with no change yet and with changes, and the county profile's form —
// its messages for empty and out-of-range values, and what was typed kept when the server refuses it; the supply
// section (issue 28) with its bounds; the SMS outbox (issue 29 item 7) with its filters, a resend and a test message.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppointmentService, SmsMessage } from '../../../shared/appointments';
import { settingChange, systemSettings } from '../../test/factories';
import { descriptionOf, fail, findToast, invalid, later, list, ok, renderScreen } from '../../test/render-screen';
import { SystemPage } from './system-page';

const SETTINGS = systemSettings({ county: { version: 3, updatedByName: 'Margaret Nekesa' } });

describe('System Settings', () => {
  it('shows no section while the settings load, then the county profile as saved, with its version', async () => {
    const settings = later();
    renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': settings.handler } });

    expect(screen.getByRole('heading', { name: 'System Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: 'Settings sections' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    settings.release(ok(SETTINGS));
    expect(await screen.findByRole('tab', { name: 'County profile', selected: true })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'County name' }) as HTMLInputElement).value).toBe('Busia');
    expect((screen.getByRole('textbox', { name: 'County code' }) as HTMLInputElement).value).toBe('40');
    expect((screen.getByRole('textbox', { name: 'Population' }) as HTMLInputElement).value).toBe('893681');
    expect((screen.getByRole('textbox', { name: 'Headquarters' }) as HTMLInputElement).value).toBe('Busia');
    expect(screen.getByText('Version 3, changed 16 Mar 2026 09:30 by Margaret Nekesa')).toBeTruthy();
    expect(screen.getByText('7 sub-counties')).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why the settings could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': fail(500, 'Database unavailable') } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this: 500: Database unavailable');
    server.on('/api/system/settings', ok(SETTINGS));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('tab', { name: 'County profile' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/system/settings')).toHaveLength(2);
  });

  it('shows on the Backups tab that none is good for 30 hours, when the last one was, and why the last run failed', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000 - 60_000).toISOString();
    const backups = {
      schedule: '02:00',
      keep: { daily: 7, weekly: 4, monthly: 12 },
      offsite: true,
      lastRun: { at: hoursAgo(1), ok: false, bytes: null, seconds: null, error: 'pg_dump failed (1): connection refused' },
      lastGoodAt: hoursAgo(30),
      overdue: true,
    };
    const { user } = renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': ok({ ...SETTINGS, status: { ...SETTINGS.status, backups } }) } });

    await user.click(await screen.findByRole('tab', { name: 'Backups' }));

    const status = await screen.findByTestId('backup-status');
    expect(within(status).getByText('No good backup for more than 26 hours')).toBeTruthy();
    expect(within(status).getByText(/ \(30 hours ago\)$/)).toBeTruthy();
    expect(within(status).getByText(/^FAILED .* \(1 hour ago\)$/)).toBeTruthy();
    expect(within(status).getByText('pg_dump failed (1): connection refused')).toBeTruthy();
    expect(within(status).getByText('Every night at 02:00 (county time)')).toBeTruthy();
    expect(within(status).getByText('7 daily, 4 weekly, 12 monthly')).toBeTruthy();
    expect(within(status).getByText('Each backup is copied to the second disk')).toBeTruthy();
  });

  it('says no change has been made yet on the History tab', async () => {
    const { user } = renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': ok(SETTINGS), '/api/system/settings/history': list([]) } });

    await user.click(await screen.findByRole('tab', { name: 'History' }));

    expect(await screen.findByRole('heading', { name: 'No changes yet' })).toBeTruthy();
    expect(screen.getByText('Changes appear here once they are saved.')).toBeTruthy();
  });

  it('shows each change on the History tab, with who made it and what it changed', async () => {
    const change = settingChange({ id: 9, section: 'county', version: 3, before: { population: 893681 }, after: { population: 904000 }, changedByName: 'Margaret Nekesa' });
    const { user } = renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': ok(SETTINGS), '/api/system/settings/history': list([change]) } });

    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const changes = within(await screen.findByRole('list', { name: 'Changes' }));
    expect(changes.getByText('Version 3 · Margaret Nekesa · 16 Mar 2026 09:30')).toBeTruthy();
    expect(changes.getByText('893,681')).toBeTruthy();
    expect(changes.getByText('904,000')).toBeTruthy();
  });

  it('lets a nurse look, and says who changes the settings', async () => {
    renderScreen(<SystemPage />, { as: 'nurse', routes: { '/api/system/settings': ok(SETTINGS) } });

    expect(screen.getByText('You can view these settings. Only the system administrator and the county director change them.')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'County name' })) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});

describe('County profile', () => {
  async function openForm(routes = {}) {
    const parts = renderScreen(<SystemPage />, { as: 'admin', routes: { '/api/system/settings': ok(SETTINGS), ...routes } });
    const form = within(await screen.findByRole('form', { name: 'County profile' }));
    return { ...parts, form };
  }

  it('names each required field left empty under the field, then a county code beyond Kenya’s 47, a malformed email and a name with digits', async () => {
    const { user, form, server } = await openForm();
    const name = form.getByRole('textbox', { name: 'County name' });
    const code = form.getByRole('textbox', { name: 'County code' });
    const email = form.getByRole('textbox', { name: 'Email' });

    for (const field of [name, code, form.getByRole('textbox', { name: 'Headquarters' }), form.getByRole('textbox', { name: 'Population' })]) await user.clear(field);
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await expect.poll(() => descriptionOf(name)).toBe('County name must be 2 to 60 characters');
    expect(descriptionOf(code)).toBe('County code must be a whole number from 1 to 47');
    expect(descriptionOf(form.getByRole('textbox', { name: 'Headquarters' }))).toBe('Headquarters must be 2 to 60 characters');
    expect(descriptionOf(form.getByRole('textbox', { name: 'Population' }))).toBe('Population must be a whole number from 0 to 100000000');
    // Email and phone may stay empty.
    expect(descriptionOf(email)).toBe('');

    // Checked again as the administrator types.
    await user.type(code, '48');
    await user.type(email, 'health@busia');
    await user.type(name, 'Busia 40');
    await expect.poll(() => descriptionOf(email)).toBe('Enter a valid email address');
    expect(descriptionOf(code)).toBe('County code must be a whole number from 1 to 47');
    expect(descriptionOf(name)).toBe('County name must be letters (spaces, hyphens and apostrophes allowed)');
    await user.clear(code);
    await user.type(code, '40');
    await expect.poll(() => descriptionOf(code)).toBe('');
    expect(server.sent('PUT /api/system/settings/county')).toHaveLength(0);
  });

  it('keeps what was typed and shows the server’s message under its field when the server refuses it (400)', async () => {
    const { user, form, server } = await openForm({ 'PUT /api/system/settings/county': invalid({ headquarters: 'Headquarters must be at most 60 characters' }) });
    const population = form.getByRole('textbox', { name: 'Population' });

    await user.clear(population);
    await user.type(population, '904000');
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '0110 345 678');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    const shown = await findToast('Could not save');
    expect(shown.getByText('400: Headquarters must be at most 60 characters')).toBeTruthy();
    expect(descriptionOf(form.getByRole('textbox', { name: 'Headquarters' }))).toBe('Headquarters must be at most 60 characters');
    expect((population as HTMLInputElement).value).toBe('904000');
    expect((form.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('0110 345 678');
    // Saved against the version it was read at: a change made meanwhile by someone else is not overwritten.
    expect(server.sent('PUT /api/system/settings/county')[0]?.body).toMatchObject({ population: 904000, phone: '0110 345 678', expectedVersion: 3 });
  });
});

describe('Supply', () => {
  it('shows the expiry warning and minimum months as saved, refuses out-of-range values, and saves with the version it read', async () => {
    const saved = { ...SETTINGS.supply, value: { expiryWarningDays: 120, minimumMonthsOfStock: 2, minimumMonthsOfStockHospital: 3, invoiceTolerancePercent: 2.5 }, version: 2 };
    const { user, server } = renderScreen(<SystemPage />, { as: 'county_director', routes: { '/api/system/settings': ok(SETTINGS), 'PUT /api/system/settings/supply': ok(saved) } });
    await user.click(await screen.findByRole('tab', { name: 'Supply' }));
    const form = within(await screen.findByRole('form', { name: 'Supply' }));
    const warning = form.getByRole('textbox', { name: 'Expiry warning (days ahead)' }) as HTMLInputElement;
    const tolerance = form.getByRole('textbox', { name: 'Invoice price tolerance (%)' }) as HTMLInputElement;
    expect(warning.value).toBe('90');
    expect((form.getByRole('textbox', { name: 'Minimum months of stock: dispensaries and health centres' }) as HTMLInputElement).value).toBe('2');
    expect((form.getByRole('textbox', { name: 'Minimum months of stock: hospitals' }) as HTMLInputElement).value).toBe('3');
    expect(tolerance.value).toBe('2');

    await user.clear(warning);
    await user.type(warning, '400');
    await user.clear(tolerance);
    await user.type(tolerance, '2.555');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => descriptionOf(warning)).toContain('Expiry warning must be a whole number from 30 to 365');
    expect(descriptionOf(tolerance)).toContain('Invoice price tolerance must be a number from 0 to 10 with at most 2 decimals');
    expect(server.sent('PUT /api/system/settings/supply')).toHaveLength(0);

    await user.clear(warning);
    await user.type(warning, '120');
    await user.clear(tolerance);
    await user.type(tolerance, '2.5');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await findToast('Supply settings saved');
    expect(server.sent('PUT /api/system/settings/supply')[0]?.body).toEqual({ expiryWarningDays: 120, minimumMonthsOfStock: 2, minimumMonthsOfStockHospital: 3, invoiceTolerancePercent: 2.5, expectedVersion: 1 });
  });
});

describe('Appointment services', () => {
  const service = (over: Partial<AppointmentService> & Pick<AppointmentService, 'id' | 'code' | 'name'>): AppointmentService => ({
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    nameSw: null,
    durationMinutes: 15,
    opensAt: '08:00',
    closesAt: '17:00',
    dailyCapacity: 150,
    isActive: true,
    ...over,
  });
  const SERVICES = [service({ id: 1, code: 'opd', name: 'General OPD', nameSw: 'OPD ya jumla' }), service({ id: 6, code: 'physio', name: 'Physiotherapy' })];

  it("names each service in both languages, and the in-charge gives one its Kiswahili name", async () => {
    const saved = { ...SERVICES[1]!, nameSw: 'Tiba ya viungo' };
    const { user, server } = renderScreen(<SystemPage />, {
      as: 'facility_incharge',
      routes: { '/api/system/settings': ok(SETTINGS), '/api/appointment-services': ok(SERVICES), 'PATCH /api/appointment-services/6': ok(saved) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Appointment services' }));
    const list = within(await screen.findByTestId('appointment-services'));
    // The English name first for an English reader, the Kiswahili one under it.
    expect(list.getByText('General OPD')).toBeTruthy();
    expect(list.getByText('OPD ya jumla')).toBeTruthy();

    await user.click(list.getByRole('button', { name: 'Edit Physiotherapy' }));
    const dialog = within(await screen.findByRole('dialog'));
    const nameSw = dialog.getByRole('textbox', { name: 'In Kiswahili' }) as HTMLInputElement;
    expect(nameSw.value).toBe('');
    await user.type(nameSw, 'Tiba ya viungo');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await findToast('Physiotherapy saved');
    expect(server.sent('PATCH /api/appointment-services/6')[0]?.body).toMatchObject({ name: 'Physiotherapy', nameSw: 'Tiba ya viungo' });
  });
});

describe('SMS outbox', () => {
  const message = (overrides: Partial<SmsMessage> & Pick<SmsMessage, 'id'>): SmsMessage => ({
    patientId: null,
    appointmentId: null,
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    kind: 'reminder',
    phone: '0712 ••• 678',
    language: 'en',
    body: '',
    withheld: true,
    gateway: 'africastalking',
    status: 'delivered',
    error: null,
    attempts: 1,
    createdAt: '2026-03-16T06:00:00.000Z',
    sentAt: '2026-03-16T06:00:00.000Z',
    deliveredAt: '2026-03-16T06:00:04.000Z',
    ...overrides,
  });
  const FAILED = message({ id: 41, status: 'failed', error: 'InsufficientBalance (405)', sentAt: null, deliveredAt: null });
  const DELIVERED = message({ id: 40 });

  async function openOutbox(routes = {}, as: 'admin' | 'nurse' = 'admin') {
    const parts = renderScreen(<SystemPage />, { as, routes: { '/api/system/settings': ok(SETTINGS), '/api/sms-messages': list([FAILED, DELIVERED], 2), ...routes } });
    await parts.user.click(await screen.findByRole('tab', { name: 'SMS outbox' }));
    return parts;
  }

  it('lists each message with its status, gateway, attempts and failure; Resend works on the failed one and says why not on the others', async () => {
    const resent = { ...FAILED, status: 'delivered', gateway: 'simulator', error: null, attempts: 2 };
    const { user, server } = await openOutbox({ 'POST /api/sms-messages/41/resend': ok(resent) });

    const table = within(await screen.findByRole('table', { name: 'SMS messages, newest first' }));
    expect(await screen.findByRole('heading', { name: 'Messages (2)' })).toBeTruthy();
    const [, failedRow, deliveredRow] = table.getAllByRole('row');
    const failed = within(failedRow!);
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('InsufficientBalance (405)').textContent).toBe('Failure reason: InsufficientBalance (405)');
    expect(failed.getByText("Africa's Talking · 1 attempt")).toBeTruthy();
    expect(failed.getByText('0712 ••• 678')).toBeTruthy();
    const blocked = within(deliveredRow!).getByRole('button', { name: 'Resend' }) as HTMLButtonElement;
    expect(blocked.disabled).toBe(true);
    expect(descriptionOf(blocked)).toBe('Delivered: nothing to resend');

    server.on('/api/sms-messages', list([resent, DELIVERED], 2));
    await user.click(failed.getByRole('button', { name: 'Resend' }));
    await findToast('Message sent again');
    expect(server.sent('POST /api/sms-messages/41/resend')).toHaveLength(1);
    // The list is asked again, and shows the second attempt.
    expect(await table.findByText('Simulator · 2 attempts')).toBeTruthy();
    expect(server.sent('/api/sms-messages')).toHaveLength(2);
  });

  it('says why a resend was refused', async () => {
    const { user } = await openOutbox({ 'POST /api/sms-messages/41/resend': fail(409, 'The patient no longer consents to SMS reminders: the reminder is not sent again.') });
    const table = within(await screen.findByRole('table', { name: 'SMS messages, newest first' }));
    await user.click(within(table.getAllByRole('row')[1]!).getByRole('button', { name: 'Resend' }));
    const shown = await findToast('Could not send it again');
    expect(shown.getByText('409: The patient no longer consents to SMS reminders: the reminder is not sent again.')).toBeTruthy();
  });

  it('asks the server with the filters once they are applied', async () => {
    const { user, server } = await openOutbox();
    await screen.findByRole('table', { name: 'SMS messages, newest first' });
    await user.type(screen.getByRole('searchbox', { name: 'Phone number' }), '0712 345 678');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'test');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    expect(server.sent('/api/sms-messages')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect.poll(() => server.sent('/api/sms-messages').length).toBe(2);
    const query = server.sent('/api/sms-messages')[1]!.query;
    expect(Object.fromEntries(query)).toEqual({ phone: '0712 345 678', status: 'failed', kind: 'test', from: '2026-03-01', limit: '20', offset: '0' });
  });

  it('sends a test message: a number that is not a Kenyan mobile is named under its field, a good one is sent and its outcome said', async () => {
    const sent = message({ id: 50, kind: 'test', phone: '+254712345678', withheld: false, facilityId: null, facilityName: null, gateway: 'simulator' });
    const { user, server } = await openOutbox({ 'POST /api/sms-messages/test': ok(sent) });
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    const opened = await screen.findByRole('dialog', { name: 'Send a test message' });
    // The modal takes the page's pointer as it opens (the page none, the dialog auto, a render apart): typed into once
    // it has (CI, 1 December: typed between the two on a loaded machine).
    await waitFor(() => expect(opened.style.pointerEvents).toBe('auto'));
    const dialog = within(opened);
    const phone = dialog.getByRole('textbox', { name: /Mobile number/ });

    await user.type(phone, '0201234567');
    await user.click(dialog.getByRole('button', { name: 'Send test' }));
    await expect.poll(() => descriptionOf(phone)).toBe('Enter a Kenyan mobile number');
    expect(server.sent('POST /api/sms-messages/test')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0712 345 678');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Language' }), 'sw');
    await user.click(dialog.getByRole('button', { name: 'Send test' }));
    const shown = await findToast('Test message delivered to +254712345678');
    expect(shown.getByText('Simulator. Through the simulator: nothing left the server.')).toBeTruthy();
    expect(server.sent('POST /api/sms-messages/test')[0]?.body).toEqual({ phone: '0712 345 678', language: 'sw' });
  });

  it('says how long to wait when the hourly limit is reached (429)', async () => {
    const { user } = await openOutbox({
      'POST /api/sms-messages/test': fail(429, 'You have sent 5 test messages in the last hour, the most allowed. Please wait 12 minutes before sending another.'),
    });
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send a test message' }));
    await user.type(dialog.getByRole('textbox', { name: /Mobile number/ }), '0712345678');
    await user.click(dialog.getByRole('button', { name: 'Send test' }));
    const shown = await findToast('Test message not sent');
    expect(shown.getByText('429: You have sent 5 test messages in the last hour. Please wait 12 min before sending another.')).toBeTruthy();
  });

  it('is not a nurse’s: she is told whose it is, and nothing is asked of the server', async () => {
    const { server } = await openOutbox({}, 'nurse');
    expect(await screen.findByText('The SMS outbox is for the system administrator and the county director.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send test message' })).toBeNull();
    expect(server.sent('/api/sms-messages')).toHaveLength(0);
  });
});
