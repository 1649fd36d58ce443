// Recording what a run owes as paid (issue 27 item 4): an approved run's net pay, or a month's return to its
// authority — the date and the bank's or portal's reference. It becomes a journal (Dr the payable, Cr the bank) waiting
// in Accounting for another person to approve; Tax Compliance counts a return remitted once that journal is posted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { payRunBody, type PayrollPayment, type Remittance } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiPost } from '../../lib/api-client';
import { payrollErrorText, payrollMessage } from './payroll-labels';

/** What is paid: a run's net pay, or a month's return. */
export type PaymentTarget = { kind: 'net'; runId: number; amount: number; title: string } | { kind: Remittance; period: string; amount: number; title: string };

export function PaymentDialog({ target, onClose }: { target: PaymentTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const today = countyDate(new Date());
  const mutation = useMutation({
    mutationFn: (body: { paidOn: string; reference: string }) =>
      target.kind === 'net' ? apiPost<PayrollPayment>(`/api/payroll/runs/${target.runId}/pay`, body) : apiPost<PayrollPayment>('/api/payroll/remittances', { ...body, period: target.period, remittance: target.kind }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['payroll'] }), client.invalidateQueries({ queryKey: ['accounting'] })]),
  });
  const form = useSchemaForm(payRunBody, () => ({ paidOn: today, reference: '' }));
  const message = (k: string) => payrollMessage(form.errors[k]);
  const onValid = (body: { paidOn: string; reference: string }) =>
    mutation.mutate(body, {
      onSuccess: (p) => {
        toast({ title: t('payroll.payment.done'), description: t('payroll.payment.doneBody', { journal: p.journalNumber ?? '—' }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('payroll.payment.failed'), description: payrollErrorText(t, error) });
      },
    });
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.payment.title')} description={t('payroll.payment.description', { what: target.title, amount: formatKES(target.amount) })}>
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="payroll-paid-on" label={t('payroll.payment.paidOn')} error={message('paidOn')} required>
            <DateInput max={today} value={form.values.paidOn} data-field="paidOn" onChange={(iso) => form.set('paidOn', iso)} {...fieldAria('payroll-paid-on', message('paidOn'))} />
          </FormField>
          <FormField id="payroll-paid-reference" label={t('payroll.payment.reference')} error={message('reference')} required>
            <Input value={form.values.reference} maxLength={60} autoComplete="off" data-field="reference" onChange={(e) => form.set('reference', e.target.value)} {...fieldAria('payroll-paid-reference', message('reference'))} />
          </FormField>
        </fieldset>
        <p className="text-sm text-muted-foreground">{t('payroll.payment.note')}</p>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.payment.record')} running={t('payroll.current.working')} />
      </form>
    </FormDialog>
  );
}
