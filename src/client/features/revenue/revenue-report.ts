// Export Report (§2.7 gives it no behaviour): the summary on screen as a CSV, built in the browser from the data
// already loaded, so it matches what the user sees and costs no request. Export Records is the server's file.
import type { TFunction } from 'i18next';
import { countyDate } from '../../../shared/format';
import type { RevenueSummary } from '../../../shared/revenue';
import { formatRange } from './revenue-labels';

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused (OWASP CSV injection). */
function field(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function revenueReportCsv(t: TFunction, s: RevenueSummary, scopeName: string, generatedAt: Date): string {
  const card = (key: 'totalRevenue' | 'shaClaims' | 'cashPayments' | 'pendingPayments') => {
    const f = s[key];
    // No previous figure, no percentage: the cell stays empty rather than show a made-up change.
    return [t(`revenue.cards.${key}`), f.amount, f.count, f.previousAmount, f.previousCount, f.changePercent ?? ''];
  };
  const rows: (string | number)[][] = [
    [t('revenue.title')],
    [t('revenue.report.scope'), scopeName],
    [t('revenue.report.period'), `${t(`revenue.periods.${s.period}`)}: ${formatRange(s.current)}`],
    [t('revenue.report.comparedWith'), formatRange(s.previous)],
    [t('revenue.report.generated'), generatedAt.toISOString()],
    [],
    [t('revenue.report.figure'), t('revenue.report.amount'), t('revenue.report.count'), t('revenue.report.previousAmount'), t('revenue.report.previousCount'), t('revenue.report.change')],
    card('totalRevenue'),
    card('shaClaims'),
    card('cashPayments'),
    card('pendingPayments'),
    [t('revenue.report.overdue'), s.pendingPayments.overdueAmount, s.pendingPayments.overdueCount],
  ];
  return rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export function revenueReportFileName(s: RevenueSummary, at: Date): string {
  return `afyakaunti-revenue-${s.facilityId === null ? 'county' : `facility-${s.facilityId}`}-${s.period}-${countyDate(at)}.csv`;
}
