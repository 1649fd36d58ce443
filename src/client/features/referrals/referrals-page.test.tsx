// Referrals as a nurse at Busia County Referral Hospital sees them (SPEC.md §2.14): the list and its four cards
// while they load, when the server fails and is asked again, with none and with some; the Create Referral form's
// messages, and a form that keeps what was typed when the server refuses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patient, referral, referralStats, referringDoctor } from '../../test/factories';
import { descriptionOf, fail, invalid, later, list, ok, placeholderRows, renderScreen, findToast } from '../../test/render-screen';
import { ReferralsPage } from './referrals-page';

const REFERRALS = [
  referral({ id: 1, patientName: 'Grace Nafula', referralReason: 'Obstructed labour', urgencyLevel: 'emergency', status: 'in_transit', referringDoctor: 'Dr. Peter Ouma' }),
  referral({ id: 2, patientName: 'Samuel Okello', fromFacility: 'Busia County Referral Hospital', toFacility: 'Alupe Sub-County Hospital', referralReason: 'Physiotherapy', urgencyLevel: 'routine', status: 'received' }),
];
const STATS = referralStats({ pending: 4, inTransit: 2, received: 17, emergency: 1 });

const ward = (routes = {}) => ({ '/api/referrals': list(REFERRALS), '/api/referrals/stats': ok(STATS), ...routes });

describe('Referrals', () => {
  it('shows placeholder rows and no figures while the referrals load, then the referrals with their count and the facility’s four figures', async () => {
    const referrals = later();
    const stats = later();
    renderScreen(<ReferralsPage />, { as: 'nurse', routes: ward({ '/api/referrals': referrals.handler, '/api/referrals/stats': stats.handler }) });

    const table = screen.getByRole('table', { name: 'Referrals' });
    expect(placeholderRows(table)).toHaveLength(5);
    expect(within(screen.getByRole('group', { name: 'Received' })).queryByText('17')).toBeNull();
    expect(screen.queryByText('No referrals found')).toBeNull();

    referrals.release(list(REFERRALS, 23));
    stats.release(ok(STATS));
    expect(await screen.findByRole('heading', { name: 'Referrals (23)' })).toBeTruthy();
    const grace = within(screen.getByRole('row', { name: /Grace Nafula/ }));
    expect(grace.getByText('Obstructed labour')).toBeTruthy();
    expect(grace.getByText('Emergency')).toBeTruthy();
    expect(grace.getByText('In Transit')).toBeTruthy();
    expect(grace.getByText('Dr. Peter Ouma')).toBeTruthy();
    expect(grace.getByText('16 Mar 2026')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Samuel Okello/ })).getByText('Received')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Details: referral of Samuel Okello' })).toBeTruthy();

    expect(screen.getByText('Figures for Busia County Referral Hospital')).toBeTruthy();
    expect(await within(screen.getByRole('group', { name: 'Pending' })).findByText('4')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'In Transit' })).getByText('2')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Emergency' })).getByText('1')).toBeTruthy();
    expect(placeholderRows(table)).toHaveLength(0);
    expect(within(screen.getByRole('group', { name: 'Received' })).getByText('17')).toBeTruthy();
  });

  it('says why the referrals could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<ReferralsPage />, { as: 'nurse', routes: ward({ '/api/referrals': fail(503, 'The database is busy') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this: 503: The database is busy');
    server.on('/api/referrals', list(REFERRALS));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Grace Nafula')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/referrals')).toHaveLength(2);
  });

  it('says no referrals are recorded yet across the county, and offers to create the first', async () => {
    const { user } = renderScreen(<ReferralsPage />, {
      as: 'nurse',
      currentFacility: 0,
      routes: ward({ '/api/referrals': list([]), '/api/referrals/stats': ok(referralStats()), '/api/referrals/referring-doctors': ok([]) }),
    });

    expect(await screen.findByRole('heading', { name: 'No referrals found' })).toBeTruthy();
    expect(screen.getByText('No referrals recorded yet')).toBeTruthy();
    expect(screen.getByText('Figures for the whole county')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Create Referral' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create Referral' })).toBeTruthy();
  });

  it('says nothing is coming to the nurse’s own facility on the Incoming view', async () => {
    const { user, server } = renderScreen(<ReferralsPage />, { as: 'nurse', routes: ward() });
    await screen.findByText('Grace Nafula');
    server.on('/api/referrals', list([]));

    await user.click(screen.getByRole('tab', { name: 'Incoming' }));

    expect(await screen.findByText('No referrals are coming to Busia County Referral Hospital')).toBeTruthy();
    expect(server.sent('/api/referrals').at(-1)?.query.get('direction')).toBe('incoming');
  });

  it('shows a role that may not read referrals why, and asks the server nothing about them', async () => {
    const { server } = renderScreen(<ReferralsPage />, { as: 'admin' });

    expect(await screen.findByText('Your role may not read referrals: they name patients and their clinical notes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Referral' })).toBeNull();
    expect(server.sent('/api/referrals')).toHaveLength(0);
    expect(server.sent('/api/referrals/stats')).toHaveLength(0);
  });
});

