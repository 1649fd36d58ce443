// Billing & Payments as the records officer at Busia County Referral Hospital sees it (SPEC.md §2.8): the invoices
// and the four cards while they load, when the server fails and is asked again, with none raised yet and with
// some; the Create Invoice form's messages, and a form that keeps what was typed when the server refuses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingSummary, invoice, patient } from '../../test/factories';
import { descriptionOf, fail, inKiswahili, invalid, later, list, ok, placeholderRows, renderScreen, findToast } from '../../test/render-screen';
import sw from './locales/sw.json';
import { BillingPage } from './billing-page';

const INVOICES = [
  invoice({ id: 1, invoiceNumber: 'INV-2026-00041', patientName: 'Mary Atieno', serviceType: 'laboratory', amount: 2400, paymentMethod: 'mpesa', status: 'pending' }),
  invoice({
    id: 2,
    invoiceNumber: 'INV-2026-00042',
    patientName: 'John Barasa',
    serviceType: 'maternity',
    amount: 12000,
    paymentMethod: 'nhif',
    insuranceProvider: 'nhif',
    insuranceCoveragePercent: 80,
    patientPayable: 2400,
    status: 'paid',
  }),
];
const SUMMARY = billingSummary({
  paidToday: { amount: 12500, count: 3 },
  pending: { amount: 48200, count: 11, overdueAmount: 9000, overdueCount: 2 },
  insurance: { amount: 76000, count: 4, approvedThisMonthAmount: 150000, approvedThisMonthCount: 6 },
  mobileMoney: { amount: 8300, count: 5 },
});

const desk = (routes = {}) => ({ '/api/billing': list(INVOICES), '/api/billing/summary': ok(SUMMARY), ...routes });

