// The appointments screen's calls (issue 15; the contract is src/shared/appointments): a facility's services, the
// bounded list of appointments, the week's counts, booking, rescheduling, each step and the tracing outcome. Every
// write refreshes what it changes, the dashboard's "Today's Appointments" too. A patient's appointments, consent to
// SMS reminders and reminders sent are asked by patient/patient-appointments.api.ts (Patient Details carries only that).
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  Appointment,
  AppointmentCalendarDay,
  AppointmentService,
  AppointmentStatusInput,
  AppointmentTracingInput,
  BookAppointmentInput,
  ListAppointmentsQuery,
  RescheduleAppointmentInput,
} from '../../../shared/appointments';
import { apiGet, apiList, apiPatch, apiPost, isNetworkFailure, qs } from '../../lib/api-client';
import { loadOffline } from '../../lib/offline-gate';
import { sendOrKeep, type Queued } from '../../lib/offline-send';
import { useRefreshAppointments } from './patient/patient-appointments.api';

export const APPOINTMENT_PAGE_SIZE = 50;

export const appointmentServicesQuery = (facilityId: number | undefined) =>
  queryOptions({
    queryKey: ['appointments', 'services', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<AppointmentService[]>(`/api/appointment-services${qs({ facilityId })}`, signal),
    enabled: facilityId !== undefined,
    staleTime: 60_000,
  });

export type AppointmentFilters = Partial<Omit<ListAppointmentsQuery, 'limit'>> & { limit?: number };

export const appointmentsQuery = (f: AppointmentFilters) =>
  queryOptions({
    queryKey: ['appointments', 'list', f],
    queryFn: async ({ signal }): Promise<{ rows: Appointment[]; total: number; capped: boolean; keptAt?: string }> => {
      try {
        return await listAppointments(f, signal);
      } catch (error) {
        // Without a connection (issue 34): a facility's day as kept on this device, with the check-ins made offline.
        if (!isNetworkFailure(error) || !f.facilityId || !f.date || f.status || f.tracing || f.patientId || f.kind) throw error;
        const { facilityId, date, serviceId, offset } = f;
        const kept = await loadOffline()
          .then((m) => m.keptDay({ facilityId, date, serviceId, offset, limit: f.limit ?? APPOINTMENT_PAGE_SIZE }))
          .catch(() => undefined);
        if (!kept) throw error;
        return { ...kept, capped: false };
      }
    },
    placeholderData: keepPreviousData,
  });

const listAppointments = (f: AppointmentFilters, signal?: AbortSignal) =>
  apiList<Appointment>(
    `/api/appointments${qs({
      facilityId: f.facilityId,
      serviceId: f.serviceId,
      patientId: f.patientId,
      date: f.date,
      from: f.from,
      to: f.to,
      status: f.status,
      kind: f.kind,
      tracing: f.tracing,
      limit: f.limit ?? APPOINTMENT_PAGE_SIZE,
      offset: f.offset,
    })}`,
    signal,
  );

export const appointmentCalendarQuery = (facilityId: number | undefined, from: string, to: string, serviceId?: number) =>
  queryOptions({
    queryKey: ['appointments', 'calendar', facilityId ?? null, from, to, serviceId ?? null],
    queryFn: ({ signal }) => apiGet<AppointmentCalendarDay[]>(`/api/appointments/calendar${qs({ facilityId, serviceId, from, to })}`, signal),
    enabled: facilityId !== undefined,
    placeholderData: keepPreviousData,
  });

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (input: BookAppointmentInput) => apiPost<Appointment>('/api/appointments', input),
    onSuccess: () => void refresh(),
  });
}

export function useRescheduleAppointment(id: number) {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (input: RescheduleAppointmentInput) => apiPatch<Appointment>(`/api/appointments/${id}`, input),
    onSuccess: () => void refresh(),
  });
}

/**
 * A step (check in, complete, cancel, missed); a refused step refreshes too: someone may have moved it first. A check-in
 * without a connection is kept on the device and sent when it returns (issue 34), at the moment it was made.
 */
export function useAppointmentStatus() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, patientName = '', ...input }: AppointmentStatusInput & { id: number; patientName?: string }): Promise<Appointment | Queued> =>
      input.status === 'checked_in'
        ? sendOrKeep<Appointment>({ kind: 'checkin', method: 'PATCH', path: `/api/appointments/${id}/status`, body: input, label: patientName })
        : apiPatch<Appointment>(`/api/appointments/${id}/status`, input),
    onSettled: () => void refresh(),
  });
}

export function useRecordTracing(id: number) {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (input: AppointmentTracingInput) => apiPatch<Appointment>(`/api/appointments/${id}/tracing`, input),
    onSuccess: () => void refresh(),
  });
}
