import './facilities.strings';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, FileDown, Plus, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { COUNTY_PROFILE } from '../../../shared/county';
import { can } from '../../../shared/access';
import type { Facility } from '../../../shared/facilities';
import { useAuth } from '../../app/auth';
import { useSelectedFacility } from '../../app/selected-facility';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { AddFacilityDialog } from './add-facility-dialog';
import { FacilitiesTable } from './facilities-table';
import { FACILITIES_CSV_PATH, facilitiesQuery } from './facilities.api';
import { FacilityDetailsDialog, type DetailsMode } from './facility-details-dialog';
import { FacilityFiltersBar } from './facility-filters';
import { facilityCounts, filterFacilities, hasFilters, NO_FILTERS, subcountiesOf, type FacilityFilters } from './facility-list';
import { FacilityStatCards, FacilityStatusOverview } from './facility-stats';

/** Facilities (SPEC.md §2.13): the county's Master Facility List, its counts, filters and details. */
export function FacilitiesPage() {
  const { t } = useTranslation();
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
            <a href={FACILITIES_CSV_PATH} download title={t('facilities.performanceReportHint')}>
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

      {query.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
            <AlertCircle aria-hidden="true" className="h-8 w-8 text-destructive" />
            <p className="font-semibold">{t('facilities.error')}</p>
            <p className="text-sm text-muted-foreground">{t('common.loadError', { message: query.error.message })}</p>
            <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RotateCw aria-hidden="true" />
              {t('common.retry')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <FacilityStatCards counts={counts} />
          <FacilityStatusOverview counts={counts} />
          <Card>
            <CardHeader className="gap-4">
              <CardTitle>{rows ? t('facilities.table.title', { count: rows.length }) : t('facilities.table.titleLoading')}</CardTitle>
              <FacilityFiltersBar value={filters} subcounties={subcounties} onChange={setFilters} />
            </CardHeader>
            <CardContent>
              <FacilitiesTable
                key={JSON.stringify(filters)}
                rows={rows}
                filtered={hasFilters(filters)}
                canManage={canManage}
                onView={(facility) => setDetails({ facility, mode: 'view' })}
                onSettings={(facility) => setDetails({ facility, mode: 'settings' })}
                onAnalytics={openAnalytics}
                onAdd={() => setAdding(true)}
              />
            </CardContent>
          </Card>
        </>
      )}

      <AddFacilityDialog open={adding} onOpenChange={setAdding} />
      <FacilityDetailsDialog facility={details?.facility ?? null} mode={details?.mode ?? 'view'} onClose={() => setDetails(null)} />
    </div>
  );
}
