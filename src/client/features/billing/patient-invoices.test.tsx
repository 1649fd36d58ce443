// A patient's invoices in Patient Details (the billing slot, app/modules.ts): asked for by patient, shown while they
// load, when the server fails and is asked again, with none and with some — and every word it shows comes from the
// few billing strings the registry registers (patient-invoices.strings.ts; checked in patient-invoices.strings.test.ts).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoice } from '../../test/factories';
import { fail, later, list, renderScreen } from '../../test/render-screen';
import { PatientInvoices } from './patient-invoices';

describe("a patient's invoices in their record", () => {
  it('asks for this patient’s invoices, shows placeholders while they load, then each with what is still owed', async () => {
    const invoices = later();
    const asked: string[] = [];
    renderScreen(<PatientInvoices patientId={12} />, {
      routes: {
        '/api/billing': async (request) => {
          asked.push(request.query.toString());
          return invoices.handler();
        },
      },
    });
    expect(screen.getByRole('list', { name: 'Loading invoices' }).getAttribute('aria-busy')).toBe('true');
    invoices.release(
      list(
        [
          invoice({ id: 1, invoiceNumber: 'INV-2026-000041', serviceType: 'laboratory', amount: 2400, patientPayable: 2400, amountPaid: 400, status: 'pending', facilityName: 'Busia County Referral Hospital' }),
          invoice({ id: 2, invoiceNumber: 'INV-2026-000042', serviceType: 'maternity', amount: 12000, patientPayable: 2400, amountPaid: 2400, status: 'paid' }),
        ],
        23,
      ),
    );
    const items = within(await screen.findByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(asked).toEqual(['patientId=12&limit=20']);
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('INV-2026-000041 · Laboratory');
    expect(items[0]!.textContent).toContain('Pending');
    expect(items[0]!.textContent).toMatch(/owes Ksh\s2,000/);
    expect(items[0]!.textContent).toContain('Busia County Referral Hospital');
    expect(items[1]!.textContent).toContain('Paid');
    expect(items[1]!.textContent).not.toContain('owes');
    expect(screen.getByText('Showing the latest 2 of 23 invoices')).toBeTruthy();
  });

  it('says so when the patient has none', async () => {
    renderScreen(<PatientInvoices patientId={12} />, { routes: { '/api/billing': list([]) } });
    expect(await screen.findByText('No invoices for this patient')).toBeTruthy();
  });

  it('names what failed and asks again when told to', async () => {
    let calls = 0;
    const { user } = renderScreen(<PatientInvoices patientId={12} />, {
      routes: { '/api/billing': () => (++calls === 1 ? fail(500, 'Internal Server Error') : list([invoice({ id: 3, invoiceNumber: 'INV-2026-000043' })])) },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again: Invoices' }));
    expect(await screen.findByText(/INV-2026-000043/)).toBeTruthy();
    expect(calls).toBe(2);
  });
});
