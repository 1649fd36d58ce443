import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Notification } from '../../../shared/notifications';
import { apiList, qs } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/locale-format';

/** The bell's entries and its figure (X-Total-Count: every stock line at or below its minimum, though it lists the most urgent). */
export type Notifications = { items: Notification[]; count: number };

export const notificationsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['notifications', facilityId ?? null],
    queryFn: async ({ signal }): Promise<Notifications> => {
      const { rows, total } = await apiList<Notification>(`/api/notifications${qs({ facilityId })}`, signal);
      return { items: rows, count: total };
    },
    // The bell and the dashboard's System Alerts share one answer instead of asking twice per screen.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

/**
 * The notifiable conditions of an IDSR alert as its facts name them (the MOH 705 rows' names), joined in the
 * reader's language. (The names stay the Ministry's English for now: their Kiswahili would weigh on every screen.)
 */
export function idsrConditionsText(t: TFunction, names: readonly string[]): string {
  return names.join(t('notifications.idsrJoin'));
}

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
    case 'idsr_alert':
      return { title: t('notifications.idsrTitle', { conditions: idsrConditionsText(t, n.conditions) }), message: t('notifications.idsr', { facility: n.facilityName }) };
    case 'backup_overdue':
      return {
        title: t('notifications.backupOverdueTitle'),
        message: n.lastGoodAt ? t('notifications.backupOverdue', { date: formatDate(n.lastGoodAt), time: formatTime(n.lastGoodAt) }) : t('notifications.backupNever'),
      };
  }
}
