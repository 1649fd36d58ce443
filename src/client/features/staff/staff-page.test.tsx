// Staff Management as the system administrator sees it (SPEC.md §2.12): the directory and its cards while they
// load, when the server fails and is asked again, with nobody and with staff; Add Staff Member's messages for empty
// and malformed fields, and a form that keeps what was typed when the server refuses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffMember, staffStats } from '../../test/factories';
import { descriptionOf, fail, findToast, invalid, later, list, ok, placeholderRows, renderScreen } from '../../test/render-screen';
import { StaffPage } from './staff-page';

const STAFF = [
  staffMember({ id: 21, firstName: 'Margaret', lastName: 'Nekesa', role: 'facility_incharge', maskedPhone: '0722•••901', canChangeStatus: true }),
  staffMember({ id: 22, firstName: 'Peter', lastName: 'Ouma', role: 'clinical_officer', isActive: false, facilityName: 'Alupe Sub-County Hospital', facilityLevel: 4, facilityLocation: 'Alupe', canChangeStatus: true }),
];
const STATS = staffStats({ total: 412, active: 398, medicalOfficers: 57, nurses: 164, onLeave: 14 });

const office = (routes = {}) => ({ '/api/staff': list(STAFF), '/api/staff/stats': ok(STATS), '/api/staff/requests': list([]), ...routes });

