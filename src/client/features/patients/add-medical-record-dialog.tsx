// SPEC.md §2.6 Add Medical Record: only the chief complaint is required (§5); §8 toasts and the 401 flow. Around
// the spec's fields, the coded visit of issue 13 (medical-record-fields.tsx): visit type, referral, vitals and
// ICD-11 diagnoses, each optional.
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countyDate, wallClock } from '../../../shared/county-time';
import { createMedicalRecordSchema, type CreateMedicalRecordInput } from '../../../shared/medical-records';
import type { Patient } from '../../../shared/patients';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { facilitiesQuery } from '../facilities';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { errorText, fullName, validationText } from './patient-labels';
import { ageMonthsOn, emptyRecordValues, isUnderFive, RecordFields, recordResolver, sendToSignInIfLoggedOut, useServerIssues, type RecordFormValues } from './medical-record-fields';
import { useCreateMedicalRecord } from './patients.api';
import { formPatientId, isQueued } from './patients.offline';
import { useStaff } from '../../app/use-staff';

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
  const mutation = useCreateMedicalRecord(patient);
  const facilityId = useVisitFacility(patient);
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('patients.record.title')} description={t('patients.record.description', { name: fullName(patient) })} className="max-w-2xl">
      <RecordForm key={`${patient.id}-${facilityId}`} patient={patient} facilityId={facilityId} mutation={mutation} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type FormProps = { patient: Patient; facilityId: number; mutation: ReturnType<typeof useCreateMedicalRecord>; onDone: () => void };

/** The browser checks a visit against its own clock; the server checks again against its clock. */
const resolver = recordResolver(createMedicalRecordSchema(wallClock));

function RecordForm({ patient, facilityId, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  // Only where the clinician may record a visit: their facility (a sub-county officer: the sub-county's).
  const writable = useQuery(facilitiesQuery).data?.filter((f) => staff.reaches('records:write', f));
  const empty = emptyRecordValues(formPatientId(patient), facilityId);
  const form = useForm<RecordFormValues, unknown, CreateMedicalRecordInput>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: empty });
  const { register, handleSubmit, reset, formState } = form;
  const facilityError = validationText(formState.errors.facilityId?.message);
  const pending = mutation.isPending;
  const showServerIssues = useServerIssues(form, pending);
  // The form has no visit date: the visit is today.
  const today = countyDate(wallClock());
  const showMuac = isUnderFive(patient.dateOfBirth, today);

  const onSubmit = (input: CreateMedicalRecordInput) =>
    mutation.mutate(
      { ...input, patientId: formPatientId(patient) },
      {
        onSuccess: (answer) => {
          // Without a connection (issue 34) the visit is kept on the device, to be sent when it returns.
          if (isQueued(answer)) toast({ title: t('offlineWork.keptTitle'), description: t('patients.record.keptBody') });
          else toast({ title: t('patients.record.successTitle'), description: t('patients.record.successBody') });
          reset(empty);
          onDone();
        },
        onError: (error) => {
          if (sendToSignInIfLoggedOut(t, error)) return;
          showServerIssues(error);
          toast({ variant: 'destructive', title: t('patients.record.errorTitle'), description: errorText(t, error, t('patients.record.errorBody')) });
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <fieldset disabled={pending} className="grid min-w-0 gap-4">
        <FormField id="rec-facilityId" label={t('patients.record.facility')} error={facilityError}>
          <NativeSelect {...fieldAria('rec-facilityId', facilityError)} {...register('facilityId', { valueAsNumber: true })}>
            {(writable ?? []).length === 0 ? <option value={facilityId}>{t('common.loading')}</option> : null}
            {writable?.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <RecordFields form={form} prefix="rec" showMuac={showMuac} visitTypeByRule ageMonths={ageMonthsOn(patient.dateOfBirth, today)} sex={patient.gender} />
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('patients.record.submit')} running={t('patients.record.submitting')} />
    </form>
  );
}
