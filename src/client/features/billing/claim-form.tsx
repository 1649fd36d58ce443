// The Process Payment dialog's Insurance tab: an SHA (or private insurer) claim for the insurer's share of the
// invoice — the member's SHA/CR number, the diagnosis and the lines (description, quantity, unit price), whose sum
// is the claim (SPEC.md §8 'Insurance Claim Submitted'; domain/KENYA.md).
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PROVIDERS } from '../../../shared/billing';
import { formatKES, parseKes, subtract, toKes } from '../../../shared/money';
import type { BillingDetail } from '../../../shared/billing';
import { claimAmount, claimLineSchema, submitClaimSchema, type SubmitClaimInput } from '../../../shared/billing';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { useSubmitClaim } from './billing.api';
import { billingError, billingMessage, providerName, serviceName } from './billing-labels';
import { useSchemaForm } from '../../components/forms/use-schema-form';

type Line = { description: string; quantity: string; unitPrice: string };
type Values = { provider: string; memberNumber: string; diagnosis: string; lines: Line[] };

const linePrice = claimLineSchema.pick({ quantity: true, unitPrice: true });

export function ClaimForm({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const mutation = useSubmitClaim(invoice.id);
  // The insurer's share is the invoice less the patient's, so the two always add up (money.ts).
  const insurerShare = toKes(subtract(parseKes(invoice.amount), parseKes(invoice.patientPayable)));
  const form = useSchemaForm(
    submitClaimSchema,
    (): Values => ({
      provider: invoice.insuranceProvider ?? '',
      memberNumber: invoice.insuranceNumber ?? '',
      diagnosis: '',
      lines: [{ description: serviceName(t, invoice.serviceType), quantity: '1', unitPrice: String(insurerShare) }],
    }),
  );
  const { values, errors, set } = form;
  const lines = values.lines;
  // The running total counts the lines whose quantity and unit price are valid; the form's errors say what is not.
  const total = toKes(
    claimAmount(
      lines.flatMap((l) => {
        const line = linePrice.safeParse(l);
        return line.success ? [line.data] : [];
      }),
    ),
  );
  const setLine = (i: number, key: keyof Line, value: string) => set('lines', lines.map((l, j) => (j === i ? { ...l, [key]: value } : l)));
  const msg = (key: string) => billingMessage(errors[key]);
  const attrs = (key: string, id: string) => ({ 'data-field': key, ...fieldAria(id, errors[key]) });

  const onValid = (input: SubmitClaimInput) =>
    mutation.mutate(input, {
      onSuccess: () => toast({ title: t('billing.claim.successTitle'), description: t('billing.claim.successBody') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
      },
    });

  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('billing.claim.help', { amount: formatKES(insurerShare) })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="claim-provider" label={t('billing.fields.insuranceProvider')} error={msg('provider')} required>
          <NativeSelect aria-required="true" value={values.provider} onChange={(e) => set('provider', e.target.value)} {...attrs('provider', 'claim-provider')}>
            <option value="">{t('billing.claim.selectProvider')}</option>
            {INSURANCE_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {providerName(t, p)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="claim-memberNumber" label={t('billing.claim.memberNumber')} error={msg('memberNumber')} required>
          <Input autoComplete="off" aria-required="true" maxLength={30} placeholder="CR0680969605010-6" value={values.memberNumber} onChange={(e) => set('memberNumber', e.target.value)} {...attrs('memberNumber', 'claim-memberNumber')} />
        </FormField>
        <FormField id="claim-diagnosis" label={t('billing.claim.diagnosis')} error={msg('diagnosis')} required className="sm:col-span-2">
          <Textarea aria-required="true" maxLength={500} value={values.diagnosis} onChange={(e) => set('diagnosis', e.target.value)} {...attrs('diagnosis', 'claim-diagnosis')} />
        </FormField>
      </div>
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-semibold">{t('billing.claim.lines')}</legend>
        {lines.map((l, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_5rem_8rem_auto] sm:items-end">
            <FormField id={`claim-line-${i}-description`} label={t('billing.claim.description', { n: i + 1 })} error={msg(`lines.${i}.description`)}>
              <Input value={l.description} maxLength={200} onChange={(e) => setLine(i, 'description', e.target.value)} {...attrs(`lines.${i}.description`, `claim-line-${i}-description`)} />
            </FormField>
            <FormField id={`claim-line-${i}-quantity`} label={t('billing.claim.quantity')} error={msg(`lines.${i}.quantity`)}>
              <Input type="number" min={1} step={1} inputMode="numeric" value={l.quantity} onChange={(e) => setLine(i, 'quantity', e.target.value)} {...attrs(`lines.${i}.quantity`, `claim-line-${i}-quantity`)} />
            </FormField>
            <FormField id={`claim-line-${i}-unitPrice`} label={t('billing.claim.unitPrice')} error={msg(`lines.${i}.unitPrice`)}>
              <Input type="number" min={0} step="0.01" inputMode="decimal" value={l.unitPrice} onChange={(e) => setLine(i, 'unitPrice', e.target.value)} {...attrs(`lines.${i}.unitPrice`, `claim-line-${i}-unitPrice`)} />
            </FormField>
            <Button variant="ghost" size="icon" disabled={lines.length === 1} aria-label={t('billing.claim.removeLine', { n: i + 1 })} onClick={() => set('lines', lines.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <FieldError id="claim-lines" message={msg('lines')} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={lines.length >= 20} onClick={() => set('lines', [...lines, { description: '', quantity: '1', unitPrice: '' }])}>
            <Plus aria-hidden="true" />
            {t('billing.claim.addLine')}
          </Button>
          <p className="text-sm font-semibold" aria-live="polite">
            {t('billing.claim.total', { amount: formatKES(total) })}
          </p>
        </div>
      </fieldset>
      {mutation.isError ? <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p> : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('billing.claim.submitting') : t('billing.claim.submit')}
      </Button>
    </form>
  );
}
