// SPEC.md §2.7 Recent Billing Records: Date, Patient, Service, Facility, Amount, Payment Method, Status, Actions.
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { RevenueRecord } from '../../../shared/revenue';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { paymentMethodName, serviceName, statusName, statusVariant } from './revenue-labels';
import { formatDate } from '../../lib/locale-format';

const COLUMNS = ['date', 'patient', 'service', 'facility', 'amount', 'paymentMethod', 'status', 'actions'] as const;
const SKELETON_ROWS = 5;

type Props = { rows: RevenueRecord[] | undefined; loading: boolean; onView: (record: RevenueRecord) => void };

export function RevenueRecordsTable({ rows, loading, onView }: Props) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{t('revenue.records.caption')}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`revenue.columns.${c}`)} className={(c) => (c === 'amount' || c === 'actions' ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS.length} testId="revenue-record-skeleton" className="h-4 w-20" />
          : rows?.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="whitespace-nowrap">{formatDate(r.createdAt)}</TableCell>
                <TableCell>
                  <p className="font-medium">{r.patientName}</p>
                  <p className="whitespace-nowrap text-xs text-muted-foreground">{r.invoiceNumber}</p>
                </TableCell>
                <TableCell>{serviceName(t, r.serviceType)}</TableCell>
                <TableCell>{r.facilityName}</TableCell>
                <TableCell className="whitespace-nowrap text-right">{formatKES(r.amount)}</TableCell>
                <TableCell>{paymentMethodName(t, r.paymentMethod)}</TableCell>
                <TableCell>
                  <Badge variant={statusVariant(r.status)}>{statusName(t, r.status)}</Badge>
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('revenue.records.viewDetailsOf', { invoice: r.invoiceNumber })}
                    title={t('revenue.records.viewDetails')}
                    onClick={() => onView(r)}
                  >
                    <Eye aria-hidden="true" />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
