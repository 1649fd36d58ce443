// SPEC.md §2.8 filter row: search by patient name or ID (and invoice number), payment method, status, and a Search
// button; plus the facility, which starts at the shell's Current Facility. Nothing is sent until Search.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_STATUSES, PAYMENT_METHODS } from '../../../shared/billing';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { methodName, statusName } from './billing-labels';

export type FilterValues = { search: string; status: string; paymentMethod: string; facility: string };

export function BillingFilters({ initial, onSearch }: { initial: FilterValues; onSearch: (values: FilterValues) => void }) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const staff = useStaff();
  // Only the facilities whose invoices the reader may see: a desk its own, a sub-county officer his sub-county's.
  const readable = facilities.data?.filter((f) => staff.reaches('billing:read', f));
  const [values, setValues] = useState(initial);
  const set = (key: keyof FilterValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <FilterBar label={t('billing.filters.label')} submitLabel={t('billing.filters.submit')} onSubmit={() => onSearch({ ...values, search: values.search.trim() })}>
      <SearchField
        id="billing-search"
        label={t('billing.filters.search')}
        maxLength={100}
        autoComplete="off"
        placeholder={t('billing.filters.searchPlaceholder')}
        value={values.search}
        onChange={(e) => set('search')(e.target.value)}
      />
      <FilterSelect
        id="billing-method"
        label={t('billing.filters.paymentMethod')}
        value={values.paymentMethod}
        onChange={set('paymentMethod')}
        allLabel={t('billing.filters.allMethods')}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodName(t, m) }))}
      />
      <FilterSelect
        id="billing-status"
        label={t('billing.filters.status')}
        value={values.status}
        onChange={set('status')}
        allLabel={t('billing.filters.allStatuses')}
        options={BILLING_STATUSES.map((s) => ({ value: s, label: statusName(t, s) }))}
      />
      {/* The chosen facility stays listed until the list arrives. */}
      <FilterSelect
        id="billing-facility"
        label={t('billing.filters.facility')}
        value={values.facility}
        onChange={set('facility')}
        allLabel={t('common.allFacilities')}
        options={facilityOptions(readable)}
        loadingLabel={t('common.loading')}
      />
    </FilterBar>
  );
}
