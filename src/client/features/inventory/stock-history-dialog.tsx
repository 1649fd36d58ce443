// An item's batches (batches-panel.tsx), then its stock ledger: every opening balance, delivery, issue, adjustment and
// write-off, with its reason and batch, the balance it left and who recorded it, newest first, 20 at a time.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryItem, StockMovement } from '../../../shared/inventory';
import { ListError } from '../../components/data/list-error';
import { Pagination } from '../../components/data/pagination';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { MOVEMENTS_PAGE_SIZE, movementsQuery } from './inventory.api';
import { BatchesPanel } from './batches-panel';
import { errorText, facilityText, quantityText } from './inventory-labels';
import { formatDate, formatNumber, formatTime } from '../../lib/locale-format';

type Props = { item: InventoryItem | null; onClose: () => void; canWrite?: boolean };

export function StockHistoryDialog({ item, onClose, canWrite = false }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t('inventory.history.title')}</DialogTitle>
          <DialogDescription>{item ? t('inventory.history.description', { item: item.itemName, facility: facilityText(t, item) }) : null}</DialogDescription>
        </DialogHeader>
        {item ? (
          <div className="grid gap-6">
            <BatchesPanel key={`batches-${item.id}`} item={item} canWrite={canWrite} />
            <Ledger key={item.id} item={item} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const COLUMNS = ['date', 'movement', 'quantity', 'balance', 'reason', 'recordedBy'] as const;
const KIND_BADGE: Record<StockMovement['kind'], NonNullable<BadgeProps['variant']>> = {
  opening: 'secondary',
  received: 'success',
  issued: 'info',
  adjusted: 'warning',
  written_off: 'danger',
};

function Ledger({ item }: { item: InventoryItem }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const query = useQuery(movementsQuery(item.id, offset));
  const fmt = (n: number) => formatNumber(n);

  if (query.isError) {
    return (
      <ListError message={`${t('inventory.history.error')}: ${errorText(query.error, t('common.error'))}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (query.data && query.data.total === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{t('inventory.history.empty')}</p>;

  const rows = query.data?.rows;
  return (
    <div className="grid gap-3" aria-busy={query.isFetching || undefined}>
      <Table>
        <caption className="sr-only">{t('inventory.history.caption', { item: item.itemName })}</caption>
        <ColumnHeads columns={COLUMNS} label={(c) => t(`inventory.history.columns.${c}`)} className={(c) => (c === 'quantity' || c === 'balance' ? 'text-right' : undefined)} />
        <TableBody className={query.isPlaceholderData ? 'opacity-60' : undefined}>
          {!rows
            ? <SkeletonRows rows={5} columns={COLUMNS.length} testId="movement-skeleton" className="h-4 w-16" />
            : rows.map((m) => (
                <TableRow key={m.id} data-testid="movement-row">
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={m.at}>
                      {formatDate(m.at)}
                      <span className="block text-xs text-muted-foreground">{formatTime(m.at)}</span>
                    </time>
                  </TableCell>
                  <TableCell>
                    <Badge variant={KIND_BADGE[m.kind]}>{t(`inventory.kindNames.${m.kind}`)}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right font-medium">
                    {m.kind !== 'opening' && m.quantity > 0 ? '+' : ''}
                    {quantityText(t, m.quantity, item.unit)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{fmt(m.balanceAfter)}</TableCell>
                  <TableCell className="min-w-48">
                    {m.kind === 'opening' && m.reason === null ? t('inventory.history.openingBalance') : m.reason}
                    {m.supplier ? <span className="block text-xs text-muted-foreground">{t('inventory.history.supplier', { supplier: m.supplier })}</span> : null}
                    {m.batchNumber ?? m.batch ? (
                      <span className="block text-xs text-muted-foreground">
                        {m.expiryDate
                          ? t('inventory.history.batchExpiring', { batch: m.batchNumber ?? m.batch, date: formatDate(m.expiryDate) })
                          : t('inventory.history.batch', { batch: m.batchNumber === 'UNKNOWN' ? t('inventory.batches.unknown') : (m.batchNumber ?? m.batch) })}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell>{m.userName ?? t('inventory.history.system')}</TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
      {query.data ? (
        <Pagination label={t('inventory.history.pagination')} offset={offset} count={query.data.rows.length} total={query.data.total} pageSize={MOVEMENTS_PAGE_SIZE} onOffset={setOffset} />
      ) : null}
    </div>
  );
}
