// SPEC.md §2.6 Patient Registry. The search and filters live in component state, never in the URL: a patient's
// name typed into a search box must not end up in browser history or server logs (DESIGN.md §1.4).
import './patients.strings';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotForRole } from '../../components/data/not-for-role';
import type { Patient } from '../../../shared/patients';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { AddMedicalRecordDialog } from './add-medical-record-dialog';
import { PatientDetailsDialog } from './patient-details-dialog';
import { errorText } from './patient-labels';
import { PATIENT_PAGE_SIZE, patientsQuery } from './patients.api';
import { PatientsTable } from './patients-table';
import { isWaiting } from './patients.offline';
import { RegisterPatientDialog } from './register-patient-dialog';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../app/use-staff';
import { formatNumber } from '../../lib/locale-format';

/** The records slot of Patient Details (app/modules.ts): it ships with this page, which is loaded when the details show. */
export { PatientRecords } from './patient-records';

/**
 * A role that may not read patients (the system administrator) is told so once, and nothing is asked of the server:
 * no refused list with a "Try again" that can only be refused again (issue 12).
 */
export function PatientsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  if (staff.role && !staff.may('patients:read')) {
    return <NotForRole title={t('patients.page.title')} subtitle={t('patients.page.subtitle')} note={t('patients.page.forbidden')} testId="patients-forbidden" />;
  }
  return <PatientsScreen />;
}

function PatientsScreen() {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const [search, setSearch] = useState('');
  const [facilityFilter, setFacilityFilter] = useState('');
  const [offset, setOffset] = useState(0);
  const [registering, setRegistering] = useState(false);
  const [selected, setSelected] = useState<Patient | null>(null);
  const [addingRecord, setAddingRecord] = useState(false);
  const canAddRecord = staff.may('records:write');

  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const facilityId = facilityFilter ? Number(facilityFilter) : undefined;
  const query = useQuery(patientsQuery({ search: debouncedSearch, facilityId, offset }));
  const filtered = debouncedSearch !== '' || facilityId !== undefined;
  const canRegister = staff.may('patients:register');
  const total = query.data?.total;
  const capped = query.data?.capped ?? false;

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

      <FilterBar>
        <SearchField
          id="patient-search"
          label={t('patients.page.searchLabel')}
          maxLength={100}
          autoComplete="off"
          placeholder={t('patients.page.searchPlaceholder')}
          value={search}
          onChange={(e) => changeSearch(e.target.value)}
        />
        <FilterSelect
          id="patient-facility-filter"
          label={t('patients.page.facilityFilter')}
          value={facilityFilter}
          onChange={changeFacility}
          allLabel={t('common.allFacilities')}
          options={facilityOptions(facilities.data) ?? []}
        />
      </FilterBar>

      <ListCard
        title={total === undefined ? t('patients.page.patients') : t('patients.page.patientsCount', { total: `${formatNumber(total)}${capped ? '+' : ''}` })}
        icon={Users}
        query={query}
        errorMessage={(error) =>
          error instanceof ApiError && error.status === 403 ? t('patients.page.forbidden') : t('common.loadError', { message: errorText(t, error, t('common.error')) })
        }
        paging={{ label: t('patients.page.pagination'), offset, pageSize: PATIENT_PAGE_SIZE, onOffset: setOffset }}
        footer={
          query.data?.offline ? (
            <p className="text-sm text-muted-foreground" data-testid="patients-offline-note">
              {t('offlineWork.patientsNote')}
            </p>
          ) : capped ? (
            <p className="text-sm text-muted-foreground">{t('patients.page.moreMatches', { limit: formatNumber(total ?? 0) })}</p>
          ) : null
        }
        empty={
          <EmptyState
            icon={Users}
            title={t('patients.page.emptyTitle')}
            hint={filtered ? t('patients.page.emptyFiltered') : t('patients.page.emptyNone')}
            action={
              canRegister ? (
                <Button onClick={() => setRegistering(true)}>
                  <UserPlus aria-hidden="true" />
                  {t('patients.page.registerFirst')}
                </Button>
              ) : null
            }
          />
        }
      >
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
      </ListCard>

      <RegisterPatientDialog open={registering} onOpenChange={setRegistering} />
      <PatientDetailsDialog
        patient={selected}
        open={selected !== null && !addingRecord}
        onOpenChange={(open) => (open ? undefined : setSelected(null))}
        onAddRecord={() => setAddingRecord(true)}
      />
      {selected && canAddRecord ? (
        <AddMedicalRecordDialog
          patient={selected}
          open={addingRecord}
          onOpenChange={(open) => {
            setAddingRecord(open);
            // A patient still waiting to be registered (issue 34) has no details on the server to go back to.
            if (!open && isWaiting(selected)) setSelected(null);
          }}
        />
      ) : null}
    </div>
  );
}
