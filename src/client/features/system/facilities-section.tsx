// The county's facilities with the details the county keeps: status, beds, cots and services. Those who manage
// facilities (the administrator and the director county-wide, a sub-county medical officer his sub-county) edit
// them; every change is kept in History under the facility's MFL code.
import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { EmptyState } from '../../components/data/empty-state';
import { ListError } from '../../components/data/list-error';
import { Pagination } from '../../components/data/pagination';
import { SearchField } from '../../components/data/filter-bar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { facilityStatusName, levelName } from '../../lib/labels';
import { formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { FacilityDialog } from './facility-dialog';
import { SectionHeading } from './section-heading';
import { systemErrorText } from './system-labels';

const PAGE = 20;
const STATUS_BADGE = { operational: 'success', limited: 'warning', maintenance: 'danger' } as const;

export function FacilitiesSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Facility | null>(null);
  const mayManage = staff.may('facilities:manage');

  const found = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = facilities.data ?? [];
    return q ? all.filter((f) => [f.name, f.mflCode, f.subcounty, f.ward ?? '', f.location].some((v) => v.toLowerCase().includes(q))) : all;
  }, [facilities.data, search]);
  const page = found.slice(offset, offset + PAGE);

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.facilities.title')} intro={mayManage ? t('system.facilities.intro') : t('system.facilities.introReadOnly')} />
      <SearchField
        id="system-facility-search"
        label={t('system.facilities.search')}
        placeholder={t('system.facilities.searchPlaceholder')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setOffset(0);
        }}
      />
      {facilities.error ? (
        <ListError message={t('common.loadError', { message: systemErrorText(t, facilities.error) })} onRetry={() => void facilities.refetch()} retrying={facilities.isFetching} />
      ) : !facilities.data ? (
        <Skeleton className="h-64 w-full" />
      ) : found.length === 0 ? (
        <EmptyState icon={Building2} title={t('system.facilities.noneTitle')} hint={t('system.facilities.noneHint')} />
      ) : (
        <>
          <ul className="grid gap-2" aria-label={t('system.facilities.listLabel')} data-testid="system-facilities">
            {page.map((f) => {
              const editable = mayManage && staff.reaches('facilities:manage', f);
              return (
                <li key={f.id}>
                  <Card>
                    <CardContent className="flex flex-wrap items-start justify-between gap-3 p-3">
                      <div className="grid min-w-0 gap-1 text-sm">
                        <p className="font-medium">{f.name}</p>
                        <p className="text-muted-foreground">
                          {t('system.facilities.meta', { mfl: f.mflCode, level: levelName(t, f.level), subcounty: f.subcounty })}
                        </p>
                        <p className="text-muted-foreground">
                          {t('system.facilities.beds', { beds: f.capacity === null ? t('system.facilities.unknown') : formatNumber(f.capacity), cots: f.cots === null ? t('system.facilities.unknown') : formatNumber(f.cots) })}
                          {' · '}
                          {t('system.facilities.servicesCount', { count: f.services.length })}
                        </p>
                      </div>
                      <div className="flex items-center gap-2">
                        <Badge variant={STATUS_BADGE[f.status]}>{facilityStatusName(t, f.status)}</Badge>
                        {editable ? (
                          <Button size="sm" variant="outline" onClick={() => setEditing(f)} aria-label={t('system.facilities.editNamed', { name: f.name })}>
                            {t('system.facilities.edit')}
                          </Button>
                        ) : null}
                      </div>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
          <Pagination label={t('system.facilities.pages')} offset={offset} count={page.length} total={found.length} pageSize={PAGE} onOffset={setOffset} />
        </>
      )}
      {editing ? <FacilityDialog facility={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
