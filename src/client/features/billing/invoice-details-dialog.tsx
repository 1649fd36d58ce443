// An invoice in full (SPEC.md §3 sample invoice fields): the bill, every payment attempt with its receipt or the
// reason it failed, and every insurance claim, where an officer who may approve claims records the insurer's decision.
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { formatKES, isPositive } from '../../../shared/money';
import type { BillingDetail, BillingRecord } from '../../../shared/billing';
import type { InsuranceClaim, Payment } from '../../../shared/billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { BillingPanelError } from './billing-panel-error';
import { billingDocumentUrl, invoiceQuery, useMpesaStatusQuery } from './billing.api';
import { PrintLink } from '../../components/print-link';
import { billingError, billingMessage, methodName, providerName, serviceName, STATUS_BADGE, statusName } from './billing-labels';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { ClaimDecisionForm } from './claim-decision-form';
import { WaiverForm } from './waiver-form';
import { patientDue } from '../../../shared/billing';
import { canTakePayment } from './invoices-table';
import { useSettlementNotices } from './use-settlement-notices';
import { formatDate, formatTime } from '../../lib/locale-format';

type Props = { invoiceId: number; open: boolean; canWrite: boolean; onOpenChange: (open: boolean) => void; onPay: (b: BillingRecord) => void };

const dateTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

