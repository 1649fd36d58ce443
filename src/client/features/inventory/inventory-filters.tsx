// SPEC.md §2.15 filters: search, facility (every facility in the database), category, status, and a Search
// button. The lists apply at once; the typed search applies with the button or Enter.
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_CATEGORIES, STOCK_STATUSES } from '../../../shared/constants';
import type { Facility } from '../../../shared/schemas/facility';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export type FilterValues = { search: string; facilityId: string; category: string; status: string };

type Props = { value: FilterValues; facilities: Facility[] | undefined; onApply: (next: FilterValues) => void };

export function InventoryFiltersBar({ value, facilities, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value.search);
  const apply = (patch: Partial<FilterValues>) => onApply({ ...value, search: draft.trim(), ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({});
  };
  return (
    <form role="search" aria-label={t('inventory.filters.label')} onSubmit={submit} className="grid gap-4 md:grid-cols-[2fr_1.5fr_1fr_1fr_auto] md:items-end">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="inventory-search">{t('inventory.filters.search')}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
          <Input
            id="inventory-search"
            type="search"
            className="pl-9"
            maxLength={100}
            autoComplete="off"
            placeholder={t('inventory.filters.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="inventory-facility">{t('inventory.filters.facility')}</Label>
        <NativeSelect id="inventory-facility" value={value.facilityId} onChange={(e) => apply({ facilityId: e.target.value })}>
          <option value="">{t('common.allFacilities')}</option>
          {/* The chosen facility stays listed while the list loads. */}
          {!facilities && value.facilityId ? <option value={value.facilityId}>{t('common.loading')}</option> : null}
          {facilities?.map((f) => (
            <option key={f.id} value={String(f.id)}>
              {f.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="inventory-category">{t('inventory.filters.category')}</Label>
        <NativeSelect id="inventory-category" value={value.category} onChange={(e) => apply({ category: e.target.value })}>
          <option value="">{t('inventory.filters.allCategories')}</option>
          {INVENTORY_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`inventory.categories.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="inventory-status">{t('inventory.filters.status')}</Label>
        <NativeSelect id="inventory-status" value={value.status} onChange={(e) => apply({ status: e.target.value })}>
          <option value="">{t('inventory.filters.allStatuses')}</option>
          {STOCK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`inventory.statuses.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">
        <Search aria-hidden="true" />
        {t('inventory.filters.submit')}
      </Button>
    </form>
  );
}
