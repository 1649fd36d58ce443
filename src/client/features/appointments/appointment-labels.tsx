// Wording and colours shared by the appointments screen and its dialogs; the messages and the county's today, which
// a patient's record shows too, are in appointment-messages.ts.
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/county-time';
import type { AppointmentStatus } from '../../../shared/appointments';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { appointmentMessage } from './appointment-messages';

export { appointmentErrorText, appointmentMessage, countyToday, serviceLabel } from './appointment-messages';

/** Scheduled blue, checked in yellow (waiting to be seen), completed green, cancelled grey, missed red. */
const STATUS_VARIANTS: Record<AppointmentStatus, BadgeProps['variant']> = {
  scheduled: 'info',
  checked_in: 'warning',
  completed: 'success',
  cancelled: 'secondary',
  missed: 'danger',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? 'outline'} className="whitespace-nowrap" data-status={status}>
      {t(`appointments.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className="whitespace-nowrap">
      {t(`appointments.kind.${kind}`, { defaultValue: kind })}
    </Badge>
  );
}

/** Monday of the week a county date falls in. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** A date with its weekday ("Wed, 25 Nov 2026"), in the chosen language; the calendar's and the day list's heading. */
export function formatDay(date: string, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const locale = i18n.language === 'sw' ? 'sw-KE' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { weekday: style, day: 'numeric', month: 'short', year: style === 'long' ? 'numeric' : undefined, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The server's 409 when a service's day is full (shared/appointments: bookAppointmentSchema). */
export const isOverCapacity = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.code === 'over_capacity';

/** The server's message of an error, without its status (the over-capacity explanation). */
export function serverText(error: ApiError): string {
  const prefix = `${error.status}: `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return appointmentMessage(text) ?? text;
}
