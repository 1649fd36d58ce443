// Revenue Management as the facility in-charge at Busia County Referral Hospital sees it (SPEC.md §2.7): the four
// cards and the period's billing records while they load, when the server fails and is asked again, with no record
// and with some, and the period that drives both. The screen has no form: its filters are the period and facility.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { revenueRecord, revenueSummary } from '../../test/factories';
import { fail, inKiswahili, later, list, ok, placeholderRows, renderScreen } from '../../test/render-screen';
import sw from './locales/sw.json';
import { RevenuePage } from './revenue-page';

const SUMMARY = revenueSummary({
  totalRevenue: { amount: 486500, count: 212, previousAmount: 432400, changePercent: 12.5 },
  shaClaims: { amount: 210000, count: 35, previousAmount: 300000, changePercent: -30 },
  cashPayments: { amount: 96500, count: 88, previousAmount: 0, changePercent: null },
  pendingPayments: { amount: 72000, count: 19, overdueAmount: 18000, overdueCount: 4, changePercent: 5 },
});
const RECORDS = [
  revenueRecord({ id: 1, invoiceNumber: 'INV-2026-00041', patientName: 'Mary Atieno', serviceType: 'laboratory', amount: 2400, paymentMethod: 'mpesa', status: 'paid' }),
  revenueRecord({ id: 2, invoiceNumber: 'INV-2026-00042', patientName: 'John Barasa', serviceType: 'maternity', amount: 12000, paymentMethod: 'nhif', status: 'overdue' }),
];

const desk = (routes = {}) => ({ '/api/revenue/summary': ok(SUMMARY), '/api/revenue/records': list(RECORDS), ...routes });

describe('Revenue Management', () => {
  it('shows placeholder rows and no figures while the period loads, then its four figures against the last period, and its records', async () => {
    const summary = later();
    const records = later();
    renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk({ '/api/revenue/summary': summary.handler, '/api/revenue/records': records.handler }) });

    const table = screen.getByRole('table', { name: 'Billing records of the period' });
    expect(placeholderRows(table)).toHaveLength(5);
    expect(within(screen.getByRole('group', { name: 'Total Revenue' })).queryByText(/Ksh/)).toBeNull();
    // Nothing to export before the figures arrive.
    expect((screen.getByRole('button', { name: 'Export Report' }) as HTMLButtonElement).disabled).toBe(true);

    summary.release(ok(SUMMARY));
    records.release(list(RECORDS, 212));
    const total = within(screen.getByRole('group', { name: 'Total Revenue' }));
    expect(await total.findByText('Ksh 486,500')).toBeTruthy();
    expect(total.getByText('+12.5%')).toBeTruthy();
    expect(total.getByText('212 invoices raised · last period Ksh 432,400')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'SHA Claims' })).getByText('-30%')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Cash Payments' })).getByText('—')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending Payments' })).getByText('Ksh 72,000')).toBeTruthy();
    expect(screen.getByText('1 Mar 2026 – 16 Mar 2026 · compared with 13 Feb 2026 – 28 Feb 2026')).toBeTruthy();

    expect(await screen.findByText('212 invoices raised or paid in the period, newest first')).toBeTruthy();
    const john = within(screen.getByRole('row', { name: /John Barasa/ }));
    expect(john.getByText('INV-2026-00042')).toBeTruthy();
    expect(john.getByText('Maternity')).toBeTruthy();
    expect(john.getByText('Ksh 12,000')).toBeTruthy();
    expect(john.getByText('SHA (formerly NHIF)')).toBeTruthy();
    expect(john.getByText('Overdue')).toBeTruthy();
    expect(placeholderRows(table)).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Export Report' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why the records could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk({ '/api/revenue/records': fail(500, 'Database unavailable') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this: 500: Database unavailable');
    server.on('/api/revenue/records', list(RECORDS));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Mary Atieno')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/revenue/records')).toHaveLength(2);
  });

  it('says why the figures could not be read, apart from the records', async () => {
    const { user, server } = renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk({ '/api/revenue/summary': fail(503, 'Try again shortly') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this: 503: Try again shortly');
    expect(await screen.findByText('Mary Atieno')).toBeTruthy();
    server.on('/api/revenue/summary', ok(SUMMARY));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('group', { name: 'Total Revenue' })).findByText('Ksh 486,500')).toBeTruthy();
  });

  it('says the period has no billing records, and points to Billing & Payments', async () => {
    renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk({ '/api/revenue/records': list([]), '/api/revenue/summary': ok(revenueSummary()) }) });

    expect(await screen.findByRole('heading', { name: 'No billing records in this period' })).toBeTruthy();
    expect(screen.getByText('Try another period or facility.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Billing & Payments' }).getAttribute('href')).toBe('/billing');
    // Nothing last period: no made-up change.
    expect(within(screen.getByRole('group', { name: 'Total Revenue' })).getByText('nothing last period to compare with')).toBeTruthy();
  });

  it('reads the figures and records again for another period', async () => {
    const { user, server } = renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk() });
    await screen.findByText('Mary Atieno');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');

    await expect.poll(() => server.sent('/api/revenue/records').at(-1)?.query.get('period')).toBe('7d');
    expect(server.sent('/api/revenue/summary').at(-1)?.query.get('period')).toBe('7d');
    expect(server.sent('/api/revenue/summary').at(-1)?.query.get('facilityId')).toBe('1');
  });

  it('shows a role that may not read money why, and asks the server nothing', async () => {
    const { server } = renderScreen(<RevenuePage />, { as: 'admin' });

    expect(await screen.findByText('Your role may not see revenue figures.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Revenue Management', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export Report' })).toBeNull();
    expect(server.sent('/api/revenue/summary')).toHaveLength(0);
    expect(server.sent('/api/revenue/records')).toHaveLength(0);
  });

  it('reads in Kiswahili', async () => {
    await inKiswahili(sw);
    renderScreen(<RevenuePage />, { as: 'facility_incharge', routes: desk() });
    expect(screen.getByRole('heading', { name: 'Usimamizi wa Mapato', level: 1 })).toBeTruthy();
    await screen.findByText('Mary Atieno');
  });
});
