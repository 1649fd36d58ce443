// SPEC.md §2.15 filters: search, facility (every facility in the database), category, status, and a Search
// button. The lists apply at once; the typed search applies with the button or Enter.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_CATEGORIES, STOCK_STATUSES } from '../../../shared/inventory';
import type { Facility } from '../../../shared/facilities';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';

export type FilterValues = { search: string; facilityId: string; category: string; status: string };

type Props = { value: FilterValues; facilities: Facility[] | undefined; onApply: (next: FilterValues) => void };

export function InventoryFiltersBar({ value, facilities, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value.search);
  const apply = (patch: Partial<FilterValues>) => onApply({ ...value, search: draft.trim(), ...patch });
  return (
    <FilterBar label={t('inventory.filters.label')} submitLabel={t('inventory.filters.submit')} onSubmit={() => apply({})}>
      <SearchField
        id="inventory-search"
        label={t('inventory.filters.search')}
        maxLength={100}
        autoComplete="off"
        placeholder={t('inventory.filters.searchPlaceholder')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      {/* The chosen facility stays listed while the list loads. */}
      <FilterSelect
        id="inventory-facility"
        label={t('inventory.filters.facility')}
        value={value.facilityId}
        onChange={(facilityId) => apply({ facilityId })}
        allLabel={t('common.allFacilities')}
        options={facilityOptions(facilities)}
        loadingLabel={t('common.loading')}
      />
      <FilterSelect
        id="inventory-category"
        label={t('inventory.filters.category')}
        value={value.category}
        onChange={(category) => apply({ category })}
        allLabel={t('inventory.filters.allCategories')}
        options={INVENTORY_CATEGORIES.map((c) => ({ value: c, label: t(`inventory.categories.${c}`) }))}
      />
      <FilterSelect
        id="inventory-status"
        label={t('inventory.filters.status')}
        value={value.status}
        onChange={(status) => apply({ status })}
        allLabel={t('inventory.filters.allStatuses')}
        options={STOCK_STATUSES.map((s) => ({ value: s, label: t(`inventory.statuses.${s}`) }))}
      />
    </FilterBar>
  );
}
