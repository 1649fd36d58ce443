// What a patient's appointments in Patient Details ask: their appointments, their consent to SMS reminders and the
// reminders sent, and a change of consent; and the refresh every appointment write makes. A file of its own, so that
// the registry carries these calls and not the appointment screen's others.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, SmsConsent, SmsMessage, UpdateSmsConsentInput } from '../../../../shared/appointments';
import { apiGet, apiList, apiPut, qs } from '../../../lib/api-client';

const PATIENT_APPOINTMENTS_PAGE_SIZE = 50;
const PATIENT_SMS_PAGE_SIZE = 20;

export const patientAppointmentsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patients', 'appointments', patientId],
    queryFn: ({ signal }) => apiList<Appointment>(`/api/appointments${qs({ patientId, limit: PATIENT_APPOINTMENTS_PAGE_SIZE })}`, signal),
  });

export const smsConsentQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patients', 'sms-consent', patientId],
    queryFn: ({ signal }) => apiGet<SmsConsent>(`/api/patients/${patientId}/sms-consent`, signal),
  });

export const patientSmsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patients', 'sms', patientId],
    queryFn: ({ signal }) => apiList<SmsMessage>(`/api/sms-messages${qs({ patientId, limit: PATIENT_SMS_PAGE_SIZE })}`, signal),
  });

/**
 * Not awaited by the mutations: the caller's own success (its toast, closing its dialog) must not wait for the
 * lists, where a rescheduled appointment leaves the row, and the dialog in it, behind.
 */
export function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['appointments'] }),
      queryClient.invalidateQueries({ queryKey: ['patients', 'appointments'] }),
      queryClient.invalidateQueries({ queryKey: ['patients', 'sms-consent'] }),
      queryClient.invalidateQueries({ queryKey: ['patients', 'sms'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard', 'stats'] }),
    ]);
}

export function useUpdateSmsConsent(patientId: number) {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (input: UpdateSmsConsentInput) => apiPut<SmsConsent>(`/api/patients/${patientId}/sms-consent`, input),
    onSuccess: () => void refresh(),
  });
}
