// SPEC.md §2.11 Procurement Management at /procurement, live (issue 28): Import Catalog and Create Purchase Order for
// the procurement officer, the four cards (Total Purchase Orders, Total Value, Avg Delivery Time, Supplier
// Performance), and the six tabs — Overview (pending approvals to review, recent deliveries, quick actions, the
// requisitions), Purchase Orders (search and status), Suppliers, Approvals, Reports, and Plan (the annual
// procurement plan and the threshold matrix). A department that only requisitions (a nurse, a clinical officer) sees
// its requisitions and New Requisition; anyone else is told whose screen this is. The tab is in the address (?tab=);
// the tabs and the dialogs load their code when first opened.
import './procurement.strings';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Clock, Package, Plus, TrendingUp, Upload, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { PurchaseOrder, Requisition } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { NotForRole } from '../../components/data/not-for-role';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { AddressTabs, panelProps } from '../../components/ui/address-tabs';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { formatNumber } from '../../lib/locale-format';
import { statsQuery } from './procurement.api';
import { procurementErrorText, ratingText } from './procurement-labels';
import { OverviewTab, RequisitionsCard } from './overview-tab';

const OrdersTab = lazy(() => import('./orders-tab').then((m) => ({ default: m.OrdersTab })));
const SuppliersTab = lazy(() => import('./suppliers-tab').then((m) => ({ default: m.SuppliersTab })));
const ApprovalsTab = lazy(() => import('./approvals-tab').then((m) => ({ default: m.ApprovalsTab })));
const ReportsTab = lazy(() => import('./reports-tab').then((m) => ({ default: m.ReportsTab })));
const PlanTab = lazy(() => import('./plan-tab').then((m) => ({ default: m.PlanTab })));
const OrderDialog = lazy(() => import('./order-dialog').then((m) => ({ default: m.OrderDialog })));
const OrderDetailDialog = lazy(() => import('./order-detail-dialog').then((m) => ({ default: m.OrderDetailDialog })));
const RequisitionDialog = lazy(() => import('./requisition-dialog').then((m) => ({ default: m.RequisitionDialog })));
const CatalogImportDialog = lazy(() => import('./catalog-import-dialog').then((m) => ({ default: m.CatalogImportDialog })));

const TABS = ['overview', 'orders', 'suppliers', 'approvals', 'reports', 'plan'] as const;
export type ProcurementTab = (typeof TABS)[number];

export function ProcurementPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  if (staff.role && !staff.may('procurement:read')) {
    if (staff.may('procurement:requisition')) return <RequisitionsOnly />;
    return <NotForRole title={t('procurement.title')} subtitle={t('procurement.subtitle')} note={t('procurement.forbidden')} testId="procurement-forbidden" />;
  }
  return <ProcurementScreen />;
}

/** The shared dialogs of the screen: which one is open. */
type Open = { kind: 'create'; requisition?: Requisition } | { kind: 'order'; id: number } | { kind: 'requisition' } | { kind: 'import' } | null;

