// SPEC.md §2.15 table: Item Name (with last restocked date), Category, Facility, Current Stock, Minimum Stock,
// Status, Unit Cost, Total Value, Actions (Update Stock, History).
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { History, PackagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { InventoryItem } from '../../../shared/inventory';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { facilityText, formatUnitCost, quantityText, STATUS_BADGE } from './inventory-labels';
import { formatDate } from '../../lib/locale-format';

type Props = {
  rows: InventoryItem[] | undefined;
  loading: boolean;
  canWrite: boolean;
  onUpdate: (item: InventoryItem) => void;
  onHistory: (item: InventoryItem) => void;
};

const COLUMNS = ['itemName', 'category', 'facility', 'currentStock', 'minimumStock', 'status', 'unitCost', 'totalValue', 'actions'] as const;
const NUMERIC = new Set<string>(['currentStock', 'minimumStock', 'unitCost', 'totalValue']);

export function InventoryTable({ rows, loading, canWrite, onUpdate, onHistory }: Props) {
  const { t } = useTranslation();
  return (
    <Table className="[&_td]:px-3 [&_th]:px-3">
      <caption className="sr-only">{t('inventory.table.caption')}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`inventory.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : NUMERIC.has(c) ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={5} columns={COLUMNS.length} testId="inventory-skeleton" className="h-4 w-20" />
          : rows?.map((item) => {
              const facility = facilityText(t, item);
              const names = { item: item.itemName, facility };
              return (
                <TableRow key={item.id} data-testid="inventory-row" data-item-id={item.id}>
                  <TableCell className="min-w-36">
                    <p className="font-medium">{item.itemName}</p>
                    <p className="text-xs text-muted-foreground">
                      {item.lastRestocked ? t('inventory.lastRestocked', { date: formatDate(item.lastRestocked) }) : t('inventory.neverRestocked')}
                    </p>
                  </TableCell>
                  <TableCell>{t(`inventory.categories.${item.category}`)}</TableCell>
                  <TableCell>{facility}</TableCell>
                  <TableCell className="text-right font-medium" data-testid="current-stock">
                    {quantityText(t, item.currentStock, item.unit)}
                  </TableCell>
                  <TableCell className="text-right">{quantityText(t, item.minimumStock, item.unit)}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS_BADGE[item.status]} className="whitespace-nowrap" data-testid="stock-status">
                      {t(`inventory.statuses.${item.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{formatUnitCost(item.unitCost)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">{formatKES(item.totalValue)}</TableCell>
                  <TableCell className="text-right">
                    <div className="flex flex-col items-end gap-1 2xl:flex-row 2xl:items-center 2xl:justify-end">
                      <Button
                        variant="outline"
                        size="sm"
                        className="px-2.5"
                        disabled={!canWrite}
                        aria-label={t('inventory.actions.updateStockFor', names)}
                        title={canWrite ? t('inventory.actions.updateStockFor', names) : t('inventory.actions.notAllowed')}
                        onClick={() => onUpdate(item)}
                      >
                        <PackagePlus aria-hidden="true" />
                        {t('inventory.actions.updateStock')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="px-2.5"
                        aria-label={t('inventory.actions.historyFor', names)}
                        title={t('inventory.actions.historyFor', names)}
                        onClick={() => onHistory(item)}
                      >
                        <History aria-hidden="true" />
                        {t('inventory.actions.history')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );
}
