// SPEC.md §2.12 cards: Total Staff with the active count, Medical Officers, Nurses, On Leave (inactive).
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarOff, RotateCw, Stethoscope, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffStats } from '../../../shared/staff';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { Button } from '../../components/ui/button';
import { staffErrorText } from './staff-labels';

export function StaffStatCards({ query }: { query: UseQueryResult<StaffStats> }) {
  const { t } = useTranslation();
  const stats = query.data;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive p-4">
        <p className="text-sm text-destructive">{t('staff.cards.error', { message: staffErrorText(t, query.error) })}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCw aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const cards: StatCard[] = [
    { key: 'total', icon: Users, value: stats?.total, hint: t('staff.cards.activeCount', { count: stats?.active ?? 0 }) },
    { key: 'medicalOfficers', icon: Stethoscope, value: stats?.medicalOfficers, hint: t('staff.cards.medicalOfficersHint') },
    { key: 'nurses', icon: UserRound, value: stats?.nurses, hint: t('staff.cards.nursesHint') },
    { key: 'onLeave', icon: CalendarOff, value: stats?.onLeave, hint: t('staff.cards.onLeaveHint') },
  ].map((c) => ({ ...c, title: t(`staff.cards.${c.key}`), value: c.value?.toLocaleString('en-KE') }));
  return <StatCardGrid label={t('staff.cards.label')} cards={cards} loaded={stats !== undefined} testIdPrefix="staff-card-" />;
}
