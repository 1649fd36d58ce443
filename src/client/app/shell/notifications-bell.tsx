import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Bell, PackageX, Siren } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { scopeOf, useSelectedFacility } from '../selected-facility';
import { notificationText, notificationsQuery } from '../../features/notifications';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';

/** The bell (SPEC.md §2.4), from live data: low and empty stock, missed follow-ups, emergency and IDSR alerts. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { facilityId } = useSelectedFacility();
  const { data, isError } = useQuery(notificationsQuery(scopeOf(facilityId)));
  const count = data?.count ?? 0;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={t('notifications.bell', { count })} data-testid="notifications-bell">
          <Bell />
          {count > 0 ? (
            <span data-testid="notifications-count" className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-white">
              {count}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>{t('notifications.title')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isError ? <p className="px-2 py-3 text-sm text-muted-foreground">{t('notifications.error')}</p> : null}
        {data && data.items.length === 0 ? <p className="px-2 py-3 text-sm text-muted-foreground">{t('notifications.none')}</p> : null}
        {data?.items.map((n) => {
          const text = notificationText(t, n);
          const Icon = n.kind === 'out_of_stock' ? PackageX : n.kind === 'emergency_alert' ? Siren : n.kind === 'idsr_alert' ? Siren : AlertTriangle;
          return (
            <DropdownMenuItem key={n.id} asChild>
              <Link href={n.link} className="flex items-start gap-2">
                <Icon className={n.severity === 'critical' ? 'mt-0.5 text-destructive' : 'mt-0.5 text-yellow-700'} aria-hidden="true" />
                <span className="grid">
                  <span className="font-medium">{text.title}</span>
                  <span className="text-xs text-muted-foreground">{text.message}</span>
                </span>
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
