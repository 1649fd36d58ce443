// SPEC.md §2.14 Create Referral: Patient, Referring Doctor, From Facility, To Facility, Referral Reason, Urgency
// Level, Clinical Notes; Cancel and 'Create Referral' ('Creating...'); §5 messages; §8 'Failed to create referral'.
// The patient is found in the registry, the facilities come from the database and the doctor from staff.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { URGENCY_LEVELS } from '../../../shared/referrals';
import type { Patient } from '../../../shared/patients';
import { createReferralSchema, type CreateReferralForm, type CreateReferralInput } from '../../../shared/referrals';
import { useAuth } from '../../app/auth';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { roleName } from '../../lib/labels';
import { facilitiesQuery } from '../facilities';
import { PatientPicker } from '../../components/forms/patient-picker';
import { fullName, patientMatchesQuery } from '../patients';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { referralErrorText, referralMessage } from './referral-labels';
import { referringDoctorsQuery, useCreateReferral } from './referrals.api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function CreateReferralDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateReferral();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('referrals.form.title')} description={t('referrals.form.description')} className="max-w-2xl">
      {open ? <CreateReferralForm mutation={mutation} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

const FIELDS = [
  'patientId',
  'referringDoctor',
  'referringDoctorId',
  'fromFacilityId',
  'toFacilityId',
  'referralReason',
  'urgencyLevel',
  'clinicalNotes',
] as const satisfies readonly FieldPath<CreateReferralForm>[];

function emptyForm(fromFacilityId: number | null): CreateReferralForm {
  return {
    patientId: '',
    referringDoctor: '',
    referringDoctorId: '',
    fromFacilityId: fromFacilityId === null ? '' : String(fromFacilityId),
    toFacilityId: '',
    referralReason: '',
    urgencyLevel: '' as CreateReferralForm['urgencyLevel'],
    clinicalNotes: '',
  };
}

function CreateReferralForm({ mutation, onDone }: { mutation: ReturnType<typeof useCreateReferral>; onDone: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = auth.status === 'authenticated' ? auth.user : null;
  const facilities = useQuery(facilitiesQuery);
  const [patient, setPatient] = useState<Patient | null>(null);
  // The referral leaves from where the clinician works (DESIGN.md decision 0003); it can be changed.
  const ownFacility = user?.facilityId ?? null;
  const form = useForm<CreateReferralForm, unknown, CreateReferralInput>({
    resolver: zodResolver(createReferralSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyForm(ownFacility),
  });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const errors = formState.errors;
  const message = (name: (typeof FIELDS)[number]) => referralMessage(errors[name]?.message);
  const pending = mutation.isPending;
  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const fromFacilityId = Number(watch('fromFacilityId')) || undefined;
  const doctorId = watch('referringDoctorId') as string;
  const doctors = useQuery(referringDoctorsQuery(fromFacilityId));

  // The clinician at the desk signs their own referral unless they choose a colleague (once per facility chosen).
  const defaultedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!doctors.data || defaultedFor.current === fromFacilityId) return;
    defaultedFor.current = fromFacilityId;
    const me = user ? doctors.data.find((d) => d.id === user.id) : undefined;
    if (me && doctorId === '') {
      setValue('referringDoctorId', String(me.id));
      setValue('referringDoctor', me.name);
    }
  }, [doctors.data, fromFacilityId, user, doctorId, setValue]);

  const choosePatient = (p: Patient | null) => {
    setPatient(p);
    setValue('patientId', p ? String(p.id) : '', revalidate);
  };

  const onSubmit = (input: CreateReferralInput) =>
    mutation.mutate(input, {
      onSuccess: (referral) => {
        toast({ title: t('referrals.form.successTitle'), description: t('referrals.form.successBody', { name: referral.patientName, facility: referral.toFacility }) });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const fieldErrors = error.fieldErrors();
          FIELDS.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        }
        // SPEC.md §8: 'Failed to create referral', here surfaced with the server's reason.
        toast({ variant: 'destructive', title: t('referrals.form.failedTitle'), description: referralErrorText(t, error) });
      },
    });

  const doctorError = message('referringDoctor') ?? message('referringDoctorId');
  const facilityOptions = facilities.data?.map((f) => (
    <option key={f.id} value={String(f.id)}>
      {f.name}
    </option>
  ));

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PatientPicker
            id="ref-patientId"
            search={patientMatchesQuery}
            text={{
              label: t('referrals.form.patient'),
              placeholder: t('referrals.form.patientPlaceholder'),
              hint: t('referrals.form.patientHint'),
              matches: t('referrals.form.patientMatches'),
              noMatches: t('referrals.form.noPatients'),
              change: t('referrals.form.changePatient'),
              line: (p) => t('referrals.form.patientOption', { nationalId: p.nationalId, facility: p.facilityName }),
            }}
            selected={patient}
            onSelect={choosePatient}
            error={message('patientId')}
          />
        </div>

        <FormField id="ref-fromFacilityId" label={t('referrals.form.fromFacility')} error={message('fromFacilityId')} required>
          <NativeSelect
            aria-required="true"
            {...fieldAria('ref-fromFacilityId', message('fromFacilityId'))}
            {...register('fromFacilityId', {
              onChange: () => {
                // A colleague of the old facility cannot sign for the new one.
                setValue('referringDoctorId', '');
                setValue('referringDoctor', '');
              },
            })}
          >
            <option value="">{facilities.isPending ? t('common.loading') : t('referrals.form.selectFacility')}</option>
            {facilityOptions}
          </NativeSelect>
        </FormField>

        <FormField id="ref-toFacilityId" label={t('referrals.form.toFacility')} error={message('toFacilityId')} required>
          <NativeSelect aria-required="true" {...fieldAria('ref-toFacilityId', message('toFacilityId'))} {...register('toFacilityId')}>
            <option value="">{facilities.isPending ? t('common.loading') : t('referrals.form.selectReceivingFacility')}</option>
            {facilityOptions}
          </NativeSelect>
        </FormField>

        <FormField id="ref-referringDoctorId" label={t('referrals.form.referringDoctor')} error={doctorError} required>
          <NativeSelect
            aria-required="true"
            disabled={fromFacilityId === undefined || doctors.isPending}
            {...fieldAria('ref-referringDoctorId', doctorError)}
            {...register('referringDoctorId', {
              onChange: (e: { target: { value: string } }) => {
                const chosen = doctors.data?.find((d) => String(d.id) === e.target.value);
                setValue('referringDoctor', chosen?.name ?? '', revalidate);
              },
            })}
          >
            <option value="">
              {fromFacilityId === undefined
                ? t('referrals.form.selectFromFirst')
                : doctors.isPending
                  ? t('common.loading')
                  : doctors.data?.length === 0
                    ? t('referrals.form.noDoctors')
                    : t('referrals.form.selectDoctor')}
            </option>
            {doctors.data?.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {t('referrals.form.doctorOption', { name: d.name, role: roleName(t, d.role) })}
              </option>
            ))}
          </NativeSelect>
        </FormField>

        <FormField id="ref-urgencyLevel" label={t('referrals.form.urgencyLevel')} error={message('urgencyLevel')} required>
          <NativeSelect aria-required="true" {...fieldAria('ref-urgencyLevel', message('urgencyLevel'))} {...register('urgencyLevel')}>
            <option value="">{t('referrals.form.selectUrgency')}</option>
            {URGENCY_LEVELS.map((u) => (
              <option key={u} value={u}>
                {t(`referrals.urgency.${u}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>

        <FormField id="ref-referralReason" label={t('referrals.form.referralReason')} error={message('referralReason')} required className="sm:col-span-2">
          <Input aria-required="true" autoComplete="off" maxLength={500} {...fieldAria('ref-referralReason', message('referralReason'))} {...register('referralReason')} />
        </FormField>

        <FormField id="ref-clinicalNotes" label={t('referrals.form.clinicalNotes')} error={message('clinicalNotes')} required className="sm:col-span-2">
          <Textarea aria-required="true" maxLength={4000} {...fieldAria('ref-clinicalNotes', message('clinicalNotes'))} {...register('clinicalNotes')} />
        </FormField>
      </fieldset>
      {patient ? <p className="sr-only" aria-live="polite">{t('referrals.form.patientSelected', { name: fullName(patient) })}</p> : null}

      <FormDialogFooter pending={pending} onCancel={onDone} action={t('referrals.form.submit')} running={t('referrals.form.submitting')} />
    </form>
  );
}
