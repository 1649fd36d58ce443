// A visit's laboratory tests in the patient's record (issue 31): its own tests only, a positive result marked, who
// resulted it; ordering (a waiting test cannot be ordered twice; none chosen is refused; a refusal keeps the choice),
// cancelling after a question; and nothing at all on a clean visit for a reader who may not order tests.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LabTestRecord } from '../../../shared/laboratory';
import { fail, findToast, list, ok, renderScreen } from '../../test/render-screen';
import './lab.strings';
import { VisitLabTests } from './visit-lab-tests';

const labTest = (overrides: Partial<LabTestRecord> & Pick<LabTestRecord, 'id' | 'test'>): LabTestRecord => ({
  recordId: 5,
  patientId: 12,
  facilityId: 1,
  status: 'ordered',
  orderedBy: 'Otieno Barasa',
  orderedAt: '2026-03-02T07:30:00.000Z',
  result: null,
  species: null,
  value: null,
  findings: null,
  comment: null,
  resultedBy: null,
  resultedAt: null,
  ...overrides,
});

const TESTS = [
  labTest({ id: 1, test: 'malaria_rdt', status: 'resulted', result: 'positive', species: 'falciparum', resultedBy: 'Mary Akinyi', resultedAt: '2026-03-02T08:00:00.000Z' }),
  labTest({ id: 2, test: 'haemoglobin', status: 'resulted', value: 9.5, resultedBy: 'Mary Akinyi', resultedAt: '2026-03-02T08:10:00.000Z' }),
  labTest({ id: 3, test: 'urinalysis' }),
  labTest({ id: 4, test: 'hiv', recordId: 6 }),
];

const visit = <VisitLabTests recordId={5} facilityId={1} patientId={12} patientName="Jane Nafula" visitDate="2026-03-02" />;

describe("a visit's laboratory tests", () => {
  it('shows its own tests, a positive one marked, and orders more for a clinician at its facility', async () => {
    const { user, server } = renderScreen(visit, {
      as: 'clinical_officer',
      routes: { '/api/patients/12/lab-tests': list(TESTS), 'POST /api/medical-records/5/lab-tests': ok([labTest({ id: 9, test: 'blood_sugar' })]) },
    });
    const items = await screen.findAllByTestId('visit-lab-test');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Positive · P. falciparum').className).toContain('bg-destructive');
    expect(items[0]!.textContent).toContain('Mary Akinyi');
    expect(items[1]!.textContent).toContain('9.5 g/dL');
    expect(items[2]!.textContent).toContain('Awaiting result');
    expect(screen.getByRole('button', { name: 'Enter result for Urinalysis' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Order tests for the visit of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order laboratory tests' });
    expect((within(dialog).getByRole('checkbox', { name: /Urinalysis/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Order tests' }));
    expect(within(dialog).getByText('Choose at least one test')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Random blood sugar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order tests' }));
    await findToast('Tests ordered');
    expect(server.sent('POST /api/medical-records/5/lab-tests')[0]!.body).toEqual({ tests: ['blood_sugar'] });
  });

  it('keeps the choice and says why when the server refuses the order', async () => {
    const { user } = renderScreen(visit, {
      as: 'clinical_officer',
      routes: { '/api/patients/12/lab-tests': list([]), 'POST /api/medical-records/5/lab-tests': fail(409, 'A test of that kind already waits on the visit') },
    });
    expect(await screen.findByText('No tests ordered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Order tests for the visit of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order laboratory tests' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'HIV test' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order tests' }));
    await findToast('Could not order the tests');
    expect(within(dialog).getByText(/^409: /)).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: 'HIV test' }) as HTMLInputElement).checked).toBe(true);
  });

  it('cancels a waiting test after asking', async () => {
    const { user, server } = renderScreen(visit, {
      as: 'clinical_officer',
      routes: { '/api/patients/12/lab-tests': list(TESTS), 'POST /api/lab-tests/3/cancel': ok({ ...TESTS[2], status: 'cancelled' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel test: Urinalysis' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this test?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel test' }));
    await findToast('Test cancelled');
    expect(server.sent('POST /api/lab-tests/3/cancel')).toHaveLength(1);
  });

  it('shows nothing on a visit without tests to a reader who may not order them', async () => {
    const { container, queryClient } = renderScreen(<VisitLabTests recordId={7} facilityId={1} patientId={12} patientName="Jane Nafula" visitDate="2026-03-02" />, {
      routes: { '/api/patients/12/lab-tests': list(TESTS) },
    });
    await waitFor(() => expect(queryClient.getQueryState(['lab-tests', 'patient', 12])?.status).toBe('success'));
    expect(container.textContent).toBe('');
  });

  it('shows a reader without the grant the results, without buttons', async () => {
    renderScreen(visit, { routes: { '/api/patients/12/lab-tests': list(TESTS) } });
    expect(await screen.findAllByTestId('visit-lab-test')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
