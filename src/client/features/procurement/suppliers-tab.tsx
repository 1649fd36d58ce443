// Suppliers (SPEC.md §2.11, §3's supplier): name, category, contact, phone, location, rating, payment terms, status,
// total orders and value — with the type (a firm, KEMSA, a faith-based supplier, a donor), KRA PIN, whether its tax
// compliance certificate is in force today and its AGPO category. Search and the type and status filters; the
// procurement officer adds and edits suppliers.
import { useQuery } from '@tanstack/react-query';
import { Plus, Truck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPLIER_STATUSES, SUPPLIER_TYPES, type Supplier } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatNumber } from '../../lib/locale-format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { suppliersQuery, type SupplierFilters } from './procurement.api';
import { procurementErrorText, ratingText } from './procurement-labels';

const SupplierDialog = lazy(() => import('./supplier-dialog').then((m) => ({ default: m.SupplierDialog })));

const COLUMNS = ['name', 'type', 'category', 'contact', 'phone', 'location', 'rating', 'paymentTerms', 'status', 'kraPin', 'taxCompliant', 'agpo', 'totalOrders', 'totalValue'] as const;
const STATUS_TONE = { approved: 'success', pending: 'warning', suspended: 'danger' } as const;

export function SuppliersTab() {
  const { t } = useTranslation();
  const manage = useStaff().may('procurement:manage');
  const [filters, setFilters] = useState<SupplierFilters>({ search: '', type: '', status: '' });
  const search = useDebouncedValue(filters.search, 300);
  const suppliers = useQuery(suppliersQuery({ ...filters, search }));
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const list = { ...suppliers, data: suppliers.data ? { rows: suppliers.data, total: suppliers.data.length } : undefined };
  const add = manage ? (
    <Button onClick={() => setEditing('new')}>
      <Plus aria-hidden="true" />
      {t('procurement.supplier.add')}
    </Button>
  ) : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FilterBar label={t('procurement.suppliers.filters')}>
        <SearchField id="procurement-supplier-search" label={t('procurement.suppliers.search')} value={filters.search} maxLength={100} onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))} />
        <FilterSelect
          id="procurement-supplier-type"
          label={t('procurement.supplier.fields.type')}
          value={filters.type}
          onChange={(type) => setFilters((f) => ({ ...f, type }))}
          allLabel={t('procurement.suppliers.allTypes')}
          options={SUPPLIER_TYPES.map((v) => ({ value: v, label: t(`procurement.supplierTypes.${v}`) }))}
        />
        <FilterSelect
          id="procurement-supplier-status"
          label={t('procurement.columns.status')}
          value={filters.status}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
          allLabel={t('procurement.orders.allStatuses')}
          options={SUPPLIER_STATUSES.map((v) => ({ value: v, label: t(`procurement.supplierStatus.${v}`) }))}
        />
      </FilterBar>
      <ListCard
        title={suppliers.data ? t('procurement.suppliers.titleCount', { n: formatNumber(suppliers.data.length) }) : t('procurement.suppliers.title')}
        icon={Truck}
        actions={add}
        query={list}
        errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
        empty={<EmptyState icon={Truck} title={t('procurement.suppliers.none')} hint={t('procurement.suppliers.noneHint')} action={add} />}
      >
        <ScrollTable label={t('procurement.suppliers.title')}>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`procurement.suppliers.columns.${c}`)} className={(c) => (c === 'totalOrders' || c === 'totalValue' ? 'text-right' : undefined)} />
          <TableBody data-testid="procurement-suppliers">
            {suppliers.data?.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="font-medium">
                  {manage ? (
                    <button type="button" className="text-left text-primary hover:underline" onClick={() => setEditing(s)} aria-label={t('procurement.supplier.editNamed', { name: s.name })}>
                      {s.name}
                    </button>
                  ) : (
                    s.name
                  )}
                </TableCell>
                <TableCell>{t(`procurement.supplierTypes.${s.type}`)}</TableCell>
                <TableCell>{t(`procurement.categories.${s.category}`)}</TableCell>
                <TableCell>{s.contact}</TableCell>
                <TableCell className="whitespace-nowrap">{s.phone}</TableCell>
                <TableCell>{s.location}</TableCell>
                <TableCell className="whitespace-nowrap">{ratingText(s.rating)}</TableCell>
                <TableCell className="whitespace-nowrap">{t('procurement.suppliers.days', { n: s.paymentTermsDays })}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_TONE[s.status]}>{t(`procurement.supplierStatus.${s.status}`)}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">{s.kraPin ?? '—'}</TableCell>
                <TableCell>{s.taxCompliant ? t('procurement.suppliers.yes') : <span className="text-destructive">{t('procurement.suppliers.no')}</span>}</TableCell>
                <TableCell>{t(`procurement.agpo.${s.agpoCategory}`)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(s.totalOrders)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(s.totalValue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </ListCard>
      <Suspense fallback={null}>{editing ? <SupplierDialog supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}</Suspense>
    </div>
  );
}
