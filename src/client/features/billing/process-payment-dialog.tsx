// SPEC.md §2.8 Process Payment: offered for pending invoices, with tabs for M-Pesa, card and insurance (and cash,
// which a county desk takes). The dialog follows the invoice on the server: while a payment waits at a gateway it
// asks again every 2 s (and only then), and it says when the money came in or why it did not.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { formatKES, isPositive, parseKes, subtract } from '../../../shared/money';
import type { BillingDetail, BillingRecord } from '../../../shared/billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { BillingPanelError } from './billing-panel-error';
import { gatewaysQuery, invoiceQuery, useMpesaStatusQuery } from './billing.api';
import { billingError, billingMessage, methodName, providerName, STATUS_BADGE, statusName } from './billing-labels';
import { ClaimForm } from './claim-form';
import { CardForm, CashForm, MpesaForm, SimulatorNotice } from './payment-forms';
import { patientDue } from '../../../shared/billing';
import { Tabs } from './payment-tabs';
import { useSettlementNotices } from './use-settlement-notices';

type Props = { invoice: BillingRecord; open: boolean; onOpenChange: (open: boolean) => void };
type TabId = 'mpesa' | 'card' | 'cash' | 'insurance';

export function ProcessPaymentDialog({ invoice, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const query = useQuery(invoiceQuery(invoice.id));
  useSettlementNotices(query.data);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('billing.pay.title')}</DialogTitle>
          <DialogDescription>{t('billing.pay.description', { invoice: invoice.invoiceNumber, patient: invoice.patientName })}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : query.isError ? (
          <BillingPanelError what={t('billing.pay.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <PaymentBody invoice={query.data} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Summary({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    [t('billing.fields.amount'), formatKES(invoice.amount)],
    [t('billing.fields.coverage'), invoice.insuranceProvider ? `${providerName(t, invoice.insuranceProvider)} · ${invoice.insuranceCoveragePercent}%` : t('billing.table.noInsurance')],
    [t('billing.fields.patientPayable'), formatKES(invoice.patientPayable)],
    [t('billing.fields.amountPaid'), formatKES(invoice.amountPaid)],
  ];
  return (
    <div className="grid gap-3 rounded-md border p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t('billing.fields.status')}:</span>
        <Badge variant={STATUS_BADGE[invoice.status]} data-testid="payment-dialog-status">
          {statusName(t, invoice.status)}
        </Badge>
        {invoice.statusReason && invoice.status !== 'paid' && invoice.status !== 'processing' ? (
          <span role="alert" className="text-destructive" data-testid="payment-dialog-reason">
            {billingMessage(invoice.statusReason)}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function PaymentBody({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const gateways = useQuery(gatewaysQuery);
  const patientOwes = isPositive(patientDue(invoice)) || (invoice.amount === 0 && invoice.status !== 'paid');
  // The insurer's share is the invoice less the patient's (money.ts): anything left is for a claim.
  const insured = isPositive(subtract(parseKes(invoice.amount), parseKes(invoice.patientPayable)));
  const insurerOpen = insured && invoice.claimStatus !== 'approved' && invoice.claimStatus !== 'submitted';
  const [tab, setTab] = useState<TabId>(patientOwes ? 'mpesa' : 'insurance');

  if (invoice.status === 'paid') return <PaidPanel invoice={invoice} />;
  const waiting = invoice.payments.find((p) => p.status === 'processing');
  if (waiting) return <WaitingPanel invoice={invoice} paymentId={waiting.id} />;
  if (invoice.status === 'processing') {
    return (
      <>
        <Summary invoice={invoice} />
        <p className="flex items-center gap-2 rounded-md border p-3 text-sm">
          <ShieldCheck aria-hidden="true" className="h-4 w-4 text-primary" />
          {t('billing.pay.claimPending', { claim: invoice.claims[0]?.claimNumber ?? '' })}
        </p>
      </>
    );
  }

  const nothingDue = <p className="text-sm text-muted-foreground">{t('billing.pay.nothingDue')}</p>;
  const noCover = <p className="text-sm text-muted-foreground">{insured ? t('billing.pay.insurerSettled') : t('billing.pay.noCover')}</p>;
  return (
    <>
      <Summary invoice={invoice} />
      <Tabs<TabId>
        label={t('billing.pay.tabs')}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'mpesa', label: t('billing.pay.tabMpesa'), content: patientOwes && invoice.amount > 0 ? <MpesaForm invoice={invoice} gateways={gateways.data} /> : nothingDue },
          { id: 'card', label: t('billing.pay.tabCard'), content: patientOwes && invoice.amount > 0 ? <CardForm invoice={invoice} /> : nothingDue },
          { id: 'cash', label: t('billing.pay.tabCash'), content: patientOwes ? <CashForm invoice={invoice} /> : nothingDue },
          { id: 'insurance', label: t('billing.pay.tabInsurance'), content: insurerOpen ? <ClaimForm invoice={invoice} /> : noCover },
        ]}
      />
    </>
  );
}

function WaitingPanel({ invoice, paymentId }: { invoice: BillingDetail; paymentId: number }) {
  const { t } = useTranslation();
  const payment = invoice.payments.find((p) => p.id === paymentId)!;
  const check = useMpesaStatusQuery();
  return (
    <>
      <Summary invoice={invoice} />
      <div className="grid gap-3 rounded-md border p-4" aria-live="polite" data-testid="payment-waiting">
        {payment.simulated && payment.method === 'mpesa' ? <SimulatorNotice title={t('billing.pay.mpesaSimulator')} /> : null}
        <p className="flex items-center gap-2 font-medium">
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          {payment.method === 'mpesa'
            ? t('billing.pay.waitingPin', { phone: displayPhone(payment.phoneNumber ?? ''), amount: formatKES(payment.amount) })
            : t('billing.pay.waitingGateway', { method: methodName(t, payment.method) })}
        </p>
        {payment.method === 'mpesa' && payment.checkoutRequestId ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate(payment.id)}>
              {check.isPending ? t('billing.pay.checking') : t('billing.pay.checkStatus')}
            </Button>
            <span className="text-xs text-muted-foreground">{t('billing.pay.checkHelp')}</span>
          </div>
        ) : null}
        {check.isError ? <p className="text-sm text-destructive">{billingError(check.error, t('common.error'))}</p> : null}
      </div>
    </>
  );
}

function PaidPanel({ invoice }: { invoice: BillingDetail }) {
  const { t } = useTranslation();
  const received = invoice.payments.filter((p) => p.status === 'succeeded');
  const approved = invoice.claims.filter((c) => c.status === 'approved');
  return (
    <>
      <Summary invoice={invoice} />
      <div className="grid gap-2 rounded-md border border-green-300 bg-green-50 p-4 text-green-900" data-testid="payment-paid">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
          {t('billing.pay.paid')}
        </p>
        <ul className="grid gap-1 text-sm">
          {received.map((p) => (
            <li key={p.id}>{t('billing.pay.receiptLine', { method: methodName(t, p.method), amount: formatKES(p.amount), receipt: p.receiptNumber ?? t('billing.details.noReceipt') })}</li>
          ))}
          {approved.map((c) => (
            <li key={c.id}>{t('billing.pay.claimLine', { claim: c.claimNumber, amount: formatKES(c.amount) })}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
