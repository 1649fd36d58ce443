// The Recent Billing Records card: the period's records with skeleton → error → empty → data, pages, Export Records.
import { useQuery } from '@tanstack/react-query';
import { FileDown, Lock, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { REVENUE_EXPORT_MAX_ROWS, type RevenuePeriod, type RevenueRecord } from '../../../shared/revenue';
import { Pagination } from '../../components/data/pagination';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PanelEmpty, PanelError } from '../dashboard/panel-states';
import { REVENUE_RECORDS_PAGE_SIZE, revenueExportPath, revenueRecordsQuery } from './revenue.api';
import { RevenueRecordsTable } from './revenue-records-table';

type Props = {
  period: RevenuePeriod;
  scope: number | undefined;
  offset: number;
  onOffset: (offset: number) => void;
  allowed: boolean;
  onView: (record: RevenueRecord) => void;
};

export function RevenueRecords({ period, scope, offset, onOffset, allowed, onView }: Props) {
  const { t } = useTranslation();
  const query = useQuery(revenueRecordsQuery(period, scope, offset, allowed));
  const title = t('revenue.records.title');
  const total = query.data?.total;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ReceiptText aria-hidden="true" className="h-5 w-5" />
            {title}
          </CardTitle>
          <CardDescription>
            {total === undefined ? t('revenue.records.description') : t('revenue.records.descriptionCount', { count: total, formatted: total.toLocaleString('en-KE') })}
          </CardDescription>
        </div>
        {allowed ? (
          <Button asChild variant="outline">
            <a href={revenueExportPath(period, scope)} download title={t('revenue.records.exportHint', { max: REVENUE_EXPORT_MAX_ROWS.toLocaleString('en-KE') })}>
              <FileDown aria-hidden="true" />
              {t('revenue.records.export')}
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4" aria-busy={query.isFetching || undefined}>
        {!allowed ? (
          <p className="flex items-center gap-2 rounded-md border bg-muted/60 p-3 text-sm" data-testid="revenue-records-forbidden">
            <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('revenue.records.forbidden')}
          </p>
        ) : query.isError ? (
          <PanelError what={title} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data && query.data.rows.length === 0 ? (
          <PanelEmpty
            action={
              <Button asChild variant="outline" size="sm">
                <Link href="/billing">{t('revenue.records.openBilling')}</Link>
              </Button>
            }
          >
            <span className="block font-semibold text-foreground">{t('revenue.records.emptyTitle')}</span>
            {t('revenue.records.emptyHint')}
          </PanelEmpty>
        ) : (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <RevenueRecordsTable rows={query.data?.rows} loading={query.isPending} onView={onView} />
          </div>
        )}
        {allowed && query.data && query.data.total > 0 ? (
          <Pagination label={t('revenue.records.pagination')} offset={offset} count={query.data.rows.length} total={query.data.total} pageSize={REVENUE_RECORDS_PAGE_SIZE} onOffset={onOffset} />
        ) : null}
      </CardContent>
    </Card>
  );
}
