import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { demographicsQuery } from './dashboard.api';
import { PanelEmpty, PanelError } from './panel-states';
import { formatNumber } from '../../lib/locale-format';

/** SPEC.md §2.5 Patient Demographics, counted from the registered patients of the selected facility or county. */
export function DemographicsPanel({ scope }: { scope: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery(demographicsQuery(scope));
  return (
    <Card data-testid="demographics-panel">
      <CardHeader>
        <CardTitle>{t('dashboard.demographics.title')}</CardTitle>
        <CardDescription>
          {query.data ? t('dashboard.demographics.description', { count: query.data.total, formatted: formatNumber(query.data.total) }) : t('dashboard.demographics.descriptionLoading')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <PanelError what={t('dashboard.demographics.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.total === 0 ? (
          <PanelEmpty
            action={
              <Button variant="outline" size="sm" asChild>
                <Link href="/patients">{t('dashboard.demographics.openRegistry')}</Link>
              </Button>
            }
          >
            {t('dashboard.demographics.empty')}
          </PanelEmpty>
        ) : (
          <>
            <Distribution
              title={t('dashboard.demographics.age')}
              rows={query.data.ageBands.map((b) => ({ key: b.band, label: t('dashboard.demographics.ageBand', { band: b.band }), ...b }))}
              barClass="bg-primary"
            />
            <Distribution
              title={t('dashboard.demographics.gender')}
              rows={query.data.gender.map((g) => ({ key: g.gender, label: t(`dashboard.demographics.${g.gender}`), ...g }))}
              barClass="bg-blue-700"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type Row = { key: string; label: string; count: number; percent: number };

function Distribution({ title, rows, barClass }: { title: string; rows: Row[]; barClass: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="grid gap-3">
        {rows.map((r) => (
          <li key={r.key} className="grid gap-1" data-testid={`demographic-${r.key}`}>
            <div className="flex justify-between gap-2 text-sm">
              <span>{r.label}</span>
              <span>
                <span className="text-xs text-muted-foreground">{t('dashboard.demographics.patients', { count: r.count, formatted: formatNumber(r.count) })}</span>{' '}
                <span className="font-medium">{r.percent}%</span>
              </span>
            </div>
            <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
              <div className={`h-full rounded-full ${barClass}`} style={{ width: `${Math.min(100, Math.max(0, r.percent))}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
