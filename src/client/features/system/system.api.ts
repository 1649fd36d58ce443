// System Settings' calls (issue 15): the settings with their statuses, a section's save (with the version it was
// loaded at), the write-only SMS API key, the history, a facility's details, the appointment services, and the SMS
// outbox (its messages, a failed one sent again, a test message).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentService, CreateAppointmentServiceInput, SendTestSmsInput, SmsMessage, UpdateAppointmentServiceInput } from '../../../shared/appointments';
import type { Facility, UpdateFacilityInput } from '../../../shared/facilities';
import type { SecretStatus, SettingChange, SettingSection, SettingValues, SystemSettings } from '../../../shared/system';
import { apiDelete, apiGet, apiList, apiPatch, apiPost, apiPut, qs } from '../../lib/api-client';

export const HISTORY_PAGE_SIZE = 20;

export const systemSettingsQuery = queryOptions({
  queryKey: ['system', 'settings'],
  queryFn: ({ signal }) => apiGet<SystemSettings>('/api/system/settings', signal),
});

export const settingsHistoryQuery = (section: string, offset: number) =>
  queryOptions({
    queryKey: ['system', 'history', { section, offset }],
    queryFn: ({ signal }) => apiList<SettingChange>(`/api/system/settings/history${qs({ section: section === 'all' ? undefined : section, limit: HISTORY_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const appointmentServicesQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['appointment-services', 'system', facilityId],
    queryFn: ({ signal }) => apiGet<AppointmentService[]>(`/api/appointment-services${qs({ facilityId, includeInactive: 'true' })}`, signal),
  });

function useRefresh(...keys: string[][]) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['system'] }), ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
}

export function useSaveSection<S extends SettingSection>(section: S) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SettingValues[S] & { expectedVersion: number }) => apiPut<SystemSettings[S]>(`/api/system/settings/${section}`, input),
    onSuccess: refresh,
  });
}

export function useSetApiKey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (value: string) => apiPut<SecretStatus>('/api/system/secrets/sms.apiKey', { value }), onSuccess: refresh });
}

export function useClearApiKey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => apiDelete<SecretStatus>('/api/system/secrets/sms.apiKey'), onSuccess: refresh });
}

export function useUpdateFacility() {
  const refresh = useRefresh(['facilities'], ['dashboard']);
  return useMutation({ mutationFn: ({ id, input }: { id: number; input: UpdateFacilityInput }) => apiPatch<Facility>(`/api/facilities/${id}`, input), onSuccess: refresh });
}

export function useCreateAppointmentService() {
  const refresh = useRefresh(['appointment-services']);
  return useMutation({ mutationFn: (input: CreateAppointmentServiceInput) => apiPost<AppointmentService>('/api/appointment-services', input), onSuccess: refresh });
}

export function useUpdateAppointmentService() {
  const refresh = useRefresh(['appointment-services']);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateAppointmentServiceInput }) => apiPatch<AppointmentService>(`/api/appointment-services/${id}`, input),
    onSuccess: refresh,
  });
}

export const OUTBOX_PAGE_SIZE = 20;

/** The outbox's filters as typed ('' for none): the number, status, kind, facility (its id) and the county days. */
export type OutboxFilters = { phone: string; status: string; kind: string; facilityId: string; from: string; to: string };
export const NO_OUTBOX_FILTERS: OutboxFilters = { phone: '', status: '', kind: '', facilityId: '', from: '', to: '' };

export const smsOutboxQuery = (filters: OutboxFilters, offset: number) =>
  queryOptions({
    queryKey: ['sms-messages', 'outbox', filters, offset],
    queryFn: ({ signal }) => apiList<SmsMessage>(`/api/sms-messages${qs({ ...filters, limit: OUTBOX_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

/** A message's new attempt or a test changes the outbox, the gateway's 30-day counts and a patient's message list. */
function useSmsRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['sms-messages'] }), queryClient.invalidateQueries({ queryKey: ['system'] }), queryClient.invalidateQueries({ queryKey: ['patients', 'sms'] })]);
}

export function useResendSms() {
  const refresh = useSmsRefresh();
  return useMutation({ mutationFn: (id: number) => apiPost<SmsMessage>(`/api/sms-messages/${id}/resend`, {}), onSettled: refresh });
}

export function useSendTestSms() {
  const refresh = useSmsRefresh();
  return useMutation({ mutationFn: (input: SendTestSmsInput) => apiPost<SmsMessage>('/api/sms-messages/test', input), onSuccess: refresh });
}
