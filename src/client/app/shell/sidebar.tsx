import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { formatKES } from '../../../shared/money';
import { scopeOf, useSelectedFacility } from '../selected-facility';
import { dashboardStatsQuery } from '../../features/dashboard/dashboard.api';
import { cn } from '../../lib/utils';
import { Skeleton } from '../../components/ui/skeleton';
import { NAV } from '../modules';
import { FacilitySelector } from './facility-selector';
import { NAV_ICONS } from './nav';
import { formatNumber } from '../../lib/locale-format';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  // The facility in scope and today's figures come first: on a laptop screen the long menu would push them out of view.
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-4" data-testid="sidebar">
      <FacilitySelector />
      <TodaysOverview />
      <nav aria-label={t('nav.label')} className="flex flex-col gap-4">
        {NAV.map((group) => (
          <div key={group.group ?? 'main'} className="grid gap-1">
            {group.group ? <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t(`nav.groups.${group.group}`)}</h2> : null}
            <ul className="grid gap-0.5">
              {group.items.map((item) => {
                const active = location === item.href;
                const Icon = NAV_ICONS[item.id as keyof typeof NAV_ICONS];
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
                        active ? 'bg-accent text-accent-foreground' : 'text-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" className="h-4 w-4" />
                      {t(`nav.${item.key}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}

/** SPEC.md §2.4 Today's Overview: Active Patients and Revenue Today, for the selected facility. */
function TodaysOverview() {
  const { t } = useTranslation();
  const { facilityId } = useSelectedFacility();
  const { data, isPending, isError } = useQuery(dashboardStatsQuery(scopeOf(facilityId)));
  return (
    <section aria-labelledby="todays-overview" className="rounded-lg border bg-muted/60 p-3" data-testid="todays-overview">
      <h2 id="todays-overview" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <ClipboardList aria-hidden="true" className="h-4 w-4" /> {t('shell.todaysOverview')}
      </h2>
      <dl className="grid gap-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{t('shell.activePatients')}</dt>
          <dd className="font-semibold">{isPending ? <Skeleton className="h-4 w-10" /> : isError ? '—' : formatNumber(data.totalPatients)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{t('shell.revenueToday')}</dt>
          <dd className="font-semibold">
            {isPending ? (
              <Skeleton className="h-4 w-16" />
            ) : isError ? (
              '—'
            ) : data.todayRevenue === null ? (
              <span title={t('shell.revenueNotForRole')}>
                — <span className="sr-only">{t('shell.revenueNotForRole')}</span>
              </span>
            ) : (
              formatKES(data.todayRevenue)
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