function ProcurementScreen() {
  const { t } = useTranslation();
  const staff = useStaff();
  const manage = staff.may('procurement:manage');
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const asked = search.get('tab');
  const tab: ProcurementTab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as ProcurementTab) : 'overview';
  const openTab = (next: ProcurementTab) => navigate(next === 'overview' ? '/procurement' : `/procurement?tab=${next}`, { replace: true });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const review = (id: number) => setOpen({ kind: 'order', id });
  const actions = {
    onReview: review,
    onCreate: manage ? (requisition?: Requisition) => setOpen({ kind: 'create', requisition }) : undefined,
    onRequisition: staff.may('procurement:requisition') ? () => setOpen({ kind: 'requisition' }) : undefined,
    onImport: manage ? () => setOpen({ kind: 'import' }) : undefined,
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('procurement.title')}</h1>
          <p className="text-muted-foreground">{t('procurement.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {actions.onRequisition ? (
            <Button variant="outline" onClick={actions.onRequisition}>
              <ClipboardList aria-hidden="true" />
              {t('procurement.requisition.new')}
            </Button>
          ) : null}
          {manage ? (
            <>
              <Button variant="outline" onClick={() => setOpen({ kind: 'import' })}>
                <Upload aria-hidden="true" />
                {t('procurement.importCatalog')}
              </Button>
              <Button onClick={() => setOpen({ kind: 'create' })}>
                <Plus aria-hidden="true" />
                {t('procurement.createOrder')}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <ProcurementCards />

      <AddressTabs id="procurement" label={t('procurement.tabs.label')} tabs={TABS} current={tab} onOpen={openTab} name={(name) => t(`procurement.tabs.${name}`)} />

      <div {...panelProps('procurement', tab)} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          {tab === 'overview' ? (
            <OverviewTab {...actions} onOpenTab={openTab} />
          ) : tab === 'orders' ? (
            <OrdersTab onOpen={review} />
          ) : tab === 'suppliers' ? (
            <SuppliersTab />
          ) : tab === 'approvals' ? (
            <ApprovalsTab onOpen={review} />
          ) : tab === 'reports' ? (
            <ReportsTab />
          ) : (
            <PlanTab />
          )}
        </Suspense>
      </div>

      <Suspense fallback={null}>
        {open?.kind === 'create' ? <OrderDialog requisition={open.requisition} onClose={close} onCreated={(o: PurchaseOrder) => review(o.id)} /> : null}
        {open?.kind === 'order' ? <OrderDetailDialog orderId={open.id} onClose={close} /> : null}
        {open?.kind === 'requisition' ? <RequisitionDialog onClose={close} /> : null}
        {open?.kind === 'import' ? <CatalogImportDialog onClose={close} /> : null}
      </Suspense>
    </div>
  );
}

function ProcurementCards() {
  const { t } = useTranslation();
  const stats = useQuery(statsQuery);
  const s = stats.data;
  const cards: StatCard[] = [
    { key: 'orders', title: t('procurement.cards.orders'), icon: ClipboardList, value: s && formatNumber(s.totalOrders), hint: s && t('procurement.cards.pending', { n: formatNumber(s.pendingApprovals) }) },
    { key: 'value', title: t('procurement.cards.value'), icon: Wallet, value: s && <span className={formatKES(s.totalValue).length > 12 ? 'text-xl' : undefined}>{formatKES(s.totalValue)}</span>, hint: s && t('procurement.cards.valueHint') },
    {
      key: 'delivery',
      title: t('procurement.cards.delivery'),
      icon: Clock,
      value: s && (s.avgDeliveryDays === null ? '—' : t('procurement.cards.days', { n: s.avgDeliveryDays.toFixed(1) })),
      hint: s && (s.avgDeliveryDays === null ? t('procurement.cards.noDeliveries') : t('procurement.cards.deliveryHint')),
    },
    {
      key: 'performance',
      title: t('procurement.cards.performance'),
      icon: TrendingUp,
      value: s && ratingText(s.supplierPerformance),
      hint: s && (s.supplierPerformance === null ? t('procurement.cards.noDeliveries') : t('procurement.cards.performanceHint')),
    },
  ];
  return (
    <StatCardGrid
      label={t('procurement.cards.label')}
      cards={cards}
      testIdPrefix="procurement-card-"
      valueTestId="procurement-card-figure"
      query={stats}
      errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
    />
  );
}

/** A department that requisitions but does not read procurement: its requisitions and New Requisition. */
function RequisitionsOnly() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('procurement.title')}</h1>
          <p className="text-muted-foreground">{t('procurement.requisitionsOnly')}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Package aria-hidden="true" />
          {t('procurement.requisition.new')}
        </Button>
      </div>
      <RequisitionsCard />
      <Suspense fallback={null}>{adding ? <RequisitionDialog onClose={() => setAdding(false)} /> : null}</Suspense>
    </div>
  );
}
