// SPEC.md §2.12 cards: Total Staff with the active count, Medical Officers, Nurses, On Leave (inactive).
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarOff, Stethoscope, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffStats } from '../../../shared/staff';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { staffErrorText } from './staff-labels';
import { formatNumber } from '../../lib/locale-format';

export function StaffStatCards({ query }: { query: UseQueryResult<StaffStats> }) {
  const { t } = useTranslation();
  const stats = query.data;
  const cards: StatCard[] = [
    { key: 'total', icon: Users, value: stats?.total, hint: t('staff.cards.activeCount', { count: stats?.active ?? 0 }) },
    { key: 'medicalOfficers', icon: Stethoscope, value: stats?.medicalOfficers, hint: t('staff.cards.medicalOfficersHint') },
    { key: 'nurses', icon: UserRound, value: stats?.nurses, hint: t('staff.cards.nursesHint') },
    { key: 'onLeave', icon: CalendarOff, value: stats?.onLeave, hint: t('staff.cards.onLeaveHint') },
  ].map((c) => ({ ...c, title: t(`staff.cards.${c.key}`), value: formatNumber(c.value) }));
  return (
    <StatCardGrid
      label={t('staff.cards.label')}
      cards={cards}
      testIdPrefix="staff-card-"
      valueTestId="value"
      query={query}
      errorMessage={(error) => t('staff.cards.error', { message: staffErrorText(t, error) })}
    />
  );
}
