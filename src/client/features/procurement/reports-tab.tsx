// Procurement Reports (SPEC.md §2.11: six report cards), each from live figures: spend by supplier, category and fund;
// orders by method with those above their method's threshold flagged (the Controller of Budget's finding); the AGPO
// share against the 30 % reserved for youth, women and persons with disability; delivery performance by supplier;
// pending bills aged as the Controller of Budget reports them (CSV and PDF); and expiry and wastage, which waits for
// the stock's expiry list. What is counted from orders says how many it counted.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BarChart3, CalendarClock, Clock, Download, PieChart, Scale, Truck } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, PurchaseOrder, Supplier, Threshold } from '../../../shared/procurement';
import { formatKES, parseKes, toKes, total, totalOf } from '../../../shared/money';
import { ListError } from '../../components/data/list-error';
import { PrintLink } from '../../components/print-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { pendingBillsQuery, reportOrdersQuery, statsQuery, suppliersQuery, thresholdsQuery } from './procurement.api';
import { orderName, procurementErrorText } from './procurement-labels';

/** Orders that spend: submitted and not refused or cancelled. */
const NOT_SPENT: readonly OrderStatus[] = ['draft', 'rejected', 'cancelled'];
const AGPO_TARGET = 30;

const sumKes = (values: readonly number[]) => toKes(totalOf(values.map((v) => total(parseKes(v)))));
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Amounts grouped by a key, largest first. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => number): { key: string; value: number; count: number }[] {
  const groups = new Map<string, number[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), amount(r)]);
  return [...groups].map(([k, values]) => ({ key: k, value: sumKes(values), count: values.length })).sort((a, b) => b.value - a.value);
}

/** The threshold in force for an order's method and kind, if the matrix has one with a limit. */
const limitOf = (thresholds: readonly Threshold[], o: PurchaseOrder) => thresholds.find((x) => x.inForce && x.method === o.method && x.category === o.kind)?.maxValue ?? null;

export function ReportsTab() {
  const { t } = useTranslation();
  const orders = useQuery(reportOrdersQuery);
  const suppliers = useQuery(suppliersQuery());
  const thresholds = useQuery(thresholdsQuery);
  const bills = useQuery(pendingBillsQuery);
  const stats = useQuery(statsQuery);
  const spent = (orders.data?.rows ?? []).filter((o) => !NOT_SPENT.includes(o.status));
  const spend = sumKes(spent.map((o) => o.totalAmount));
  const byId = new Map((suppliers.data ?? []).map((s) => [s.id, s]));
  const counted = orders.data && orders.data.total > orders.data.rows.length ? t('procurement.reports.countedLatest', { n: formatNumber(orders.data.rows.length), total: formatNumber(orders.data.total) }) : t('procurement.reports.counted', { n: formatNumber(spent.length) });
  const rows = (list: { key: string; label: string; value: number; note?: ReactNode }[], whole: number) => <Bars rows={list} whole={whole} />;

  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={t('procurement.reports.label')}>
      <ReportCard id="spend" icon={BarChart3} needs={[orders, suppliers]} footer={counted}>
        <h4 className="text-sm font-semibold">{t('procurement.reports.bySupplier')}</h4>
        {rows(
          groupBy(spent, (o) => o.supplier, (o) => o.totalAmount)
            .slice(0, 5)
            .map((g) => ({ ...g, label: g.key })),
          spend,
        )}
        <h4 className="text-sm font-semibold">{t('procurement.reports.byCategory')}</h4>
        {rows(
          groupBy(spent, (o) => byId.get(o.supplierId)?.category ?? 'other', (o) => o.totalAmount).map((g) => ({ ...g, label: t(`procurement.categories.${g.key}`) })),
          spend,
        )}
        <h4 className="text-sm font-semibold">{t('procurement.reports.byFund')}</h4>
        {rows(
          groupBy(spent, (o) => o.fund, (o) => o.totalAmount).map((g) => ({ ...g, label: t(`procurement.funds.${g.key}`) })),
          spend,
        )}
      </ReportCard>

      <ReportCard id="methods" icon={Scale} needs={[orders, thresholds]} footer={counted}>
        {rows(
          groupBy(spent, (o) => o.method, (o) => o.totalAmount).map((g) => ({ ...g, label: t(`procurement.methods.${g.key}`), note: t('procurement.reports.orders', { count: g.count, n: formatNumber(g.count) }) })),
          spend,
        )}
        <Breaches orders={spent} thresholds={thresholds.data ?? []} />
      </ReportCard>

      <ReportCard id="agpo" icon={PieChart} needs={[orders, suppliers]} footer={counted}>
        <Agpo orders={spent} suppliers={byId} spend={spend} />
      </ReportCard>

      <ReportCard id="delivery" icon={Truck} needs={[suppliers, stats]}>
        <p className="text-sm">
          {stats.data?.avgDeliveryDays == null ? t('procurement.cards.noDeliveries') : t('procurement.reports.avgDelivery', { n: stats.data.avgDeliveryDays.toFixed(1) })}
        </p>
        <ul className="grid gap-1 text-sm" data-testid="procurement-report-delivery-rows">
          {(suppliers.data ?? [])
            .filter((s) => s.performance.onTimePercent !== null)
            .map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-x-3">
                <span>{s.name}</span>
                <span className="tabular-nums text-muted-foreground">
                  {t('procurement.reports.performance', { onTime: s.performance.onTimePercent ?? '—', rejected: s.performance.rejectedPercent ?? '—', accurate: s.performance.invoiceAccuracyPercent ?? '—' })}
                </span>
              </li>
            ))}
        </ul>
      </ReportCard>

      <ReportCard
        id="bills"
        icon={CalendarClock}
        needs={[bills]}
        footer={bills.data ? t('procurement.reports.asAt', { date: formatDate(bills.data.asAt) }) : undefined}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <a href="/api/procurement/pending-bills.csv" download>
                <Download aria-hidden="true" />
                {t('procurement.reports.csv')}
              </a>
            </Button>
            <PrintLink size="sm" href={(lang) => `/api/procurement/pending-bills.pdf?lang=${lang}`} label={t('procurement.reports.pdf')} />
          </>
        }
      >
        {bills.data
          ? rows(
              (['under1', 'oneToTwo', 'twoToThree', 'over3'] as const).map((age) => ({ key: age, label: t(`procurement.reports.ages.${age}`), value: bills.data.county[age] })),
              bills.data.county.total,
            )
          : null}
        {bills.data ? <p className="text-sm font-semibold">{t('procurement.reports.billsTotal', { total: formatKES(bills.data.county.total), count: bills.data.county.count, n: formatNumber(bills.data.county.count) })}</p> : null}
      </ReportCard>

      <ReportCard id="expiry" icon={Clock} needs={[]}>
        <p role="note" className="rounded-md bg-muted p-3 text-sm text-muted-foreground" data-testid="procurement-report-unavailable">
          {t('procurement.reports.notYet')}
        </p>
      </ReportCard>
    </ul>
  );
}

