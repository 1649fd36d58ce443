import './facilities.strings';
import { useQuery } from '@tanstack/react-query';
import { Building2, FileDown, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { COUNTY_PROFILE } from '../../../shared/county';
import { can } from '../../../shared/access';
import type { Facility } from '../../../shared/facilities';
import { useAuth } from '../../app/auth';
import { useSelectedFacility } from '../../app/selected-facility';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { AddFacilityDialog } from './add-facility-dialog';
import { FacilitiesTable, PAGE_SIZE } from './facilities-table';
import { fileLanguage } from '../../lib/download';
import { FACILITIES_CSV_PATH, facilitiesQuery } from './facilities.api';
import { FacilityDetailsDialog, type DetailsMode } from './facility-details-dialog';
import { FacilityFiltersBar } from './facility-filters';
import { facilityCounts, filterFacilities, hasFilters, NO_FILTERS, subcountiesOf, type FacilityFilters } from './facility-list';
import { FacilityStatCards, FacilityStatusOverview } from './facility-stats';

/** Facilities (SPEC.md §2.13): the county's Master Facility List, its counts, filters and details. */
export function FacilitiesPage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const role = auth.status === 'authenticated' ? (auth.user?.role ?? auth.display.role) : '';
  const canManage = can(role, 'facilities:manage');
  const [, navigate] = useLocation();
  const { setFacilityId } = useSelectedFacility();
  const query = useQuery(facilitiesQuery);
  const [filters, setFilters] = useState<FacilityFilters>(NO_FILTERS);
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<{ facility: Facility; mode: DetailsMode } | null>(null);

  const counts = useMemo(() => (query.data ? facilityCounts(query.data) : undefined), [query.data]);
  const subcounties = useMemo(() => subcountiesOf(query.data ?? []), [query.data]);
  const rows = useMemo(() => (query.data ? filterFacilities(query.data, filters) : undefined), [query.data, filters]);
  // The list pages on the client; new filters start again at the first page, and a shorter list keeps a page.
  const [offset, setOffset] = useState(0);
  const start = rows && offset >= rows.length ? Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1) * PAGE_SIZE : offset;
  const visible = rows?.slice(start, start + PAGE_SIZE);
  const changeFilters = (next: FacilityFilters) => {
    setFilters(next);
    setOffset(0);
  };

  // Analytics: the dashboard shows the shell's Current Facility, so choose this one and go there.
  const openAnalytics = (f: Facility) => {
    setFacilityId(f.id);
    navigate('/');
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('facilities.title')}</h1>
          <p className="text-muted-foreground">{t('facilities.subtitle', { county: COUNTY_PROFILE.name })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`${FACILITIES_CSV_PATH}?lang=${fileLanguage(i18n.resolvedLanguage)}`} download title={t('facilities.performanceReportHint')}>
              <FileDown aria-hidden="true" />
              {t('facilities.performanceReport')}
            </a>
          </Button>
          {canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t('facilities.addFacility')}
            </Button>
          ) : null}
        </div>
      </div>

      {query.isError ? null : (
        <>
          <FacilityStatCards counts={counts} />
          <FacilityStatusOverview counts={counts} />
        </>
      )}
      <FacilityFiltersBar value={filters} subcounties={subcounties} onChange={changeFilters} />
      <ListCard
        title={rows ? t('facilities.table.title', { count: rows.length }) : t('facilities.table.titleLoading')}
        query={{ ...query, data: rows && visible && { rows: visible, total: rows.length } }}
        errorMessage={(error) => `${t('facilities.error')}: ${error.message}`}
        paging={{ label: t('facilities.table.pagination'), offset: start, pageSize: PAGE_SIZE, onOffset: setOffset }}
        empty={
          <EmptyState
            icon={Building2}
            title={t('facilities.empty.title')}
            hint={hasFilters(filters) ? t('facilities.empty.filteredHint') : t('facilities.empty.hint')}
            action={
              canManage ? (
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  {t('facilities.empty.addFirst')}
                </Button>
              ) : null
            }
          />
        }
      >
        <FacilitiesTable
          rows={visible}
          canManage={canManage}
          onView={(facility) => setDetails({ facility, mode: 'view' })}
          onSettings={(facility) => setDetails({ facility, mode: 'settings' })}
          onAnalytics={openAnalytics}
        />
      </ListCard>

      <AddFacilityDialog open={adding} onOpenChange={setAdding} />
      <FacilityDetailsDialog facility={details?.facility ?? null} mode={details?.mode ?? 'view'} onClose={() => setDetails(null)} />
    </div>
  );
}
