// Recent Reports (SPEC.md §2.16): the reports the filters select, newest first, in pages; a report just requested
// here stands at the top at once, even when the filters would not list it (a sub-county's report while the list
// shows one facility), and is followed there until it is done.
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Report, ReportDetail } from '../../../shared/reports';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Pagination } from '../../components/data/pagination';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber } from '../../lib/locale-format';
import { errorText } from './report-labels';
import { ReportRow } from './report-row';
import { REPORTS_PAGE_SIZE } from './reports.api';

/** SPEC.md §2.16 shows four recent reports: the list holds that many places while it loads. */
const SKELETON_ROWS = 4;

type Props = {
  query: UseQueryResult<{ rows: Report[]; total: number; capped: boolean }>;
  /** Reports requested on this screen, newest first. */
  requested: readonly ReportDetail[];
  offset: number;
  onOffset: (offset: number) => void;
  filtered: boolean;
  waiting: boolean;
  onGenerate: () => void;
  onKhis: (report: Report | ReportDetail) => void;
};

export function RecentReports({ query, requested, offset, onOffset, filtered, waiting, onGenerate, onKhis }: Props) {
  const { t } = useTranslation();
  const listed = query.data?.rows ?? [];
  const extra = offset === 0 ? requested.filter((r) => !listed.some((l) => l.id === r.id)) : [];
  const rows: (Report | ReportDetail)[] = [...extra, ...listed];
  const total = query.data?.total;
  return (
    <ListCard
      title={total === undefined ? t('reports.list.title') : t('reports.list.titleCount', { total: formatNumber(total) })}
      icon={FileText}
      description={waiting ? t('reports.filters.chooseDays') : t('reports.list.description')}
      query={{ ...query, data: query.data ? { ...query.data, rows } : extra.length > 0 ? { rows, total: 0 } : undefined }}
      errorMessage={(error) => t('common.loadError', { message: errorText(error, t('common.error')) })}
      empty={
        <EmptyState
          icon={FileText}
          title={t('reports.list.emptyTitle')}
          hint={filtered ? t('reports.list.emptyFiltered') : t('reports.list.emptyHint')}
          action={
            <Button variant="outline" size="sm" onClick={onGenerate}>
              <Plus aria-hidden="true" />
              {t('reports.list.generate')}
            </Button>
          }
        />
      }
      footer={
        query.data && query.data.total > 0 ? (
          <Pagination label={t('reports.list.pagination')} offset={offset} count={listed.length} total={query.data.total} pageSize={REPORTS_PAGE_SIZE} onOffset={onOffset} />
        ) : null
      }
    >
      {query.isPending && rows.length === 0 && !waiting ? (
        <div className="grid gap-4" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className="grid gap-2" data-testid="report-row-skeleton">
              <Skeleton className="h-4 w-64 max-w-full" />
              <Skeleton className="h-3 w-40" />
            </div>
          ))}
        </div>
      ) : (
        <ul aria-label={t('reports.list.title')} className="grid">
          {rows.map((r) => (
            <ReportRow key={r.id} report={r} follow={requested.some((q) => q.id === r.id)} onKhis={onKhis} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}
