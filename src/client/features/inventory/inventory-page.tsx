// SPEC.md §2.15 Medical Inventory: the cards and the filtered stock list for one facility (starting at the shell's
// Current Facility) or the county, Add Item, and per line Update Stock (the ledger) and its History with its batches.
// The cards always count what the list's facility filter shows, so the two never disagree. Beside the stock, the
// expiring batches, the lines to reorder and the write-offs (issue 28 item 5), each loading its code when opened.
import './inventory.strings';
import { useQuery } from '@tanstack/react-query';
import { Package, Plus } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/access';
import type { InventoryItem, ListInventoryQuery } from '../../../shared/inventory';
import { useAuth } from '../../app/auth';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { SectionTabs, type Section } from '../../components/ui/section-tabs';
import { Skeleton } from '../../components/ui/skeleton';
import { facilitiesQuery, facilityName } from '../facilities';
import { AddItemDialog } from './add-item-dialog';
import { INVENTORY_PAGE_SIZE, inventoryListQuery, inventoryStatsQuery } from './inventory.api';
import { InventoryFiltersBar, type FilterValues } from './inventory-filters';
import { errorText } from './inventory-labels';
import { InventoryStatCards } from './inventory-stats';
import { InventoryTable } from './inventory-table';
import { StockHistoryDialog } from './stock-history-dialog';
import { UpdateStockDialog } from './update-stock-dialog';
import { formatNumber } from '../../lib/locale-format';

const ExpiringView = lazy(() => import('./expiring-view').then((m) => ({ default: m.ExpiringView })));
const ReorderView = lazy(() => import('./reorder-view').then((m) => ({ default: m.ReorderView })));
const WriteOffsView = lazy(() => import('./write-offs-view').then((m) => ({ default: m.WriteOffsView })));

type TabId = 'stock' | 'expiring' | 'reorder' | 'writeOffs';

type View = { shell: number; filters: FilterValues; offset: number };

const initialView = (shell: number): View => ({ shell, filters: { search: '', facilityId: scopeOf(shell)?.toString() ?? '', category: '', status: '' }, offset: 0 });

export function InventoryPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const role = auth.status === 'authenticated' ? (auth.user?.role ?? auth.display.role) : '';
  const ownFacility = auth.status === 'authenticated' ? (auth.user?.facilityId ?? null) : null;
  const canWrite = can(role, 'inventory:write');
  const { facilityId: shell } = useSelectedFacility();
  const scope = scopeOf(shell);
  const facilities = useQuery(facilitiesQuery);

  // The list starts at the shell's Current Facility, and starts again there when that choice changes.
  const [stored, setView] = useState<View>(() => initialView(shell));
  const view = stored.shell === shell ? stored : initialView(shell);
  const { filters, offset } = view;
  const list = useQuery(
    inventoryListQuery({
      search: filters.search,
      facilityId: filters.facilityId ? Number(filters.facilityId) : undefined,
      category: (filters.category || undefined) as ListInventoryQuery['category'],
      status: (filters.status || undefined) as ListInventoryQuery['status'],
      offset,
    }),
  );
  const listed = filters.facilityId ? Number(filters.facilityId) : undefined;
  const stats = useQuery(inventoryStatsQuery(listed));

  const [adding, setAdding] = useState(false);
  const [updating, setUpdating] = useState<InventoryItem | null>(null);
  const [history, setHistory] = useState<InventoryItem | null>(null);
  // The dialog shows the line as the list last read it, so a refresh behind it shows the latest balance.
  const updatingItem = updating ? (list.data?.rows.find((r) => r.id === updating.id) ?? updating) : null;

  const filtered = filters.search !== '' || filters.facilityId !== '' || filters.category !== '' || filters.status !== '';
  const scopeLabel = listed ? t('inventory.cards.scopeFacility', { facility: facilityName(facilities.data, listed, t('common.unknownFacility')) }) : t('inventory.cards.scopeCounty');
  const total = list.data?.total;

  const stock = (
    <>
      <InventoryStatCards query={stats} scope={scopeLabel} />

      <InventoryFiltersBar key={shell} value={filters} facilities={facilities.data} onApply={(next) => setView({ shell, filters: next, offset: 0 })} />

      <ListCard
        title={total === undefined ? t('inventory.table.title') : t('inventory.table.titleCount', { total: formatNumber(total) })}
        icon={Package}
        query={list}
        errorMessage={(error) => `${t('inventory.error')}: ${errorText(error, t('common.error'))}`}
        paging={{ label: t('inventory.table.pagination'), offset, pageSize: INVENTORY_PAGE_SIZE, onOffset: (next) => setView({ ...view, offset: next }) }}
        empty={
          <EmptyState
            icon={Package}
            title={t('inventory.empty.title')}
            hint={filtered ? t('inventory.empty.filtered') : t('inventory.empty.none')}
            action={
              canWrite ? (
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  {t('inventory.empty.addFirst')}
                </Button>
              ) : null
            }
          />
        }
      >
        <InventoryTable rows={list.data?.rows} loading={list.isPending} canWrite={canWrite} onUpdate={setUpdating} onHistory={setHistory} />
      </ListCard>
    </>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('inventory.title')}</h1>
          <p className="text-muted-foreground">{t('inventory.subtitle')}</p>
        </div>
        {canWrite ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('inventory.addItem')}
          </Button>
        ) : null}
      </div>

      <SectionTabs<TabId>
        scroll
        label={t('inventory.tabs.label')}
        initial="stock"
        sections={
          [
            { id: 'stock', label: t('inventory.tabs.stock'), content: () => <div className="grid grid-cols-[minmax(0,1fr)] gap-6">{stock}</div> },
            { id: 'expiring', label: t('inventory.tabs.expiring'), content: () => lazyView(<ExpiringView facilityId={filters.facilityId} facilities={facilities.data} />) },
            { id: 'reorder', label: t('inventory.tabs.reorder'), content: () => lazyView(<ReorderView facilityId={filters.facilityId} facilities={facilities.data} />) },
            { id: 'writeOffs', label: t('inventory.tabs.writeOffs'), content: () => lazyView(<WriteOffsView facilityId={filters.facilityId} facilities={facilities.data} />) },
          ] satisfies Section<TabId>[]
        }
      />

      <AddItemDialog open={adding} onOpenChange={setAdding} defaultFacilityId={scope ?? ownFacility} allowed={canWrite} />
      <UpdateStockDialog item={updatingItem} onClose={() => setUpdating(null)} />
      <StockHistoryDialog item={history} onClose={() => setHistory(null)} canWrite={canWrite} />
    </div>
  );
}

/** A tab whose code loads when it is first opened. */
function lazyView(view: ReactNode) {
  return <Suspense fallback={<Skeleton className="h-64 w-full" />}>{view}</Suspense>;
}
