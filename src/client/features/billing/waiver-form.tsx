// A waiver or exemption (issue 14): an officer who may waive (billing:waive — facility in-charge, sub-county medical
// officer, director, within their reach) forgives part or all of what the patient still owes, with the reason. The
// ledger posts it to waivers and exemptions; the patient then pays only the rest.
import { useTranslation } from 'react-i18next';
import { waiverSchema, type BillingDetail, type WaiverInput } from '../../../shared/billing';
import { formatKES, toKes } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { useWaiveInvoice } from './billing.api';
import { billingError, billingMessage } from './billing-labels';
import { patientDue } from '../../../shared/billing';

export function WaiverForm({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const mutation = useWaiveInvoice();
  const owed = toKes(patientDue(invoice));
  const form = useSchemaForm(waiverSchema, () => ({ amount: '', reason: '' }), (v) => ({ amount: v.amount, reason: v.reason }));
  const { values, errors, set } = form;
  const base = `waive-${invoice.id}`;
  const onValid = (input: WaiverInput) =>
    mutation.mutate(
      { invoiceId: invoice.id, input },
      {
        onSuccess: () => {
          toast({ title: t('billing.waiver.successTitle'), description: t('billing.waiver.successBody', { amount: formatKES(input.amount), invoice: invoice.invoiceNumber }) });
          form.reset();
        },
        onError: (error) => (error instanceof ApiError ? form.addErrors(error.fieldErrors()) : undefined),
      },
    );
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-3 rounded-md bg-muted/40 p-3" data-testid="waiver-form">
      <fieldset disabled={mutation.isPending} className="grid gap-3">
        <legend className="text-sm font-semibold">{t('billing.waiver.title')}</legend>
        <p className="text-xs text-muted-foreground">{t('billing.waiver.hint', { owed: formatKES(owed) })}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${base}-amount`} label={t('billing.waiver.amount')} error={billingMessage(errors.amount)}>
            <Input inputMode="decimal" data-field="amount" placeholder={String(owed)} value={values.amount} onChange={(e) => set('amount', e.target.value)} {...fieldAria(`${base}-amount`, errors.amount)} />
          </FormField>
          <FormField id={`${base}-reason`} label={t('billing.waiver.reason')} error={billingMessage(errors.reason)}>
            <Textarea maxLength={500} data-field="reason" value={values.reason} onChange={(e) => set('reason', e.target.value)} {...fieldAria(`${base}-reason`, errors.reason)} />
          </FormField>
        </div>
        {/* A refusal that names a field is shown under it; anything else (a conflict, the network) here. */}
        {mutation.isError && !(mutation.error instanceof ApiError && Object.keys(mutation.error.fieldErrors()).length > 0) ? (
          <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p>
        ) : null}
        <div>
          <Button type="submit" size="sm" variant="outline">
            {mutation.isPending ? t('billing.waiver.saving') : t('billing.waiver.save')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
