// The statutory tables and the director's delegations on Payroll's Overview (issue 27 items 2 and 7): the payroll
// officer reads PAYE's bands in force and adds the row a Finance Act brings, one band more; the server's message on a
// band comes back under that band with what was typed kept; the director delegates a facility's own runs to its
// in-charge and takes them back, which the payroll officer only reads; a facility in-charge, who reads totals only,
// is never shown either card and never asks for them.
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countyDate } from '../../../shared/county-time';
import { KENYA_STATUTORY_RATES, type Delegation, type StatutoryRate } from '../../../shared/payroll';
import { descriptionOf, fail, findToast, inKiswahili, invalid, ok, renderScreen } from '../../test/render-screen';
import sw from './locales/sw.json';
import './payroll.strings';
import { DelegationsCard } from './delegations-card';
import { OverviewTab } from './overview-tab';
import { runsQuery } from './payroll.api';
import { StatutoryTablesCard } from './statutory-tables-card';

const today = countyDate(new Date());
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
/** The form's date unless changed: the first of next month. */
const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;

/** Kenya's rates as a new county starts with them, and one NSSF step scheduled for next February (values made up). */
const RATES: StatutoryRate[] = [
  ...KENYA_STATUTORY_RATES.map((r, i) => ({ id: i + 1, kind: r.kind, effectiveFrom: r.effectiveFrom, values: r.values as Record<string, unknown>, source: r.source, note: null, createdBy: null, createdAt: '2026-01-05T06:00:00.000Z' })),
  {
    id: 40,
    kind: 'nssf',
    effectiveFrom: `${year + 1}-02-01`,
    values: { lowerLimit: 10_000, upperLimit: 144_000, employeePercent: 6, employerPercent: 6 },
    source: 'NSSF Act 2013, fifth year',
    note: 'Limits to confirm with the NSSF notice',
    createdBy: 'Grace Auma',
    createdAt: '2026-11-02T07:30:00.000Z',
  },
];

const added = (over: Partial<StatutoryRate>): StatutoryRate => ({ id: 50, kind: 'paye', effectiveFrom: nextMonth, values: {}, source: 'Finance Act 2026', note: null, createdBy: 'Achieng Wanjala', createdAt: '2026-11-28T09:00:00.000Z', ...over });

const DELEGATIONS: Delegation[] = [
  { id: 11, facilityId: 2, facilityName: 'Alupe Sub-County Hospital', delegatedBy: 'Dr. Jane Barasa', delegatedAt: '2026-09-01T07:00:00.000Z', revokedBy: null, revokedAt: null },
  { id: 9, facilityId: 3, facilityName: 'Budalangi Dispensary', delegatedBy: 'Dr. Jane Barasa', delegatedAt: '2026-03-02T07:00:00.000Z', revokedBy: 'Dr. Jane Barasa', revokedAt: '2026-06-30T12:00:00.000Z' },
];

/** The payroll office's Overview, as payroll-page.tsx draws it with no run yet. */
function Overview() {
  const runs = useQuery(runsQuery);
  return <OverviewTab runs={runs} latest={undefined} onOpenRun={() => undefined} onCompliance={() => undefined} />;
}
const overviewRoutes = { '/api/payroll/runs': ok([]), '/api/payroll/compliance': ok({ period: null, runs: 0, returns: [], tables: [] }) };

