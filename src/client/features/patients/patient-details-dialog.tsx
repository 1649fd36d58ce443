// SPEC.md §2.6 Patient Details: personal information, location, next of kin (when known), then the slots that other
// modules fill (app/modules.ts): the medical records, appointments, referrals and billing, each shown to those who
// may read it. Opening it reads the patient from the server, which audits the read (STYLE.md rule 5).
import { DetailField } from '../../components/data/detail-field';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { ageInYears, countyDate } from '../../../shared/county-time';
import { can } from '../../../shared/access';
import type { Patient } from '../../../shared/patients';
import { PATIENT_DETAILS } from '../../app/modules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText, fullName, genderName } from './patient-labels';
import { patientQuery } from './patients.api';
import { useStaff } from '../../app/use-staff';
import { formatDate } from '../../lib/locale-format';

type Props = { patient: Patient | null; open: boolean; onOpenChange: (open: boolean) => void; onAddRecord: () => void };

export function PatientDetailsDialog({ patient, open, onOpenChange, onAddRecord }: Props) {
  const { t } = useTranslation();
  const { role } = useStaff();
  // The parts the user may see are fetched while the list shows, so opening a patient waits for no code.
  useEffect(() => {
    for (const { parts } of PATIENT_DETAILS) for (const p of parts) if (can(role, p.read)) p.part.preload();
  }, [role]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('patients.details.title')}</DialogTitle>
          <DialogDescription>{patient ? fullName(patient) : null}</DialogDescription>
        </DialogHeader>
        {patient ? <PatientDetails id={patient.id} onAddRecord={onAddRecord} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PatientDetails({ id, onAddRecord }: { id: number; onAddRecord: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery(patientQuery(id));
  return (
    <div className="grid gap-6">
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive p-3 text-sm">
          <p className="text-destructive">{t('common.loadError', { message: errorText(t, query.error, t('common.error')) })}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <PatientFacts patient={query.data} />
      )}
      {/* The slots, each filled by the module app/modules.ts names; a part the user may not read is not shown. */}
      {PATIENT_DETAILS.flatMap(({ slot, parts }) =>
        parts
          .filter((p) => staff.may(p.read))
          .map(({ part: Part }, i) => (
            <Suspense key={`${slot}-${i}`} fallback={<Skeleton className="h-16 w-full" />}>
              <Part patientId={id} patient={query.data} onAddRecord={onAddRecord} />
            </Suspense>
          )),
      )}
    </div>
  );
}

function PatientFacts({ patient: p }: { patient: Patient }) {
  const { t } = useTranslation();
  const notSpecified = t('common.notSpecified');
  const age = ageInYears(p.dateOfBirth, countyDate(new Date()));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Facts title={t('patients.register.personal')} id="personal">
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.details.fullName')}>{fullName(p)}</DetailField>
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.nationalId')}>{p.nationalId}</DetailField>
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.dateOfBirth')}>{t('patients.details.dobWithAge', { date: formatDate(p.dateOfBirth), count: age })}</DetailField>
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.gender')}>{genderName(t, p.gender)}</DetailField>
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.phoneNumber')}>{p.phoneNumber ? displayPhone(p.phoneNumber) : t('common.notProvided')}</DetailField>
        <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.registrationFacility')}>{p.facilityName}</DetailField>
      </Facts>
      <div className="grid content-start gap-6">
        <Facts title={t('patients.details.location')} id="location">
          <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.subcounty')}>{p.subcounty || notSpecified}</DetailField>
          <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.ward')}>{p.ward || notSpecified}</DetailField>
          <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.fields.village')}>{p.village || notSpecified}</DetailField>
        </Facts>
        {p.nextOfKin || p.nextOfKinPhone ? (
          <Facts title={t('patients.details.nextOfKin')} id="next-of-kin">
            <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.details.name')}>{p.nextOfKin || notSpecified}</DetailField>
            <DetailField className="grid grid-cols-[10rem_1fr] gap-2" label={t('patients.details.phone')}>{p.nextOfKinPhone ? displayPhone(p.nextOfKinPhone) : t('common.notProvided')}</DetailField>
          </Facts>
        ) : null}
      </div>
    </div>
  );
}

function Facts({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`facts-${id}`} className="grid content-start gap-2">
      <h3 id={`facts-${id}`} className="text-base font-semibold">
        {title}
      </h3>
      <dl className="grid gap-2 text-sm">{children}</dl>
    </section>
  );
}