describe('Create Referral', () => {
  const DOCTORS = [referringDoctor({ id: 7, name: 'Achieng Wanjala', role: 'nurse' }), referringDoctor({ id: 12, name: 'Peter Ouma', role: 'clinical_officer' })];

  async function openForm(routes = {}) {
    const parts = renderScreen(<ReferralsPage />, { as: 'nurse', routes: ward({ '/api/referrals/referring-doctors': ok(DOCTORS), ...routes }) });
    await screen.findByText('Grace Nafula');
    await parts.user.click(screen.getAllByRole('button', { name: 'Create Referral' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Referral' }));
    return { ...parts, dialog };
  }

  it('names each required field left empty, under the field', async () => {
    const { user, dialog, server } = await openForm();
    // The nurse signs her own referral from her own facility: those two start filled in.
    expect(((await dialog.findByRole('option', { name: 'Achieng Wanjala (Nurse)' })) as HTMLOptionElement).selected).toBe(true);

    await user.click(dialog.getByRole('button', { name: 'Create Referral' }));

    // The messages come together, once the form has checked what it holds.
    await expect.poll(() => descriptionOf(dialog.getByRole('combobox', { name: 'Patient' }))).toContain('Patient is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'To Facility' }))).toBe('Receiving facility is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Urgency Level' }))).toBe('Urgency level is required');
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'Referral Reason' }))).toBe('Referral reason is required');
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'Clinical Notes' }))).toBe('Clinical notes are required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'From Facility' }))).toBe('');
    expect(server.sent('POST /api/referrals')).toHaveLength(0);
  });

  it('refuses a referral to the facility it leaves from; keeps what was typed and shows the server’s message under its field when the server refuses it (400); corrected, the referral is created', async () => {
    const grace = patient({ id: 88, firstName: 'Grace', lastName: 'Nafula' });
    const { user, dialog, server } = await openForm({
      '/api/patients': list([grace]),
      'POST /api/referrals': invalid({ referringDoctorId: 'Referring doctor must work at the referring facility' }),
    });

    await user.type(dialog.getByRole('combobox', { name: 'Patient' }), 'Grace');
    await user.click(await dialog.findByRole('option', { name: /Grace Nafula/ }));
    const to = dialog.getByRole('combobox', { name: 'To Facility' });
    await user.selectOptions(to, 'Busia County Referral Hospital');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Urgency Level' }), 'Urgent');
    await user.click(dialog.getByRole('textbox', { name: 'Referral Reason' }));
    await user.paste('Suspected appendicitis');
    await user.click(dialog.getByRole('textbox', { name: 'Clinical Notes' }));
    await user.paste('Right iliac fossa pain since morning');
    await user.click(dialog.getByRole('button', { name: 'Create Referral' }));

    // From and to the same facility is no referral: the form says so, and sends nothing.
    await expect.poll(() => descriptionOf(to)).toBe('Receiving facility must differ from the referring facility');
    expect(server.sent('POST /api/referrals')).toHaveLength(0);
    await user.selectOptions(to, 'Alupe Sub-County Hospital');
    await expect.poll(() => descriptionOf(to)).toBe('');
    await user.click(dialog.getByRole('button', { name: 'Create Referral' }));

    const shown = await findToast('Failed to create referral');
    expect(shown.getByText('400: Referring doctor must work at the referring facility')).toBeTruthy();
    await expect.poll(() => descriptionOf(dialog.getByRole('combobox', { name: 'Referring Doctor' }))).toBe('Referring doctor must work at the referring facility');
    expect((dialog.getByRole('textbox', { name: 'Referral Reason' }) as HTMLInputElement).value).toBe('Suspected appendicitis');
    expect((dialog.getByRole('textbox', { name: 'Clinical Notes' }) as HTMLTextAreaElement).value).toBe('Right iliac fossa pain since morning');
    expect((dialog.getByRole('combobox', { name: 'Urgency Level' }) as HTMLSelectElement).value).toBe('urgent');
    expect(server.sent('POST /api/referrals')[0]?.body).toMatchObject({
      patientId: 88,
      fromFacilityId: 1,
      toFacilityId: 2,
      referringDoctorId: 7,
      referringDoctor: 'Achieng Wanjala',
      urgencyLevel: 'urgent',
      referralReason: 'Suspected appendicitis',
    });

    // Another clinician signs it: the message goes with the change, and the referral is created for the same patient.
    server.on('POST /api/referrals', ok(referral({ id: 3, patientName: 'Grace Nafula', toFacility: 'Alupe Sub-County Hospital' })));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Referring Doctor' }), 'Peter Ouma (Clinical Officer)');
    await expect.poll(() => descriptionOf(dialog.getByRole('combobox', { name: 'Referring Doctor' }))).toBe('');
    await user.click(dialog.getByRole('button', { name: 'Create Referral' }));

    const created = await findToast('Referral Created');
    expect(created.getByText('Grace Nafula has been referred to Alupe Sub-County Hospital.')).toBeTruthy();
    expect(server.sent('POST /api/referrals')[1]?.body).toMatchObject({ patientId: 88, referringDoctorId: 12, referringDoctor: 'Peter Ouma', referralReason: 'Suspected appendicitis' });
  });
});
