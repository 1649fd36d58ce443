// Procurement Reports (SPEC.md §2.11: six report cards), each from live figures: spend by supplier, category and
// fund; orders by method with those above the threshold in force when they were submitted flagged (the
// Controller of Budget's finding); the AGPO share against the 30 % reserved for youth, women and persons with
// disability — these three counted by the server over a whole fiscal year's orders — delivery performance by
// supplier; pending bills aged as the Controller of Budget reports them (CSV and PDF); expiry and wastage from the
// stock's batches and its approved write-offs.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BarChart3, CalendarClock, Clock, Download, PieChart, Scale, Truck } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatKES } from '../../../shared/money';
import type { ProcurementSummary } from '../../../shared/procurement';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { PrintLink } from '../../components/print-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { fileLanguage } from '../../lib/download';
import { approvedWriteOffsQuery, expiryQuery, pendingBillsQuery, summaryQuery, suppliersQuery, statsQuery } from './procurement.api';
import { orderName, procurementErrorText, recentYears } from './procurement-labels';

type Bar = { key: string; label: string; value: number; percent: number | null; note?: ReactNode };

export function ReportsTab() {
  const { t, i18n } = useTranslation();
  // Blank: the fiscal year of the server's today (the county clock, not the browser's).
  const [year, setYear] = useState('');
  const summary = useQuery(summaryQuery(year));
  const current = useQuery(summaryQuery('')).data?.fiscalYear;
  const years = recentYears(current);
  const suppliers = useQuery(suppliersQuery());
  const bills = useQuery(pendingBillsQuery);
  const stats = useQuery(statsQuery);
  const expiry = useQuery(expiryQuery);
  const writeOffs = useQuery(approvedWriteOffsQuery);
  const s = summary.data;
  const counted = s ? t('procurement.reports.counted', { count: s.orderCount, n: formatNumber(s.orderCount), year: s.fiscalYear, from: formatDate(s.from), to: formatDate(s.to) }) : undefined;

  return (
    <div className="grid gap-4">
      <FilterSelect id="procurement-report-year" className="grid max-w-xs gap-1.5" label={t('procurement.reports.year')} value={year || (current ?? '')} onChange={(y) => setYear(y === current ? '' : y)} options={years?.map((y) => ({ value: y, label: y }))} loadingLabel={t('common.loading')} />
      <ul className="grid gap-4 md:grid-cols-2" aria-label={t('procurement.reports.label')}>
        <ReportCard id="spend" icon={BarChart3} needs={[summary]} footer={counted}>
          {s ? (
            <>
              <h4 className="text-sm font-semibold">{t('procurement.reports.bySupplier')}</h4>
              <Bars rows={s.bySupplier.slice(0, 5).map((g) => ({ key: String(g.supplierId), label: g.supplier, value: g.value, percent: g.percent }))} />
              <h4 className="text-sm font-semibold">{t('procurement.reports.byCategory')}</h4>
              <Bars rows={s.byCategory.map((g) => ({ key: g.category, label: t(`procurement.categories.${g.category}`), value: g.value, percent: g.percent }))} />
              <h4 className="text-sm font-semibold">{t('procurement.reports.byFund')}</h4>
              <Bars rows={s.byFund.map((g) => ({ key: g.fund, label: t(`procurement.funds.${g.fund}`), value: g.value, percent: g.percent }))} />
            </>
          ) : null}
        </ReportCard>

        <ReportCard id="methods" icon={Scale} needs={[summary]} footer={counted}>
          {s ? (
            <>
              <Bars
                rows={s.byMethod.map((g) => ({
                  key: g.method,
                  label: t(`procurement.methods.${g.method}`),
                  value: g.value,
                  percent: g.percent,
                  note: t('procurement.reports.orders', { count: g.count, n: formatNumber(g.count) }),
                }))}
              />
              <Breaches summary={s} />
            </>
          ) : null}
        </ReportCard>

        <ReportCard id="agpo" icon={PieChart} needs={[summary]} footer={counted}>
          {s ? <Agpo summary={s} /> : null}
        </ReportCard>

        <ReportCard id="delivery" icon={Truck} needs={[suppliers, stats]}>
          <p className="text-sm">
            {stats.data?.avgDeliveryDays == null ? t('procurement.cards.noDeliveries') : t('procurement.reports.avgDelivery', { n: stats.data.avgDeliveryDays.toFixed(1) })}
          </p>
          <ul className="grid gap-1 text-sm" data-testid="procurement-report-delivery-rows">
            {(suppliers.data ?? [])
              .filter((x) => x.performance.onTimePercent !== null)
              .map((x) => (
                <li key={x.id} className="flex flex-wrap justify-between gap-x-3">
                  <span>{x.name}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {t('procurement.reports.performance', { onTime: x.performance.onTimePercent ?? '—', rejected: x.performance.rejectedPercent ?? '—', accurate: x.performance.invoiceAccuracyPercent ?? '—' })}
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
                <a href={`/api/procurement/pending-bills.csv?lang=${fileLanguage(i18n.resolvedLanguage)}`} download>
                  <Download aria-hidden="true" />
                  {t('procurement.reports.csv')}
                </a>
              </Button>
              <PrintLink size="sm" href={(lang) => `/api/procurement/pending-bills.pdf?lang=${lang}`} label={t('procurement.reports.pdf')} />
            </>
          }
        >
          {bills.data ? (
            <>
              <Bars
                rows={(['under1', 'oneToTwo', 'twoToThree', 'over3'] as const).map((age) => ({
                  key: age,
                  label: t(`procurement.reports.ages.${age}`),
                  value: bills.data.county[age],
                  percent: bills.data.county.total > 0 ? Math.round((bills.data.county[age] / bills.data.county.total) * 1000) / 10 : null,
                }))}
              />
              <p className="text-sm font-semibold">{t('procurement.reports.billsTotal', { total: formatKES(bills.data.county.total), count: bills.data.county.count, n: formatNumber(bills.data.county.count) })}</p>
            </>
          ) : null}
        </ReportCard>

        <ReportCard
          id="expiry"
          icon={Clock}
          needs={[expiry, writeOffs]}
          footer={expiry.data ? t('procurement.reports.asAt', { date: formatDate(expiry.data.today) }) : undefined}
          actions={
            <Button asChild variant="outline" size="sm">
              <Link to="/inventory">{t('procurement.reports.openInventory')}</Link>
            </Button>
          }
        >
          {expiry.data ? (
            <>
              <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="procurement-report-expiry-totals">
                <div>
                  <dt className="text-muted-foreground">{t('procurement.reports.expired', { count: expiry.data.expiredCount, n: formatNumber(expiry.data.expiredCount) })}</dt>
                  <dd className="text-lg font-semibold tabular-nums text-destructive">{formatKES(expiry.data.expiredValue)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('procurement.reports.nearExpiry', { count: expiry.data.nearExpiryCount, n: formatNumber(expiry.data.nearExpiryCount), days: formatNumber(expiry.data.days) })}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatKES(expiry.data.nearExpiryValue)}</dd>
                </div>
              </dl>
              {expiry.data.rows.length ? (
                <>
                  <h4 className="text-sm font-semibold">{t('procurement.reports.soonest')}</h4>
                  <ul className="grid gap-1 text-sm">
                    {expiry.data.rows.map((b) => (
                      <li key={b.batchId} className="flex flex-wrap justify-between gap-x-3">
                        <span>
                          {b.itemName} <span className="text-muted-foreground">· {b.facility} · {t('procurement.reports.batch', { batch: b.batchNumber })}</span>
                        </span>
                        <span className="tabular-nums">
                          {formatDate(b.expiryDate)} · {formatKES(b.value)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {writeOffs.data ? <p className="text-sm">{t('procurement.reports.writtenOff', { count: writeOffs.data.total, n: formatNumber(writeOffs.data.total) })}</p> : null}
            </>
          ) : null}
        </ReportCard>
      </ul>
    </div>
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

function Bars({ rows }: { rows: Bar[] }) {
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
              {formatKES(r.value)} <span className="text-muted-foreground">({formatNumber(r.percent ?? 0)}%)</span>
            </span>
          </span>
          <span className="h-1.5 rounded bg-muted" aria-hidden="true">
            <span className="block h-1.5 rounded bg-primary" style={{ width: `${Math.min(100, r.percent ?? 0)}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Orders above the threshold in force for their method and kind on the day they were submitted. */
function Breaches({ summary }: { summary: ProcurementSummary }) {
  const { t } = useTranslation();
  if (summary.breachCount === 0) return <p className="text-sm text-green-800">{t('procurement.reports.noBreaches')}</p>;
  return (
    <div className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm" role="note" data-testid="procurement-report-breaches">
      <p className="font-semibold text-destructive">{t('procurement.reports.breaches', { count: summary.breachCount, n: formatNumber(summary.breachCount) })}</p>
      <ul className="grid gap-0.5">
        {summary.breaches.map((o) => (
          <li key={o.id}>
            {orderName(t, o)} · {o.facility} · {o.supplier} · {t(`procurement.methods.${o.method}`)} · {formatDate(o.submittedOn)} · {formatKES(o.totalAmount)} &gt; {formatKES(o.limit)}
          </li>
        ))}
      </ul>
      {summary.breaches.length < summary.breachCount ? <p className="text-muted-foreground">{t('procurement.reports.breachesListed', { n: formatNumber(summary.breaches.length) })}</p> : null}
    </div>
  );
}

function Agpo({ summary }: { summary: ProcurementSummary }) {
  const { t } = useTranslation();
  const { agpo } = summary;
  const met = (agpo.percent ?? 0) >= agpo.target;
  return (
    <>
      <p className="text-2xl font-bold tabular-nums" data-testid="procurement-report-agpo-share">
        {formatNumber(agpo.percent ?? 0)}%
      </p>
      <p className={`text-sm ${met ? 'text-green-800' : 'text-destructive'}`}>{t(met ? 'procurement.reports.agpoMet' : 'procurement.reports.agpoShort', { target: agpo.target, value: formatKES(agpo.value), total: formatKES(summary.spend) })}</p>
      <Bars rows={agpo.byCategory.map((g) => ({ key: g.category, label: t(`procurement.agpo.${g.category}`), value: g.value, percent: g.percent }))} />
    </>
  );
}
