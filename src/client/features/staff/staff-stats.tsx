// SPEC.md §2.12 cards: Total Staff with the active count, Medical Officers, Nurses, On Leave (inactive).
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarOff, RotateCw, Stethoscope, UserRound, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffStats } from '../../../shared/schemas/staff';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
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
  const cards: { key: string; icon: LucideIcon; value?: number; hint: string }[] = [
    { key: 'total', icon: Users, value: stats?.total, hint: t('staff.cards.activeCount', { count: stats?.active ?? 0 }) },
    { key: 'medicalOfficers', icon: Stethoscope, value: stats?.medicalOfficers, hint: t('staff.cards.medicalOfficersHint') },
    { key: 'nurses', icon: UserRound, value: stats?.nurses, hint: t('staff.cards.nursesHint') },
    { key: 'onLeave', icon: CalendarOff, value: stats?.onLeave, hint: t('staff.cards.onLeaveHint') },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('staff.cards.label')}>
      {cards.map((c) => (
        <li key={c.key}>
          <Card className="h-full" data-testid={`staff-card-${c.key}`}>
            <CardHeader className="flex-row items-center justify-between space-y-0 pb-2">
              <h2 className="text-sm font-medium">{t(`staff.cards.${c.key}`)}</h2>
              <c.icon aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
            </CardHeader>
            <CardContent>
              {stats ? (
                <>
                  <p className="text-2xl font-bold" data-testid="value">
                    {c.value?.toLocaleString('en-KE')}
                  </p>
                  <p className="text-xs text-muted-foreground">{c.hint}</p>
                </>
              ) : (
                <>
                  <Skeleton className="h-8 w-16" />
                  <Skeleton className="mt-2 h-3 w-24" />
                </>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
