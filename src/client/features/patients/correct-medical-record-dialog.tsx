// Correcting a visit (issue 13): the Add Medical Record form, filled with the record as it reads, and the reason
// for the change. PATCH /api/medical-records/:id with the version read: the server keeps the earlier version, and
// answers 409 when someone else corrected the record meanwhile (the form stays, with the server's message).
// The visit's patient, facility and date are not corrected.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { correctMedicalRecordSchema, type CorrectMedicalRecordInput, type MedicalRecord } from '../../../shared/medical-records';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/locale-format';
import { ageMonthsOn, isUnderFive, RecordFields, recordResolver, recordValuesOf, sendToSignInIfLoggedOut, useServerIssues, type RecordFormValues } from './medical-record-fields';
import { errorText, validationText } from './patient-labels';
import { useCorrectMedicalRecord } from './patients.api';

type Props = { record: MedicalRecord; dateOfBirth: string | undefined; gender?: string; open: boolean; onOpenChange: (open: boolean) => void };

export function CorrectMedicalRecordDialog({ record, dateOfBirth, gender, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const mutation = useCorrectMedicalRecord(record);
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('patients.correct.title')} description={t('patients.correct.description', { date: formatDate(record.visitDate), facility: record.facilityName })} className="max-w-2xl">
      {/* A record read again (another version) starts a fresh form. */}
      <CorrectionForm key={`${record.id}-${record.version}`} record={record} dateOfBirth={dateOfBirth} gender={gender} mutation={mutation} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const resolver = recordResolver(correctMedicalRecordSchema);

type FormProps = { record: MedicalRecord; dateOfBirth: string | undefined; gender?: string; mutation: ReturnType<typeof useCorrectMedicalRecord>; onDone: () => void };

function CorrectionForm({ record, dateOfBirth, gender, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const form = useForm<RecordFormValues, unknown, CorrectMedicalRecordInput>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: recordValuesOf(record) });
  const { register, handleSubmit, formState } = form;
  const [conflict, setConflict] = useState<string | null>(null);
  const reasonError = validationText(formState.errors.reason?.message);
  const pending = mutation.isPending;
  const showServerIssues = useServerIssues(form, pending);
  const visitDay = countyDate(new Date(record.visitDate));
  const showMuac = record.vitals.muac !== null || isUnderFive(dateOfBirth, visitDay);

  const onSubmit = (input: CorrectMedicalRecordInput) => {
    setConflict(null);
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: t('patients.correct.successTitle'), description: t('patients.correct.successBody') });
        onDone();
      },
      onError: (error) => {
        if (sendToSignInIfLoggedOut(t, error)) return;
        showServerIssues(error);
        // A stale copy is said inside the form, above its fields: a toast too would lie over the dialog's Save button
        // (and stays while the pointer rests on it).
        if (error instanceof ApiError && error.status === 409) return setConflict(errorText(t, error, t('patients.correct.errorBody')));
        toast({ variant: 'destructive', title: t('patients.correct.errorTitle'), description: errorText(t, error, t('patients.correct.errorBody')) });
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {conflict ? (
        <p role="alert" data-testid="correction-conflict" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {conflict}
        </p>
      ) : null}
      <fieldset disabled={pending} className="grid min-w-0 gap-4">
        <RecordFields form={form} prefix={`fix-${record.id}`} showMuac={showMuac} visitTypeByRule={false} ageMonths={ageMonthsOn(dateOfBirth, visitDay)} sex={gender} />
        <FormField id={`fix-${record.id}-reason`} label={t('patients.correct.reason')} error={reasonError} required>
          <Textarea className="min-h-16" aria-required="true" maxLength={500} {...fieldAria(`fix-${record.id}-reason`, reasonError)} {...register('reason')} />
        </FormField>
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('patients.correct.submit')} running={t('patients.record.submitting')} />
    </form>
  );
}
