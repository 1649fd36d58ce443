// The dashboard's period selector (SPEC.md §2.5: Last 7 days by default, Last 30 days, Last 3 months). The API
// has no date filter for the stat cards, so the period scopes what the client can filter truthfully: the
// activity feed, which the server sends newest first (see recent-activities.tsx).

export const DASHBOARD_PERIODS = ['7d', '30d', '3m'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_PERIOD: DashboardPeriod = '7d';

/** The instant the period starts, counted back from `now`. */
export function periodStart(period: DashboardPeriod, now: Date): Date {
  const start = new Date(now.getTime());
  if (period === '3m') start.setMonth(start.getMonth() - 3);
  else start.setDate(start.getDate() - (period === '7d' ? 7 : 30));
  return start;
}

/** Items of a newest-first feed that fall within the period. */
export function withinPeriod<T extends { createdAt: string }>(items: T[], period: DashboardPeriod, now: Date): T[] {
  const from = periodStart(period, now).getTime();
  return items.filter((item) => new Date(item.createdAt).getTime() >= from);
}
