// Book Appointment (issue 15): the patient (found in the registry), the facility and its service, the date, an
// optional time, Scheduled or Walk-in, notes. A service's full day is refused by the server (409 over_capacity):
// its message is shown, and a user who holds appointments:override at the facility may book anyway; others are
// told why they cannot. The patient's consent to SMS reminders is shown and may be recorded here. Only the services
// that fit the patient's sex are offered (no ANC for a man: issue 31), and a child welfare clinic for a patient past
// five is warned of (shared/appointments/service-fit.ts).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_KINDS, bookAppointmentSchema, serviceMisfit, type Appointment, type AppointmentService, type BookAppointmentInput } from '../../../shared/appointments';
import type { Patient } from '../../../shared/patients';
import { useStaff } from '../../app/use-staff';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { PatientPicker } from '../../components/forms/patient-picker';
import { fullName, patientMatchesQuery } from '../patients';
import { OverCapacity } from './appointment-actions';
import { appointmentErrorText, appointmentMessage, countyToday, isOverCapacity, serviceLabel } from './appointment-labels';
import { appointmentServicesQuery, useBookAppointment } from './appointments.api';
import { SmsConsentControl } from './patient/sms-consent';
import type { BookFor } from './patient/book-for';
import { formatDate } from '../../lib/locale-format';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The facility the booking starts at (the screen's); the user may choose another they may book at. */
  facilityId: number | undefined;
  /** A patient chosen already (the patient's record), with their sex and birth date when known: the picker is not shown. */
  patient?: BookFor | null;
  /** The date the form starts at (the day list's). */
  date?: string;
};

