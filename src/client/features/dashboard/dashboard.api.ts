import { queryOptions } from '@tanstack/react-query';
import type { Activity } from '../../../shared/activities';
import type { DashboardStats, Demographics, RevenueStats, RevenueTrend } from '../../../shared/dashboard';
import { apiGet, apiList, qs } from '../../lib/api-client';

export type { Activity, DashboardStats, RevenueStats };

export const dashboardStatsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['dashboard', 'stats', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<DashboardStats>(`/api/dashboard/stats${qs({ facilityId })}`, signal),
    // The sidebar and the dashboard read the same figures as a screen opens: the one answer serves both (a write
    // that changes them invalidates it at once, whatever its age).
    staleTime: 10_000,
  });

export const revenueStatsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['revenue', 'stats', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<RevenueStats>(`/api/revenue/stats${qs({ facilityId })}`, signal),
  });

export const revenueTrendQuery = (months: 6 | 12, facilityId?: number) =>
  queryOptions({
    queryKey: ['revenue', 'trend', months, facilityId ?? null],
    queryFn: ({ signal }) => apiGet<RevenueTrend>(`/api/revenue/trend${qs({ months, facilityId })}`, signal),
  });

export const demographicsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['dashboard', 'demographics', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<Demographics>(`/api/dashboard/demographics${qs({ facilityId })}`, signal),
  });

export const activitiesQuery = (limit: number, facilityId?: number) =>
  queryOptions({
    queryKey: ['activities', limit, facilityId ?? null],
    queryFn: ({ signal }) => apiList<Activity>(`/api/activities${qs({ limit, facilityId })}`, signal),
  });
