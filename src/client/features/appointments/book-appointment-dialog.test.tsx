// Book Appointment for a patient chosen in their record (issue 31 item 4): the records officer at the referral
// hospital is offered only the services that fit the patient — no antenatal care for a man, and told why — and is
// warned when a child welfare clinic is chosen for an adult.
import './appointments.strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppointmentService, SmsConsent } from '../../../shared/appointments';
import { ok, renderScreen } from '../../test/render-screen';
import { BookAppointmentDialog } from './book-appointment-dialog';
import type { BookFor } from './patient/book-for';

const service = (id: number, code: string, name: string): AppointmentService => ({
  id,
  facilityId: 1,
  facilityName: 'Busia County Referral Hospital',
  code,
  name,
  nameSw: null,
  durationMinutes: 20,
  opensAt: '08:00',
  closesAt: '17:00',
  dailyCapacity: 40,
  isActive: true,
});
const SERVICES = [service(1, 'opd', 'General OPD'), service(2, 'anc', 'Antenatal Care (ANC)'), service(3, 'cwc', 'Child Welfare Clinic'), service(4, 'follow_up', 'Follow-up')];
const NO_CONSENT: SmsConsent = { patientId: 12, consented: false, phone: null, language: null, grantedAt: null, grantedByName: null, withdrawnAt: null };

function bookFor(patient: BookFor) {
  return renderScreen(<BookAppointmentDialog open onOpenChange={() => undefined} facilityId={1} patient={patient} />, {
    routes: { '/api/appointment-services': ok(SERVICES), '/api/patients/12/sms-consent': ok(NO_CONSENT) },
  });
}

async function serviceChoice(): Promise<HTMLSelectElement> {
  await screen.findByRole('option', { name: 'General OPD (40 a day)' });
  return screen.getByRole('combobox', { name: /^Service/ }) as HTMLSelectElement;
}

describe('the services offered for a patient', () => {
  it('a male patient gets no antenatal care offer, and the form says it is not offered for a man', async () => {
    bookFor({ id: 12, name: 'Otieno Wafula', gender: 'male', dateOfBirth: '1988-04-02' });
    const select = await serviceChoice();
    const offered = within(select).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Choose a service', 'General OPD (40 a day)', 'Child Welfare Clinic (40 a day)', 'Follow-up (40 a day)']);
    expect(screen.getByTestId('services-not-offered').textContent).toBe('Not offered for a male patient: Antenatal Care (ANC)');
  });

  it('a woman is offered antenatal care; a child welfare clinic chosen for her is warned of, not refused', async () => {
    const { user } = bookFor({ id: 12, name: 'Akinyi Wafula', gender: 'female', dateOfBirth: '1994-09-10' });
    const select = await serviceChoice();
    expect(within(select).getByRole('option', { name: 'Antenatal Care (ANC) (40 a day)' })).toBeTruthy();
    expect(screen.queryByTestId('services-not-offered')).toBeNull();
    await user.selectOptions(select, '3');
    expect(screen.getByText('This clinic is for children under five: check that it is the service the patient needs.')).toBeTruthy();
  });
});
