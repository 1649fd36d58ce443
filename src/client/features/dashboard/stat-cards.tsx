import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Banknote, CalendarDays, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/format';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { dashboardStatsQuery, revenueStatsQuery, revenueTrendQuery } from './dashboard.api';
import { PanelError } from './panel-states';

type Props = { scope: number | undefined; trendMonths: 6 | 12 };

/**
 * SPEC.md §2.5 four stat cards. The spec's fixed trend texts (+12.5 %, +8.3 %, '2 on leave', '3 pending') are
 * not shown: each card says only what its figure is, and Monthly Revenue adds last month's total from the trend.
 */
export function StatCards({ scope, trendMonths }: Props) {
  const { t } = useTranslation();
  const stats = useQuery(dashboardStatsQuery(scope));
  const revenue = useQuery(revenueStatsQuery(scope));
  const trend = useQuery(revenueTrendQuery(trendMonths, scope));
  // The trend ends with the current month; the one before it is last month.
  const lastMonth = trend.data && trend.data.length >= 2 ? trend.data[trend.data.length - 2] : undefined;
  const count = (n: number) => n.toLocaleString('en-KE');
  return (
    <section aria-label={t('dashboard.stats.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard id="total-patients" title={t('dashboard.stats.totalPatients')} icon={Users} query={stats}
        value={(d) => count(d.totalPatients)} note={t(scope === undefined ? 'dashboard.stats.patientsCounty' : 'dashboard.stats.patientsFacility')} />
      <StatCard id="active-staff" title={t('dashboard.stats.activeStaff')} icon={UserCheck} query={stats}
        value={(d) => count(d.activeStaff)} note={t('dashboard.stats.staffNote')} />
      <StatCard id="today-appointments" title={t('dashboard.stats.todayAppointments')} icon={CalendarDays} query={stats}
        value={(d) => count(d.todayAppointments)} note={t('dashboard.stats.appointmentsNote')} />
      <StatCard id="monthly-revenue" title={t('dashboard.stats.monthlyRevenue')} icon={Banknote} query={revenue}
        value={(d) => formatKES(d.totalRevenue)}
        note={lastMonth ? t('dashboard.stats.revenueNote', { amount: formatKES(lastMonth.total) }) : t('dashboard.stats.revenueMonthToDate')} />
    </section>
  );
}

type StatCardProps<T> = { id: string; title: string; icon: LucideIcon; query: UseQueryResult<T>; value: (data: T) => ReactNode; note: string };

function StatCard<T>({ id, title, icon: Icon, query, value, note }: StatCardProps<T>) {
  const titleId = `stat-${id}`;
  return (
    <Card role="group" aria-labelledby={titleId} data-testid={titleId}>
      <CardContent className="grid gap-2 p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-sm font-medium text-muted-foreground">{title}</h2>
          <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
        </div>
        {query.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : query.isError ? (
          <PanelError what={title} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="text-2xl font-bold" data-testid="stat-value">{value(query.data)}</p>
            <p className="text-xs text-muted-foreground">{note}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