describe('Statutory tables', () => {
  it('shows each table’s row in force in words: PAYE band by band, a scheduled NSSF step, and the earlier rows folded away', async () => {
    renderScreen(<StatutoryTablesCard />, { as: 'payroll_officer', routes: { '/api/payroll/rates': ok(RATES) } });

    const paye = within(await screen.findByRole('region', { name: 'PAYE' }));
    expect(paye.getByText('In force')).toBeTruthy();
    expect(paye.getByText('From 1 Jul 2023')).toBeTruthy();
    expect(paye.getByText('First Ksh 24,000 at 10 %')).toBeTruthy();
    expect(paye.getByText('Next Ksh 8,333 at 25 % (up to Ksh 32,333)')).toBeTruthy();
    expect(paye.getByText('Next Ksh 300,000 at 32.5 % (up to Ksh 800,000)')).toBeTruthy();
    expect(paye.getByText('The rest, above Ksh 800,000, at 35 %')).toBeTruthy();
    expect(paye.getByText('Personal relief Ksh 2,400 a month')).toBeTruthy();
    expect(paye.getByText(/Source: Finance Act 2023/)).toBeTruthy();

    // SHIF in force since the Tax Laws (Amendment) Act 2024; its October 2024 row, a relief, is folded away.
    const shif = within(screen.getByTestId('payroll-rate-shif-2024-12-27'));
    expect(shif.getByText('2.75 % of gross pay, at least Ksh 300, from the employee')).toBeTruthy();
    expect(shif.getByText('Deducted from taxable pay before PAYE')).toBeTruthy();

    const nssf = within(screen.getByRole('region', { name: 'NSSF' }));
    expect(nssf.getByText('Tier I on pay up to Ksh 9,000; Tier II from there up to Ksh 108,000')).toBeTruthy();
    expect(nssf.getByText('Scheduled')).toBeTruthy();
    expect(nssf.getByText(`From 1 Feb ${year + 1}`)).toBeTruthy();
    expect(nssf.getByText(/Added by Grace Auma on 2 Nov 2026/)).toBeTruthy();
    expect(nssf.getByText('Note: Limits to confirm with the NSSF notice')).toBeTruthy();
    // The 2024 and 2025 limits, behind a fold.
    expect(nssf.getByText('Earlier rows (2)').closest('details')?.open).toBe(false);
    expect(within(screen.getByRole('region', { name: 'NITA' })).getByText('Ksh 50 per employee a month, paid by the employer, never deducted from pay')).toBeTruthy();
    // The payroll officer may add a row.
    expect(screen.getByRole('button', { name: 'Add table row' })).toBeTruthy();
  });

  it('adds the PAYE row a Finance Act brings, starting from the bands in force with one band more', async () => {
    const { user, server } = renderScreen(<StatutoryTablesCard />, {
      as: 'payroll_officer',
      routes: { '/api/payroll/rates': ok(RATES), 'POST /api/payroll/rates': { status: 201, body: added({}) } },
    });
    await screen.findByRole('region', { name: 'PAYE' });
    await user.click(screen.getByRole('button', { name: 'Add table row' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add table row' }));

    // The form starts from the row in force.
    expect((dialog.getByRole('combobox', { name: 'Table' }) as HTMLSelectElement).value).toBe('paye');
    expect((dialog.getByRole('spinbutton', { name: 'Band 1 width (KES)' }) as HTMLInputElement).value).toBe('24000');
    expect((dialog.getByRole('spinbutton', { name: 'Band 4 rate (%)' }) as HTMLInputElement).value).toBe('32.5');
    expect(dialog.queryByRole('spinbutton', { name: 'Band 5 width (KES)' })).toBeNull();
    expect(dialog.getByText('All the rest')).toBeTruthy();
    expect((dialog.getByRole('spinbutton', { name: 'Personal relief (KES a month)' }) as HTMLInputElement).value).toBe('2400');

    // A band goes in before the open one, which moves to sixth.
    await user.click(dialog.getByRole('button', { name: 'Add band' }));
    const width = dialog.getByRole('spinbutton', { name: 'Band 5 width (KES)' });
    expect(document.activeElement).toBe(width);
    await user.type(width, '200000');
    await user.type(dialog.getByRole('spinbutton', { name: 'Band 5 rate (%)' }), '34');
    expect((dialog.getByRole('spinbutton', { name: 'Band 6 rate (%)' }) as HTMLInputElement).value).toBe('35');
    expect(dialog.getByText('Above Ksh 1,000,000')).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: /Source/ }), 'Finance Act 2026');
    await user.click(dialog.getByRole('button', { name: 'Save row' }));

    expect(await findToast('Table row added')).toBeTruthy();
    expect(server.sent('POST /api/payroll/rates')[0]?.body).toEqual({
      kind: 'paye',
      effectiveFrom: nextMonth,
      values: {
        bands: [
          { width: 24_000, percent: 10 },
          { width: 8_333, percent: 25 },
          { width: 467_667, percent: 30 },
          { width: 300_000, percent: 32.5 },
          { width: 200_000, percent: 34 },
          { width: null, percent: 35 },
        ],
        personalRelief: 2_400,
        insuranceReliefPercent: 15,
        insuranceReliefCap: 5_000,
      },
      source: 'Finance Act 2026',
      note: null,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list is asked for again.
    await expect.poll(() => server.sent('/api/payroll/rates').length).toBe(2);
  });

  it('shows the server’s message under the band it names, keeping what was typed, and drops it once the band changes', async () => {
    const { user, server } = renderScreen(<StatutoryTablesCard />, {
      as: 'county_director',
      routes: { '/api/payroll/rates': ok(RATES), 'POST /api/payroll/rates': invalid({ 'values.bands.0.percent': 'Band rate may have at most two decimals' }) },
    });
    await screen.findByRole('region', { name: 'PAYE' });
    await user.click(screen.getByRole('button', { name: 'Add table row' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add table row' }));
    const rate = dialog.getByRole('spinbutton', { name: 'Band 1 rate (%)' });
    await user.clear(rate);
    await user.type(rate, '0');
    const firstWidth = dialog.getByRole('spinbutton', { name: 'Band 1 width (KES)' });
    await user.clear(firstWidth);
    await user.type(firstWidth, '30000');
    await user.type(dialog.getByRole('textbox', { name: /Source/ }), 'Finance Bill 2026 (proposed)');
    await user.type(dialog.getByRole('textbox', { name: 'Note' }), 'Treasury proposal, February 2026');
    await user.click(dialog.getByRole('button', { name: 'Save row' }));

    await expect.poll(() => descriptionOf(rate)).toBe('Band rate may have at most two decimals');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(await findToast('The table row could not be saved')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add table row' })).toBeTruthy();
    expect((rate as HTMLInputElement).value).toBe('0');
    expect((firstWidth as HTMLInputElement).value).toBe('30000');
    expect((dialog.getByRole('textbox', { name: /Source/ }) as HTMLInputElement).value).toBe('Finance Bill 2026 (proposed)');
    expect((dialog.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Treasury proposal, February 2026');
    const sent = server.sent('POST /api/payroll/rates')[0]?.body as { values: { bands: unknown[] }; note: string };
    expect(sent.values.bands.slice(0, 2)).toEqual([
      { width: 30_000, percent: 0 },
      { width: 8_333, percent: 25 },
    ]);
    expect(sent.note).toBe('Treasury proposal, February 2026');

    await user.type(rate, '.5');
    await expect.poll(() => descriptionOf(rate)).toBe('');
  });

  it('says under the date when the table already has a row from it (409)', async () => {
    const { user } = renderScreen(<StatutoryTablesCard />, {
      as: 'payroll_officer',
      routes: { '/api/payroll/rates': ok(RATES), 'POST /api/payroll/rates': fail(409, `The NSSF table already has a row from ${nextMonth}: add one from another date`) },
    });
    await screen.findByRole('region', { name: 'PAYE' });
    await user.click(screen.getByRole('button', { name: 'Add table row' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add table row' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Table' }), 'NSSF');
    // The NSSF form starts from the limits in force today, not the scheduled step.
    expect((dialog.getByRole('spinbutton', { name: 'Upper earnings limit (KES)' }) as HTMLInputElement).value).toBe('108000');
    expect(dialog.queryByRole('group', { name: /PAYE bands/ })).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: /Source/ }), 'NSSF notice');
    await user.click(dialog.getByRole('button', { name: 'Save row' }));

    const date = dialog.getByLabelText(/Effective from/);
    await expect.poll(() => descriptionOf(date)).toMatch(/^The NSSF table already has a row from \d+ \w+ \d{4}: choose another date$/);
  });

  it('reads in Kiswahili', async () => {
    await inKiswahili(sw);
    renderScreen(<StatutoryTablesCard />, { as: 'payroll_officer', routes: { '/api/payroll/rates': ok(RATES) } });
    expect(await screen.findByRole('heading', { name: 'Majedwali ya kisheria' })).toBeTruthy();
    expect(await screen.findByText('Ksh 24,000 za kwanza kwa 10 %')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ongeza safu' })).toBeTruthy();
  });

  it('offers no Add table row to a reader who may not configure payroll', async () => {
    renderScreen(<StatutoryTablesCard />, { as: 'facility_incharge', routes: { '/api/payroll/rates': ok(RATES) } });
    expect(await screen.findByText('First Ksh 24,000 at 10 %')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add table row' })).toBeNull();
  });
});

describe('Delegated approvals', () => {
  it('lets the director delegate a facility’s own runs to its in-charge', async () => {
    const { user, server } = renderScreen(<DelegationsCard />, {
      as: 'county_director',
      routes: {
        '/api/payroll/delegations': ok(DELEGATIONS),
        'POST /api/payroll/delegations': { status: 201, body: { id: 12, facilityId: 1, facilityName: 'Busia County Referral Hospital', delegatedBy: 'Achieng Wanjala', delegatedAt: '2026-11-28T09:00:00.000Z', revokedBy: null, revokedAt: null } },
      },
    });
    const list = within(await screen.findByTestId('payroll-delegations'));
    expect(list.getByText('Delegated by Dr. Jane Barasa on 1 Sept 2026')).toBeTruthy();
    expect(list.getByText('Revoked by Dr. Jane Barasa on 30 Jun 2026')).toBeTruthy();
    expect(list.getByText('Teso South sub-county')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delegate a facility' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate a facility' }));
    // Alupe is delegated already: listed, not to be chosen again.
    expect((dialog.getByRole('option', { name: 'Alupe Sub-County Hospital (already delegated)' }) as HTMLOptionElement).disabled).toBe(true);
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Facility' }), 'Busia County Referral Hospital');
    await user.click(dialog.getByRole('button', { name: 'Delegate' }));

    expect(await findToast('Facility delegated')).toBeTruthy();
    expect(server.sent('POST /api/payroll/delegations')[0]?.body).toEqual({ facilityId: 1 });
    await expect.poll(() => server.sent('/api/payroll/delegations').length).toBe(2);
  });

  it('lets the director revoke a live delegation once she confirms it', async () => {
    const { user, server } = renderScreen(<DelegationsCard />, {
      as: 'county_director',
      routes: { '/api/payroll/delegations': ok(DELEGATIONS), 'POST /api/payroll/delegations/11/revoke': ok({ ...DELEGATIONS[0], revokedBy: 'Achieng Wanjala', revokedAt: '2026-11-28T09:00:00.000Z' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke the delegation of Alupe Sub-County Hospital' }));
    // Only the live one can be revoked.
    expect(screen.queryByRole('button', { name: 'Revoke the delegation of Budalangi Dispensary' })).toBeNull();
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Revoke this delegation?' }));
    expect(server.sent('POST /api/payroll/delegations/11/revoke')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));

    expect(await findToast('Delegation revoked')).toBeTruthy();
    expect(server.sent('POST /api/payroll/delegations/11/revoke')).toHaveLength(1);
    await expect.poll(() => server.sent('/api/payroll/delegations').length).toBe(2);
  });

  it('shows the payroll officer the delegations to read, with nothing to delegate or revoke', async () => {
    renderScreen(<DelegationsCard />, { as: 'payroll_officer', routes: { '/api/payroll/delegations': ok(DELEGATIONS) } });
    expect(await screen.findByText('Alupe Sub-County Hospital')).toBeTruthy();
    expect(screen.getByText('Budalangi Dispensary')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delegate a facility' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});

describe('Payroll Overview', () => {
  it('shows the payroll roles both cards', async () => {
    renderScreen(<Overview />, { as: 'county_director', routes: { ...overviewRoutes, '/api/payroll/rates': ok(RATES), '/api/payroll/delegations': ok([]) } });
    expect(await screen.findByRole('heading', { name: 'Statutory tables' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Delegated approvals' })).toBeTruthy();
    expect(await screen.findByText('No facility is delegated')).toBeTruthy();
  });

  it('shows a facility in-charge, who reads totals only, neither card, and never asks for them', async () => {
    const { server } = renderScreen(<Overview />, { as: 'facility_incharge', routes: overviewRoutes });
    expect(await screen.findByTestId('payroll-pending-none')).toBeTruthy();
    await expect.poll(() => server.sent('/api/payroll/compliance').length).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Statutory tables' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delegated approvals' })).toBeNull();
    expect(server.sent('/api/payroll/rates')).toHaveLength(0);
    expect(server.sent('/api/payroll/delegations')).toHaveLength(0);
  });
});