export function InvoiceDetailsDialog({ invoiceId, open, canWrite, onOpenChange, onPay }: Props) {
  const { t } = useTranslation();
  const query = useQuery(invoiceQuery(invoiceId));
  useSettlementNotices(query.data);
  const invoice = query.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('billing.details.title', { invoice: invoice?.invoiceNumber ?? '' })}</DialogTitle>
          <DialogDescription>{t('billing.details.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <BillingPanelError what={t('billing.details.what')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <DetailBody invoice={query.data} canWrite={canWrite} />
        )}
        <DialogFooter className="sm:flex-wrap">
          {invoice ? <PrintLink href={(lang) => billingDocumentUrl(invoice.id, 'invoice', lang)} label={t('billing.details.printInvoice')} /> : null}
          {invoice?.status === 'paid' ? (
            <PrintLink href={(lang) => billingDocumentUrl(invoice.id, 'receipt', lang)} label={t('billing.details.printReceipt')} />
          ) : null}
          {invoice && canWrite && canTakePayment(invoice) ? (
            <Button onClick={() => onPay(invoice)}>
              <CreditCard aria-hidden="true" />
              {t('billing.table.payShort')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function DetailBody({ invoice, canWrite }: { invoice: BillingDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const staff = useStaff();
  // Recording the insurer's decision is an officer's act (claims:approve) within their scope, as the server
  // decides; whoever submitted the claim is refused there too (maker ≠ checker), with its message.
  const facility = useQuery(facilitiesQuery).data?.find((f) => f.id === invoice.facilityId);
  const canDecide = staff.may('claims:approve') && (facility === undefined || staff.reaches('claims:approve', facility));
  // A waiver is an officer's decision (billing:waive) within reach, on an open invoice the patient still owes on.
  const canWaive =
    staff.may('billing:waive') && (facility === undefined || staff.reaches('billing:waive', facility)) && (invoice.status === 'pending' || invoice.status === 'overdue') && isPositive(patientDue(invoice));
  return (
    <div className="grid gap-5">
      <section aria-labelledby="inv-detail-bill" className="grid gap-3">
        <h3 id="inv-detail-bill" className="font-semibold">
          {t('billing.details.bill')}
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Item label={t('billing.details.patient')}>
            {invoice.patientName}
            <span className="block text-xs font-normal text-muted-foreground">{t('billing.table.idLine', { nationalId: invoice.nationalId })}</span>
          </Item>
          <Item label={t('billing.fields.facility')}>{invoice.facilityName}</Item>
          <Item label={t('billing.details.date')}>{formatDate(invoice.createdAt)}</Item>
          <Item label={t('billing.fields.serviceType')}>{serviceName(t, invoice.serviceType)}</Item>
          <Item label={t('billing.fields.amount')}>{formatKES(invoice.amount)}</Item>
          <Item label={t('billing.fields.paymentMethod')}>{methodName(t, invoice.paymentMethod)}</Item>
          <Item label={t('billing.fields.insuranceProvider')}>{invoice.insuranceProvider ? providerName(t, invoice.insuranceProvider) : t('billing.table.noInsurance')}</Item>
          <Item label={t('billing.fields.insuranceNumber')}>{invoice.insuranceNumber ?? '—'}</Item>
          <Item label={t('billing.fields.coverage')}>{`${invoice.insuranceCoveragePercent}%`}</Item>
          <Item label={t('billing.fields.patientPayable')}>{formatKES(invoice.patientPayable)}</Item>
          <Item label={t('billing.fields.amountPaid')}>{formatKES(invoice.amountPaid)}</Item>
          {invoice.amountWaived > 0 ? <Item label={t('billing.fields.amountWaived')}>{formatKES(invoice.amountWaived)}</Item> : null}
          <Item label={t('billing.fields.dueDate')}>{invoice.dueDate ? formatDate(invoice.dueDate) : '—'}</Item>
          <Item label={t('billing.fields.status')}>
            <Badge variant={STATUS_BADGE[invoice.status]}>{statusName(t, invoice.status)}</Badge>
            {invoice.statusReason ? <span className="mt-1 block text-xs font-normal text-destructive">{billingMessage(invoice.statusReason)}</span> : null}
          </Item>
          {invoice.paidAt ? <Item label={t('billing.details.paidAt')}>{dateTime(invoice.paidAt)}</Item> : null}
          {invoice.notes ? <Item label={t('billing.fields.notes')}>{invoice.notes}</Item> : null}
        </dl>
      </section>

      {canWaive ? <WaiverForm invoice={invoice} /> : null}

      <section aria-labelledby="inv-detail-payments" className="grid gap-2">
        <h3 id="inv-detail-payments" className="font-semibold">
          {t('billing.details.payments')}
        </h3>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('billing.details.noPayments')}</p>
        ) : (
          <ul className="grid gap-2">
            {invoice.payments.map((p) => (
              <PaymentItem key={p.id} payment={p} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="inv-detail-claims" className="grid gap-2">
        <h3 id="inv-detail-claims" className="font-semibold">
          {t('billing.details.claims')}
        </h3>
        {invoice.claims.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('billing.details.noClaims')}</p>
        ) : (
          <ul className="grid gap-2">
            {invoice.claims.map((c) => (
              <ClaimItem key={c.id} claim={c} canDecide={canDecide} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const PAYMENT_BADGE = { processing: 'info', succeeded: 'success', failed: 'danger', review: 'warning', refunded: 'secondary' } as const;
const CLAIM_BADGE = { submitted: 'info', approved: 'success', rejected: 'danger' } as const;

function PaymentItem({ payment: p, canWrite }: { payment: Payment; canWrite: boolean }) {
  const { t } = useTranslation();
  const check = useMpesaStatusQuery();
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="payment-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{methodName(t, p.method)}</span>
        <span>{formatKES(p.amount)}</span>
        <Badge variant={PAYMENT_BADGE[p.status]}>{t(`billing.paymentStatus.${p.status}`)}</Badge>
        {p.simulated ? <Badge variant="outline">{t('billing.details.simulated')}</Badge> : null}
      </div>
      <p className="text-muted-foreground">
        {[
          p.receiptNumber ? t('billing.details.receipt', { receipt: p.receiptNumber }) : null,
          p.phoneNumber ? displayPhone(p.phoneNumber) : null,
          p.cardLast4 ? t('billing.details.cardEnding', { last4: p.cardLast4 }) : null,
          t('billing.details.by', { name: p.initiatedByName ?? t('billing.details.system'), at: dateTime(p.createdAt) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {p.status === 'failed' && p.resultDesc ? <p className="text-destructive">{billingMessage(p.resultDesc)}</p> : null}
      {p.status === 'processing' && p.method === 'mpesa' && p.checkoutRequestId && canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate(p.id)}>
            {check.isPending ? t('billing.pay.checking') : t('billing.pay.checkStatus')}
          </Button>
          {check.isError ? <span className="text-destructive">{billingError(check.error, t('common.error'))}</span> : null}
        </div>
      ) : null}
    </li>
  );
}

function ClaimItem({ claim: c, canDecide }: { claim: InsuranceClaim; canDecide: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm" data-testid="claim-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{c.claimNumber}</span>
        <span>{providerName(t, c.provider)}</span>
        <span>{formatKES(c.amount)}</span>
        <Badge variant={CLAIM_BADGE[c.status]}>{t(`billing.claimStatus.${c.status}`)}</Badge>
      </div>
      <p className="text-muted-foreground">
        {t('billing.details.claimLine', { member: c.memberNumber, diagnosis: c.diagnosis })} · {t('billing.details.by', { name: c.submittedByName ?? t('billing.details.system'), at: dateTime(c.submittedAt) })}
      </p>
      <ul className="list-disc pl-5 text-muted-foreground">
        {c.lines.map((l, i) => (
          <li key={i}>{t('billing.details.lineItem', { description: l.description, quantity: l.quantity, price: formatKES(l.unitPrice) })}</li>
        ))}
      </ul>
      {c.decidedAt ? (
        <p>
          {t('billing.details.decided', { status: t(`billing.claimStatus.${c.status}`), name: c.decidedByName ?? t('billing.details.system'), at: dateTime(c.decidedAt) })}
          {c.decisionReason ? `: ${billingMessage(c.decisionReason)}` : ''}
        </p>
      ) : null}
      {c.approvedAmount !== null && c.approvedAmount !== c.amount ? (
        <p data-testid="claim-approved-part">{t('billing.details.approvedPart', { approved: formatKES(c.approvedAmount), claimed: formatKES(c.amount) })}</p>
      ) : null}
      {c.status === 'submitted' && canDecide ? <ClaimDecisionForm claim={c} /> : null}
    </li>
  );
}
