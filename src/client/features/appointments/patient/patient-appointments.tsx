// A patient's appointments, in their record (Patient Details dialog): upcoming and past, each with its status; Book
// (it opens the appointments screen's booking for this patient: the registry does not carry the screen's forms,
// DESIGN.md §10); the patient's consent to SMS reminders, and the reminders sent (a simulator's clearly marked:
// not sent to a phone). Skeleton → error with retry → empty → list. The steps are taken on the day list.
import './patient.strings';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Appointment, SmsMessage } from '../../../../shared/appointments';
import type { PatientSlotProps } from '../../../app/modules';
import { useStaff } from '../../../app/use-staff';
import { ListError } from '../../../components/data/list-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SlotEmpty, SlotListSkeleton, SlotSection } from '../../../components/data/slot-states';
import { personName } from '../../../lib/labels';
import { formatDate } from '../../../lib/locale-format';
import { appointmentErrorText, countyToday, serviceLabel } from '../appointment-messages';
import { patientAppointmentsQuery, patientSmsQuery } from './patient-appointments.api';
import { BOOK_FOR, type BookFor } from './book-for';
import { SmsConsentControl } from './sms-consent';

/** Patient Details' appointments slot (app/modules.ts): shown once the patient is read, for their name and phone. */
export function PatientAppointments({ patientId, patient }: Pick<PatientSlotProps, 'patientId' | 'patient'>) {
  return patient ? (
    <Appointments patientId={patientId} patientName={personName(patient)} phoneNumber={patient.phoneNumber} gender={patient.gender} dateOfBirth={patient.dateOfBirth} />
  ) : null;
}

type Props = { patientId: number; patientName: string; phoneNumber?: string | null; gender: string; dateOfBirth: string };

function Appointments({ patientId, patientName, phoneNumber, gender, dateOfBirth }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [, navigate] = useLocation();
  const canWrite = staff.may('appointments:write');
  return (
    <SlotSection
      id="patient-appointments-heading"
      title={t('appointmentsPatient.title')}
      testId="patient-appointments"
      actions={
        canWrite ? (
          <Button size="sm" onClick={() => navigate('/appointments', { state: { [BOOK_FOR]: { id: patientId, name: patientName, gender, dateOfBirth } satisfies BookFor } })}>
            <CalendarPlus aria-hidden="true" />
            {t('appointmentsPatient.book')}
          </Button>
        ) : null
      }
    >
      <PatientAppointmentList patientId={patientId} />
      <SmsConsentControl patientId={patientId} patientName={patientName} defaultPhone={phoneNumber} />
      <SentReminders patientId={patientId} />
    </SlotSection>
  );
}

function PatientAppointmentList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientAppointmentsQuery(patientId));
  if (query.isPending) return <SlotListSkeleton label={t('appointmentsPatient.loading')} />;
  if (query.isError) return <ListError message={t('common.loadError', { message: appointmentErrorText(t, query.error) })} onRetry={() => void query.refetch()} />;
  const { rows, total } = query.data;
  if (rows.length === 0) {
    return <SlotEmpty icon={CalendarDays}>{t('appointmentsPatient.empty')}</SlotEmpty>;
  }
  const today = countyToday();
  // Upcoming: today on, still to happen (soonest first); past: the rest (latest first).
  const open = (a: Appointment) => a.status === 'scheduled' || a.status === 'checked_in';
  const upcoming = rows.filter((a) => a.date >= today && open(a)).sort((a, b) => (a.date + (a.startTime ?? '')).localeCompare(b.date + (b.startTime ?? '')));
  const past = rows.filter((a) => !upcoming.includes(a)).sort((a, b) => b.date.localeCompare(a.date));
  return (
    <div className="grid gap-3">
      <Group title={t('appointmentsPatient.upcoming')} rows={upcoming} empty={t('appointmentsPatient.noUpcoming')} testId="upcoming-appointment" />
      {past.length > 0 ? <Group title={t('appointmentsPatient.past')} rows={past} testId="past-appointment" /> : null}
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('appointmentsPatient.latest', { count: rows.length, total })}</p> : null}
    </div>
  );
}

function Group({ title, rows, empty, testId }: { title: string; rows: Appointment[]; empty?: string; testId: string }) {
  const { t } = useTranslation();
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
                  <Badge variant="outline" className="whitespace-nowrap">
                    {t(`appointmentsPatient.kind.${a.kind}`)}
                  </Badge>
                  <Badge variant={STATUS_VARIANTS[a.status]} className="whitespace-nowrap" data-status={a.status}>
                    {t(`appointmentsPatient.status.${a.status}`)}
                  </Badge>
                </div>
              </div>
              <p className="text-muted-foreground">{t('appointmentsPatient.meta', { service: serviceLabel(a), facility: a.facilityName })}</p>
              {a.cancelReason ? <p className="text-muted-foreground">{t('appointmentsPatient.cancelReason', { reason: a.cancelReason })}</p> : null}
              {a.tracingOutcome ? <p className="text-muted-foreground">{t('appointmentsPatient.traced', { outcome: t(`appointmentsPatient.tracing.${a.tracingOutcome}`) })}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** As on the day list (appointment-labels.tsx): scheduled blue, checked in yellow, completed green, cancelled grey, missed red. */
const STATUS_VARIANTS: Record<Appointment['status'], 'info' | 'warning' | 'success' | 'secondary' | 'danger'> = {
  scheduled: 'info',
  checked_in: 'warning',
  completed: 'success',
  cancelled: 'secondary',
  missed: 'danger',
};

const SMS_VARIANTS: Record<SmsMessage['status'], 'secondary' | 'info' | 'success' | 'danger'> = { queued: 'secondary', sent: 'info', delivered: 'success', failed: 'danger' };

/** The reminders sent to the patient: when, to which phone, what they said, and how far they got. */
function SentReminders({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientSmsQuery(patientId));
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium text-muted-foreground">{t('appointmentsPatient.reminders')}</h4>
      {query.isPending ? (
        <Skeleton className="h-4 w-1/2" />
      ) : query.isError ? (
        <ListError message={t('common.loadError', { message: appointmentErrorText(t, query.error) })} onRetry={() => void query.refetch()} />
      ) : query.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('appointmentsPatient.noReminders')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('appointmentsPatient.reminders')}>
          {query.data.rows.map((m) => (
            <li key={m.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="sms-message">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{t('appointmentsPatient.smsMeta', { date: formatDate(m.sentAt ?? m.createdAt), phone: m.phone })}</p>
                <div className="flex flex-wrap gap-1">
                  {m.gateway === 'simulator' ? (
                    <Badge variant="warning" data-testid="sms-simulator">
                      {t('appointmentsPatient.simulator')}
                    </Badge>
                  ) : null}
                  <Badge variant={SMS_VARIANTS[m.status]}>{t(`appointmentsPatient.smsStatus.${m.status}`)}</Badge>
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
