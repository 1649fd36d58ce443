import { AlertTriangle, Building2, CheckCircle2, Home, Hospital, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import type { FacilityCounts } from './facility-list';

/** SPEC.md §2.13 cards: totals by level group, then the status overview. `counts` undefined while loading. */
export function FacilityStatCards({ counts }: { counts: FacilityCounts | undefined }) {
  const { t } = useTranslation();
  const cards: StatCard[] = [
    { key: 'total', icon: Building2, value: counts?.total, hint: t('facilities.cards.operationalCount', { count: counts?.operational ?? 0 }) },
    { key: 'referral', icon: Hospital, value: counts?.referral, hint: t('facilities.cards.referralHint') },
    { key: 'healthCentres', icon: Building2, value: counts?.healthCentres, hint: t('facilities.cards.healthCentresHint') },
    { key: 'dispensaries', icon: Home, value: counts?.dispensaries, hint: t('facilities.cards.dispensariesHint') },
  ].map((c) => ({ ...c, title: t(`facilities.cards.${c.key}`) }));
  return <StatCardGrid label={t('facilities.cards.label')} cards={cards} testIdPrefix="card-" valueTestId="value" />;
}

/** The status overview: how many facilities work fully, with constraints, or not at all. */
export function FacilityStatusOverview({ counts }: { counts: FacilityCounts | undefined }) {
  const { t } = useTranslation();
  const cards: StatCard[] = [
    {
      key: 'operational',
      icon: CheckCircle2,
      tone: 'text-green-700',
      value: counts?.operational,
      hint: t('facilities.status.operationalHint', { percent: counts?.operationalPercent ?? 0 }),
    },
    { key: 'limited', icon: AlertTriangle, tone: 'text-yellow-700', value: counts?.limited, hint: t('facilities.status.limitedHint') },
    { key: 'maintenance', icon: Wrench, tone: 'text-red-700', value: counts?.maintenance, hint: t('facilities.status.maintenanceHint') },
  ].map((c) => ({ ...c, title: t(`facilityStatus.${c.key}`) }));
  return <StatCardGrid label={t('facilities.status.title')} cards={cards} testIdPrefix="status-" valueTestId="value" />;
}
