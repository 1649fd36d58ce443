// Export Report (SPEC.md §2.5 gives it no behaviour): a CSV of the figures on screen, built in the browser from
// the data already loaded, so it costs no request and matches what the user sees.
import type { TFunction } from 'i18next';
import { toCsv, type CsvCell } from '../../../shared/csv';
import { countyDate } from '../../../shared/county-time';
import type { Demographics, RevenueTrend } from '../../../shared/dashboard';
import type { DashboardStats, RevenueStats } from './dashboard.api';

export type DashboardFigures = {
  scopeName: string;
  stats: DashboardStats;
  /** Absent for a role that reads no money: the report then has no money rows. */
  revenue: RevenueStats | undefined;
  demographics: Demographics;
  trend: RevenueTrend | undefined;
};

/**
 * One table (issue 33 item 4): a row per figure — its scope, its group (the key figures, the age and the gender
 * distributions, the revenue per month), what it is, its value and, for a share of the patients, its percentage — so
 * no line of the file is a title, a blank or a second header. The day it was made is in the file's name.
 */
export function dashboardCsv(t: TFunction, f: DashboardFigures): string {
  const row = (group: string, figure: string, value: CsvCell, percent: CsvCell = ''): CsvCell[] => [f.scopeName, group, figure, value, percent];
  const key = t('dashboard.stats.label');
  const age = t('dashboard.demographics.age');
  const gender = t('dashboard.demographics.gender');
  const rows: CsvCell[][] = [
    [t('dashboard.report.scope'), t('dashboard.report.group'), t('dashboard.report.figure'), t('dashboard.report.value'), t('dashboard.report.percent')],
    row(key, t('dashboard.stats.totalPatients'), f.stats.totalPatients),
    row(key, t('dashboard.stats.activeStaff'), f.stats.activeStaff),
    row(key, t('dashboard.stats.todayAppointments'), f.stats.todayAppointments),
    ...(f.revenue ? [row(key, t('dashboard.report.monthlyRevenue', { from: f.revenue.periodStart, to: f.revenue.periodEnd }), f.revenue.totalRevenue)] : []),
    ...(f.stats.todayRevenue === null ? [] : [row(key, t('dashboard.report.todayRevenue'), f.stats.todayRevenue)]),
    ...f.demographics.ageBands.map((b) => row(age, b.band, b.count, b.percent)),
    ...f.demographics.gender.map((g) => row(gender, t(`dashboard.demographics.${g.gender}`), g.count, g.percent)),
    row(gender, t('dashboard.report.total'), f.demographics.total, f.demographics.total > 0 ? 100 : 0),
    ...(f.trend ? f.trend.map((m) => row(t('dashboard.report.revenueKES'), m.month, m.total)) : []),
  ];
  return toCsv(rows);
}

export function reportFileName(scope: number | undefined, at: Date): string {
  return `afyakaunti-dashboard-${scope === undefined ? 'county' : `facility-${scope}`}-${countyDate(at)}.csv`;
}
