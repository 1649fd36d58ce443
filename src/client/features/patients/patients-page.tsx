// SPEC.md §2.6 Patient Registry. The search and filters live in component state, never in the URL: a patient's
// name typed into a search box must not end up in browser history or server logs (DESIGN.md §1.4).
import './patients.strings';
import { useQuery } from '@tanstack/react-query';
import { Search, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../shared/schemas/patient';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities/facilities.api';
import { AddMedicalRecordDialog } from './add-medical-record-dialog';
import { PatientDetailsDialog } from './patient-details-dialog';
import { errorText } from './patient-labels';
import { PATIENT_PAGE_SIZE, patientsQuery } from './patients.api';
import { PatientsTable } from './patients-table';
import { RegisterPatientDialog } from './register-patient-dialog';
import { useDebouncedValue, useStaff } from './use-staff';

export function PatientsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const [search, setSearch] = useState('');
  const [facilityFilter, setFacilityFilter] = useState('');
  const [offset, setOffset] = useState(0);
  const [registering, setRegistering] = useState(false);
  const [selected, setSelected] = useState<Patient | null>(null);
  const [addingRecord, setAddingRecord] = useState(false);

  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const facilityId = facilityFilter ? Number(facilityFilter) : undefined;
  const query = useQuery(patientsQuery({ search: debouncedSearch, facilityId, offset }));
  const filtered = debouncedSearch !== '' || facilityId !== undefined;
  const canRegister = staff.may('patients:register');
  const canAddRecord = staff.may('records:write');
  const total = query.data?.total;

  const changeSearch = (value: string) => {
    setSearch(value);
    setOffset(0);
  };
  const changeFacility = (value: string) => {
    setFacilityFilter(value);
    setOffset(0);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('patients.page.title')}</h1>
          <p className="text-muted-foreground">{t('patients.page.subtitle')}</p>
        </div>
        {canRegister ? (
          <Button onClick={() => setRegistering(true)}>
            <UserPlus aria-hidden="true" />
            {t('patients.page.register')}
          </Button>
        ) : null}
      </div>

      <Card>
        <CardContent className="grid gap-4 pt-6 md:grid-cols-[1fr_18rem]">
          <div className="grid gap-1.5">
            <Label htmlFor="patient-search">{t('patients.page.searchLabel')}</Label>
            <div className="relative">
              <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
              <Input
                id="patient-search"
                type="search"
                className="pl-9"
                maxLength={100}
                autoComplete="off"
                placeholder={t('patients.page.searchPlaceholder')}
                value={search}
                onChange={(e) => changeSearch(e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="patient-facility-filter">{t('patients.page.facilityFilter')}</Label>
            <NativeSelect id="patient-facility-filter" value={facilityFilter} onChange={(e) => changeFacility(e.target.value)}>
              <option value="">{t('common.allFacilities')}</option>
              {facilities.data?.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users aria-hidden="true" className="h-5 w-5" />
            {total === undefined ? t('patients.page.patients') : t('patients.page.patientsCount', { total: total.toLocaleString('en-KE') })}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4" aria-busy={query.isFetching || undefined}>
          {query.isError ? (
            <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-destructive p-4">
              <p className="text-sm text-destructive">
                {query.error instanceof ApiError && query.error.status === 403
                  ? t('patients.page.forbidden')
                  : t('common.loadError', { message: errorText(t, query.error, t('common.error')) })}
              </p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : query.data && query.data.rows.length === 0 ? (
            <div className="grid justify-items-center gap-3 py-10 text-center">
              <Users aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
              <h3 className="text-lg font-semibold">{t('patients.page.emptyTitle')}</h3>
              <p className="text-sm text-muted-foreground">{filtered ? t('patients.page.emptyFiltered') : t('patients.page.emptyNone')}</p>
              {canRegister ? (
                <Button onClick={() => setRegistering(true)}>
                  <UserPlus aria-hidden="true" />
                  {t('patients.page.registerFirst')}
                </Button>
              ) : null}
            </div>
          ) : (
            <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <PatientsTable
                rows={query.data?.rows}
                loading={query.isPending}
                canAddRecord={canAddRecord}
                onView={(p) => setSelected(p)}
                onAddRecord={(p) => {
                  setSelected(p);
                  setAddingRecord(true);
                }}
              />
            </div>
          )}
          {query.data && query.data.total > 0 ? (
            <Pagination offset={offset} count={query.data.rows.length} total={query.data.total} onOffset={setOffset} />
          ) : null}
        </CardContent>
      </Card>

      <RegisterPatientDialog open={registering} onOpenChange={setRegistering} />
      <PatientDetailsDialog
        patient={selected}
        open={selected !== null && !addingRecord}
        onOpenChange={(open) => (open ? undefined : setSelected(null))}
        onAddRecord={() => setAddingRecord(true)}
      />
      {selected && canAddRecord ? <AddMedicalRecordDialog patient={selected} open={addingRecord} onOpenChange={setAddingRecord} /> : null}
    </div>
  );
}

function Pagination({ offset, count, total, onOffset }: { offset: number; count: number; total: number; onOffset: (offset: number) => void }) {
  const { t } = useTranslation();
  const fmt = (n: number) => n.toLocaleString('en-KE');
  return (
    <nav aria-label={t('patients.page.pagination')} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('common.showing', { from: fmt(count === 0 ? 0 : offset + 1), to: fmt(offset + count), total: fmt(total) })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PATIENT_PAGE_SIZE))}>
          {t('common.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={offset + count >= total} onClick={() => onOffset(offset + PATIENT_PAGE_SIZE)}>
          {t('common.next')}
        </Button>
      </div>
    </nav>
  );
}
