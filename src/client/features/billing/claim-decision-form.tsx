// The insurer's answer to a claim, recorded by an officer who may approve claims (claims:approve: facility
// in-charge, sub-county medical officer, director) and did not submit it: approved, in full or for a part (the
// patient then owes the rest), or rejected, with the insurer's reason.
import { useTranslation } from 'react-i18next';
import { CLAIM_DECISIONS, claimDecisionSchema, type ClaimDecisionInput, type InsuranceClaim } from '../../../shared/billing';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { formatKES } from '../../../shared/money';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { useDecideClaim } from './billing.api';
import { billingError, billingMessage } from './billing-labels';
import { useSchemaForm } from '../../components/forms/use-schema-form';

export function ClaimDecisionForm({ claim }: { claim: InsuranceClaim }) {
  const { t } = useTranslation();
  const mutation = useDecideClaim();
  const form = useSchemaForm(claimDecisionSchema, () => ({ decision: '', reason: '', approvedAmount: '' }), (v) => ({
    decision: v.decision || undefined,
    reason: v.reason,
    ...(v.decision === 'approved' && v.approvedAmount.trim() !== '' ? { approvedAmount: v.approvedAmount } : {}),
  }));
  const { values, errors, set } = form;
  const base = `decide-${claim.id}`;
  const onValid = (input: ClaimDecisionInput) =>
    mutation.mutate(
      { claimId: claim.id, input },
      {
        onSuccess: ({ claim: c }) => toast({ title: t('billing.decision.successTitle'), description: t('billing.decision.successBody', { claim: c.claimNumber, status: t(`billing.claimStatus.${c.status}`) }) }),
        onError: (error) => (error instanceof ApiError ? form.addErrors(error.fieldErrors()) : undefined),
      },
    );
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-3 rounded-md bg-muted/40 p-3">
      <fieldset disabled={mutation.isPending} className="grid gap-3">
        <legend className="text-sm font-semibold">{t('billing.decision.title', { claim: claim.claimNumber })}</legend>
        <div
          role="radiogroup"
          aria-label={t('billing.decision.decision')}
          aria-invalid={errors.decision ? true : undefined}
          aria-describedby={errors.decision ? `${base}-decision-error` : undefined}
          className="flex gap-6"
        >
          {CLAIM_DECISIONS.map((d, i) => (
            <label key={d} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${base}-decision`}
                value={d}
                data-field={i === 0 ? 'decision' : undefined}
                checked={values.decision === d}
                onChange={() => set('decision', d)}
                className="h-4 w-4 accent-primary"
              />
              {t(`billing.decision.${d}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${base}-decision`} message={billingMessage(errors.decision)} />
        {values.decision === 'approved' ? (
          <FormField id={`${base}-approved`} label={t('billing.decision.approvedAmount')} error={billingMessage(errors.approvedAmount)}>
            <Input
              inputMode="decimal"
              data-field="approvedAmount"
              placeholder={String(claim.amount)}
              value={values.approvedAmount}
              onChange={(e) => set('approvedAmount', e.target.value)}
              {...fieldAria(`${base}-approved`, errors.approvedAmount)}
            />
            <p className="text-xs text-muted-foreground">{t('billing.decision.approvedAmountHint', { claimed: formatKES(claim.amount) })}</p>
          </FormField>
        ) : null}
        <FormField id={`${base}-reason`} label={t('billing.decision.reason')} error={billingMessage(errors.reason)}>
          <Textarea maxLength={500} data-field="reason" value={values.reason} onChange={(e) => set('reason', e.target.value)} {...fieldAria(`${base}-reason`, errors.reason)} />
        </FormField>
        {mutation.isError ? <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p> : null}
        <div>
          <Button type="submit" size="sm">
            {mutation.isPending ? t('billing.decision.saving') : t('billing.decision.save')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
