import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Notification, Notifications } from '../../../shared/notifications';
import { apiGet, qs } from '../../lib/api-client';

export const notificationsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['notifications', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<Notifications>(`/api/notifications${qs({ facilityId })}`, signal),
    // The bell and the dashboard's System Alerts share one answer instead of asking twice per screen.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

/** Notifications are worded on the client from their numbers, so they read right in either language. */
export function notificationText(t: TFunction, n: Notification): { title: string; message: string } {
  switch (n.kind) {
    case 'out_of_stock':
      return { title: t('notifications.outOfStockTitle'), message: t('notifications.outOfStock', { item: n.itemName, facility: n.facilityName }) };
    case 'low_stock':
      return {
        title: t('notifications.lowStockTitle'),
        message: t('notifications.lowStock', { item: n.itemName, facility: n.facilityName, current: n.currentStock, minimum: n.minimumStock, unit: t(`units.${n.unit}`) }),
      };
    case 'overdue_followups':
      return { title: t('notifications.overdueTitle'), message: t('notifications.overdue', { count: n.count }) };
    case 'emergency_alert':
      return {
        title: t('notifications.emergencyTitle', { facility: n.facilityName }),
        // The raiser's words, as typed.
        message: n.message ? t('notifications.emergencyWithMessage', { name: n.raisedBy, message: n.message }) : t('notifications.emergency', { name: n.raisedBy }),
      };
  }
}
