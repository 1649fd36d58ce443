// Missed appointments, the defaulter tracing list (issue 15; KenyaEMR's defaulter tracing): the facility's missed
// appointments in a date range (and of a service), not yet traced or traced, with the patient's phone to call and a "Record outcome"
// dialog (TRACING_OUTCOMES).
import { useQuery } from '@tanstack/react-query';
import { CalendarX2, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/county-time';
import { TRACING_OUTCOMES, appointmentTracingSchema, type Appointment, type TracingOutcome } from '../../../shared/appointments';
import { displayPhone } from '../../../shared/format';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { appointmentErrorText, appointmentMessage, countyToday, serviceLabel } from './appointment-labels';
import { APPOINTMENT_PAGE_SIZE, appointmentServicesQuery, appointmentsQuery, useRecordTracing } from './appointments.api';

type Tracing = 'untraced' | 'traced' | '';
type Props = { facilityId: number; facilityName: string; canWrite: boolean };
const DEFAULT_RANGE_DAYS = 30;

export function MissedList({ facilityId, facilityName, canWrite }: Props) {
  const { t } = useTranslation();
  const today = countyToday();
  const [tracing, setTracing] = useState<Tracing>('untraced');
  const [from, setFrom] = useState(() => addDays(today, -DEFAULT_RANGE_DAYS));
  const [to, setTo] = useState(today);
  const [serviceId, setServiceId] = useState('');
  const [offset, setOffset] = useState(0);
  const services = useQuery(appointmentServicesQuery(facilityId));
  const [tracingOf, setTracingOf] = useState<Appointment | null>(null);
  const query = useQuery(appointmentsQuery({ facilityId, serviceId: Number(serviceId) || undefined, status: 'missed', tracing: tracing || undefined, from: from || undefined, to: to || undefined, offset }));
  const total = query.data?.total;
  const heading = t('appointments.missed.heading');
  const reset = () => setOffset(0);

  return (
    <div className="grid gap-6">
      <FilterBar label={t('appointments.missed.filters')}>
        <FilterSelect
          id="appt-missed-tracing"
          label={t('appointments.missed.tracing')}
          value={tracing}
          onChange={(v) => {
            setTracing(v as Tracing);
            reset();
          }}
          allLabel={t('appointments.missed.all')}
          options={[
            { value: 'untraced', label: t('appointments.missed.untraced') },
            { value: 'traced', label: t('appointments.missed.traced') },
          ]}
        />
        <FilterSelect
          id="appt-missed-service"
          label={t('appointments.day.service')}
          value={serviceId}
          onChange={(v) => {
            setServiceId(v);
            reset();
          }}
          allLabel={t('appointments.day.allServices')}
          options={services.data?.map((s) => ({ value: String(s.id), label: serviceLabel(s) }))}
          loadingLabel={t('common.loading')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="appt-missed-from">{t('appointments.missed.from')}</Label>
          <DateInput
            id="appt-missed-from"
            max={to || undefined}
            value={from}
            onChange={(iso) => {
              setFrom(iso);
              reset();
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="appt-missed-to">{t('appointments.missed.to')}</Label>
          <DateInput
            id="appt-missed-to"
            min={from || undefined}
            value={to}
            onChange={(iso) => {
              setTo(iso);
              reset();
            }}
          />
        </div>
      </FilterBar>

      <ListCard
        title={total === undefined ? heading : t('appointments.day.headingCount', { heading, total: formatNumber(total) })}
        description={facilityName}
        query={query}
        errorMessage={(error) => t('common.loadError', { message: appointmentErrorText(t, error) })}
        paging={{ label: t('appointments.missed.pagination'), offset, pageSize: APPOINTMENT_PAGE_SIZE, onOffset: setOffset }}
        empty={<EmptyState icon={CalendarX2} title={t('appointments.missed.empty')} hint={t('appointments.missed.emptyHint')} />}
      >
        <ul className="grid gap-3" aria-label={heading}>
          {query.data?.rows.map((a) => (
            <li key={a.id} className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center" data-testid="missed-appointment">
              <div className="grid gap-1">
                <p className="font-medium">{a.patientName}</p>
                <p className="text-muted-foreground">{t('appointments.missed.meta', { service: serviceLabel(a), date: formatDate(a.date) })}</p>
                {a.tracingOutcome ? (
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary">{t(`appointments.tracing.${a.tracingOutcome}`)}</Badge>
                    {a.tracingNotes ? <span className="text-muted-foreground">{a.tracingNotes}</span> : null}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {a.patientPhone ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={`tel:${a.patientPhone}`} aria-label={t('appointments.missed.callOf', { name: a.patientName, phone: displayPhone(a.patientPhone) })}>
                      <Phone aria-hidden="true" />
                      {displayPhone(a.patientPhone)}
                    </a>
                  </Button>
                ) : (
                  <span className="self-center text-muted-foreground">{t('appointments.missed.noPhone')}</span>
                )}
                {canWrite ? (
                  <Button size="sm" aria-label={t('appointments.missed.recordOf', { name: a.patientName })} onClick={() => setTracingOf(a)}>
                    {t('appointments.missed.record')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </ListCard>
      {tracingOf ? <TracingDialog appointment={tracingOf} onClose={() => setTracingOf(null)} /> : null}
    </div>
  );
}

function TracingDialog({ appointment: a, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRecordTracing(a.id);
  const [outcome, setOutcome] = useState<TracingOutcome | ''>(a.tracingOutcome ?? '');
  const [notes, setNotes] = useState(a.tracingNotes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = mutation.isPending;
  const submit = () => {
    const parsed = appointmentTracingSchema.safeParse({ outcome: outcome || undefined, notes });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('appointments.tracingDialog.done'), description: t(`appointments.tracing.${parsed.data.outcome}`) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('appointments.tracingDialog.failed'), description: appointmentErrorText(t, error) });
      },
    });
  };
  const outcomeError = appointmentMessage(errors.outcome);
  const notesError = appointmentMessage(errors.notes);
  return (
    <FormDialog pending={pending} onClose={onClose} title={t('appointments.tracingDialog.title')} description={t('appointments.tracingDialog.description', { name: a.patientName, service: serviceLabel(a), date: formatDate(a.date) })} className="max-w-lg">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={pending} className="grid gap-4">
          {a.patientPhone ? (
            <p className="text-sm">
              {t('appointments.tracingDialog.phone')}{' '}
              <a className="font-medium underline" href={`tel:${a.patientPhone}`}>
                {displayPhone(a.patientPhone)}
              </a>
            </p>
          ) : null}
          <FormField id="tracing-outcome" label={t('appointments.tracingDialog.outcome')} error={outcomeError} required>
            <NativeSelect autoFocus aria-required="true" {...fieldAria('tracing-outcome', outcomeError)} value={outcome} onChange={(e) => setOutcome(e.target.value as TracingOutcome | '')}>
              <option value="">{t('appointments.tracingDialog.choose')}</option>
              {TRACING_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`appointments.tracing.${o}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="tracing-notes" label={t('appointments.tracingDialog.notes')} error={notesError}>
            <Textarea maxLength={1000} {...fieldAria('tracing-notes', notesError)} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('appointments.tracingDialog.submit')} running={t('appointments.tracingDialog.saving')} />
      </form>
    </FormDialog>
  );
}
