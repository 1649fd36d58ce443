// SPEC.md §2.12 filters: search (first name, last name or email), facility (all or each), role (the listed roles,
// which leave out the nutritionist), and status.
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { STAFF_FILTER_ROLES, STAFF_STATUSES } from '../../../shared/staff';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { roleName } from '../../lib/labels';
import type { StaffFilters } from './staff.api';

type Props = { value: StaffFilters; facilities: Facility[] | undefined; onChange: (next: StaffFilters) => void };

export function StaffFiltersBar({ value, facilities, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<StaffFilters>) => onChange({ ...value, ...patch });
  return (
    <FilterBar label={t('staff.filters.label')}>
      <SearchField
        id="staff-search"
        label={t('staff.filters.search')}
        maxLength={100}
        autoComplete="off"
        placeholder={t('staff.filters.searchPlaceholder')}
        value={value.search}
        onChange={(e) => set({ search: e.target.value })}
      />
      <FilterSelect
        id="staff-facility"
        label={t('staff.filters.facility')}
        value={value.facilityId}
        onChange={(facilityId) => set({ facilityId })}
        allLabel={t('common.allFacilities')}
        allValue="all"
        options={facilityOptions(facilities) ?? []}
      />
      <FilterSelect
        id="staff-role"
        label={t('staff.filters.role')}
        value={value.role}
        onChange={(role) => set({ role })}
        allLabel={t('staff.filters.allRoles')}
        allValue="all"
        options={STAFF_FILTER_ROLES.map((r) => ({ value: r, label: roleName(t, r) }))}
      />
      <FilterSelect
        id="staff-status"
        label={t('staff.filters.status')}
        value={value.status}
        onChange={(status) => set({ status })}
        allLabel={t('staff.filters.allStatuses')}
        allValue="all"
        options={STAFF_STATUSES.map((s) => ({ value: s, label: t(`staff.status.${s}`) }))}
      />
    </FilterBar>
  );
}
