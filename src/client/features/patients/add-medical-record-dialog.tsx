// SPEC.md §2.6 Add Medical Record: only the chief complaint is required (§5); §8 toasts and the 401 flow.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { wallClock } from '../../../shared/county-time';
import { createMedicalRecordSchema, type CreateMedicalRecordForm, type CreateMedicalRecordInput } from '../../../shared/medical-records';
import type { Patient } from '../../../shared/patients';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { errorText, fullName, validationText } from './patient-labels';
import { useCreateMedicalRecord } from './patients.api';
import { useStaff } from '../../app/use-staff';

/** SPEC.md §8/§9: a logged-out user is sent to sign in again after 500 ms. */
const LOGIN_REDIRECT_DELAY = 500;

type Props = { patient: Patient; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The visit happens where the clinician works: their own facility, else the patient's registration facility.
 * (Not the shell's Current Facility: that is what the dashboard looks at, not where the clinician stands.)
 * The form shows it and lets them change it, e.g. for an outreach visit.
 */
function useVisitFacility(patient: Patient): number {
  const staff = useStaff();
  return staff.facilityId ?? patient.facilityId;
}

export function AddMedicalRecordDialog({ patient, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateMedicalRecord();
  const facilityId = useVisitFacility(patient);
  return (
    <Dialog open={open} onOpenChange={(next) => (mutation.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('patients.record.title')}</DialogTitle>
          <DialogDescription>{t('patients.record.description', { name: fullName(patient) })}</DialogDescription>
        </DialogHeader>
        <RecordForm key={`${patient.id}-${facilityId}`} patientId={patient.id} facilityId={facilityId} mutation={mutation} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type FormProps = { patientId: number; facilityId: number; mutation: ReturnType<typeof useCreateMedicalRecord>; onDone: () => void };

const OPTIONAL = ['diagnosis', 'treatment', 'prescription'] as const;

/** The browser checks a visit date against its own clock; the server checks again against its clock. */
const recordSchema = createMedicalRecordSchema(wallClock);

function RecordForm({ patientId, facilityId, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const empty: CreateMedicalRecordForm = { patientId, facilityId, chiefComplaint: '', diagnosis: '', treatment: '', prescription: '', notes: '', followUpDate: '' };
  const { register, handleSubmit, reset, setError, formState } = useForm<CreateMedicalRecordForm, unknown, CreateMedicalRecordInput>({
    resolver: zodResolver(recordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const errors = formState.errors;
  const message = (name: keyof CreateMedicalRecordForm) => validationText(errors[name]?.message);
  const pending = mutation.isPending;

  const onSubmit = (input: CreateMedicalRecordInput) =>
    mutation.mutate(
      { ...input, patientId },
      {
        onSuccess: () => {
          toast({ title: t('patients.record.successTitle'), description: t('patients.record.successBody') });
          reset(empty);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401 && error.message.includes('Unauthorized')) {
            toast({ variant: 'destructive', title: t('patients.record.unauthorizedTitle'), description: t('patients.record.unauthorizedBody') });
            setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_DELAY);
            return;
          }
          if (error instanceof ApiError && error.status === 400) {
            const fieldErrors = error.fieldErrors();
            for (const f of ['chiefComplaint', ...OPTIONAL, 'notes', 'followUpDate'] as const) {
              if (fieldErrors[f]) setError(f, { type: 'server', message: fieldErrors[f] });
            }
          }
          toast({ variant: 'destructive', title: t('patients.record.errorTitle'), description: errorText(t, error, t('patients.record.errorBody')) });
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
        <FormField id="rec-facilityId" label={t('patients.record.facility')} error={message('facilityId')} className="sm:col-span-2">
          <NativeSelect {...fieldAria('rec-facilityId', message('facilityId'))} {...register('facilityId', { valueAsNumber: true })}>
            {(facilities.data ?? []).length === 0 ? <option value={facilityId}>{t('common.loading')}</option> : null}
            {facilities.data?.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="rec-chiefComplaint" label={t('patients.record.chiefComplaint')} error={message('chiefComplaint')} required className="sm:col-span-2">
          <Textarea aria-required="true" {...fieldAria('rec-chiefComplaint', message('chiefComplaint'))} {...register('chiefComplaint')} />
        </FormField>
        {OPTIONAL.map((name) => (
          <FormField key={name} id={`rec-${name}`} label={t(`patients.record.${name}`)} error={message(name)} className="sm:col-span-2">
            <Textarea className="min-h-16" {...fieldAria(`rec-${name}`, message(name))} {...register(name)} />
          </FormField>
        ))}
        <FormField id="rec-notes" label={t('patients.record.notes')} error={message('notes')}>
          <Textarea className="min-h-16" {...fieldAria('rec-notes', message('notes'))} {...register('notes')} />
        </FormField>
        <FormField id="rec-followUpDate" label={t('patients.record.followUpDate')} error={message('followUpDate')}>
          <Input type="date" {...fieldAria('rec-followUpDate', message('followUpDate'))} {...register('followUpDate')} />
        </FormField>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('patients.record.submitting') : t('patients.record.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
