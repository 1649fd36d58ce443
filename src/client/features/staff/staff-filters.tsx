// SPEC.md §2.12 filters: search (first name, last name or email), facility (all or each), role (the listed roles,
// which leave out the nutritionist), and status.
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/schemas/facility';
import { STAFF_FILTER_ROLES, STAFF_STATUSES } from '../../../shared/schemas/staff';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { roleName } from '../../lib/labels';
import type { StaffFilters } from './staff.api';

type Props = { value: StaffFilters; facilities: Facility[] | undefined; onChange: (next: StaffFilters) => void };

export function StaffFiltersBar({ value, facilities, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<StaffFilters>) => onChange({ ...value, ...patch });
  return (
    <div role="search" aria-label={t('staff.filters.label')} className="grid gap-4 md:grid-cols-[2fr_1.5fr_1fr_1fr]">
      <div className="grid gap-2">
        <Label htmlFor="staff-search">{t('staff.filters.search')}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
          <Input
            id="staff-search"
            type="search"
            className="pl-9"
            maxLength={100}
            autoComplete="off"
            placeholder={t('staff.filters.searchPlaceholder')}
            value={value.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="staff-facility">{t('staff.filters.facility')}</Label>
        <NativeSelect id="staff-facility" value={value.facilityId} onChange={(e) => set({ facilityId: e.target.value })}>
          <option value="all">{t('common.allFacilities')}</option>
          {facilities?.map((f) => (
            <option key={f.id} value={String(f.id)}>
              {f.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="staff-role">{t('staff.filters.role')}</Label>
        <NativeSelect id="staff-role" value={value.role} onChange={(e) => set({ role: e.target.value })}>
          <option value="all">{t('staff.filters.allRoles')}</option>
          {STAFF_FILTER_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(t, r)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="staff-status">{t('staff.filters.status')}</Label>
        <NativeSelect id="staff-status" value={value.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="all">{t('staff.filters.allStatuses')}</option>
          {STAFF_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`staff.status.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
