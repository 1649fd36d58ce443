// SPEC.md §2.14 cards: Pending, In Transit, Received, Emergency — counted by the server for the scope the list
// beside them shows: one facility (referrals out of it or into it; only into it on the Incoming view) or the whole
// county. The list's other filters (status, urgency, a name) do not narrow the cards: they are the breakdown.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, Truck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReferralDirection } from '../../../shared/referrals';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { facilitiesQuery, facilityName } from '../facilities';
import { referralErrorText } from './referral-labels';
import { referralStatsQuery } from './referrals.api';
import { formatNumber } from '../../lib/locale-format';

const CARDS: { key: 'pending' | 'inTransit' | 'received' | 'emergency'; icon: LucideIcon; tone: string }[] = [
  { key: 'pending', icon: Clock, tone: 'text-yellow-700' },
  { key: 'inTransit', icon: Truck, tone: 'text-blue-700' },
  { key: 'received', icon: CheckCircle2, tone: 'text-green-700' },
  { key: 'emergency', icon: AlertTriangle, tone: 'text-red-700' },
];

export function ReferralStatCards({ facilityId, direction }: { facilityId: number | undefined; direction?: ReferralDirection }) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const stats = useQuery(referralStatsQuery(facilityId, direction));
  const name = facilityId === undefined ? '' : facilityName(facilities.data, facilityId, t('common.unknownFacility'));
  const scope = facilityId === undefined ? t('referrals.cards.county') : direction === 'incoming' ? t('referrals.cards.incoming', { facility: name }) : name;
  const cards: StatCard[] = CARDS.map((c) => ({
    ...c,
    title: t(`referrals.cards.${c.key}`),
    value: formatNumber(stats.data?.[c.key]),
    hint: t(`referrals.cards.${c.key}Hint`),
  }));

  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{t('referrals.cards.scope', { scope })}</p>
      <StatCardGrid
        label={t('referrals.cards.label')}
        cards={cards}
        testIdPrefix="card-"
        query={stats}
        errorMessage={(error) => t('common.loadError', { message: referralErrorText(t, error) })}
      />
    </div>
  );
}
