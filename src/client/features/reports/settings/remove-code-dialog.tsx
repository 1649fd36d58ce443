// Removes a code from a row (DELETE /api/moh/mappings/:id). The reason is kept in the change log with the code as
// it was, so a later reader knows why a figure moved. From the next report on, the code counts in the row its
// longest other match gives it, or in All other diseases.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowCodeSchema, type MappingRow, type MohForm, type RowCode } from '../../../../shared/moh';
import { FormField, fieldAria } from '../../../components/forms/form-field';
import { useSchemaForm } from '../../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useRemoveRowCode } from './reports-settings.api';
import { useFocusWhenReady } from './use-focus-when-ready';
import { codeText, codeTitle, errorText, fieldMessage } from './settings-labels';

type Target = { row: MappingRow; code: RowCode };
type Props = { form: MohForm; target: Target | null; onClose: () => void };

export function RemoveCodeDialog({ form, target, onClose }: Props) {
  const { t } = useTranslation();
  const mutation = useRemoveRowCode(form);
  return (
    <FormDialog
      open={target !== null}
      pending={mutation.isPending}
      onClose={onClose}
      title={t('reportsSettings.remove.title')}
      description={
        target ? t('reportsSettings.remove.description', { code: codeText(target.code), title: codeTitle(target.code) || codeText(target.code), row: target.row.row, label: target.row.label, form }) : null
      }
    >
      {target ? <RemoveCodeForm key={target.code.id} form={form} target={target} mutation={mutation} onDone={onClose} /> : null}
    </FormDialog>
  );
}

type Values = { reason: string };
type FormProps = { form: MohForm; target: Target; mutation: ReturnType<typeof useRemoveRowCode>; onDone: () => void };

function RemoveCodeForm({ form, target, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const { values, set, errors, addErrors, submit } = useSchemaForm(removeRowCodeSchema, (): Values => ({ reason: '' }));
  const formRef = useRef<HTMLFormElement>(null);
  const pending = mutation.isPending;
  const focusWhenReady = useFocusWhenReady<keyof Values>(pending, formRef);
  const message = fieldMessage(t, errors.reason);
  const { row, code } = target;

  const onSubmit = ({ reason }: Values) =>
    mutation.mutate(
      { id: code.id, reason },
      {
        onSuccess: () => {
          toast({ title: t('reportsSettings.remove.doneTitle'), description: t('reportsSettings.remove.doneBody', { code: codeText(code), row: row.row, label: row.label, form }) });
          onDone();
        },
        onError: (error) => {
          const reasonIssue = error instanceof ApiError ? error.fieldErrors().reason : undefined;
          if (reasonIssue) {
            // Shown under the reason, where the focus goes.
            addErrors({ reason: reasonIssue });
            focusWhenReady('reason');
            return;
          }
          toast({ variant: 'destructive', title: t('reportsSettings.remove.failedTitle'), description: errorText(t, error) });
          // Gone already (someone else removed it): the list shows the row as it is now; nothing is left to do here.
          if (error instanceof ApiError && error.status === 404) onDone();
        },
      },
    );

  return (
    <form ref={formRef} noValidate onSubmit={submit(onSubmit)} className="grid gap-4">
      <FormField id="moh-remove-reason" label={t('reportsSettings.remove.reason')} error={message} required>
        <Textarea
          maxLength={500}
          aria-required
          {...fieldAria('moh-remove-reason', message)}
          disabled={pending}
          placeholder={t('reportsSettings.remove.reasonPlaceholder')}
          data-field="reason"
          value={values.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      </FormField>
      <p className="text-xs text-muted-foreground">{t('reportsSettings.remove.effect')}</p>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('reportsSettings.remove.submit', { code: codeText(code) })} running={t('reportsSettings.remove.submitting')} variant="destructive" />
    </form>
  );
}
