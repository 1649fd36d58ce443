import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ActivityItem } from './activity-item';
import { activitiesQuery } from './dashboard.api';
import { withinPeriod, type DashboardPeriod } from './dashboard-period';
import { PanelEmpty, PanelError } from './panel-states';
import { useNow } from './use-now';

/** SPEC.md §9: the dashboard shows 5 activities; the full list in the dialog shows the latest 50. */
const SHOWN = 5;
const ALL = 50;

type Props = { scope: number | undefined; period: DashboardPeriod };

/**
 * SPEC.md §2.5 Recent Activities of the selected facility (or county), within the dashboard's period. The server
 * sends the feed newest first, so the first N filtered to the period are the period's latest N.
 */
export function RecentActivities({ scope, period }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const query = useQuery(activitiesQuery(SHOWN, scope));
  const periodName = t(`dashboard.period.options.${period}`);
  const items = query.data ? withinPeriod(query.data.rows, period, now) : [];
  return (
    <Card data-testid="recent-activities">
      <CardHeader>
        <CardTitle>{t('dashboard.activities.title')}</CardTitle>
        <CardDescription>{periodName}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <ul className="grid gap-4" aria-busy="true">
            {Array.from({ length: SHOWN }, (_, i) => (
              <li key={i} className="flex gap-3">
                <Skeleton className="h-8 w-8 rounded-full" />
                <div className="grid flex-1 gap-1">
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <PanelError what={t('dashboard.activities.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <PanelEmpty
            action={
              <Button variant="outline" size="sm" asChild>
                <Link href="/patients">{t('dashboard.activities.openRegistry')}</Link>
              </Button>
            }
          >
            {t('dashboard.activities.empty', { period: t(`dashboard.period.phrase.${period}`) })}
          </PanelEmpty>
        ) : (
          <ul className="grid gap-4" aria-label={t('dashboard.activities.title')}>
            {items.map((a) => (
              <ActivityItem key={a.id} activity={a} now={now} />
            ))}
          </ul>
        )}
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
          {t('dashboard.activities.viewAll')}
        </Button>
      </CardContent>
      <AllActivitiesDialog open={open} onOpenChange={setOpen} scope={scope} period={period} now={now} />
    </Card>
  );
}

function AllActivitiesDialog({ open, onOpenChange, scope, period, now }: Props & { open: boolean; onOpenChange: (open: boolean) => void; now: Date }) {
  const { t } = useTranslation();
  const query = useQuery({ ...activitiesQuery(ALL, scope), enabled: open });
  const items = query.data ? withinPeriod(query.data.rows, period, now) : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('dashboard.activities.allTitle')}</DialogTitle>
          <DialogDescription>{t('dashboard.activities.allDescription', { limit: ALL, period: t(`dashboard.period.phrase.${period}`) })}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            {Array.from({ length: SHOWN }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <PanelError what={t('dashboard.activities.allTitle')} error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <PanelEmpty>{t('dashboard.activities.empty', { period: t(`dashboard.period.phrase.${period}`) })}</PanelEmpty>
        ) : (
          <ul className="grid gap-4" aria-label={t('dashboard.activities.allTitle')} data-testid="all-activities">
            {items.map((a) => (
              <ActivityItem key={a.id} activity={a} now={now} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
