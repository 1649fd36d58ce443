// The Process Payment dialog's M-Pesa, card and cash tabs (SPEC.md §2.8, §8 toasts). Each says plainly when a
// simulator answers instead of a real gateway: no money moves then.
import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { formatKES, mpesaAmount, toKes } from '../../../shared/money';
import { patientDue } from '../../../shared/billing';
import type { BillingDetail } from '../../../shared/billing';
import { cardFormSchema, processPaymentSchema, type PaymentGateways } from '../../../shared/billing';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useProcessPayment, type PaymentOutcome } from './billing.api';
import { billingError, billingMessage } from './billing-labels';
import { tokenizeCard } from './card-tokenizer';

export function SimulatorNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="note" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="simulator-notice">
      <FlaskConical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

function usePaymentFailed() {
  const { t } = useTranslation();
  return () => toast({ variant: 'destructive', title: t('billing.pay.failedTitle'), description: t('billing.pay.failedBody') });
}

export function MpesaForm({ invoice, gateways }: { invoice: BillingDetail; gateways: PaymentGateways | undefined }) {
  const { t } = useTranslation();
  const mutation = useProcessPayment(invoice.id);
  const failed = usePaymentFailed();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  // M-Pesa takes whole shillings, rounded up: the server pushes the same (mpesaAmount) and records the rounding.
  const amount = toKes(mpesaAmount(patientDue(invoice)).amount);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = processPaymentSchema.safeParse({ method: 'mpesa', phoneNumber: phone });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    mutation.mutate(parsed.data, {
      onSuccess: ({ payment }: PaymentOutcome) => {
        if (payment.status === 'failed') return failed();
        toast({
          title: t('billing.pay.mpesaTitle'),
          description: t('billing.pay.mpesaBody', { phone: displayPhone(payment.phoneNumber ?? phone), amount: formatKES(payment.amount) }),
        });
      },
      onError: (err) => {
        const field = err instanceof ApiError ? err.fieldErrors().phoneNumber : undefined;
        if (field) setError(field);
        else failed();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {gateways?.mpesa.mode === 'simulator' ? (
        <SimulatorNotice title={t('billing.pay.mpesaSimulator')}>
          <p>{t('billing.pay.mpesaSimulatorHelp')}</p>
          <ul className="list-disc pl-5">
            {gateways.mpesa.testNumbers.map((n) => (
              <li key={n.suffix}>{t('billing.pay.testNumber', { suffix: n.suffix, result: billingMessage(n.resultDesc) })}</li>
            ))}
          </ul>
        </SimulatorNotice>
      ) : gateways?.mpesa.environment === 'sandbox' ? (
        <SimulatorNotice title={t('billing.pay.mpesaSandbox')} />
      ) : null}
      <FormField id="pay-mpesa-phone" label={t('billing.pay.phone')} error={billingMessage(error)} required>
        <Input type="tel" inputMode="tel" autoComplete="off" aria-required="true" placeholder="0712 345 678" value={phone} onChange={(e) => setPhone(e.target.value)} {...fieldAria('pay-mpesa-phone', error)} />
      </FormField>
      <p className="text-sm">{t('billing.pay.mpesaAmount', { amount: formatKES(amount) })}</p>
      {mutation.isError && !error ? <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p> : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('billing.pay.sending') : t('billing.pay.sendPush')}
      </Button>
    </form>
  );
}

type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvv', string>>;

export function CardForm({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const mutation = useProcessPayment(invoice.id);
  const failed = usePaymentFailed();
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const set = (key: keyof typeof card) => (e: { target: { value: string } }) => setCard((c) => ({ ...c, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = cardFormSchema.safeParse(card);
    if (!checked.success) {
      const next: CardErrors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof CardErrors;
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    // Only the last four digits and the gateway's token leave the browser.
    const { cardLast4, gatewayToken } = tokenizeCard(card);
    setCard({ cardNumber: '', expiry: '', cvv: '' });
    toast({ title: t('billing.pay.cardTitle'), description: t('billing.pay.cardBody') });
    // The spec's toast while the gateway answers; then what happened, not a "redirect" that never comes (issue 12).
    mutation.mutate(
      { method: 'card', cardLast4, gatewayToken },
      {
        onSuccess: ({ payment }) =>
          payment.status === 'failed'
            ? failed()
            : toast({ title: t('billing.pay.cardPaidTitle'), description: t('billing.pay.cardPaidBody', { receipt: payment.receiptNumber ?? '', amount: formatKES(payment.amount) }) }),
        onError: failed,
      },
    );
  };

  const field = (key: keyof typeof card, label: string, props: { autoComplete: string; inputMode: 'numeric'; placeholder: string; maxLength: number }) => (
    <FormField id={`pay-card-${key}`} label={label} error={billingMessage(errors[key])} required>
      <Input aria-required="true" value={card[key]} onChange={set(key)} {...props} {...fieldAria(`pay-card-${key}`, errors[key])} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <SimulatorNotice title={t('billing.pay.cardSimulator')}>
        <p>{t('billing.pay.cardSimulatorHelp')}</p>
      </SimulatorNotice>
      {field('cardNumber', t('billing.pay.cardNumber'), { autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '4242 4242 4242 4242', maxLength: 23 })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('expiry', t('billing.pay.expiry'), { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', maxLength: 5 })}
        {field('cvv', t('billing.pay.cvv'), { autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123', maxLength: 4 })}
      </div>
      <p className="text-sm">{t('billing.pay.chargeAmount', { amount: formatKES(toKes(patientDue(invoice))) })}</p>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('billing.pay.charging') : t('billing.pay.chargeCard')}
      </Button>
    </form>
  );
}

export function CashForm({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const mutation = useProcessPayment(invoice.id);
  const failed = usePaymentFailed();
  const due = toKes(patientDue(invoice));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(
      { method: 'cash' },
      {
        onSuccess: ({ payment }) =>
          toast({ title: t('billing.pay.cashTitle'), description: t('billing.pay.cashBody', { receipt: payment.receiptNumber ?? '', amount: formatKES(payment.amount) }) }),
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('billing.pay.cashHelp')}</p>
      <p className="text-lg font-semibold">{t('billing.pay.cashAmount', { amount: formatKES(due) })}</p>
      {mutation.isError ? <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p> : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('billing.pay.recording') : t('billing.pay.recordCash')}
      </Button>
    </form>
  );
}
