// Revenue Management's calls (SPEC.md §2.7): the summary cards, the period's billing records and their export.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RevenuePeriod, RevenueRecord, RevenueSummary } from '../../../shared/revenue';
import { apiGet, apiList, qs } from '../../lib/api-client';

export const REVENUE_RECORDS_PAGE_SIZE = 10;

export const revenueSummaryQuery = (period: RevenuePeriod, facilityId: number | undefined, enabled = true) =>
  queryOptions({
    queryKey: ['revenue', 'summary', period, facilityId ?? null],
    queryFn: ({ signal }) => apiGet<RevenueSummary>(`/api/revenue/summary${qs({ period, facilityId })}`, signal),
    enabled,
  });

export const revenueRecordsQuery = (period: RevenuePeriod, facilityId: number | undefined, offset: number, enabled = true) =>
  queryOptions({
    queryKey: ['revenue', 'records', period, facilityId ?? null, offset],
    queryFn: ({ signal }) =>
      apiList<RevenueRecord>(`/api/revenue/records${qs({ period, facilityId, limit: REVENUE_RECORDS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Export Records: a plain browser download of the period's records (the session cookie goes with it), in the screen's language. */
export function revenueExportPath(period: RevenuePeriod, facilityId: number | undefined, lang?: string): string {
  return `/api/revenue/export.csv${qs({ period, facilityId, lang })}`;
}
