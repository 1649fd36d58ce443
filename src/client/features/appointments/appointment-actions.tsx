// The next steps of an appointment (shared/appointments: APPOINTMENT_TRANSITIONS), for a user who may write at its
// facility (the server checks again): Check in, Complete, Cancel (with a reason, required), Reschedule (date, time,
// service) and Mark missed (a past day only: the nightly sweep does it otherwise).
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_TRANSITIONS, appointmentStatusSchema, rescheduleAppointmentSchema, type Appointment, type AppointmentStatus, type RescheduleAppointmentInput } from '../../../shared/appointments';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { isQueued } from '../../lib/offline-send';
import { useOnline } from '../../components/offline-banner';
import { formatDate } from '../../lib/locale-format';
import { appointmentErrorText, appointmentMessage, countyToday, isOverCapacity, serverText, serviceLabel } from './appointment-labels';
import { appointmentServicesQuery, useAppointmentStatus, useRescheduleAppointment } from './appointments.api';

type Props = { appointment: Appointment; mayOverride: boolean; className?: string };

export function AppointmentActions({ appointment: a, mayOverride, className = 'flex flex-wrap justify-end gap-2' }: Props) {
  const { t } = useTranslation();
  const status = useAppointmentStatus();
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const next = APPOINTMENT_TRANSITIONS[a.status];
  const past = a.date < countyToday();
  const pending = status.isPending;
  // Offline only the check-in is kept for later (issue 34): the other steps say they need the connection.
  const online = useOnline();

  const step = (to: AppointmentStatus) =>
    status.mutate(
      { id: a.id, status: to, reason: null, patientName: a.patientName },
      {
        onSuccess: (answer) =>
          toast(
            isQueued(answer)
              ? { title: t('offlineWork.keptTitle'), description: t('appointments.actions.keptBody', { name: a.patientName }) }
              : { title: t(`appointments.actions.done.${to}`), description: t('appointments.actions.doneBody', { name: a.patientName, service: serviceLabel(a) }) },
          ),
        onError: (error) => toast({ variant: 'destructive', title: t('appointments.actions.failed'), description: appointmentErrorText(t, error) }),
      },
    );

  const buttons: { key: string; label: string; name: string; onClick: () => void; variant?: 'outline' | 'default' }[] = [];
  if (next.includes('checked_in')) buttons.push({ key: 'checkIn', label: t('appointments.actions.checkIn'), name: t('appointments.actions.checkInOf', { name: a.patientName }), onClick: () => step('checked_in'), variant: 'default' });
  if (next.includes('completed')) buttons.push({ key: 'complete', label: t('appointments.actions.complete'), name: t('appointments.actions.completeOf', { name: a.patientName }), onClick: () => step('completed'), variant: 'default' });
  if (a.status === 'scheduled') buttons.push({ key: 'reschedule', label: t('appointments.actions.reschedule'), name: t('appointments.actions.rescheduleOf', { name: a.patientName }), onClick: () => setRescheduling(true) });
  if (next.includes('missed') && past) buttons.push({ key: 'missed', label: t('appointments.actions.markMissed'), name: t('appointments.actions.markMissedOf', { name: a.patientName }), onClick: () => step('missed') });
  if (next.includes('cancelled')) buttons.push({ key: 'cancel', label: t('appointments.actions.cancel'), name: t('appointments.actions.cancelOf', { name: a.patientName }), onClick: () => setCancelling(true) });

  if (buttons.length === 0) return null;
  return (
    <div className={className}>
      {buttons.map((b) => {
        const needsLink = !online && b.key !== 'checkIn';
        return (
          <Button
            key={b.key}
            size="sm"
            variant={b.variant ?? 'outline'}
            className={b.key === 'cancel' ? 'text-destructive' : undefined}
            aria-label={needsLink ? `${b.name}: ${t('appointments.actions.needsConnection')}` : b.name}
            title={needsLink ? t('appointments.actions.needsConnection') : undefined}
            disabled={pending || needsLink}
            onClick={b.onClick}
          >
            {b.label}
          </Button>
        );
      })}
      <CancelDialog appointment={a} open={cancelling} onOpenChange={setCancelling} />
      {rescheduling ? <RescheduleDialog appointment={a} mayOverride={mayOverride} onClose={() => setRescheduling(false)} /> : null}
    </div>
  );
}

function CancelDialog({ appointment: a, open, onOpenChange }: { appointment: Appointment; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const mutation = useAppointmentStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const pending = mutation.isPending;
  const confirm = () => {
    const parsed = appointmentStatusSchema.safeParse({ status: 'cancelled', reason });
    if (!parsed.success) {
      setError(appointmentMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    mutation.mutate(
      { id: a.id, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('appointments.actions.done.cancelled'), description: t('appointments.actions.doneBody', { name: a.patientName, service: serviceLabel(a) }) });
          setReason('');
          onOpenChange(false);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 400) setError(appointmentMessage(e.fieldErrors().reason));
          toast({ variant: 'destructive', title: t('appointments.actions.failed'), description: appointmentErrorText(t, e) });
        },
      },
    );
  };
  return (
    <FormDialog open={open} pending={pending} onClose={() => onOpenChange(false)} title={t('appointments.cancel.title')} description={t('appointments.cancel.description', { name: a.patientName, service: serviceLabel(a), date: formatDate(a.date) })} className="max-w-lg">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <FormField id={`cancel-reason-${a.id}`} label={t('appointments.cancel.reason')} error={error} required>
          <Textarea
            autoFocus
            aria-required="true"
            maxLength={500}
            disabled={pending}
            {...fieldAria(`cancel-reason-${a.id}`, error)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormField>
        <FormDialogFooter
          pending={pending}
          onCancel={() => onOpenChange(false)}
          cancel={t('appointments.cancel.keep')}
          action={t('appointments.cancel.confirm')}
          running={t('appointments.cancel.saving')}
          variant="destructive"
        />
      </form>
    </FormDialog>
  );
}

