import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FacilitySummary } from '../../../shared/facilities';
import { facilitySummaryQuery } from '../facilities';
import { formatNumber } from '../../lib/locale-format';

type Stat = { id: string; value: number; label: string; caption?: string };

/**
 * The landing page's county figures (SPEC.md §2.2, §9), read from the public GET /api/facilities/summary. Plain
 * markup, no UI kit imports: this is part of the landing page's budget (DESIGN.md §10).
 */
export function FacilityCounts({ county }: { county: string }) {
  const { t } = useTranslation();
  const summary = useQuery(facilitySummaryQuery);
  return (
    <section aria-labelledby="counts-heading" className="border-t bg-background">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="counts-heading" className="text-center text-2xl font-bold">{t('landing.counts.heading', { county })}</h2>
        <p className="mb-8 mt-2 text-center text-muted-foreground">{t('landing.counts.subtitle')}</p>
        {summary.isPending ? (
          <div aria-busy="true" className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            <span className="sr-only" role="status">{t('landing.counts.loading')}</span>
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        ) : summary.isError ? (
          // Quiet on purpose: the landing page still works without the figures.
          <p className="text-center text-sm text-muted-foreground">
            {t('landing.counts.unavailable')}{' '}
            <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            {stats(summary.data, t).map((s) => (
              <div key={s.id} data-testid={`count-${s.id}`} className="flex flex-col-reverse items-center rounded-lg border bg-card p-4 text-center">
                <dt className="text-sm text-muted-foreground">
                  {s.label}
                  {s.caption ? <span className="block text-xs">{s.caption}</span> : null}
                </dt>
                <dd className="text-3xl font-bold text-primary">{formatNumber(s.value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

function stats(data: FacilitySummary, t: ReturnType<typeof useTranslation>['t']): Stat[] {
  // Highest level first; a level the county has none of (usually 6) is left out.
  const levels = ([6, 5, 4, 3, 2] as const).filter((level) => level !== 6 || data.byLevel[6] > 0);
  return [
    ...levels.map((level) => ({
      id: `level-${level}`,
      value: data.byLevel[level],
      label: t(`landing.counts.level${level}`, { count: data.byLevel[level] }),
      caption: t('facilityLevels.level', { level }),
    })),
    { id: 'subcounties', value: data.subcounties, label: t('landing.counts.subcounties', { count: data.subcounties }) },
    { id: 'population', value: data.population, label: t('landing.counts.population'), caption: t('landing.counts.census', { year: data.censusYear }) },
  ];
}
