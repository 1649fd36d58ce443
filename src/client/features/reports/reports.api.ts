// MOH Reports' calls (SPEC.md §2.16, §7): the list and its KPI cards for the filters, one report (polled while it
// is generated), its figures, generating one, KHIS (files and the push), and the monthly schedules.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '../../../shared/language';
import type { MohFormData } from '../../../shared/moh';
import type { CreateReportForm, KhisSubmission, Report, ReportDetail, ReportKind, ReportPeriod, ReportSection, ReportStats, ReportType, Schedule } from '../../../shared/reports';
import { apiFile, apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const REPORTS_PAGE_SIZE = 10;
/** The largest page the API gives (DESIGN.md §6), for Export Data. */
const EXPORT_PAGE = 200;
/** Export Data stops here: a county's list for one period is far shorter. */
export const EXPORT_MAX_ROWS = 5000;

export type ReportFilters = { facilityId?: number; type?: ReportType; kind?: ReportKind; month?: string; period: ReportPeriod; startDate: string; endDate: string };

/** A custom period needs both its days before anything is asked. */
export const filtersReady = (f: ReportFilters) => f.period !== 'custom' || (f.startDate !== '' && f.endDate !== '' && f.startDate <= f.endDate);

function params(f: ReportFilters) {
  const custom = f.period === 'custom';
  return { facilityId: f.facilityId, type: f.type, kind: f.kind, month: f.month, period: f.period, startDate: custom ? f.startDate : undefined, endDate: custom ? f.endDate : undefined };
}

const filterKey = (f: ReportFilters) => params(f);

export const reportListQuery = (f: ReportFilters, offset: number) =>
  queryOptions({
    queryKey: ['reports', 'list', filterKey(f), offset],
    queryFn: ({ signal }) => apiList<Report>(`/api/reports${qs({ ...params(f), limit: REPORTS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
    enabled: filtersReady(f),
  });

/** The KPI cards: the list's facility and period (the type filter is the list's alone). */
export const reportStatsQuery = (f: ReportFilters) => {
  const { facilityId, period, startDate, endDate } = params(f);
  return queryOptions({
    queryKey: ['reports', 'stats', { facilityId, period, startDate, endDate }],
    queryFn: ({ signal }) => apiGet<ReportStats>(`/api/reports/stats${qs({ facilityId, period, startDate, endDate })}`, signal),
    enabled: filtersReady(f),
  });
};

/** Polled every 2 s while the report is generated, then every 10 s once it has taken a minute; never once it is done. */
const POLL_FAST_MS = 2000;
const POLL_SLOW_MS = 10_000;
const FAST_POLLS = 30;

export const reportDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['reports', 'detail', id],
    queryFn: ({ signal }) => apiGet<ReportDetail>(`/api/reports/${id}`, signal),
    refetchInterval: (query) => (query.state.data?.status !== 'processing' ? false : query.state.dataUpdateCount < FAST_POLLS ? POLL_FAST_MS : POLL_SLOW_MS),
  });

/** A completed report's figures (download?format=json): its sections and, for MOH 705A/705B, the form's rows. */
export type ReportFigures = {
  id: number;
  name: string;
  kind: string | null;
  title?: string;
  scope?: string;
  periodLabel?: string;
  sections: ReportSection[];
  moh705?: MohFormData;
};

/** The reader's language as the server knows it (i18n.resolvedLanguage), English for any other. */
export const reportLanguage = (lang: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'en');

/**
 * A completed report's figures, an analysis's titles, column heads and notes worded by the server in the reader's
 * language (issue 30 item 8): the language is in the key, so switching it reads them again.
 */
export const reportFiguresQuery = (id: number, lang: Language) =>
  queryOptions({
    queryKey: ['reports', 'figures', id, lang],
    queryFn: ({ signal }) => apiGet<ReportFigures>(reportDownloadPath(id, 'json', lang), signal),
    // A completed report's figures do not change.
    staleTime: Infinity,
  });

export type DownloadFormat = 'csv' | 'pdf' | 'json';

/** The file of a completed report, its sections in the language on screen (?lang; the server words them). */
export const reportDownloadPath = (id: number, format: DownloadFormat, lang?: Language) => `/api/reports/${id}/download${qs({ format, lang })}`;

export const khisSubmissionsQuery = (id: number) =>
  queryOptions({
    queryKey: ['reports', 'khis', id],
    queryFn: ({ signal }) => apiGet<KhisSubmission[]>(`/api/reports/${id}/khis-submissions`, signal),
  });

/** A KHIS file (dataValueSets JSON or ADX XML); a 409 says what the county has not filled in yet. */
export async function fetchKhisFile(id: number, format: 'json' | 'adx') {
  const file = await apiFile(`/api/reports/${id}/dhis2${qs({ format })}`);
  const unmapped = (file.headers.get('X-Unmapped-Rows') ?? '').split(',').filter(Boolean);
  return { blob: file.blob, fileName: file.fileName ?? `khis-${id}.${format === 'adx' ? 'adx.xml' : 'json'}`, unmapped };
}

/** Every report the filters select, page after page (Export Data). */
export async function fetchAllReports(f: ReportFilters): Promise<{ rows: Report[]; total: number }> {
  const rows: Report[] = [];
  for (;;) {
    const page = await apiList<Report>(`/api/reports${qs({ ...params(f), limit: EXPORT_PAGE, offset: rows.length })}`);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total || rows.length >= EXPORT_MAX_ROWS) return { rows, total: page.total };
  }
}

export const schedulesQuery = queryOptions({
  queryKey: ['reports', 'schedules'],
  queryFn: ({ signal }) => apiGet<Schedule[]>('/api/report-schedules', signal),
});

/** A report's status changed: the list and the cards count it again. */
export function refreshReports(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['reports', 'list'] }), queryClient.invalidateQueries({ queryKey: ['reports', 'stats'] })]);
}

export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportForm) => apiPost<ReportDetail>('/api/reports', body),
    onSuccess: (report) => {
      queryClient.setQueryData(reportDetailQuery(report.id).queryKey, report);
      return refreshReports(queryClient);
    },
  });
}

export function useKhisStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: KhisSubmission['step']) => apiPost<KhisSubmission>(`/api/reports/${id}/khis-submissions`, { step }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: khisSubmissionsQuery(id).queryKey }),
  });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiPost<Schedule>('/api/report-schedules', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey }),
  });
}

export function useSetScheduleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => apiPatch<Schedule>(`/api/report-schedules/${id}`, { active }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey }),
  });
}
