// Removes a code from a row (DELETE /api/moh/mappings/:id). The reason is kept in the change log with the code as
// it was, so a later reader knows why a figure moved. From the next report on, the code counts in the row its
// longest other match gives it, or in All other diseases.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { removeRowCodeSchema, type MappingRow, type MohForm, type RowCode } from '../../../../shared/moh';
import { FormField, fieldAria } from '../../../components/forms/form-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
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
    <Dialog open={target !== null} onOpenChange={(open) => (!open && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('reportsSettings.remove.title')}</DialogTitle>
          <DialogDescription>
            {target
              ? t('reportsSettings.remove.description', { code: codeText(target.code), title: codeTitle(target.code) || codeText(target.code), row: target.row.row, label: target.row.label, form })
              : null}
          </DialogDescription>
        </DialogHeader>
        {target ? <RemoveCodeForm key={target.code.id} form={form} target={target} mutation={mutation} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Values = { reason: string };
type FormProps = { form: MohForm; target: Target; mutation: ReturnType<typeof useRemoveRowCode>; onDone: () => void };

function RemoveCodeForm({ form, target, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values>({
    resolver: zodResolver(removeRowCodeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });
  const pending = mutation.isPending;
  const focusWhenReady = useFocusWhenReady(pending, setFocus);
  const message = fieldMessage(t, formState.errors.reason?.message);
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
            setError('reason', { type: 'server', message: reasonIssue });
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
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormField id="moh-remove-reason" label={t('reportsSettings.remove.reason')} error={message} required>
        <Textarea maxLength={500} aria-required {...fieldAria('moh-remove-reason', message)} disabled={pending} placeholder={t('reportsSettings.remove.reasonPlaceholder')} {...register('reason')} />
      </FormField>
      <p className="text-xs text-muted-foreground">{t('reportsSettings.remove.effect')}</p>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? t('reportsSettings.remove.submitting') : t('reportsSettings.remove.submit', { code: codeText(code) })}
        </Button>
      </DialogFooter>
    </form>
  );
}
