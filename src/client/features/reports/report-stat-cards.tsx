// SPEC.md §2.16 four KPI cards — total patients, revenue, facilities active, reports generated — for the list's
// facility and period (GET /api/reports/stats), each with its change against the period of the same length before.
// Revenue is money: a role that may not read it is told so on its card rather than shown a figure.
import type { UseQueryResult } from '@tanstack/react-query';
import { Banknote, Building2, FileText, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { ReportStats } from '../../../shared/reports';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { errorText, formatChange } from './report-labels';

type Props = { query: UseQueryResult<ReportStats>; waiting: boolean };

export function ReportStatCards({ query, waiting }: Props) {
  const { t } = useTranslation();
  const s = query.data;
  const ready = s !== undefined && !waiting;
  // A custom period without its days asks nothing: its cards wait for the dates, not for the server.
  const shown = (value: () => StatCard['value']) => (waiting ? '—' : ready ? value() : undefined);
  const cards: StatCard[] = [
    {
      key: 'patients',
      icon: Users,
      title: t('reports.kpi.patients'),
      value: shown(() => formatNumber(s!.patients.value)),
      hint: ready ? <Change percent={s.patients.changePercent} note={t('reports.kpi.patientsNote', { count: s.patients.registered, registered: formatNumber(s.patients.registered), previous: formatNumber(s.patients.registeredPrevious) })} /> : null,
    },
    {
      key: 'revenue',
      icon: Banknote,
      title: t('reports.kpi.revenue'),
      value: shown(() => (s!.revenue ? formatKES(s!.revenue.value) : <span className="block text-base font-medium text-muted-foreground">{t('reports.kpi.revenueForbidden')}</span>)),
      hint: ready && s.revenue ? <Change percent={s.revenue.changePercent} note={t('reports.kpi.revenueNote', { amount: formatKES(s.revenue.previous) })} /> : null,
    },
    {
      key: 'facilities',
      icon: Building2,
      title: t('reports.kpi.facilities'),
      value: shown(() => formatNumber(s!.activeFacilities.value)),
      hint: ready ? <Change percent={s.activeFacilities.changePercent} note={t('reports.kpi.facilitiesNote', { operational: formatNumber(s.activeFacilities.operational), previous: formatNumber(s.activeFacilities.previous) })} /> : null,
    },
    {
      key: 'reports',
      icon: FileText,
      title: t('reports.kpi.reports'),
      value: shown(() => formatNumber(s!.reportsGenerated.value)),
      hint: ready ? <Change percent={s.reportsGenerated.changePercent} note={t('reports.kpi.reportsNote', { previous: formatNumber(s.reportsGenerated.previous) })} /> : null,
    },
  ];
  return (
    <section className="grid gap-2" aria-labelledby="reports-kpi-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="reports-kpi-heading" className="sr-only">
          {t('reports.kpi.label')}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="reports-kpi-range">
          {waiting ? t('reports.filters.chooseDays') : s ? t('reports.kpi.range', { from: formatDate(s.from), to: formatDate(s.to) }) : null}
        </p>
      </div>
      <StatCardGrid
        label={t('reports.kpi.label')}
        cards={cards}
        testIdPrefix="reports-kpi-"
        valueTestId="reports-kpi-value"
        query={query}
        errorMessage={(error) => t('common.loadError', { message: errorText(error, t('common.error')) })}
      />
    </section>
  );
}

/** The change against the period before, or '—' with "no earlier data" when that period had nothing. */
function Change({ percent, note }: { percent: number | null; note: string }) {
  const { t } = useTranslation();
  const TrendIcon = percent !== null && percent < 0 ? TrendingDown : TrendingUp;
  const moved = percent !== null && percent !== 0;
  return (
    <>
      <p className="flex items-center gap-1">
        {moved ? <TrendIcon aria-hidden="true" className={cn('h-3.5 w-3.5', percent > 0 ? 'text-green-700' : 'text-red-700')} /> : null}
        <span data-testid="reports-kpi-change" className={cn('font-semibold', !moved ? 'text-muted-foreground' : percent > 0 ? 'text-green-700' : 'text-red-700')}>
          {formatChange(percent)}
        </span>
        <span>{percent === null ? t('reports.kpi.noEarlierData') : t('reports.kpi.vsLastPeriod')}</span>
      </p>
      <p>{note}</p>
    </>
  );
}
