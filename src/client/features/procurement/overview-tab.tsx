// Procurement's Overview (SPEC.md §2.11): the orders awaiting approval with Review, the latest deliveries with their
// inspection certificates, quick actions for what the reader may do, and the requisitions from the departments — an
// open one the procurement officer turns into an order.
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, ClipboardList, Package, Plus, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Requisition } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { ScrollTable } from '../../components/data/table-parts';
import { PrintLink } from '../../components/print-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate } from '../../lib/locale-format';
import { deliveriesQuery, pendingOrdersQuery, requisitionsQuery } from './procurement.api';
import { orderName, PriorityBadge, procurementErrorText } from './procurement-labels';
import type { ProcurementTab } from './procurement-page';

type Props = {
  onReview: (id: number) => void;
  onCreate?: (requisition?: Requisition) => void;
  onRequisition?: () => void;
  onImport?: () => void;
  onOpenTab: (tab: ProcurementTab) => void;
};

export function OverviewTab({ onReview, onCreate, onRequisition, onImport, onOpenTab }: Props) {
  const { t } = useTranslation();
  const pending = useQuery(pendingOrdersQuery);
  const deliveries = useQuery(deliveriesQuery());
  const loadError = (error: Error) => t('common.loadError', { message: procurementErrorText(t, error) });
  const quick: ReactNode[] = [];
  if (onCreate)
    quick.push(
      <Button key="create" onClick={() => onCreate()}>
        <Plus aria-hidden="true" />
        {t('procurement.createOrder')}
      </Button>,
    );
  if (onRequisition)
    quick.push(
      <Button key="requisition" variant="outline" onClick={onRequisition}>
        <ClipboardList aria-hidden="true" />
        {t('procurement.requisition.new')}
      </Button>,
    );
  if (onImport)
    quick.push(
      <Button key="import" variant="outline" onClick={onImport}>
        <Upload aria-hidden="true" />
        {t('procurement.importCatalog')}
      </Button>,
    );
  quick.push(
    <Button key="approvals" variant="outline" onClick={() => onOpenTab('approvals')}>
      <ClipboardCheck aria-hidden="true" />
      {t('procurement.overview.toApprovals')}
    </Button>,
    <Button key="reports" variant="outline" onClick={() => onOpenTab('reports')}>
      {t('procurement.overview.toReports')}
    </Button>,
  );
  const shown = pending.data ? { ...pending.data, rows: pending.data.rows.slice(0, 5) } : undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
      <ListCard
        title={pending.data ? t('procurement.overview.pendingCount', { n: pending.data.total }) : t('procurement.overview.pending')}
        icon={ClipboardCheck}
        query={{ ...pending, data: shown }}
        errorMessage={loadError}
        empty={<EmptyState icon={ClipboardCheck} title={t('procurement.overview.noPending')} hint={t('procurement.overview.noPendingHint')} />}
      >
        <ul className="grid gap-2" data-testid="procurement-pending">
          {shown?.rows.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-medium">
                  {orderName(t, o)} · {o.supplier}
                </span>
                <span className="text-muted-foreground">
                  {o.facility} · {formatKES(o.totalAmount)} · <PriorityBadge t={t} priority={o.priority} />
                </span>
              </span>
              <Button size="sm" variant="outline" onClick={() => onReview(o.id)} aria-label={t('procurement.overview.reviewOrder', { name: orderName(t, o) })}>
                {t('procurement.overview.review')}
              </Button>
            </li>
          ))}
        </ul>
      </ListCard>

      <ListCard
        title={t('procurement.overview.deliveries')}
        icon={Package}
        query={deliveries}
        errorMessage={loadError}
        empty={<EmptyState icon={Package} title={t('procurement.overview.noDeliveries')} hint={t('procurement.overview.noDeliveriesHint')} />}
      >
        <ul className="grid gap-2" data-testid="procurement-deliveries">
          {deliveries.data?.rows.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-medium">
                  {d.number} · {d.supplier}
                </span>
                <span className="text-muted-foreground">
                  {d.facility} · {formatDate(d.deliveredOn)} · {formatKES(d.value)}
                  {d.kind === 'donation' ? ` · ${t('procurement.overview.donation')}` : d.orderNumber ? ` · ${d.orderNumber}` : ''}
                </span>
              </span>
              <PrintLink size="sm" href={(lang) => `/api/procurement/deliveries/${d.id}/certificate.pdf?lang=${lang}`} label={t('procurement.detail.certificate')} ariaLabel={t('procurement.detail.certificateOf', { number: d.number })} />
            </li>
          ))}
        </ul>
      </ListCard>

      <Card>
        <CardHeader>
          <CardTitle>{t('procurement.overview.quick')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">{quick}</CardContent>
      </Card>

      <RequisitionsCard onCreate={onCreate} />
    </div>
  );
}

const REQUISITION_TONE = { open: 'warning', ordered: 'success', cancelled: 'outline' } as const;

/** The departments' requisitions within the reader's reach; an open one becomes an order (the procurement officer's). */
export function RequisitionsCard({ onCreate }: { onCreate?: (requisition: Requisition) => void }) {
  const { t } = useTranslation();
  const list = useQuery(requisitionsQuery);
  return (
    <ListCard
      title={list.data ? t('procurement.requisitions.titleCount', { n: list.data.total }) : t('procurement.requisitions.title')}
      icon={ClipboardList}
      query={list}
      errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
      empty={<EmptyState icon={ClipboardList} title={t('procurement.requisitions.none')} hint={t('procurement.requisitions.noneHint')} />}
    >
      <ScrollTable label={t('procurement.requisitions.title')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('procurement.requisitions.number')}</TableHead>
            <TableHead>{t('procurement.create.facility')}</TableHead>
            <TableHead>{t('procurement.columns.requestedBy')}</TableHead>
            <TableHead>{t('procurement.requisition.neededBy')}</TableHead>
            <TableHead className="text-right">{t('procurement.columns.total')}</TableHead>
            <TableHead>{t('procurement.columns.status')}</TableHead>
            {onCreate ? <TableHead>{t('procurement.columns.actions')}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody data-testid="procurement-requisitions">
          {list.data?.rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell className="whitespace-nowrap font-medium">{r.number}</TableCell>
              <TableCell>{r.facility}</TableCell>
              <TableCell>{r.requestedByName}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(r.neededBy)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatKES(r.estimatedTotal)}</TableCell>
              <TableCell>
                <Badge variant={REQUISITION_TONE[r.status]}>{t(`procurement.requisitions.status.${r.status}`)}</Badge>
              </TableCell>
              {onCreate ? (
                <TableCell>
                  {r.status === 'open' ? (
                    <Button size="sm" variant="outline" onClick={() => onCreate(r)} aria-label={t('procurement.requisitions.orderFrom', { number: r.number })}>
                      {t('procurement.requisitions.createOrder')}
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </ListCard>
  );
}
