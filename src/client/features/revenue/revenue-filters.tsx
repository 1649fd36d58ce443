// The period and facility filters §2.7 shows (and leaves unused there): both drive every figure on the screen.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVENUE_PERIODS, type RevenuePeriod, type RevenueSummary } from '../../../shared/revenue';
import { COUNTY_WIDE } from '../../app/selected-facility';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { useStaff } from '../../app/use-staff';
import { REVENUE_READERS } from './revenue-labels';
import { facilitiesQuery } from '../facilities';
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
  const staff = useStaff();
  // Only the facilities the reader's grants reach (revenue.routes.ts: billing:read or finance:read).
  const readable = facilities.data?.filter((f) => staff.reaches(REVENUE_READERS, f));
  return (
    <FilterBar>
      <FilterSelect
        id="revenue-period"
        label={t('revenue.filters.period')}
        value={period}
        onChange={(p) => onPeriod(p as RevenuePeriod)}
        options={REVENUE_PERIODS.map((p) => ({ value: p, label: t(`revenue.periods.${p}`) }))}
      />
      {/* The shell's facility stays listed while the list loads or if it failed. */}
      <FilterSelect
        id="revenue-facility"
        label={t('revenue.filters.facility')}
        value={String(facilityId)}
        onChange={(id) => onFacility(Number(id))}
        allLabel={t('common.allFacilities')}
        allValue={String(COUNTY_WIDE)}
        options={facilityOptions(readable)}
        loadingLabel={t('common.loading')}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="revenue-period-range">
        {summary ? t('revenue.filters.range', { current: formatRange(summary.current), previous: formatRange(summary.previous) }) : null}
      </p>
    </FilterBar>
  );
}
