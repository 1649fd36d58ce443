// The Recent Billing Records card: the period's records with skeleton → error → empty → data, pages, Export Records.
import { useQuery } from '@tanstack/react-query';
import { FileDown, Lock, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { REVENUE_EXPORT_MAX_ROWS, type RevenuePeriod, type RevenueRecord } from '../../../shared/revenue';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { REVENUE_RECORDS_PAGE_SIZE, revenueExportPath, revenueRecordsQuery } from './revenue.api';
import { RevenueRecordsTable } from './revenue-records-table';
import { formatNumber } from '../../lib/locale-format';
import { fileLanguage } from '../../lib/download';

type Props = {
  period: RevenuePeriod;
  scope: number | undefined;
  offset: number;
  onOffset: (offset: number) => void;
  allowed: boolean;
  onView: (record: RevenueRecord) => void;
};

export function RevenueRecords({ period, scope, offset, onOffset, allowed, onView }: Props) {
  const { t, i18n } = useTranslation();
  const query = useQuery(revenueRecordsQuery(period, scope, offset, allowed));
  const total = query.data?.total;
  return (
    <ListCard
      title={t('revenue.records.title')}
      icon={ReceiptText}
      description={total === undefined ? t('revenue.records.description') : t('revenue.records.descriptionCount', { count: total, formatted: formatNumber(total) })}
      actions={
        allowed ? (
          <Button asChild variant="outline">
            <a href={revenueExportPath(period, scope, fileLanguage(i18n.resolvedLanguage))} download title={t('revenue.records.exportHint', { max: formatNumber(REVENUE_EXPORT_MAX_ROWS) })}>
              <FileDown aria-hidden="true" />
              {t('revenue.records.export')}
            </a>
          </Button>
        ) : null
      }
      query={query}
      errorMessage={(error) => t('common.loadError', { message: error.message })}
      paging={{ label: t('revenue.records.pagination'), offset, pageSize: REVENUE_RECORDS_PAGE_SIZE, onOffset }}
      empty={
        <EmptyState
          icon={ReceiptText}
          title={t('revenue.records.emptyTitle')}
          hint={t('revenue.records.emptyHint')}
          action={
            <Button asChild variant="outline" size="sm">
              <Link href="/billing">{t('revenue.records.openBilling')}</Link>
            </Button>
          }
        />
      }
    >
      {allowed ? (
        <RevenueRecordsTable rows={query.data?.rows} loading={query.isPending} onView={onView} />
      ) : (
        <p className="flex items-center gap-2 rounded-md border bg-muted/60 p-3 text-sm" data-testid="revenue-records-forbidden">
          <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
          {t('revenue.records.forbidden')}
        </p>
      )}
    </ListCard>
  );
}
