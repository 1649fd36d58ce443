import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarX, CheckCircle2, PackageX, Siren } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../shared/notifications';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { notificationText, notificationsQuery } from '../notifications';
import { relativeTimeText } from './activity-item';
import { PanelEmpty, PanelError } from './panel-states';
import { useNow } from './use-now';

/** The panel shows the three most urgent; the dialog shows them all. */
const SHOWN = 3;

/**
 * SPEC.md §2.5 System Alerts, from live data instead of the spec's static sample: stock at or below its minimum
 * and missed follow-ups, the same list as the bell (one request serves both).
 */
export function SystemAlerts({ scope }: { scope: number | undefined }) {
  const { t } = useTranslation();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const query = useQuery(notificationsQuery(scope));
  return (
    <Card data-testid="system-alerts">
      <CardHeader>
        <CardTitle>{t('dashboard.alerts.title')}</CardTitle>
        <CardDescription>{query.data ? t('dashboard.alerts.count', { count: query.data.count }) : t('dashboard.alerts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            {Array.from({ length: SHOWN }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <PanelError what={t('dashboard.alerts.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <PanelEmpty>
            <CheckCircle2 aria-hidden="true" className="mx-auto mb-2 h-6 w-6 text-green-700" />
            {t('dashboard.alerts.empty')}
          </PanelEmpty>
        ) : (
          <AlertList items={query.data.items.slice(0, SHOWN)} now={now} label={t('dashboard.alerts.title')} />
        )}
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)} disabled={!query.data}>
          {t('dashboard.alerts.viewAll')}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('dashboard.alerts.allTitle')}</DialogTitle>
            <DialogDescription>{t('dashboard.alerts.count', { count: query.data?.count ?? 0 })}</DialogDescription>
          </DialogHeader>
          {query.data && query.data.items.length > 0 ? (
            <AlertList items={query.data.items} now={now} label={t('dashboard.alerts.allTitle')} testId="all-alerts" />
          ) : (
            <PanelEmpty>{t('dashboard.alerts.empty')}</PanelEmpty>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function AlertList({ items, now, label, testId }: { items: Notification[]; now: Date; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3" aria-label={label} data-testid={testId}>
      {items.map((n) => {
        const text = notificationText(t, n);
        const critical = n.severity === 'critical';
        const Icon = n.kind === 'out_of_stock' ? PackageX : n.kind === 'overdue_followups' ? CalendarX : n.kind === 'idsr_alert' ? Siren : AlertTriangle;
        return (
          <li key={n.id} data-testid="alert-item" className={`flex gap-3 rounded-md border p-3 ${critical ? 'border-red-200 bg-red-50' : 'border-yellow-200 bg-yellow-50'}`}>
            <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${critical ? 'text-red-800' : 'text-yellow-800'}`} />
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">{text.title}</p>
              <p className="text-sm">{text.message}</p>
              <p className="text-xs text-slate-700">
                <time dateTime={n.at}>{relativeTimeText(t, new Date(n.at), now)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
