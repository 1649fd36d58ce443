// A referral's journey, oldest step first: what happened, who did it (name and role), from which facility, when,
// and the note they left (a cancellation's reason).
import { useTranslation } from 'react-i18next';
import type { ReferralEvent } from '../../../shared/referrals';
import { roleName } from '../../lib/labels';
import { ReferralStatusBadge, formatDateTime } from './referral-labels';

export function ReferralHistory({ events }: { events: ReferralEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{t('referrals.details.noHistory')}</p>;
  return (
    <ol className="grid gap-3 border-l-2 border-border pl-4" aria-label={t('referrals.details.history')}>
      {events.map((e) => (
        <li key={e.id} className="grid gap-1 text-sm" data-testid="referral-event" data-status={e.toStatus}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t(`referrals.details.step.${e.toStatus}`)}</span>
            <ReferralStatusBadge status={e.toStatus} />
            <time dateTime={e.at} className="text-muted-foreground">
              {formatDateTime(e.at)}
            </time>
          </div>
          <p className="text-muted-foreground">
            {e.userName
              ? t('referrals.details.by', { name: e.userName, role: roleName(t, e.userRole) })
              : t('referrals.details.byUnknown')}
            {e.facilityName ? ` · ${e.facilityName}` : ''}
          </p>
          {e.note ? <p className="whitespace-pre-line">{t('referrals.details.note', { note: e.note })}</p> : null}
        </li>
      ))}
    </ol>
  );
}