type RescheduleValues = { date: string; startTime: string; serviceId: string; notes: string };

function RescheduleDialog({ appointment: a, mayOverride, onClose }: { appointment: Appointment; mayOverride: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRescheduleAppointment(a.id);
  const services = useQuery(appointmentServicesQuery(a.facilityId));
  const today = countyToday();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const form = useSchemaForm(rescheduleAppointmentSchema, (): RescheduleValues => ({ date: a.date, startTime: a.startTime ?? '', serviceId: String(a.serviceId), notes: a.notes ?? '' }));
  const { values, set, errors } = form;
  const pending = mutation.isPending;
  const message = (name: keyof RescheduleValues) => appointmentMessage(errors[name]);
  const change = <K extends keyof RescheduleValues>(name: K, value: RescheduleValues[K]) => {
    set(name, value);
    setRefusal(null);
  };
  const send = (input: RescheduleAppointmentInput) =>
    mutation.mutate(input, {
      onSuccess: (r) => {
        toast({ title: t('appointments.reschedule.done'), description: t('appointments.book.doneBody', { name: r.patientName, service: serviceLabel(r), date: formatDate(r.date) }) });
        onClose();
      },
      onError: (error) => {
        if (isOverCapacity(error)) {
          setRefusal(error);
          return;
        }
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('appointments.reschedule.failed'), description: appointmentErrorText(t, error) });
      },
    });
  const id = (name: string) => `resched-${a.id}-${name}`;
  return (
    <FormDialog pending={pending} onClose={onClose} title={t('appointments.reschedule.title')} description={t('appointments.cancel.description', { name: a.patientName, service: serviceLabel(a), date: formatDate(a.date) })} className="max-w-lg">
      <form noValidate className="grid gap-4" onSubmit={form.submit((input) => send({ ...input, overrideCapacity: false }))}>
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('date')} label={t('appointments.book.date')} error={message('date')} required>
            <DateInput min={today} aria-required="true" data-field="date" {...fieldAria(id('date'), message('date'))} value={values.date} onChange={(iso) => change('date', iso)} />
          </FormField>
          <FormField id={id('startTime')} label={t('appointments.book.time')} error={message('startTime')}>
            <Input type="time" data-field="startTime" {...fieldAria(id('startTime'), message('startTime'))} value={values.startTime} onChange={(e) => change('startTime', e.target.value)} />
          </FormField>
          <FormField id={id('serviceId')} label={t('appointments.book.service')} error={message('serviceId')} required className="sm:col-span-2">
            <NativeSelect aria-required="true" data-field="serviceId" {...fieldAria(id('serviceId'), message('serviceId'))} value={values.serviceId} onChange={(e) => change('serviceId', e.target.value)}>
              {services.data ? null : <option value={String(a.serviceId)}>{serviceLabel(a)}</option>}
              {services.data?.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {serviceLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('notes')} label={t('appointments.book.notes')} error={message('notes')} className="sm:col-span-2">
            <Textarea className="min-h-16" maxLength={1000} data-field="notes" {...fieldAria(id('notes'), message('notes'))} value={values.notes} onChange={(e) => change('notes', e.target.value)} />
          </FormField>
        </fieldset>
        {refusal ? (
          <OverCapacity
            refusal={refusal}
            mayOverride={mayOverride}
            pending={pending}
            onOverride={() => {
              const parsed = rescheduleAppointmentSchema.safeParse({ ...form.input, overrideCapacity: true });
              if (parsed.success) send(parsed.data);
            }}
          />
        ) : null}
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('appointments.reschedule.submit')} running={t('appointments.reschedule.submitting')} />
      </form>
    </FormDialog>
  );
}

/** The server's refusal of a full day, and for a user who may, the way past it. */
export function OverCapacity({ refusal, mayOverride, pending, onOverride }: { refusal: ApiError; mayOverride: boolean; pending: boolean; onOverride: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/60 bg-destructive/5 p-3 text-sm" data-testid="over-capacity">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 text-destructive" />
        {t('appointments.book.fullTitle')}
      </p>
      <p>{serverText(refusal)}</p>
      {mayOverride ? (
        <>
          <p className="text-muted-foreground">{t('appointments.book.overrideHint')}</p>
          <div>
            <Button type="button" variant="destructive" disabled={pending} onClick={onOverride}>
              {t('appointments.book.override')}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-muted-foreground">{t('appointments.book.noOverride')}</p>
      )}
    </div>
  );
}
