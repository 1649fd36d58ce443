// Staff Management (SPEC.md §2.12): the county's staff from the users table, with the spec's cards, filters and
// table. Every signed-in user reads the directory (phones masked); staff managers (DESIGN.md §7) add accounts
// and deactivate or reactivate them. The search lives in component state, never in the URL.
import './staff.strings';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTY_PROFILE } from '../../../shared/county';
import type { StaffMember } from '../../../shared/staff';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { facilitiesQuery } from '../facilities';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../app/use-staff';
import { SchedulesDialog } from './schedules-dialog';
import { hasStaffFilters, NO_STAFF_FILTERS, STAFF_PAGE_SIZE, staffListQuery, staffStatsQuery, type StaffFilters } from './staff.api';
import { StaffFiltersBar } from './staff-filters';
import { staffErrorText } from './staff-labels';
import { StaffStatCards } from './staff-stats';
import { StaffStatusDialog } from './staff-status-dialog';
import { AccountRequestsCard } from './account-requests-card';
import { SendPasswordDialog } from './send-password-dialog';
import { StaffTable } from './staff-table';
import { formatNumber } from '../../lib/locale-format';

// The form (react-hook-form and its resolver) loads when a manager opens it: most readers never do.
const AddStaffDialog = lazy(() => import('./add-staff-dialog').then((m) => ({ default: m.AddStaffDialog })));

export function StaffPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const canManage = staff.may('staff:manage');
  const seesRequests = canManage || staff.may('staff:confirm');
  const facilities = useQuery(facilitiesQuery);
  const [filters, setFilters] = useState<StaffFilters>(NO_STAFF_FILTERS);
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [viewingRoster, setViewingRoster] = useState(false);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [sendingTo, setSendingTo] = useState<StaffMember | null>(null);

  const search = useDebouncedValue(filters.search.trim(), 300);
  const applied = { ...filters, search };
  const query = useQuery(staffListQuery(applied, offset));
  const stats = useQuery(staffStatsQuery(filters.facilityId));
  const filtered = hasStaffFilters(applied);
  const total = query.data?.total;

  const changeFilters = (next: StaffFilters) => {
    setFilters(next);
    setOffset(0);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('staff.title')}</h1>
          <p className="text-muted-foreground">{t('staff.subtitle', { county: COUNTY_PROFILE.name })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setViewingRoster(true)}>
            <CalendarDays aria-hidden="true" />
            {t('staff.viewSchedules')}
          </Button>
          {canManage ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" />
              {t('staff.addStaff')}
            </Button>
          ) : null}
        </div>
      </div>

      <StaffStatCards query={stats} />

      {seesRequests ? <AccountRequestsCard /> : null}

      <StaffFiltersBar value={filters} facilities={facilities.data} onChange={changeFilters} />

      <ListCard
        title={total === undefined ? t('staff.table.title') : t('staff.table.titleCount', { total: formatNumber(total) })}
        icon={Users}
        query={query}
        errorMessage={(error) => t('staff.table.error', { message: staffErrorText(t, error) })}
        paging={{ label: t('staff.table.pagination'), offset, pageSize: STAFF_PAGE_SIZE, onOffset: setOffset }}
        empty={
          <EmptyState
            icon={Users}
            title={t('staff.empty.title')}
            hint={filtered ? t('staff.empty.filtered') : t('staff.empty.none')}
            action={
              filtered ? (
                <Button variant="outline" onClick={() => changeFilters(NO_STAFF_FILTERS)}>
                  {t('staff.filters.clear')}
                </Button>
              ) : canManage ? (
                <Button onClick={() => setAdding(true)}>
                  <UserPlus aria-hidden="true" />
                  {t('staff.addStaff')}
                </Button>
              ) : null
            }
          />
        }
      >
        <StaffTable rows={query.data?.rows} loading={query.isPending} onChangeStatus={setChanging} onSendPassword={setSendingTo} />
      </ListCard>

      {canManage && adding ? (
        <Suspense fallback={null}>
          <AddStaffDialog open onOpenChange={setAdding} actorRole={staff.role} defaultFacilityId={staff.facilityId} />
        </Suspense>
      ) : null}
      <SchedulesDialog open={viewingRoster} onOpenChange={setViewingRoster} />
      <StaffStatusDialog member={changing} onClose={() => setChanging(null)} />
      <SendPasswordDialog member={sendingTo} onClose={() => setSendingTo(null)} />
    </div>
  );
}
