// A purchase order's details (SPEC.md §2.11: a row of Purchase Orders, Review in the Overview, View Details in
// Approvals): who asked, who prepared and who approved it, its method, fund and references, its lines with what has
// been accepted and invoiced, the split-order warning and a rejection's reason — and the next steps its status and
// the reader's permissions allow: Submit for Approval, Approve, Reject, Cancel, Print LPO, Record Delivery, Enter
// Invoice, correct a held invoice (its differences shown) and Pay the matched ones. The goods received and the
// invoices are listed under it.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Ban, Banknote, CheckCircle2, Package, PencilLine, ReceiptText, Send, Truck, XCircle } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECEIVABLE_STATUSES, type PurchaseOrder, type SupplierInvoice } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { DetailField } from '../../components/data/detail-field';
import { ListError } from '../../components/data/list-error';
import { ScrollTable } from '../../components/data/table-parts';
import { PrintLink } from '../../components/print-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { Differences } from './differences';
import { ownOrder, StepDialog, type Step } from './order-actions';
import { deliveriesQuery, invoicesQuery, orderQuery } from './procurement.api';
import { formatPrice, orderName, PriorityBadge, procurementErrorText, StatusBadge } from './procurement-labels';

const DeliveryDialog = lazy(() => import('./delivery-dialog').then((m) => ({ default: m.DeliveryDialog })));
const InvoiceDialog = lazy(() => import('./invoice-dialog').then((m) => ({ default: m.InvoiceDialog })));
const PaymentDialog = lazy(() => import('./invoice-dialog').then((m) => ({ default: m.PaymentDialog })));

type Open = { step: Step } | { kind: 'delivery' } | { kind: 'invoice'; invoice: SupplierInvoice | null } | { kind: 'pay'; invoices: SupplierInvoice[] } | null;

/** Statuses after which goods may have come and invoices may follow. */
const RECEIVED: readonly PurchaseOrder['status'][] = ['partially_delivered', 'delivered', 'invoiced', 'paid'];
const CANCELLABLE: readonly PurchaseOrder['status'][] = ['draft', 'pending_approval', 'approved', 'in_transit'];