describe('Staff Management', () => {
  it('shows placeholder rows and no figures while the directory loads, then the staff with their count and the county’s four figures', async () => {
    const staff = later();
    const stats = later();
    renderScreen(<StaffPage />, { as: 'admin', routes: office({ '/api/staff': staff.handler, '/api/staff/stats': stats.handler }) });

    const table = screen.getByRole('table', { name: 'County staff with their role, facility, contact and status' });
    expect(placeholderRows(table)).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Staff Directory' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total Staff' })).queryByText('412')).toBeNull();
    expect(screen.queryByText('No staff members found')).toBeNull();

    staff.release(list(STAFF, 412));
    stats.release(ok(STATS));
    expect(await screen.findByRole('heading', { name: 'Staff Directory (412)' })).toBeTruthy();
    const margaret = within(screen.getByRole('row', { name: /Margaret Nekesa/ }));
    expect(margaret.getByText('Facility In-Charge')).toBeTruthy();
    expect(margaret.getByText('Level 5 - Busia Town')).toBeTruthy();
    expect(margaret.getByText('Phone 0722…901, partly hidden')).toBeTruthy();
    expect(margaret.getByText('Active')).toBeTruthy();
    expect(margaret.getByText('1 Jul 2021')).toBeTruthy();
    const peter = within(screen.getByRole('row', { name: /Peter Ouma/ }));
    expect(peter.getByText('Inactive')).toBeTruthy();
    expect(peter.getByRole('button', { name: 'Reactivate Peter Ouma' })).toBeTruthy();

    const total = within(screen.getByRole('group', { name: 'Total Staff' }));
    expect(await total.findByText('412')).toBeTruthy();
    expect(total.getByText('398 active')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Nurses' })).getByText('164')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'On Leave' })).getByText('14')).toBeTruthy();
    expect(placeholderRows(table)).toHaveLength(0);
  });

  it('says why the directory could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<StaffPage />, { as: 'admin', routes: office({ '/api/staff': fail(500, 'Database unavailable') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the staff list: 500: Database unavailable');
    server.on('/api/staff', list(STAFF));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Margaret Nekesa')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/staff')).toHaveLength(2);
  });

  it("says plainly that the list needs the connection when the server cannot be reached, not fetch's own words", async () => {
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    const { user, server } = renderScreen(<StaffPage />, { as: 'admin', routes: office({ '/api/staff': unreachable }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the staff list: This needs the connection, and the server cannot be reached.');
    expect(alert.textContent).not.toContain('Failed to fetch');
    server.on('/api/staff', list(STAFF));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Margaret Nekesa')).toBeTruthy();
  });

  it('says nobody is registered yet, and offers to add the first staff member', async () => {
    const { user } = renderScreen(<StaffPage />, { as: 'admin', routes: office({ '/api/staff': list([]), '/api/staff/stats': ok(staffStats()) }) });

    expect(await screen.findByRole('heading', { name: 'No staff members found' })).toBeTruthy();
    expect(screen.getByText('No staff members registered in the system yet')).toBeTruthy();
    const add = screen.getAllByRole('button', { name: 'Add Staff Member' });
    expect(add).toHaveLength(2);
    await user.click(add[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add Staff Member' })).toBeTruthy();
  });

  it('offers to clear filters that found nobody, and clearing them asks for everyone again', async () => {
    const { user, server } = renderScreen(<StaffPage />, { as: 'admin', routes: office() });
    await screen.findByText('Margaret Nekesa');
    server.on('/api/staff', list([]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Pharmacist');

    expect(await screen.findByText('Try adjusting your search criteria or filters')).toBeTruthy();
    expect(server.sent('/api/staff').at(-1)?.query.get('role')).toBe('pharmacist');
    server.on('/api/staff', list(STAFF));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Margaret Nekesa')).toBeTruthy();
    expect(server.sent('/api/staff').at(-1)?.query.get('role')).toBeNull();
  });

  it('lets a nurse read the directory, with no account to add', async () => {
    const { server } = renderScreen(<StaffPage />, { as: 'nurse', routes: { '/api/staff': list(STAFF), '/api/staff/stats': ok(STATS) } });

    await screen.findByText('Margaret Nekesa');
    expect(screen.queryByRole('button', { name: 'Add Staff Member' })).toBeNull();
    expect(server.sent('/api/staff/requests')).toHaveLength(0);
  });
});

describe('Add Staff Member', () => {
  async function openForm(routes = {}) {
    const parts = renderScreen(<StaffPage />, { as: 'admin', routes: office(routes) });
    await screen.findByText('Margaret Nekesa');
    await parts.user.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Staff Member' }));
    return { ...parts, dialog };
  }

  it('names each required field left empty under the field, then a malformed email, phone number or national ID', async () => {
    const { user, dialog, server } = await openForm();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    const phone = dialog.getByRole('textbox', { name: 'Phone Number' });
    const nationalId = dialog.getByRole('textbox', { name: 'National ID (optional)' });

    await user.click(dialog.getByRole('button', { name: 'Add Staff Member' }));

    await expect.poll(() => descriptionOf(dialog.getByRole('textbox', { name: 'First Name' }))).toBe('First name must be at least 2 characters');
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'Last Name' }))).toBe('Last name must be at least 2 characters');
    expect(descriptionOf(email)).toBe('Email is required');
    expect(descriptionOf(phone)).toBe('Phone number is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Role' }))).toBe('Please select a role');
    // Optional, and the join date starts at today: no message.
    expect(descriptionOf(nationalId)).toBe('');

    // Checked again as the manager types.
    await user.type(email, 'nekesa@');
    await user.type(phone, '0712');
    await user.type(nationalId, '12ab');
    // Each field's own message is waited for: each is checked again on its own change, and the last one typed can
    // be a render behind when the machine is busy.
    await expect.poll(() => descriptionOf(email)).toBe('Enter a valid email address');
    await expect.poll(() => descriptionOf(phone)).toBe('Phone number must be a valid phone number');
    await expect.poll(() => descriptionOf(nationalId)).toBe('National ID must be 7 to 10 digits');
    await user.type(email, 'busia.go.ke');
    await expect.poll(() => descriptionOf(email)).toBe('');
    expect(server.sent('POST /api/staff')).toHaveLength(0);
  });

  it('keeps what was typed and shows the server’s message under its field when the server refuses it (400)', async () => {
    const { user, dialog, server } = await openForm({ 'POST /api/staff': invalid({ nationalId: 'A staff member with this national ID already exists' }) });

    await user.type(dialog.getByRole('textbox', { name: 'First Name' }), 'Faith');
    await user.type(dialog.getByRole('textbox', { name: 'Last Name' }), 'Akinyi');
    await user.click(dialog.getByRole('textbox', { name: 'Email' }));
    await user.paste('faith.akinyi@busia.go.ke');
    await user.click(dialog.getByRole('textbox', { name: 'Phone Number' }));
    await user.paste('0712 345 678');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'Nurse');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Facility' }), 'Alupe Sub-County Hospital');
    await user.type(dialog.getByRole('textbox', { name: 'National ID (optional)' }), '31234567');
    await user.click(dialog.getByRole('button', { name: 'Add Staff Member' }));

    const shown = await findToast('Could not add the staff member');
    expect(shown.getByText('400: A staff member with this national ID already exists')).toBeTruthy();
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'National ID (optional)' }))).toBe('A staff member with this national ID already exists');
    expect((dialog.getByRole('textbox', { name: 'First Name' }) as HTMLInputElement).value).toBe('Faith');
    expect((dialog.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('faith.akinyi@busia.go.ke');
    expect((dialog.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('nurse');
    expect((dialog.getByRole('combobox', { name: 'Facility' }) as HTMLSelectElement).value).toBe('2');
    expect(server.sent('POST /api/staff')[0]?.body).toMatchObject({
      firstName: 'Faith',
      lastName: 'Akinyi',
      email: 'faith.akinyi@busia.go.ke',
      role: 'nurse',
      facilityId: 2,
      phoneNumber: '+254712345678',
      nationalId: '31234567',
    });
  });
});
