// Words and number formats of the revenue screen: one place, so the cards, table, dialog and report agree.
import type { Permission } from '../../../shared/access';
import type { TFunction } from 'i18next';
import type { DateRange } from '../../../shared/revenue';
import { formatDate, formatTime } from '../../lib/locale-format';

type BadgeVariant = 'success' | 'warning' | 'danger' | 'info' | 'secondary';

/** A stored value the screen has no word for yet is shown as it is. */
export const paymentMethodName = (t: TFunction, method: string) => t(`revenue.methods.${method}`, { defaultValue: method });
export const serviceName = (t: TFunction, service: string) => t(`revenue.services.${service}`, { defaultValue: service });
export const statusName = (t: TFunction, status: string) => t(`revenue.statuses.${status}`, { defaultValue: status });
export const insurerName = (t: TFunction, insurer: string) => t(`revenue.insurers.${insurer}`, { defaultValue: insurer });

export function statusVariant(status: string): BadgeVariant {
  switch (status) {
    case 'paid':
      return 'success';
    case 'pending':
      return 'warning';
    case 'overdue':
      return 'danger';
    case 'processing':
      return 'info';
    default:
      return 'secondary';
  }
}

const percentFormat = new Intl.NumberFormat('en-KE', { signDisplay: 'exceptZero', maximumFractionDigits: 1 });

/** "+12.5%", "-36%", or '—' when the last period had nothing to compare with (never a made-up figure). */
export function formatChange(percent: number | null): string {
  return percent === null ? '—' : `${percentFormat.format(percent)}%`;
}

/** "1 Mar 2026 – 16 Mar 2026", or one date when the range is a single day. */
export function formatRange({ start, end }: DateRange): string {
  return start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
}

/** "16 Mar 2026, 08:55" in county time. */
export function formatDateTime(at: string): string {
  return `${formatDate(at)}, ${formatTime(at)}`;
}

/** Who reads money (revenue.routes.ts, access/permissions.ts): billing:read, the one permission for it. */
export const REVENUE_READERS = 'billing:read' satisfies Permission;