describe('Billing & Payments', () => {
  it('shows placeholder rows and no figures while the invoices load, then the invoices with their count and the day’s four figures', async () => {
    const invoices = later();
    const summary = later();
    renderScreen(<BillingPage />, { routes: desk({ '/api/billing': invoices.handler, '/api/billing/summary': summary.handler }) });

    expect(screen.getByRole('heading', { name: 'Billing & Payments', level: 1 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Invoices, newest first' });
    expect(placeholderRows(table)).toHaveLength(5);
    expect(screen.queryByText('No invoices found')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Paid Today' })).queryByText(/Ksh/)).toBeNull();

    invoices.release(list(INVOICES, 57));
    summary.release(ok(SUMMARY));
    expect(await screen.findByRole('heading', { name: 'Invoices (57)' })).toBeTruthy();
    expect(placeholderRows(table)).toHaveLength(0);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const mary = within(screen.getByRole('row', { name: /INV-2026-00041/ }));
    expect(mary.getByText('Mary Atieno')).toBeTruthy();
    expect(mary.getByText('Laboratory')).toBeTruthy();
    expect(mary.getByText('Ksh 2,400')).toBeTruthy();
    expect(mary.getByText('M-Pesa')).toBeTruthy();
    expect(mary.getByText('Pending')).toBeTruthy();
    const john = within(screen.getByRole('row', { name: /INV-2026-00042/ }));
    expect(john.getByText('Ksh 12,000')).toBeTruthy();
    expect(john.getByText('Patient pays Ksh 2,400')).toBeTruthy();
    expect(john.getByText('80% cover')).toBeTruthy();
    expect(john.getByText('Paid')).toBeTruthy();
    // Only a pending invoice takes a payment.
    expect(screen.getByRole('button', { name: 'Process Payment for INV-2026-00041' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Process Payment for INV-2026-00042' })).toBeNull();

    const paid = within(await screen.findByRole('group', { name: 'Paid Today' }));
    expect(await paid.findByText('Ksh 12,500')).toBeTruthy();
    expect(paid.getByText('3 invoices paid today')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('11 invoices awaiting payment, 2 overdue')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Mobile Money' })).getByText('Ksh 8,300')).toBeTruthy();
  });

  it('says why the invoices could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<BillingPage />, { routes: desk({ '/api/billing': fail(500, 'Database unavailable') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this: 500: Database unavailable');
    server.on('/api/billing', list(INVOICES));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Mary Atieno')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/billing')).toHaveLength(2);
  });

  it('says no invoices have been raised yet, and offers to create the first', async () => {
    // The whole county chosen in the shell: no filter is set, so nothing has been raised anywhere the desk reads.
    const { user } = renderScreen(<BillingPage />, { currentFacility: 0, routes: desk({ '/api/billing': list([]), '/api/billing/summary': ok(billingSummary()) }) });

    expect(await screen.findByRole('heading', { name: 'No invoices found' })).toBeTruthy();
    expect(screen.getByText('No invoices have been raised yet')).toBeTruthy();
    // The header's button and the empty list's: both open the form.
    const create = screen.getAllByRole('button', { name: 'Create Invoice' });
    expect(create).toHaveLength(2);
    await user.click(create[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create Invoice' })).toBeTruthy();
  });

  it('tells a search that found nothing to change its criteria', async () => {
    const { user, server } = renderScreen(<BillingPage />, { routes: desk() });
    await screen.findByText('Mary Atieno');
    server.on('/api/billing', list([]));

    await user.type(screen.getByLabelText('Search by patient name or ID'), 'Wekesa');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Try adjusting your search criteria or filters')).toBeTruthy();
    expect(server.sent('/api/billing').at(-1)?.query.get('search')).toBe('Wekesa');
  });


  it('shows a role that may not read invoices why, and asks the server nothing about them', async () => {
    const { server } = renderScreen(<BillingPage />, { as: 'admin' });

    expect(await screen.findByText('Your role may not read invoices.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Invoice' })).toBeNull();
    expect(server.sent('/api/billing')).toHaveLength(0);
  });

  it('reads in Kiswahili', async () => {
    await inKiswahili(sw);
    renderScreen(<BillingPage />, { routes: desk({ '/api/billing': list([]) }) });

    expect(screen.getByRole('heading', { name: 'Malipo na Ankara', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hakuna ankara zilizopatikana' })).toBeTruthy();
  });
});

describe('Create Invoice', () => {
  async function openForm(routes = {}) {
    const screenParts = renderScreen(<BillingPage />, { routes: desk(routes) });
    await screen.findByText('Mary Atieno');
    await screenParts.user.click(screen.getAllByRole('button', { name: 'Create Invoice' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Invoice' }));
    return { ...screenParts, dialog };
  }

  it('names each required field left empty under the field, then an amount or a cover out of bounds, until put right', async () => {
    const { user, dialog, server } = await openForm();
    const amount = dialog.getByRole('spinbutton', { name: 'Amount (KES)' });
    const cover = dialog.getByRole('spinbutton', { name: 'Insurance coverage (%)' });

    await user.click(dialog.getByRole('button', { name: 'Create Invoice' }));

    await expect.poll(() => descriptionOf(dialog.getByRole('combobox', { name: 'Patient' }))).toContain('Patient is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Service type' }))).toBe('Service type is required');
    expect(descriptionOf(amount)).toBe('Amount is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Payment method' }))).toBe('Payment method is required');
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    // Checked again as the clerk types (SPEC.md §5).
    await user.type(amount, '20000000');
    await user.type(cover, '150');
    await expect.poll(() => descriptionOf(amount)).toBe('Amount must be at most KES 10,000,000');
    // The last field typed can be a render behind on a busy machine: its own message is waited for too.
    await expect.poll(() => descriptionOf(cover)).toBe('Coverage must be a number from 0 to 100');
    await user.clear(amount);
    await user.type(amount, '-5');
    await expect.poll(() => descriptionOf(amount)).toBe('Amount cannot be negative');
    await user.clear(amount);
    await user.type(amount, '2500');
    await expect.poll(() => descriptionOf(amount)).toBe('');
    expect(server.sent('POST /api/billing')).toHaveLength(0);
  });

  it('keeps what was typed and shows the server’s message under its field when the server refuses it (400); corrected, the invoice is created', async () => {
    const mary = patient({ id: 501, firstName: 'Mary', lastName: 'Atieno', nationalId: '30100200' });
    const { user, dialog, server } = await openForm({
      '/api/patients': list([mary]),
      'POST /api/billing': invalid({ amount: 'Amount must be at most KES 10,000,000' }),
    });

    await user.type(dialog.getByRole('combobox', { name: 'Patient' }), 'Mary');
    await user.click(await dialog.findByRole('option', { name: /Mary Atieno/ }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Service type' }), 'Laboratory');
    const amount = dialog.getByRole('spinbutton', { name: 'Amount (KES)' });
    await user.type(amount, '9999999');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Payment method' }), 'Cash');
    await user.click(dialog.getByRole('textbox', { name: 'Notes' }));
    await user.paste('Full blood count and malaria test');
    await user.click(dialog.getByRole('button', { name: 'Create Invoice' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to create billing record: 400: Amount must be at most KES 10,000,000');
    await expect.poll(() => descriptionOf(amount)).toBe('Amount must be at most KES 10,000,000');
    expect((amount as HTMLInputElement).value).toBe('9999999');
    expect((dialog.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Full blood count and malaria test');
    expect((dialog.getByRole('combobox', { name: 'Service type' }) as HTMLSelectElement).value).toBe('laboratory');
    expect(server.sent('POST /api/billing')[0]?.body).toMatchObject({ patientId: 501, serviceType: 'laboratory', amount: 9999999, paymentMethod: 'cash', facilityId: 1 });

    // The clerk corrects the amount: the server's message goes with the change, and the invoice is created.
    server.on('POST /api/billing', ok(invoice({ id: 3, patientName: 'Mary Atieno' })));
    await user.clear(amount);
    await user.type(amount, '2400');
    await expect.poll(() => descriptionOf(amount)).toBe('');
    await user.click(dialog.getByRole('button', { name: 'Create Invoice' }));

    const shown = await findToast('Invoice Created');
    expect(shown.getByText('Billing record created successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create Invoice' })).toBeNull();
    // The patient chosen before the refusal is still the invoice's.
    expect(server.sent('POST /api/billing')[1]?.body).toMatchObject({ patientId: 501, serviceType: 'laboratory', amount: 2400 });
    // The list and the cards are read again.
    expect(server.sent('/api/billing').length).toBeGreaterThanOrEqual(2);
  });
});
