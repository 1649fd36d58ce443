import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FACILITY_LEVELS, FACILITY_STATUSES } from '../../../shared/constants';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { facilityStatusName, levelName } from '../../lib/labels';
import type { FacilityFilters } from './facility-list';

type Props = { value: FacilityFilters; subcounties: string[]; onChange: (next: FacilityFilters) => void };

/** SPEC.md §2.13 filters: search (name or location), level 2–6, status, and the data's sub-counties. */
export function FacilityFiltersBar({ value, subcounties, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<FacilityFilters>) => onChange({ ...value, ...patch });
  return (
    <div role="search" aria-label={t('facilities.filters.label')} className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_1fr]">
      <div className="grid gap-2">
        <Label htmlFor="facility-search">{t('facilities.filters.search')}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
          <Input
            id="facility-search"
            type="search"
            className="pl-9"
            placeholder={t('facilities.filters.searchPlaceholder')}
            value={value.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="facility-level">{t('facilities.filters.level')}</Label>
        <NativeSelect id="facility-level" value={value.level} onChange={(e) => set({ level: e.target.value })}>
          <option value="all">{t('facilities.filters.allLevels')}</option>
          {FACILITY_LEVELS.map((level) => (
            <option key={level} value={String(level)}>
              {t('facilities.filters.levelOption', { level, name: levelName(t, level) })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="facility-status">{t('facilities.filters.status')}</Label>
        <NativeSelect id="facility-status" value={value.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="all">{t('facilities.filters.allStatuses')}</option>
          {FACILITY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {facilityStatusName(t, status)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="facility-subcounty">{t('facilities.filters.subcounty')}</Label>
        <NativeSelect id="facility-subcounty" value={value.subcounty} onChange={(e) => set({ subcounty: e.target.value })}>
          <option value="all">{t('facilities.filters.allSubcounties')}</option>
          {subcounties.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
