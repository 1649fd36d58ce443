// Facilities as the system administrator sees them (SPEC.md §2.13): the Master Facility List while it loads, when
// the server fails and is asked again, with no facility and with some; its counts, filters and details. The
// screen has no form of its own on purpose: a facility is registered in the national Kenya Master Facility List,
// and Add Facility says so (its details and beds are edited on System Settings, tested there).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FACILITIES, fail, later, ok, placeholderRows, renderScreen } from '../../test/render-screen';
import { FacilitiesPage } from './facilities-page';

describe('Facilities', () => {
  it('shows a busy table with placeholder rows and no counts while the list loads, then the facilities with their count and the cards counted from them', async () => {
    const facilities = later();
    renderScreen(<FacilitiesPage />, { as: 'admin', routes: { '/api/facilities': facilities.handler } });

    expect(screen.getByRole('heading', { name: 'Health Facilities' })).toBeTruthy();
    expect(placeholderRows(screen.getByRole('table', { busy: true }))).toHaveLength(5);
    expect(within(screen.getByRole('group', { name: 'Total Facilities' })).queryByText('3')).toBeNull();

    facilities.release(ok(FACILITIES));
    expect(await screen.findByRole('heading', { name: 'Health Facilities (3)' })).toBeTruthy();
    const alupe = within(screen.getByRole('row', { name: /Alupe Sub-County Hospital/ }));
    expect(alupe.getByText('Level 4')).toBeTruthy();
    expect(alupe.getByText('Sub-County Hospital')).toBeTruthy();
    expect(alupe.getByText('Teso South')).toBeTruthy();
    expect(alupe.getByText('80 beds')).toBeTruthy();
    expect(alupe.getByText('Surgery')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Budalangi Dispensary/ })).getByText('Limited Staff')).toBeTruthy();

    const total = within(screen.getByRole('group', { name: 'Total Facilities' }));
    expect(total.getByText('3')).toBeTruthy();
    expect(total.getByText('2 operational')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Referral Hospitals' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Operational' })).getByText('67% of total facilities')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Maintenance' })).getByText('0')).toBeTruthy();
    expect(screen.getByRole('table', { busy: false })).toBeTruthy();
  });

  it('says why the list could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<FacilitiesPage />, { as: 'admin', routes: { '/api/facilities': fail(500, 'Database unavailable') } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the facilities: 500: Database unavailable');
    // No counts of a list that could not be read.
    expect(screen.queryByRole('list', { name: 'Facility totals' })).toBeNull();
    server.on('/api/facilities', ok(FACILITIES));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Alupe Sub-County Hospital')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/facilities')).toHaveLength(2);
  });

  it('says no facility is registered yet, and tells how one is added: in the national list, not here', async () => {
    const { user } = renderScreen(<FacilitiesPage />, { as: 'admin', routes: { '/api/facilities': ok([]) } });

    expect(await screen.findByRole('heading', { name: 'No facilities found' })).toBeTruthy();
    expect(screen.getByText('No facilities registered in the system yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add First Facility' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Facility' }));
    expect(dialog.getByText(/A new facility is added there, not in this system\./)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Open KMHFL (opens in a new tab)' }).getAttribute('href')).toBe('https://kmhfl.health.go.ke');
    expect(dialog.queryByRole('textbox')).toBeNull();
  });

  it('filters by name, level and sub-county, and says when nothing matches', async () => {
    const { user } = renderScreen(<FacilitiesPage />, { as: 'admin' });
    await screen.findByText('Alupe Sub-County Hospital');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Level 2 - Dispensary');
    expect(screen.getByRole('heading', { name: 'Health Facilities (1)' })).toBeTruthy();
    expect(screen.getByText('Budalangi Dispensary')).toBeTruthy();
    expect(screen.queryByText('Alupe Sub-County Hospital')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sub-county' }), 'Teso South');
    expect(screen.getByRole('heading', { name: 'No facilities found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria or filters')).toBeTruthy();
  });

  it('shows a facility’s details, and its analytics on the dashboard', async () => {
    const { user, location } = renderScreen(<FacilitiesPage />, { as: 'admin' });

    await user.click(await screen.findByRole('button', { name: 'View details of Budalangi Dispensary' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Budalangi Dispensary' }));
    expect(dialog.getByText('15867')).toBeTruthy();
    expect(dialog.getByText('Level 2 · Dispensary')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'View analytics for Alupe Sub-County Hospital' }));
    expect(location()).toBe('/');
    expect(JSON.parse(localStorage.getItem('afya.facility') ?? 'null')).toMatchObject({ facilityId: 2 });
  });

  it('offers no Add Facility to a nurse', async () => {
    renderScreen(<FacilitiesPage />, { as: 'nurse' });
    await screen.findByText('Alupe Sub-County Hospital');
    expect(screen.queryByRole('button', { name: 'Add Facility' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings for Alupe Sub-County Hospital' })).toBeNull();
  });
});
