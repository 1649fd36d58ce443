// Purchase Orders (SPEC.md §2.11): search (number, supplier, item) and the status filter, a page at a time; each row
// is the order's number (or "Draft" until its LPO is numbered), supplier, facility, who asked for it, the total, its
// status and priority and the delivery date, and opens the order's details.
import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable } from '../../components/data/table-parts';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ordersQuery, ORDERS_PAGE_SIZE, type OrderFilters } from './procurement.api';
import { orderName, PriorityBadge, procurementErrorText, StatusBadge } from './procurement-labels';

const COLUMNS = ['order', 'supplier', 'facility', 'requestedBy', 'total', 'status', 'priority', 'deliveryDate'] as const;

export function OrdersTab({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<OrderFilters>({ search: '', status: '' });
  const [offset, setOffset] = useState(0);
  const search = useDebouncedValue(filters.search, 300);
  const list = useQuery(ordersQuery({ ...filters, search }, offset));
  const change = (next: Partial<OrderFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const filtered = filters.search.trim() !== '' || filters.status !== '';
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FilterBar label={t('procurement.orders.filters')}>
        <SearchField id="procurement-order-search" label={t('procurement.orders.search')} placeholder={t('procurement.orders.searchPlaceholder')} value={filters.search} maxLength={100} onChange={(e) => change({ search: e.target.value })} />
        <FilterSelect
          id="procurement-order-status"
          label={t('procurement.columns.status')}
          value={filters.status}
          onChange={(v) => change({ status: v })}
          allLabel={t('procurement.orders.allStatuses')}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`procurement.status.${s}`) }))}
        />
      </FilterBar>
      <ListCard
        title={list.data ? t('procurement.orders.titleCount', { n: formatNumber(list.data.total) }) : t('procurement.orders.title')}
        icon={ShoppingCart}
        query={list}
        errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
        empty={<EmptyState icon={ShoppingCart} title={t('procurement.orders.none')} hint={filtered ? t('procurement.orders.noneFiltered') : t('procurement.orders.noneHint')} />}
        paging={{ label: t('procurement.orders.pages'), offset, pageSize: ORDERS_PAGE_SIZE, onOffset: setOffset }}
      >
        <ScrollTable label={t('procurement.orders.title')}>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`procurement.columns.${c}`)} className={(c) => (c === 'total' ? 'text-right' : undefined)} />
          <TableBody data-testid="procurement-orders">
            {list.data?.rows.map((o) => (
              <TableRow key={o.id} className="cursor-pointer" onClick={() => onOpen(o.id)}>
                <TableCell className="whitespace-nowrap">
                  <button type="button" className="text-left font-medium text-primary hover:underline" onClick={(e) => {
                      e.stopPropagation();
                      onOpen(o.id);
                    }}>
                    {orderName(t, o)}
                  </button>
                </TableCell>
                <TableCell>{o.supplier}</TableCell>
                <TableCell>{o.facility}</TableCell>
                <TableCell>{o.requestedByName}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(o.totalAmount)}</TableCell>
                <TableCell>
                  <StatusBadge t={t} status={o.status} />
                </TableCell>
                <TableCell>
                  <PriorityBadge t={t} priority={o.priority} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(o.deliveryDate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </ListCard>
    </div>
  );
}
