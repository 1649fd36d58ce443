// Export Report (SPEC.md §2.5 gives it no behaviour): a CSV of the figures on screen, built in the browser from
// the data already loaded, so it costs no request and matches what the user sees.
import type { TFunction } from 'i18next';
import { toCsv, type CsvCell } from '../../../shared/csv';
import { countyDate } from '../../../shared/county-time';
import type { Demographics, RevenueTrend } from '../../../shared/dashboard';
import type { DashboardStats, RevenueStats } from './dashboard.api';

export type DashboardFigures = {
  scopeName: string;
  generatedAt: Date;
  stats: DashboardStats;
  /** Absent for a role that reads no money: the report then has no money rows. */
  revenue: RevenueStats | undefined;
  demographics: Demographics;
  trend: RevenueTrend | undefined;
};

export function dashboardCsv(t: TFunction, f: DashboardFigures): string {
  const rows: CsvCell[][] = [
    [t('dashboard.title')],
    [t('dashboard.report.scope'), f.scopeName],
    [t('dashboard.report.generated'), f.generatedAt.toISOString()],
    [],
    [t('dashboard.report.figure'), t('dashboard.report.value')],
    [t('dashboard.stats.totalPatients'), f.stats.totalPatients],
    [t('dashboard.stats.activeStaff'), f.stats.activeStaff],
    [t('dashboard.stats.todayAppointments'), f.stats.todayAppointments],
    ...(f.revenue ? [[t('dashboard.report.monthlyRevenue', { from: f.revenue.periodStart, to: f.revenue.periodEnd }), f.revenue.totalRevenue]] : []),
    ...(f.stats.todayRevenue === null ? [] : [[t('dashboard.report.todayRevenue'), f.stats.todayRevenue]]),
    [],
    [t('dashboard.demographics.age'), t('dashboard.report.patients'), t('dashboard.report.percent')],
    ...f.demographics.ageBands.map((b) => [b.band, b.count, b.percent]),
    [t('dashboard.demographics.gender'), t('dashboard.report.patients'), t('dashboard.report.percent')],
    ...f.demographics.gender.map((g) => [t(`dashboard.demographics.${g.gender}`), g.count, g.percent]),
    [t('dashboard.report.total'), f.demographics.total, f.demographics.total > 0 ? 100 : 0],
    ...(f.trend ? [[], [t('dashboard.revenue.month'), t('dashboard.report.revenueKES')], ...f.trend.map((m) => [m.month, m.total])] : []),
  ];
  return toCsv(rows, '\r\n');
}

export function reportFileName(scope: number | undefined, at: Date): string {
  return `afyakaunti-dashboard-${scope === undefined ? 'county' : `facility-${scope}`}-${countyDate(at)}.csv`;
}
