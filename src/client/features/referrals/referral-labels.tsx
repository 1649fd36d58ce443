// Wording and colours shared by the referral screen, its dialogs and the patient's record.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { ListError } from '../../components/data/list-error';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/locale-format';
import { knownMessage } from '../../lib/known-message';

/** SPEC.md §4 referral status colours: pending yellow, in_transit blue, received green, cancelled red. */
const STATUS_VARIANTS: Record<string, BadgeProps['variant']> = { pending: 'warning', in_transit: 'info', received: 'success', cancelled: 'danger' };
const URGENCY_VARIANTS: Record<string, BadgeProps['variant']> = { emergency: 'danger', urgent: 'warning', routine: 'secondary' };

export function ReferralStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? 'outline'} className="whitespace-nowrap" data-status={status}>
      {t(`referrals.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function UrgencyBadge({ urgency }: { urgency: string }) {
  const { t } = useTranslation();
  return <Badge variant={URGENCY_VARIANTS[urgency] ?? 'outline'} className="whitespace-nowrap">{t(`referrals.urgency.${urgency}`, { defaultValue: urgency })}</Badge>;
}

/** A moment on the county clock, e.g. "16 Mar 2026, 09:30", in the chosen language. */
export function formatDateTime(at: string | Date): string {
  return `${formatDate(at)}, ${formatTime(at)}`;
}

/**
 * The shared schemas and the server speak English (SPEC.md §5 wording); a known message is shown in the reader's
 * language through the `referrals.validation` map keyed by the English text (read as a resource: some contain ':').
 */
export function referralMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return knownMessage('referrals.validation', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function referralErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${referralMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

/** A referral read that failed, inside a dialog or section: the reason and a retry. */
export function ReferralLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListError message={t('common.loadError', { message: referralErrorText(t, error) })} onRetry={onRetry} />;
}
