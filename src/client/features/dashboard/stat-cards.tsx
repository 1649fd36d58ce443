import { useQuery } from '@tanstack/react-query';
import { Banknote, CalendarDays, UserCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { dashboardStatsQuery, revenueStatsQuery, revenueTrendQuery } from './dashboard.api';
import { useStaff } from '../../app/use-staff';
import { scopeOf } from '../../../shared/access';
import { formatNumber } from '../../lib/locale-format';

type Props = { scope: number | undefined; trendMonths: 6 | 12 };

/**
 * SPEC.md §2.5 four stat cards. The spec's fixed trend texts (+12.5 %, +8.3 %, '2 on leave', '3 pending') are
 * not shown: each card says only what its figure is, and Monthly Revenue adds last month's total from the trend.
 */
export function StatCards({ scope, trendMonths }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  // Money is read with billing:read (issue 11): a role without it asks nothing of the revenue routes.
  const money = scopeOf(staff.role, 'billing:read');
  const stats = useQuery(dashboardStatsQuery(scope));
  const revenue = useQuery({ ...revenueStatsQuery(scope), enabled: money !== null });
  const trend = useQuery({ ...revenueTrendQuery(trendMonths, scope), enabled: money !== null });
  // The trend ends with the current month; the one before it is last month.
  const lastMonth = trend.data && trend.data.length >= 2 ? trend.data[trend.data.length - 2] : undefined;
  const s = stats.data;
  const count = (n: number | undefined) => formatNumber(n);
  const cards: StatCard[] = [
    { key: 'total-patients', title: t('dashboard.stats.totalPatients'), icon: Users, value: count(s?.totalPatients), hint: t(scope === undefined ? 'dashboard.stats.patientsCounty' : 'dashboard.stats.patientsFacility') },
    { key: 'active-staff', title: t('dashboard.stats.activeStaff'), icon: UserCheck, value: count(s?.activeStaff), hint: t('dashboard.stats.staffNote') },
    { key: 'today-appointments', title: t('dashboard.stats.todayAppointments'), icon: CalendarDays, value: count(s?.todayAppointments), hint: t('dashboard.stats.appointmentsNote'), href: staff.may('appointments:read') ? '/appointments' : undefined },
    {
      key: 'monthly-revenue',
      title: t('dashboard.stats.monthlyRevenue'),
      icon: Banknote,
      value: money === null ? '—' : revenue.data && formatKES(revenue.data.totalRevenue),
      hint:
        money === null
          ? t('dashboard.stats.revenueNotForRole')
          : // A reader with a facility's or a sub-county's grant is shown theirs, even on the county-wide dashboard.
            scope === undefined && money !== 'county'
            ? t(money === 'facility' ? 'dashboard.stats.revenueOwnFacility' : 'dashboard.stats.revenueOwnSubcounty')
            : lastMonth
              ? t('dashboard.stats.revenueNote', { amount: formatKES(lastMonth.total) })
              : t('dashboard.stats.revenueMonthToDate'),
    },
  ];
  return (
    <StatCardGrid
      label={t('dashboard.stats.label')}
      cards={cards}
      testIdPrefix="stat-"
      // Two queries feed the cards: either failing shows its error, and the retry asks again for what failed.
      query={{
        error: stats.error ?? revenue.error,
        isFetching: stats.isFetching || revenue.isFetching,
        refetch: () => Promise.all([stats.isError && stats.refetch(), revenue.isError && revenue.refetch()]),
      }}
      errorMessage={(error) => t('common.loadError', { message: error.message })}
    />
  );
}
