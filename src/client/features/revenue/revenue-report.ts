// Export Report (§2.7 gives it no behaviour): the summary on screen as a CSV, built in the browser from the data
// already loaded, so it matches what the user sees and costs no request. Export Records is the server's file.
import type { TFunction } from 'i18next';
import { toCsv, type CsvCell } from '../../../shared/csv';
import { countyDate } from '../../../shared/county-time';
import type { RevenueSummary } from '../../../shared/revenue';
import { formatRange } from './revenue-labels';

/**
 * One table (issue 33 item 4): a row per card — what it is, this period's amount and count, the last period's and the
 * change — each with the scope and the two periods it compares, so no line of the file is a title or a blank.
 */
export function revenueReportCsv(t: TFunction, s: RevenueSummary, scopeName: string): string {
  const place = [scopeName, `${t(`revenue.periods.${s.period}`)}: ${formatRange(s.current)}`, formatRange(s.previous)];
  const card = (key: 'totalRevenue' | 'shaClaims' | 'cashPayments' | 'pendingPayments') => {
    const f = s[key];
    // No previous figure, no percentage: the cell stays empty rather than show a made-up change.
    return [...place, t(`revenue.cards.${key}`), f.amount, f.count, f.previousAmount, f.previousCount, f.changePercent ?? ''];
  };
  const rows: CsvCell[][] = [
    [
      t('revenue.report.scope'),
      t('revenue.report.period'),
      t('revenue.report.comparedWith'),
      t('revenue.report.figure'),
      t('revenue.report.amount'),
      t('revenue.report.count'),
      t('revenue.report.previousAmount'),
      t('revenue.report.previousCount'),
      t('revenue.report.change'),
    ],
    card('totalRevenue'),
    card('shaClaims'),
    card('cashPayments'),
    card('pendingPayments'),
    [...place, t('revenue.report.overdue'), s.pendingPayments.overdueAmount, s.pendingPayments.overdueCount, '', '', ''],
  ];
  return toCsv(rows);
}

export function revenueReportFileName(s: RevenueSummary, at: Date): string {
  return `afyakaunti-revenue-${s.facilityId === null ? 'county' : `facility-${s.facilityId}`}-${s.period}-${countyDate(at)}.csv`;
}
