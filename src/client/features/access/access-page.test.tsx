// Access Control as the system administrator sees it (issue 15): the permission table while it loads, when the
// server fails and is asked again; the accounts while they load, with none matching and with some; and Change
// access — its messages, and what was chosen and typed kept when the server refuses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessMatrix, accessUser } from '../../test/factories';
import { descriptionOf, fail, inKiswahili, invalid, later, list, ok, placeholderRows, renderScreen } from '../../test/render-screen';
import sw from './locales/sw.json';
import { AccessPage } from './access-page';

const MATRIX = accessMatrix({
  roles: ['nurse', 'pharmacist', 'county_director'],
  permissions: [
    { permission: 'inventory:write', module: 'inventory' },
    { permission: 'audit:read', module: 'audit' },
  ],
  grants: { 'inventory:write': { pharmacist: 'facility' }, 'audit:read': { county_director: 'county' } },
});
const USERS = [
  accessUser({ id: 31, name: 'Faith Akinyi', role: 'nurse', activeSessions: 2, lastSeenAt: '2026-03-16T06:30:00.000Z', passkeys: 1 }),
  accessUser({ id: 32, name: 'Demo Director', role: 'county_director', facilityId: null, facilityName: null, isDemo: true, canChange: false }),
];

describe('Access Control: roles and permissions', () => {
  it('draws no table while the permissions load, then each role’s grants', async () => {
    const matrix = later();
    renderScreen(<AccessPage />, { as: 'admin', path: '/access', routes: { '/api/access/matrix': matrix.handler } });

    expect(screen.getByRole('heading', { name: 'Access Control', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    matrix.release(ok(MATRIX));
    const table = await screen.findByRole('table', { name: "Each role's permissions and how far they reach" });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Permission', 'Nurse', 'Pharmacist', 'County Health Director']);
    const stock = within(within(table).getByRole('row', { name: /inventory:write/ }));
    expect(stock.getByText('Facility')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /audit:read/ })).getByText('County')).toBeTruthy();
  });

  it('says why the permissions could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<AccessPage />, { as: 'admin', path: '/access', routes: { '/api/access/matrix': fail(500, 'Database unavailable') } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The permission table could not be loaded: 500: Database unavailable');
    server.on('/api/access/matrix', ok(MATRIX));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: "Each role's permissions and how far they reach" })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/access/matrix')).toHaveLength(2);
  });

  it('shows a nurse the rules, and why there is nothing more for her', async () => {
    renderScreen(<AccessPage />, { as: 'nurse', path: '/access', routes: { '/api/access/matrix': ok(MATRIX) } });

    expect(screen.getByText(/Only the system administrator and the county director manage accounts/)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Roles & permissions']);
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

describe('Access Control: users', () => {
  it('opens from its tab, with placeholder rows while the accounts load, then the accounts with their count, sessions and passkeys; a demo account cannot be changed', async () => {
    const users = later();
    const { user, location } = renderScreen(<AccessPage />, { as: 'admin', path: '/access', routes: { '/api/access/matrix': ok(MATRIX), '/api/access/users': users.handler } });

    await user.click(screen.getByRole('tab', { name: 'Users' }));

    expect(location()).toBe('/access?tab=users');
    const table = await screen.findByRole('table', { name: 'Accounts with their role, facility, status, sessions and passkeys' });
    expect(placeholderRows(table)).toHaveLength(5);
    users.release(list(USERS, 64));
    expect(await screen.findByRole('heading', { name: 'Users (64)' })).toBeTruthy();
    const faith = within(screen.getByRole('row', { name: /Faith Akinyi/ }));
    expect(faith.getByText('Nurse')).toBeTruthy();
    expect(faith.getByText('Busia County Referral Hospital')).toBeTruthy();
    expect(faith.getByText('2')).toBeTruthy();
    expect(faith.getByText('Last seen 16 Mar 2026')).toBeTruthy();
    const demo = within(screen.getByRole('row', { name: /Demo Director/ }));
    expect(demo.getByText('Demo account')).toBeTruthy();
    expect(demo.getByText('County level')).toBeTruthy();
    expect((demo.getByRole('button', { name: 'Change access: Demo Director' }) as HTMLButtonElement).disabled).toBe(true);
    expect(placeholderRows(table)).toHaveLength(0);
  });

  it('says when no account matches', async () => {
    const { user, server } = renderScreen(<AccessPage />, { as: 'admin', path: '/access?tab=users', routes: { '/api/access/users': list(USERS) } });
    await screen.findByText('Faith Akinyi');
    server.on('/api/access/users', list([]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');

    expect(await screen.findByRole('heading', { name: 'No account matches these filters.' })).toBeTruthy();
    expect(server.sent('/api/access/users').at(-1)?.query.get('status')).toBe('inactive');
  });

});

describe('Audit trail', () => {
  const EVENTS = [
    { id: 7, at: '2026-03-16T07:05:00.000Z', userId: 31, userEmail: 'faith@busia.go.ke', action: 'reconciliation.imported', entity: 'bank_statement', entityId: '12', outcome: 'success', ip: null, detail: 'KCB March' },
    // A refused request is recorded as its method and route: no words of its own, shown as it is.
    { id: 8, at: '2026-03-16T07:06:00.000Z', userId: 31, userEmail: 'faith@busia.go.ke', action: 'GET /api/payroll/runs', entity: 'payroll', entityId: null, outcome: 'denied', ip: null, detail: 'needs payroll:read' },
  ];

  it('names each action in words, the recorded code under it; an action it has no words for shows as it is', async () => {
    renderScreen(<AccessPage />, { as: 'admin', path: '/access?tab=audit', routes: { '/api/audit-events': list(EVENTS) } });

    const imported = within(await screen.findByRole('row', { name: /KCB March/ }));
    expect(imported.getByText('Bank statement imported')).toBeTruthy();
    expect(imported.getByText('reconciliation.imported')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /needs payroll:read/ })).getByText('GET /api/payroll/runs')).toBeTruthy();
  });

  it('names them in Kiswahili for a Kiswahili reader', async () => {
    await inKiswahili(sw);
    renderScreen(<AccessPage />, { as: 'admin', path: '/access?tab=audit', routes: { '/api/audit-events': list(EVENTS.slice(0, 1)) } });

    const imported = within(await screen.findByRole('row', { name: /KCB March/ }));
    expect(imported.getByText('Taarifa ya benki iliingizwa')).toBeTruthy();
    expect(imported.getByText('reconciliation.imported')).toBeTruthy();
  });
});

describe('Change access', () => {
  async function openForm(routes = {}) {
    const parts = renderScreen(<AccessPage />, { as: 'admin', path: '/access?tab=users', routes: { '/api/access/users': list(USERS), ...routes } });
    await parts.user.click(await screen.findByRole('button', { name: 'Change access: Faith Akinyi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change access: Faith Akinyi' }));
    return { ...parts, dialog };
  }

  it('asks for a change and a reason before anything is sent', async () => {
    const { user, dialog, server } = await openForm();

    await user.click(dialog.getByRole('button', { name: 'Save change' }));

    await expect.poll(() => descriptionOf(dialog.getByRole('textbox', { name: 'Reason' }))).toBe('A reason is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Role' }))).toBe('Change the role, the facility or the status');
    expect(server.sent('PATCH /api/access/users/31')).toHaveLength(0);
  });

  it('keeps what was chosen and typed, and shows the server’s message under its field, when the server refuses it (400)', async () => {
    const { user, dialog, server } = await openForm({ 'PATCH /api/access/users/31': invalid({ facilityId: 'Please select a facility' }) });

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'Clinical Officer');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Facility' }), 'Alupe Sub-County Hospital');
    await user.click(dialog.getByRole('textbox', { name: 'Reason' }));
    await user.paste('Transferred to Alupe Sub-County Hospital');
    await user.click(dialog.getByRole('button', { name: 'Save change' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('The change was not saved: 400: Please select a facility');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Facility' }))).toBe('Please select a facility');
    expect((dialog.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('clinical_officer');
    expect((dialog.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('Transferred to Alupe Sub-County Hospital');
    // Only what changed is sent, with the reason.
    expect(server.sent('PATCH /api/access/users/31')[0]?.body).toEqual({ role: 'clinical_officer', facilityId: 2, reason: 'Transferred to Alupe Sub-County Hospital' });
  });

  it('names the Status select by its label', async () => {
    const { dialog } = await openForm();
    expect(dialog.getByRole('combobox', { name: 'Status' })).toBeTruthy();
  });

  it("words the form's and the server's messages in Kiswahili", async () => {
    await inKiswahili(sw);
    const parts = renderScreen(<AccessPage />, {
      as: 'admin',
      path: '/access?tab=users',
      routes: { '/api/access/users': list(USERS), 'PATCH /api/access/users/31': fail(409, 'Nothing to change: the account already has this role, facility and status') },
    });
    await parts.user.click(await screen.findByRole('button', { name: 'Badilisha ufikiaji: Faith Akinyi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Badilisha ufikiaji: Faith Akinyi' }));

    await parts.user.click(dialog.getByRole('button', { name: 'Hifadhi mabadiliko' }));
    await expect.poll(() => descriptionOf(dialog.getByRole('textbox', { name: 'Sababu' }))).toBe('Sababu inahitajika');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Jukumu' }))).toBe('Badilisha wadhifa, kituo cha afya au hali');

    await parts.user.selectOptions(dialog.getByRole('combobox', { name: 'Hali' }), 'inactive');
    await parts.user.click(dialog.getByRole('textbox', { name: 'Sababu' }));
    await parts.user.paste('Ameacha kazi');
    await parts.user.click(dialog.getByRole('button', { name: 'Hifadhi mabadiliko' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Mabadiliko hayakuhifadhiwa: 409: Hakuna cha kubadilisha: akaunti tayari ina wadhifa, kituo na hali hii');
  });
});
