import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatKES } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { revenueTrendQuery } from './dashboard.api';
import { useStaff } from '../../app/use-staff';
import { PanelEmpty, PanelError } from './panel-states';
import { monthLabel } from './revenue-format';

const RevenueTrendChart = lazy(() => import('./revenue-trend-chart').then((m) => ({ default: m.RevenueTrendChart })));

type Props = { scope: number | undefined; months: 6 | 12; onMonthsChange: (months: 6 | 12) => void };

/** SPEC.md §2.5 revenue trends (Last 6 months or Last year): revenue earned from patient services per county month (the ledger), from the API. */
export function RevenueTrendPanel({ scope, months, onMonthsChange }: Props) {
  const { t } = useTranslation();
  const mayReadMoney = useStaff().may('billing:read');
  const trend = useQuery({ ...revenueTrendQuery(months, scope), enabled: mayReadMoney });
  const rangeName = t(months === 6 ? 'dashboard.revenue.last6Months' : 'dashboard.revenue.lastYear');
  return (
    <Card className="lg:col-span-2" data-testid="revenue-trend-panel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>{t('dashboard.revenue.title')}</CardTitle>
          <CardDescription>{t('dashboard.revenue.description')}</CardDescription>
        </div>
        <Select value={String(months)} onValueChange={(v) => onMonthsChange(v === '12' ? 12 : 6)}>
          <SelectTrigger className="w-40" aria-label={t('dashboard.revenue.rangeLabel')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="6">{t('dashboard.revenue.last6Months')}</SelectItem>
            <SelectItem value="12">{t('dashboard.revenue.lastYear')}</SelectItem>
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent>
        {!mayReadMoney ? (
          <p role="note" className="text-sm text-muted-foreground" data-testid="revenue-trend-forbidden">
            {t('dashboard.revenue.notForRole')}
          </p>
        ) : trend.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : trend.isError ? (
          <PanelError what={t('dashboard.revenue.title')} error={trend.error} onRetry={() => void trend.refetch()} />
        ) : trend.data.every((m) => m.total === 0) ? (
          <PanelEmpty
            action={
              <Button variant="outline" size="sm" asChild>
                <Link href="/billing">{t('dashboard.revenue.openBilling')}</Link>
              </Button>
            }
          >
            {t('dashboard.revenue.empty', { range: rangeName })}
          </PanelEmpty>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <RevenueTrendChart data={trend.data} seriesName={t('dashboard.revenue.series')} />
            </Suspense>
            <table className="sr-only" data-testid="revenue-table">
              <caption>{t('dashboard.revenue.tableCaption', { range: rangeName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.revenue.month')}</th>
                  <th scope="col">{t('dashboard.revenue.series')}</th>
                </tr>
              </thead>
              <tbody>
                {trend.data.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td>{formatKES(m.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
