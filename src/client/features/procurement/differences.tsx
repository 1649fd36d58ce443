// A held invoice's differences (the three-way match): for each line that did not match, what was ordered, accepted
// and invoiced, and the order's and the invoice's prices, the figure at fault marked.
import { useTranslation } from 'react-i18next';
import type { SupplierInvoice } from '../../../shared/procurement';
import { ScrollTable } from '../../components/data/table-parts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatNumber } from '../../lib/locale-format';
import { formatPrice } from './procurement-labels';

export function Differences({ invoice }: { invoice: SupplierInvoice }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <p className="text-sm text-destructive">{t('procurement.invoice.held')}</p>
      <ScrollTable label={t('procurement.invoice.differences')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('procurement.items.itemName')}</TableHead>
            <TableHead>{t('procurement.invoice.issue')}</TableHead>
            <TableHead className="text-right">{t('procurement.invoice.ordered')}</TableHead>
            <TableHead className="text-right">{t('procurement.detail.accepted')}</TableHead>
            <TableHead className="text-right">{t('procurement.detail.invoiced')}</TableHead>
            <TableHead className="text-right">{t('procurement.invoice.orderPrice')}</TableHead>
            <TableHead className="text-right">{t('procurement.invoice.invoicePrice')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody data-testid="procurement-differences">
          {invoice.differences.map((d) => (
            <TableRow key={`${d.orderItemId}-${d.issue}`}>
              <TableCell>{d.itemName}</TableCell>
              <TableCell>{t(`procurement.invoice.issues.${d.issue}`)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(d.ordered)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(d.accepted)}</TableCell>
              <TableCell className={`text-right tabular-nums ${d.issue === 'quantity' ? 'font-semibold text-destructive' : ''}`}>{formatNumber(d.invoiced)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPrice(d.orderPrice)}</TableCell>
              <TableCell className={`text-right tabular-nums ${d.issue === 'price' ? 'font-semibold text-destructive' : ''}`}>{formatPrice(d.invoicePrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </div>
  );
}
