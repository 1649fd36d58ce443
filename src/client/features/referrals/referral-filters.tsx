// SPEC.md §2.14 filters: search patients, facility (every facility in the database), status, urgency, and a
// Search button. Typing also filters once it pauses; the button applies the text at once.
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_STATUSES, URGENCY_LEVELS } from '../../../shared/referrals';
import type { Facility } from '../../../shared/facilities';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { SearchField } from '../../components/data/search-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form role="search" aria-label={t('referrals.filters.label')} onSubmit={submit} className="grid items-end gap-4 md:grid-cols-2 xl:grid-cols-[1fr_16rem_12rem_12rem_auto]">
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
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('referrals.filters.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
