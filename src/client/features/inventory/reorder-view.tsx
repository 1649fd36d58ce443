// What to reorder (issue 28 item 5; PROCUREMENT.md: months of stock = on hand ÷ average monthly consumption, the last
// three months' issues; reorder below the facility's minimum months, 2 at a dispensary or health centre, 3 at a
// hospital, as the county's supply settings say): the lines due, emptiest first, with the quantity to order.
import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ViewFacilityFilter } from './view-parts';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { formatNumber, numberLocale } from '../../lib/locale-format';
import { VIEW_PAGE_SIZE, reorderQuery } from './inventory.api';
import { errorText, facilityText, quantityText } from './inventory-labels';

const COLUMNS = ['item', 'facility', 'onHand', 'consumption', 'months', 'suggested'] as const;
const NUMERIC = new Set<string>(['onHand', 'consumption', 'months', 'suggested']);

/** A figure with one decimal at most ("2.5", "1"). */
const oneDecimal = (n: number) => n.toLocaleString(numberLocale(), { maximumFractionDigits: 1 });

export function ReorderView({ facilityId: initial, facilities }: { facilityId: string; facilities: Facility[] | undefined }) {
  const { t } = useTranslation();
  const [facilityId, setFacilityId] = useState(initial);
  const [offset, setOffset] = useState(0);
  const query = useQuery(reorderQuery({ facilityId: facilityId ? Number(facilityId) : undefined, offset }));
  const total = query.data?.total;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <ViewFacilityFilter
          id="reorder-facility"
          value={facilityId}
          facilities={facilities}
          onChange={(v) => {
            setFacilityId(v);
            setOffset(0);
          }}
        />
      </div>
      <ListCard
        title={total === undefined ? t('inventory.reorder.title') : t('inventory.reorder.titleCount', { total: formatNumber(total) })}
        description={t('inventory.reorder.description')}
        icon={ShoppingCart}
        query={query}
        errorMessage={(error) => `${t('inventory.reorder.error')}: ${errorText(error, t('common.error'))}`}
        paging={{ label: t('inventory.reorder.pagination'), offset, pageSize: VIEW_PAGE_SIZE, onOffset: setOffset }}
        empty={<EmptyState icon={ShoppingCart} title={t('inventory.reorder.emptyTitle')} hint={t('inventory.reorder.emptyHint')} />}
      >
        <Table className="[&_td]:px-3 [&_th]:px-3">
          <caption className="sr-only">{t('inventory.reorder.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`inventory.reorder.columns.${c}`)} className={(c) => (NUMERIC.has(c) ? 'text-right' : undefined)} />
          <TableBody>
            {!query.data ? (
              <SkeletonRows rows={5} columns={COLUMNS.length} testId="reorder-skeleton" />
            ) : (
              query.data.rows.map((r) => (
                <TableRow key={r.itemId} data-testid="reorder-row">
                  <TableCell className="min-w-36 font-medium">{r.itemName}</TableCell>
                  <TableCell>{facilityText(t, r)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {quantityText(t, r.currentStock, r.unit)}
                    <span className="block text-xs text-muted-foreground">{t('inventory.reorder.minimum', { quantity: formatNumber(r.minimumStock) })}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{t('inventory.reorder.perMonth', { quantity: oneDecimal(r.averageMonthlyConsumption) })}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {r.monthsOfStock === null ? t('inventory.reorder.noUse') : oneDecimal(r.monthsOfStock)}
                    <span className="block text-xs text-muted-foreground">{t('inventory.reorder.minimumMonths', { months: formatNumber(r.minimumMonths) })}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right font-medium">
                    {quantityText(t, r.suggestedQuantity, r.unit)}
                    <span className="block text-xs font-normal text-muted-foreground">{formatKES(r.suggestedValue)}</span>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ListCard>
    </div>
  );
}