export function BookAppointmentDialog({ open, onOpenChange, facilityId, patient, date }: Props) {
  const { t } = useTranslation();
  const mutation = useBookAppointment();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('appointments.book.title')} description={patient ? t('appointments.book.descriptionFor', { name: patient.name }) : t('appointments.book.description')} className="max-w-2xl">
      {open ? <BookForm mutation={mutation} facilityId={facilityId} fixedPatient={patient ?? null} date={date} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

type Values = { patientId: string; facilityId: string; serviceId: string; date: string; startTime: string; kind: string; notes: string };

type FormProps = {
  mutation: ReturnType<typeof useBookAppointment>;
  facilityId: number | undefined;
  fixedPatient: BookFor | null;
  date: string | undefined;
  onDone: () => void;
};

function BookForm({ mutation, facilityId, fixedPatient, date, onDone }: FormProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const today = countyToday();
  const [patient, setPatient] = useState<Patient | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const start = facilityId ?? staff.facilityId ?? undefined;
  const form = useSchemaForm(
    bookAppointmentSchema,
    (): Values => ({
      patientId: fixedPatient ? String(fixedPatient.id) : '',
      facilityId: start === undefined ? '' : String(start),
      serviceId: '',
      date: date && date >= today ? date : today,
      startTime: '',
      kind: 'scheduled',
      notes: '',
    }),
  );
  const { values, set, errors } = form;
  // The facility may be known only once the user and the facilities have loaded (a booking asked from a record).
  useEffect(() => {
    if (values.facilityId === '' && start !== undefined) set('facilityId', String(start));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the starting facility becomes known
  }, [start]);
  const chosenFacility = Number(values.facilityId) || undefined;
  const services = useQuery(appointmentServicesQuery(chosenFacility));
  const bookable = facilities.data?.filter((f) => staff.reaches('appointments:write', f));
  const facility = facilities.data?.find((f) => f.id === chosenFacility);
  const mayOverride = facility ? staff.reaches('appointments:override', facility) : false;
  // The chosen service's hours bound the time picker; the server refuses a time outside them.
  const service = services.data?.find((s) => String(s.id) === values.serviceId);
  const pending = mutation.isPending;
  const message = (name: keyof Values) => appointmentMessage(errors[name]);
  const patientId = fixedPatient?.id ?? patient?.id;
  const patientName = fixedPatient?.name ?? (patient ? fullName(patient) : '');
  // What the services are offered against: the patient's sex and age (none known yet: every service).
  const facts = fixedPatient ?? patient;
  const misfitOf = (s: AppointmentService, who = facts) => (who ? serviceMisfit(s.code, who, values.date) : null);
  const offered = services.data?.filter((s) => !misfitOf(s)?.refused);
  const notOffered = (services.data ?? []).filter((s) => misfitOf(s)?.refused);
  const serviceWarning = service ? misfitOf(service) : null;
  const serviceHint = notOffered.length > 0 ? t(facts?.gender === 'male' ? 'appointments.book.notOfferedMale' : 'appointments.book.notOfferedFemale', { services: notOffered.map(serviceLabel).join(', ') }) : null;

  const change = <K extends keyof Values>(name: K, value: Values[K]) => {
    set(name, value);
    setRefusal(null);
  };

  const send = (input: BookAppointmentInput) =>
    mutation.mutate(input, {
      onSuccess: (a: Appointment) => {
        toast({
          title: t(input.overrideCapacity ? 'appointments.book.doneOver' : 'appointments.book.done'),
          description: t('appointments.book.doneBody', { name: a.patientName, service: serviceLabel(a), date: formatDate(a.date) }),
        });
        onDone();
      },
      onError: (error) => {
        if (isOverCapacity(error)) {
          setRefusal(error);
          return;
        }
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('appointments.book.failed'), description: appointmentErrorText(t, error) });
      },
    });

  const onSubmit = form.submit((input) => {
    setRefusal(null);
    send({ ...input, overrideCapacity: false });
  });
  const override = () => {
    const parsed = bookAppointmentSchema.safeParse({ ...form.input, overrideCapacity: true });
    if (parsed.success) send(parsed.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
        {fixedPatient ? null : (
          <div className="sm:col-span-2">
            <PatientPicker
              id="appt-patientId"
              search={patientMatchesQuery}
              text={{
                label: t('appointments.book.patient'),
                placeholder: t('appointments.book.patientPlaceholder'),
                hint: t('appointments.book.patientHint'),
                matches: t('appointments.book.patientMatches'),
                noMatches: t('appointments.book.noPatients'),
                change: t('appointments.book.changePatient'),
                line: (p) => t('appointments.book.patientOption', { nationalId: p.nationalId, facility: p.facilityName }),
              }}
              selected={patient}
              onSelect={(p) => {
                setPatient(p);
                change('patientId', p ? String(p.id) : '');
                // A service chosen for the last patient that does not fit this one (ANC, now for a man) is dropped.
                if (p && service && misfitOf(service, p)?.refused) set('serviceId', '');
              }}
              error={message('patientId')}
            />
          </div>
        )}

        <FormField id="appt-facilityId" label={t('appointments.book.facility')} error={message('facilityId')} required className="content-start">
          <NativeSelect
            aria-required="true"
            data-field="facilityId"
            {...fieldAria('appt-facilityId', message('facilityId'))}
            value={values.facilityId}
            onChange={(e) => {
              change('facilityId', e.target.value);
              set('serviceId', '');
            }}
          >
            <option value="">{facilities.isPending ? t('common.loading') : t('appointments.book.chooseFacility')}</option>
            {bookable?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>

        <FormField id="appt-serviceId" label={t('appointments.book.service')} error={message('serviceId')} required className="content-start">
          <NativeSelect
            aria-required="true"
            data-field="serviceId"
            disabled={chosenFacility === undefined}
            {...fieldAria('appt-serviceId', message('serviceId'))}
            aria-describedby={[serviceHint && 'appt-serviceId-hint', serviceWarning && 'appt-serviceId-warning', message('serviceId') && 'appt-serviceId-error'].filter(Boolean).join(' ') || undefined}
            value={values.serviceId}
            onChange={(e) => change('serviceId', e.target.value)}
          >
            <option value="">{chosenFacility === undefined ? t('appointments.book.facilityFirst') : services.isPending ? t('common.loading') : t('appointments.book.chooseService')}</option>
            {offered?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {t('appointments.book.serviceOption', { name: serviceLabel(s), capacity: s.dailyCapacity })}
              </option>
            ))}
          </NativeSelect>
          {serviceHint ? (
            <p id="appt-serviceId-hint" className="text-xs text-muted-foreground" data-testid="services-not-offered">
              {serviceHint}
            </p>
          ) : null}
          {serviceWarning ? (
            <p id="appt-serviceId-warning" className="text-xs font-medium text-yellow-800">
              {t('appointments.book.forUnderFives')}
            </p>
          ) : null}
        </FormField>

        <FormField id="appt-kind" label={t('appointments.book.kind')} error={message('kind')} required>
          <NativeSelect
            aria-required="true"
            data-field="kind"
            {...fieldAria('appt-kind', message('kind'))}
            value={values.kind}
            onChange={(e) => {
              change('kind', e.target.value);
              // A walk-in is for today: the server books it for today and checks it in at once.
              if (e.target.value === 'walk_in') set('date', today);
            }}
          >
            {APPOINTMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`appointments.kind.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>

        <FormField id="appt-date" label={t('appointments.book.date')} error={message('date')} required>
          <DateInput
            aria-required="true"
            data-field="date"
            min={today}
            readOnly={values.kind === 'walk_in'}
            {...fieldAria('appt-date', message('date'))}
            value={values.date}
            onChange={(iso) => change('date', iso)}
          />
        </FormField>

        <FormField id="appt-startTime" label={t('appointments.book.time')} error={message('startTime')}>
          <Input type="time" data-field="startTime" {...fieldAria('appt-startTime', message('startTime'))} min={service?.opensAt} max={service?.closesAt} value={values.startTime} onChange={(e) => change('startTime', e.target.value)} />
        </FormField>

        {values.kind === 'walk_in' ? (
          <p className="self-end text-sm text-muted-foreground">
            {t('appointments.book.walkInNote')}
          </p>
        ) : null}

        <FormField id="appt-notes" label={t('appointments.book.notes')} error={message('notes')} className="sm:col-span-2">
          <Textarea className="min-h-16" maxLength={1000} data-field="notes" {...fieldAria('appt-notes', message('notes'))} value={values.notes} onChange={(e) => change('notes', e.target.value)} />
        </FormField>
      </fieldset>

      {patientId !== undefined ? <SmsConsentControl patientId={patientId} patientName={patientName} defaultPhone={patient?.phoneNumber} /> : null}

      {refusal ? <OverCapacity refusal={refusal} mayOverride={mayOverride} pending={pending} onOverride={override} /> : null}

      <FormDialogFooter pending={pending} onCancel={onDone} action={t('appointments.book.submit')} running={t('appointments.book.submitting')} />
    </form>
  );
}