export function OrderDetailDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useQuery(orderQuery(orderId));
  const o = order.data;
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-4xl" data-testid="procurement-order-detail">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {o ? orderName(t, o) : t('procurement.detail.title')}
            {o ? <StatusBadge t={t} status={o.status} /> : null}
            {o ? <PriorityBadge t={t} priority={o.priority} /> : null}
          </DialogTitle>
          <DialogDescription>{o ? `${o.supplier} · ${o.facility}` : t('common.loading')}</DialogDescription>
        </DialogHeader>
        {order.error ? (
          <ListError message={t('common.loadError', { message: procurementErrorText(t, order.error) })} onRetry={() => void order.refetch()} retrying={order.isFetching} />
        ) : o ? (
          <OrderBody order={o} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OrderBody({ order: o }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [open, setOpen] = useState<Open>(null);
  const received = RECEIVED.includes(o.status);
  const invoices = useQuery({ ...invoicesQuery(o.id), enabled: received });
  const deliveries = useQuery({ ...deliveriesQuery(o.id), enabled: received || RECEIVABLE_STATUSES.includes(o.status) });
  const own = ownOrder(o, staff.id);
  const manage = staff.may('procurement:manage');
  // Invoices are entered and corrected by the procurement office or by finance (who pays).
  const invoicing = manage || staff.may('procurement:pay');
  const toInvoice = o.items.some((i) => i.accepted - i.invoiced > 0);
  const matched = (invoices.data?.rows ?? []).filter((i) => i.status === 'matched');

  const actions: ReactNode[] = [];
  const add = (key: string, node: ReactNode) => actions.push(<span key={key}>{node}</span>);
  if (o.status === 'draft' && manage)
    add(
      'submit',
      <Button onClick={() => setOpen({ step: 'submit' })}>
        <Send aria-hidden="true" />
        {t('procurement.steps.submit.action')}
      </Button>,
    );
  if (o.status === 'pending_approval' && staff.may('procurement:approve') && !own) {
    add(
      'approve',
      <Button onClick={() => setOpen({ step: 'approve' })}>
        <CheckCircle2 aria-hidden="true" />
        {t('procurement.steps.approve.action')}
      </Button>,
    );
    add(
      'reject',
      <Button variant="outline" onClick={() => setOpen({ step: 'reject' })}>
        <XCircle aria-hidden="true" />
        {t('procurement.steps.reject.action')}
      </Button>,
    );
  }
  if (o.number) add('print', <PrintLink href={(lang) => `/api/procurement/purchase-orders/${o.id}/lpo.pdf?lang=${lang}`} label={t(o.kind === 'goods' ? 'procurement.detail.printLpo' : 'procurement.detail.printLso')} />);
  if (o.status === 'approved' && manage)
    add(
      'transit',
      <Button variant="outline" onClick={() => setOpen({ step: 'transit' })}>
        <Truck aria-hidden="true" />
        {t('procurement.steps.transit.action')}
      </Button>,
    );
  if (RECEIVABLE_STATUSES.includes(o.status) && staff.may('procurement:receive'))
    add(
      'deliver',
      <Button variant="outline" onClick={() => setOpen({ kind: 'delivery' })}>
        <Package aria-hidden="true" />
        {t('procurement.detail.recordDelivery')}
      </Button>,
    );
  if (received && invoicing && toInvoice)
    add(
      'invoice',
      <Button variant="outline" onClick={() => setOpen({ kind: 'invoice', invoice: null })}>
        <ReceiptText aria-hidden="true" />
        {t('procurement.detail.enterInvoice')}
      </Button>,
    );
  if (matched.length > 0 && staff.may('procurement:pay') && o.approvedBy !== staff.id)
    add(
      'pay',
      <Button variant="outline" onClick={() => setOpen({ kind: 'pay', invoices: matched })}>
        <Banknote aria-hidden="true" />
        {t('procurement.detail.pay')}
      </Button>,
    );
  if (CANCELLABLE.includes(o.status) && (manage || staff.may('procurement:approve')))
    add(
      'cancel',
      <Button variant="ghost" onClick={() => setOpen({ step: 'cancel' })}>
        <Ban aria-hidden="true" />
        {t('procurement.steps.cancel.action')}
      </Button>,
    );

  const note = (tone: 'warning' | 'danger', text: string, testId: string) => (
    <p role="note" data-testid={testId} className={`flex items-start gap-2 rounded-md border p-3 text-sm ${tone === 'danger' ? 'border-destructive/50 text-destructive' : 'border-yellow-500/60 bg-yellow-50 text-yellow-900'}`}>
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {text}
    </p>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {o.splitWarning ? note('warning', t('procurement.detail.splitWarning', { warning: o.splitWarning }), 'procurement-split-warning') : null}
      {o.rejectionReason ? note('danger', t('procurement.detail.rejected', { reason: o.rejectionReason }), 'procurement-rejection') : null}
      {o.cancellationReason ? note('danger', t('procurement.detail.cancelled', { reason: o.cancellationReason }), 'procurement-cancellation') : null}
      {o.status === 'pending_approval' && own && staff.may('procurement:approve') ? <p className="text-sm text-muted-foreground">{t('procurement.approvals.ownOrder')}</p> : null}
      {actions.length > 0 ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-4">
        <DetailField label={t('procurement.columns.requestedBy')}>{o.requestedByName}</DetailField>
        <DetailField label={t('procurement.detail.preparedBy')}>{o.preparedByName}</DetailField>
        <DetailField label={t('procurement.create.department')}>{t(`procurement.costCentres.${o.department}`)}</DetailField>
        <DetailField label={t('procurement.detail.requestDate')}>{formatDate(o.requestDate)}</DetailField>
        <DetailField label={t('procurement.columns.deliveryDate')}>{formatDate(o.deliveryDate)}</DetailField>
        <DetailField label={t('procurement.create.method')}>{t(`procurement.methods.${o.method}`)}</DetailField>
        <DetailField label={t('procurement.create.fund')}>{t(`procurement.funds.${o.fund}`)}</DetailField>
        <DetailField label={t('procurement.detail.account')}>{o.accountCode}</DetailField>
        <DetailField label={t('procurement.create.egpReference')}>{o.egpReference ?? '—'}</DetailField>
        <DetailField label={t('procurement.steps.ifmisPoNumber')}>{o.ifmisPoNumber ?? '—'}</DetailField>
        <DetailField label={t('procurement.detail.requisition')}>{o.requisitionNumber ?? '—'}</DetailField>
        <DetailField label={t('procurement.detail.approvedBy')}>{o.approvedByName ? `${o.approvedByName}${o.approvedAt ? ` · ${formatDate(o.approvedAt)}` : ''}` : '—'}</DetailField>
      </dl>
      {o.notes ? <p className="whitespace-pre-line rounded-md bg-muted p-3 text-sm">{o.notes}</p> : null}

      <ScrollTable label={t('procurement.items.title')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('procurement.items.itemName')}</TableHead>
            <TableHead className="text-right">{t('procurement.items.quantity')}</TableHead>
            <TableHead className="text-right">{t('procurement.items.unitPrice')}</TableHead>
            <TableHead className="text-right">{t('procurement.items.lineTotal')}</TableHead>
            <TableHead className="text-right">{t('procurement.detail.accepted')}</TableHead>
            <TableHead className="text-right">{t('procurement.detail.rejectedQty')}</TableHead>
            <TableHead className="text-right">{t('procurement.detail.invoiced')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody data-testid="procurement-order-items">
          {o.items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>
                <span className="font-medium">{i.itemName}</span>
                {i.specifications ? <span className="block text-xs text-muted-foreground">{i.specifications}</span> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatNumber(i.quantity)} {i.unit}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatPrice(i.unitPrice)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatKES(i.total)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(i.accepted)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(i.rejected)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(i.invoiced)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} className="font-semibold">
              {t('procurement.items.total')}
            </TableCell>
            <TableCell className="text-right font-semibold tabular-nums" data-testid="procurement-order-total">
              {formatKES(o.totalAmount)}
            </TableCell>
            <TableCell colSpan={3} />
          </TableRow>
        </TableBody>
      </ScrollTable>

      {deliveries.data && deliveries.data.rows.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="po-deliveries">
          <h3 id="po-deliveries" className="font-semibold">
            {t('procurement.detail.deliveries')}
          </h3>
          <ul className="grid gap-2 text-sm">
            {deliveries.data.rows.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span>
                  <span className="font-medium">{d.number}</span> · {t('procurement.detail.deliveryNote', { note: d.deliveryNote })} · {formatDate(d.deliveredOn)} · {formatKES(d.value)}
                  <span className="block text-xs text-muted-foreground">{t('procurement.detail.committee', { names: d.committee.map((c) => c.name).join(', ') })}</span>
                </span>
                <PrintLink size="sm" href={(lang) => `/api/procurement/deliveries/${d.id}/certificate.pdf?lang=${lang}`} label={t('procurement.detail.certificate')} ariaLabel={t('procurement.detail.certificateOf', { number: d.number })} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {received ? (
        <section className="grid gap-2" aria-labelledby="po-invoices">
          <h3 id="po-invoices" className="font-semibold">
            {t('procurement.detail.invoices')}
          </h3>
          {invoices.error ? (
            <ListError message={t('common.loadError', { message: procurementErrorText(t, invoices.error) })} onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
          ) : !invoices.data ? (
            <Skeleton className="h-16 w-full" />
          ) : invoices.data.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('procurement.detail.noInvoices')}</p>
          ) : (
            <ul className="grid gap-2 text-sm" data-testid="procurement-invoices">
              {invoices.data.rows.map((inv) => (
                <InvoiceItem key={inv.id} invoice={inv} canCorrect={invoicing} onCorrect={() => setOpen({ kind: 'invoice', invoice: inv })} />
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <Suspense fallback={null}>
        {open && 'step' in open ? <StepDialog order={o} step={open.step} onClose={() => setOpen(null)} /> : null}
        {open && 'kind' in open && open.kind === 'delivery' ? <DeliveryDialog order={o} onClose={() => setOpen(null)} /> : null}
        {open && 'kind' in open && open.kind === 'invoice' ? <InvoiceDialog order={o} invoice={open.invoice} onClose={() => setOpen(null)} /> : null}
        {open && 'kind' in open && open.kind === 'pay' ? <PaymentDialog invoices={open.invoices} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}

const INVOICE_TONE = { held: 'danger', matched: 'info', paid: 'success' } as const;

/** An invoice and, when it is held, the lines that did not match (ordered, accepted, invoiced, both prices). */
function InvoiceItem({ invoice: inv, canCorrect, onCorrect }: { invoice: SupplierInvoice; canCorrect: boolean; onCorrect: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="procurement-invoice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-medium">{inv.invoiceNumber}</span> · {formatDate(inv.invoiceDate)} · {formatKES(inv.amount)}{' '}
          <Badge variant={INVOICE_TONE[inv.status]}>{t(`procurement.invoiceStatus.${inv.status}`)}</Badge>
          {inv.paymentNumber ? <span className="text-xs text-muted-foreground"> · {t('procurement.detail.paidBy', { number: inv.paymentNumber })}</span> : null}
        </span>
        {inv.status === 'held' && canCorrect ? (
          <Button size="sm" variant="outline" onClick={onCorrect}>
            <PencilLine aria-hidden="true" />
            {t('procurement.invoice.correct')}
          </Button>
        ) : null}
      </div>
      {inv.status === 'held' && inv.differences.length > 0 ? <Differences invoice={inv} /> : null}
    </li>
  );
}
