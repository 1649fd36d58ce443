// The period and facility filters §2.7 shows (and leaves unused there): both drive every figure on the screen.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVENUE_PERIODS, type RevenuePeriod, type RevenueSummary } from '../../../shared/revenue';
import { COUNTY_WIDE } from '../../app/selected-facility';
import { Card, CardContent } from '../../components/ui/card';
import { NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { facilitiesQuery } from '../facilities/facilities.api';
import { formatRange } from './revenue-labels';

type Props = {
  period: RevenuePeriod;
  onPeriod: (period: RevenuePeriod) => void;
  facilityId: number;
  onFacility: (facilityId: number) => void;
  summary: RevenueSummary | undefined;
};

export function RevenueFilters({ period, onPeriod, facilityId, onFacility, summary }: Props) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6 md:grid-cols-[14rem_minmax(0,22rem)_1fr] md:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="revenue-period">{t('revenue.filters.period')}</Label>
          <NativeSelect id="revenue-period" value={period} onChange={(e) => onPeriod(e.target.value as RevenuePeriod)}>
            {REVENUE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`revenue.periods.${p}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="revenue-facility">{t('revenue.filters.facility')}</Label>
          <NativeSelect id="revenue-facility" value={String(facilityId)} onChange={(e) => onFacility(Number(e.target.value))} disabled={facilities.isPending}>
            <option value={String(COUNTY_WIDE)}>{t('common.allFacilities')}</option>
            {facilities.data?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
            {/* The shell's facility stays selectable while the list loads or if it failed. */}
            {!facilities.data && facilityId !== COUNTY_WIDE ? <option value={String(facilityId)}>{t('common.loading')}</option> : null}
          </NativeSelect>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="revenue-period-range">
          {summary ? t('revenue.filters.range', { current: formatRange(summary.current), previous: formatRange(summary.previous) }) : null}
        </p>
      </CardContent>
    </Card>
  );
}
