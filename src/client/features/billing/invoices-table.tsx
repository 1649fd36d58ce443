// SPEC.md §2.8 Invoices table: Invoice, Patient, Service, Amount, Payment Method, Insurance, Status, Actions.
// Process Payment is offered only for pending invoices (overdue ones are pending past their due date).
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { CreditCard, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { BillingRecord } from '../../../shared/billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { billingMessage, methodName, providerName, serviceName, STATUS_BADGE, statusName } from './billing-labels';
import { formatDate } from '../../lib/locale-format';

const COLUMNS = ['invoice', 'patient', 'service', 'amount', 'paymentMethod', 'insurance', 'status', 'actions'] as const;

export const canTakePayment = (b: BillingRecord) => b.status === 'pending' || b.status === 'overdue';

type Props = {
  rows: BillingRecord[] | undefined;
  loading: boolean;
  canWrite: boolean;
  onView: (b: BillingRecord) => void;
  onPay: (b: BillingRecord) => void;
};

export function InvoicesTable({ rows, loading, canWrite, onView, onPay }: Props) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{t('billing.table.caption')}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`billing.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : c === 'amount' ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={5} columns={COLUMNS.length} testId="invoice-skeleton" className="h-4 w-20" />
          : rows?.map((b) => (
              <TableRow key={b.id} data-testid="invoice-row" data-invoice={b.invoiceNumber}>
                <TableCell>
                  <p className="whitespace-nowrap font-medium">{b.invoiceNumber}</p>
                  <p className="text-xs text-muted-foreground">{formatDate(b.createdAt)}</p>
                  <p className="text-xs text-muted-foreground">{b.facilityName}</p>
                </TableCell>
                <TableCell>
                  <p className="font-medium">{b.patientName}</p>
                  <p className="text-xs text-muted-foreground">{t('billing.table.idLine', { nationalId: b.nationalId })}</p>
                </TableCell>
                <TableCell>{serviceName(t, b.serviceType)}</TableCell>
                <TableCell className="text-right">
                  <p className="font-medium">{formatKES(b.amount)}</p>
                  {b.insuranceCoveragePercent > 0 ? <p className="text-xs text-muted-foreground">{t('billing.table.patientPays', { amount: formatKES(b.patientPayable) })}</p> : null}
                </TableCell>
                <TableCell>{methodName(t, b.paymentMethod)}</TableCell>
                <TableCell>
                  {b.insuranceProvider ? (
                    <>
                      <p>{providerName(t, b.insuranceProvider)}</p>
                      <p className="text-xs text-muted-foreground">{t('billing.table.coverage', { percent: b.insuranceCoveragePercent })}</p>
                    </>
                  ) : (
                    <span className="text-muted-foreground">{t('billing.table.noInsurance')}</span>
                  )}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_BADGE[b.status]}>{statusName(t, b.status)}</Badge>
                  {b.statusReason && (b.status === 'pending' || b.status === 'overdue') ? (
                    <p className="mt-1 max-w-48 text-xs text-destructive">{billingMessage(b.statusReason)}</p>
                  ) : null}
                  {b.dueDate && (b.status === 'pending' || b.status === 'overdue') ? (
                    <p className="mt-1 text-xs text-muted-foreground">{t('billing.table.due', { date: formatDate(b.dueDate) })}</p>
                  ) : null}
                </TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={t('billing.table.view', { invoice: b.invoiceNumber })} title={t('billing.table.view', { invoice: b.invoiceNumber })} onClick={() => onView(b)}>
                      <Eye aria-hidden="true" />
                    </Button>
                    {canWrite && canTakePayment(b) ? (
                      <Button variant="outline" size="sm" aria-label={t('billing.table.pay', { invoice: b.invoiceNumber })} onClick={() => onPay(b)}>
                        <CreditCard aria-hidden="true" />
                        {t('billing.table.payShort')}
                      </Button>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
