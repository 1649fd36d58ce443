// SPEC.md §2.14 filters: search patients, facility (every facility in the database), status, urgency, and a
// Search button. Typing also filters once it pauses; the button applies the text at once.
import { useTranslation } from 'react-i18next';
import { REFERRAL_STATUSES, URGENCY_LEVELS } from '../../../shared/referrals';
import type { Facility } from '../../../shared/facilities';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';

export type FilterValues = { search: string; facility: string; status: string; urgency: string };

type Props = {
  values: FilterValues;
  facilities: Facility[] | undefined;
  showFacility: boolean;
  onChange: (patch: Partial<FilterValues>) => void;
  onSearch: () => void;
};

export function ReferralFilters({ values, facilities, showFacility, onChange, onSearch }: Props) {
  const { t } = useTranslation();
  return (
    <FilterBar label={t('referrals.filters.label')} submitLabel={t('referrals.filters.submit')} onSubmit={onSearch}>
      <SearchField
        id="referral-search"
        label={t('referrals.filters.search')}
        maxLength={100}
        autoComplete="off"
        placeholder={t('referrals.filters.searchPlaceholder')}
        value={values.search}
        onChange={(e) => onChange({ search: e.target.value })}
      />
      {showFacility ? (
        <FilterSelect
          id="referral-facility-filter"
          label={t('referrals.filters.facility')}
          value={values.facility}
          onChange={(facility) => onChange({ facility })}
          allLabel={t('common.allFacilities')}
          options={facilityOptions(facilities) ?? []}
        />
      ) : null}
      <FilterSelect
        id="referral-status-filter"
        label={t('referrals.filters.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        allLabel={t('referrals.filters.allStatuses')}
        options={REFERRAL_STATUSES.map((s) => ({ value: s, label: t(`referrals.status.${s}`) }))}
      />
      <FilterSelect
        id="referral-urgency-filter"
        label={t('referrals.filters.urgency')}
        value={values.urgency}
        onChange={(urgency) => onChange({ urgency })}
        allLabel={t('referrals.filters.allUrgencies')}
        options={URGENCY_LEVELS.map((u) => ({ value: u, label: t(`referrals.urgency.${u}`) }))}
      />
    </FilterBar>
  );
}
