// A patient's medical records in their details (the records slot of Patient Details, filled here by the registry's
// own module: app/modules.ts): the visits, newest first, and Add Record for those who may write one.
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PatientSlotProps } from '../../app/modules';
import { useStaff } from '../../app/use-staff';
import { Button } from '../../components/ui/button';
import { MedicalRecordsList } from './medical-records-list';

export function PatientRecords({ patientId, patient, onAddRecord }: PatientSlotProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <section className="grid gap-3" aria-labelledby="patient-records-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="patient-records-heading" className="text-base font-semibold">
          {t('patients.details.records')}
        </h3>
        {staff.may('records:write') ? (
          <Button size="sm" onClick={onAddRecord}>
            <Plus aria-hidden="true" />
            {t('patients.details.addRecord')}
          </Button>
        ) : null}
      </div>
      <MedicalRecordsList patientId={patientId} patient={patient} />
    </section>
  );
}
