import { AlertTriangle, Building2, CheckCircle2, Home, Hospital, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
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

export function FacilityStatusOverview({ counts }: { counts: FacilityCounts | undefined }) {
  const { t } = useTranslation();
  const rows: { key: 'operational' | 'limited' | 'maintenance'; icon: LucideIcon; tone: string; hint: string }[] = [
    {
      key: 'operational',
      icon: CheckCircle2,
      tone: 'text-green-700',
      hint: t('facilities.status.operationalHint', { percent: counts?.operationalPercent ?? 0 }),
    },
    { key: 'limited', icon: AlertTriangle, tone: 'text-yellow-700', hint: t('facilities.status.limitedHint') },
    { key: 'maintenance', icon: Wrench, tone: 'text-red-700', hint: t('facilities.status.maintenanceHint') },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('facilities.status.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-3">
          {rows.map((r) => (
            <li key={r.key} className="flex items-start gap-3 rounded-lg border p-4" data-testid={`status-${r.key}`}>
              <r.icon aria-hidden="true" className={`mt-1 h-5 w-5 ${r.tone}`} />
              <div className="grid gap-0.5">
                <h3 className="text-sm font-medium">{t(`facilityStatus.${r.key}`)}</h3>
                {counts ? (
                  <>
                    <p className="text-2xl font-bold" data-testid="value">{counts[r.key]}</p>
                    <p className="text-xs text-muted-foreground">{r.hint}</p>
                  </>
                ) : (
                  <>
                    <Skeleton className="h-7 w-12" />
                    <Skeleton className="h-3 w-28" />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
