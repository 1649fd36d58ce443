// A patient's appointments, in their record (Patient Details dialog): upcoming and past, each with its status and
// the steps it may take; Book for one who may; the patient's consent to SMS reminders, and the reminders sent
// (a simulator's clearly marked: not sent to a phone). Skeleton → error with retry → empty → list.
import './appointments.strings';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment, SmsMessage } from '../../../shared/appointments';
import { useSelectedFacility, COUNTY_WIDE } from '../../app/selected-facility';
import { useStaff } from '../../app/use-staff';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { AppointmentActions } from './appointment-actions';
import { AppointmentStatusBadge, KindBadge, appointmentErrorText, countyToday } from './appointment-labels';
import { patientAppointmentsQuery, patientSmsQuery } from './appointments.api';
import { BookAppointmentDialog } from './book-appointment-dialog';
import { SmsConsentControl } from './sms-consent';

type Props = { patientId: number; patientName: string; phoneNumber?: string | null };

export function PatientAppointments({ patientId, patientName, phoneNumber }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const { facilityId: shell } = useSelectedFacility();
  const [booking, setBooking] = useState(false);
  const canWrite = staff.may('appointments:write');
  return (
    <section className="grid gap-3" aria-labelledby="patient-appointments-heading" data-testid="patient-appointments">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="patient-appointments-heading" className="text-base font-semibold">
          {t('appointments.patient.title')}
        </h3>
        {canWrite ? (
          <Button size="sm" onClick={() => setBooking(true)}>
            <CalendarPlus aria-hidden="true" />
            {t('appointments.patient.book')}
          </Button>
        ) : null}
      </div>
      <PatientAppointmentList patientId={patientId} />
      <SmsConsentControl patientId={patientId} patientName={patientName} defaultPhone={phoneNumber} />
      <SentReminders patientId={patientId} />
      {canWrite ? (
        <BookAppointmentDialog
          open={booking}
          onOpenChange={setBooking}
          facilityId={shell !== COUNTY_WIDE ? shell : (staff.facilityId ?? undefined)}
          patient={{ id: patientId, name: patientName }}
        />
      ) : null}
    </section>
  );
}

function PatientAppointmentList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientAppointmentsQuery(patientId));
  if (query.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label={t('appointments.patient.loading')}>
        {Array.from({ length: 2 }, (_, i) => (
          <li key={i} className="grid gap-2 rounded-md border p-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) return <ListError message={t('common.loadError', { message: appointmentErrorText(t, query.error) })} onRetry={() => void query.refetch()} />;
  const { rows, total } = query.data;
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        <CalendarDays aria-hidden="true" className="h-8 w-8" />
        <p>{t('appointments.patient.empty')}</p>
      </div>
    );
  }
  const today = countyToday();
  // Upcoming: today on, still to happen (soonest first); past: the rest (latest first).
  const open = (a: Appointment) => a.status === 'scheduled' || a.status === 'checked_in';
  const upcoming = rows.filter((a) => a.date >= today && open(a)).sort((a, b) => (a.date + (a.startTime ?? '')).localeCompare(b.date + (b.startTime ?? '')));
  const past = rows.filter((a) => !upcoming.includes(a)).sort((a, b) => b.date.localeCompare(a.date));
  return (
    <div className="grid gap-3">
      <Group title={t('appointments.patient.upcoming')} rows={upcoming} empty={t('appointments.patient.noUpcoming')} testId="upcoming-appointment" />
      {past.length > 0 ? <Group title={t('appointments.patient.past')} rows={past} testId="past-appointment" /> : null}
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('appointments.patient.latest', { count: rows.length, total })}</p> : null}
    </div>
  );
}

function Group({ title, rows, empty, testId }: { title: string; rows: Appointment[]; empty?: string; testId: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const may = (a: Appointment, p: 'appointments:write' | 'appointments:override') => {
    const f = facilities.data?.find((x) => x.id === a.facilityId);
    return f ? staff.reaches(p, f) : false;
  };
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium text-muted-foreground">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2" aria-label={title}>
          {rows.map((a) => (
            <li key={a.id} className="grid gap-2 rounded-md border p-3 text-sm" data-testid={testId}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-semibold">
                  {formatDate(a.date)}
                  {a.startTime ? `, ${a.startTime}` : ''}
                </p>
                <div className="flex flex-wrap gap-1">
                  <KindBadge kind={a.kind} />
                  <AppointmentStatusBadge status={a.status} />
                </div>
              </div>
              <p className="text-muted-foreground">{t('appointments.patient.meta', { service: a.serviceName, facility: a.facilityName })}</p>
              {a.cancelReason ? <p className="text-muted-foreground">{t('appointments.patient.cancelReason', { reason: a.cancelReason })}</p> : null}
              {a.tracingOutcome ? <p className="text-muted-foreground">{t('appointments.patient.traced', { outcome: t(`appointments.tracing.${a.tracingOutcome}`) })}</p> : null}
              {may(a, 'appointments:write') ? <AppointmentActions appointment={a} mayOverride={may(a, 'appointments:override')} className="flex flex-wrap gap-2" /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SMS_VARIANTS: Record<SmsMessage['status'], 'secondary' | 'info' | 'success' | 'danger'> = { queued: 'secondary', sent: 'info', delivered: 'success', failed: 'danger' };

/** The reminders sent to the patient: when, to which phone, what they said, and how far they got. */
function SentReminders({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientSmsQuery(patientId));
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium text-muted-foreground">{t('appointments.patient.reminders')}</h4>
      {query.isPending ? (
        <Skeleton className="h-4 w-1/2" />
      ) : query.isError ? (
        <ListError message={t('common.loadError', { message: appointmentErrorText(t, query.error) })} onRetry={() => void query.refetch()} />
      ) : query.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('appointments.patient.noReminders')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('appointments.patient.reminders')}>
          {query.data.rows.map((m) => (
            <li key={m.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="sms-message">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{t('appointments.patient.smsMeta', { date: formatDate(m.sentAt ?? m.createdAt), phone: m.phone })}</p>
                <div className="flex flex-wrap gap-1">
                  {m.gateway === 'simulator' ? (
                    <Badge variant="warning" data-testid="sms-simulator">
                      {t('appointments.patient.simulator')}
                    </Badge>
                  ) : null}
                  <Badge variant={SMS_VARIANTS[m.status]}>{t(`appointments.smsStatus.${m.status}`)}</Badge>
                </div>
              </div>
              <p className="text-muted-foreground">{m.body}</p>
              {m.error ? <p className="text-destructive">{m.error}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