function ReportCard({ id, icon: Icon, needs, footer, actions, children }: { id: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; needs: UseQueryResult[]; footer?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const failed = needs.find((q) => q.error);
  return (
    <li>
      <Card className="flex h-full flex-col" data-testid={`procurement-report-${id}`}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Icon aria-hidden="true" className="h-5 w-5 text-muted-foreground" />
            {t(`procurement.reports.cards.${id}.title`)}
          </CardTitle>
          <CardDescription>{t(`procurement.reports.cards.${id}.body`)}</CardDescription>
        </CardHeader>
        <CardContent className="grid flex-1 content-start gap-3">
          {failed?.error ? (
            <ListError message={t('common.loadError', { message: procurementErrorText(t, failed.error) })} onRetry={() => needs.forEach((q) => q.error && void q.refetch())} retrying={failed.isFetching} />
          ) : needs.some((q) => q.data === undefined) ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            children
          )}
          {footer && !failed ? <p className="text-xs text-muted-foreground">{footer}</p> : null}
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </CardContent>
      </Card>
    </li>
  );
}

function Bars({ rows, whole }: { rows: { key: string; label: string; value: number; note?: ReactNode }[]; whole: number }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('procurement.reports.nothing')}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {rows.map((r) => (
        <li key={r.key} className="grid gap-1">
          <span className="flex flex-wrap justify-between gap-x-3">
            <span>
              {r.label}
              {r.note ? <span className="text-muted-foreground"> · {r.note}</span> : null}
            </span>
            <span className="tabular-nums">
              {formatKES(r.value)} <span className="text-muted-foreground">({percent(r.value, whole)}%)</span>
            </span>
          </span>
          <span className="h-1.5 rounded bg-muted" aria-hidden="true">
            <span className="block h-1.5 rounded bg-primary" style={{ width: `${Math.min(100, percent(r.value, whole))}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Orders above the threshold in force for their method and kind: RFQ or low-value used where it may not be. */
function Breaches({ orders, thresholds }: { orders: PurchaseOrder[]; thresholds: readonly Threshold[] }) {
  const { t } = useTranslation();
  const over = orders.filter((o) => {
    const limit = limitOf(thresholds, o);
    return limit !== null && o.totalAmount > limit;
  });
  if (over.length === 0) return <p className="text-sm text-green-800">{t('procurement.reports.noBreaches')}</p>;
  return (
    <div className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm" role="note" data-testid="procurement-report-breaches">
      <p className="font-semibold text-destructive">{t('procurement.reports.breaches', { count: over.length, n: formatNumber(over.length) })}</p>
      <ul className="grid gap-0.5">
        {over.map((o) => (
          <li key={o.id}>
            {orderName(t, o)} · {o.supplier} · {t(`procurement.methods.${o.method}`)} · {formatKES(o.totalAmount)} &gt; {formatKES(limitOf(thresholds, o) ?? 0)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Agpo({ orders, suppliers, spend }: { orders: PurchaseOrder[]; suppliers: Map<number, Supplier>; spend: number }) {
  const { t } = useTranslation();
  const agpo = orders.filter((o) => (suppliers.get(o.supplierId)?.agpoCategory ?? 'none') !== 'none');
  const value = sumKes(agpo.map((o) => o.totalAmount));
  const share = percent(value, spend);
  return (
    <>
      <p className="text-2xl font-bold tabular-nums" data-testid="procurement-report-agpo-share">
        {share}%
      </p>
      <p className={`text-sm ${share >= AGPO_TARGET ? 'text-green-800' : 'text-destructive'}`}>{t(share >= AGPO_TARGET ? 'procurement.reports.agpoMet' : 'procurement.reports.agpoShort', { target: AGPO_TARGET, value: formatKES(value), total: formatKES(spend) })}</p>
      <Bars
        rows={groupBy(agpo, (o) => suppliers.get(o.supplierId)?.agpoCategory ?? 'none', (o) => o.totalAmount).map((g) => ({ ...g, label: t(`procurement.agpo.${g.key}`) }))}
        whole={spend}
      />
    </>
  );
}
