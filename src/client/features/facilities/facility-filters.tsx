import { useTranslation } from 'react-i18next';
import { FACILITY_LEVELS, FACILITY_STATUSES } from '../../../shared/facilities';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { facilityStatusName, levelName } from '../../lib/labels';
import type { FacilityFilters } from './facility-list';

type Props = { value: FacilityFilters; subcounties: string[]; onChange: (next: FacilityFilters) => void };

/** SPEC.md §2.13 filters: search (name or location), level 2–6, status, and the data's sub-counties. */
export function FacilityFiltersBar({ value, subcounties, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<FacilityFilters>) => onChange({ ...value, ...patch });
  return (
    <FilterBar label={t('facilities.filters.label')}>
      <SearchField
        id="facility-search"
        label={t('facilities.filters.search')}
        placeholder={t('facilities.filters.searchPlaceholder')}
        value={value.search}
        onChange={(e) => set({ search: e.target.value })}
      />
      <FilterSelect
        id="facility-level"
        label={t('facilities.filters.level')}
        value={value.level}
        onChange={(level) => set({ level })}
        allLabel={t('facilities.filters.allLevels')}
        allValue="all"
        options={FACILITY_LEVELS.map((level) => ({ value: String(level), label: t('facilities.filters.levelOption', { level, name: levelName(t, level) }) }))}
      />
      <FilterSelect
        id="facility-status"
        label={t('facilities.filters.status')}
        value={value.status}
        onChange={(status) => set({ status })}
        allLabel={t('facilities.filters.allStatuses')}
        allValue="all"
        options={FACILITY_STATUSES.map((status) => ({ value: status, label: facilityStatusName(t, status) }))}
      />
      <FilterSelect
        id="facility-subcounty"
        label={t('facilities.filters.subcounty')}
        value={value.subcounty}
        onChange={(subcounty) => set({ subcounty })}
        allLabel={t('facilities.filters.allSubcounties')}
        allValue="all"
        options={subcounties.map((s) => ({ value: s, label: s }))}
      />
    </FilterBar>
  );
}
