// A facility's details: status, beds, cots and the services it offers (FACILITY_SERVICES). Saved with PATCH
// /api/facilities/:id; the server's messages show under their fields and what was typed stays.
import { useTranslation } from 'react-i18next';
import { FACILITY_SERVICES, FACILITY_STATUSES, updateFacilitySchema, type Facility } from '../../../shared/facilities';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { facilityStatusName } from '../../lib/labels';
import { useUpdateFacility } from './system.api';
import { fieldErrorsOf, systemErrorText, systemValidationText } from './system-labels';

type Values = { status: string; capacity: string; cots: string; services: string[] };

export function FacilityDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdateFacility();
  const form = useSchemaForm(updateFacilitySchema, (): Values => ({
    status: facility.status,
    capacity: facility.capacity === null ? '' : String(facility.capacity),
    cots: facility.cots === null ? '' : String(facility.cots),
    services: facility.services,
  }));
  const error = (k: string) => systemValidationText(form.errors[k] ?? Object.entries(form.errors).find(([p]) => p.startsWith(`${k}.`))?.[1]);
  const toggle = (service: string, on: boolean) =>
    form.set('services', on ? FACILITY_SERVICES.filter((s) => s === service || form.values.services.includes(s)) : form.values.services.filter((s) => s !== service));

  const onSave = form.submit((input) =>
    mutation.mutate(
      { id: facility.id, input },
      {
        onSuccess: (saved) => {
          toast({ title: t('system.facilities.saved'), description: t('system.facilities.savedBody', { name: saved.name }) });
          onClose();
        },
        onError: (e) => {
          form.addErrors(fieldErrorsOf(e));
          toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) });
        },
      },
    ),
  );

  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('system.facilities.dialogTitle', { name: facility.name })} description={t('system.facilities.dialogBody', { mfl: facility.mflCode })} className="max-h-[90vh] max-w-2xl overflow-y-auto">
      <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={t('system.facilities.dialogTitle', { name: facility.name })}>
        <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-3">
          <FormField id="facility-status" label={t('system.facilities.status')} error={error('status')}>
            <NativeSelect {...fieldAria('facility-status', error('status'))} data-field="status" value={form.values.status} onChange={(e) => form.set('status', e.target.value)}>
              {FACILITY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {facilityStatusName(t, s)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="facility-beds" label={t('system.facilities.bedsLabel')} error={error('capacity')}>
            <Input {...fieldAria('facility-beds', error('capacity'))} data-field="capacity" inputMode="numeric" maxLength={5} value={form.values.capacity} onChange={(e) => form.set('capacity', e.target.value)} />
          </FormField>
          <FormField id="facility-cots" label={t('system.facilities.cotsLabel')} error={error('cots')}>
            <Input {...fieldAria('facility-cots', error('cots'))} data-field="cots" inputMode="numeric" maxLength={5} value={form.values.cots} onChange={(e) => form.set('cots', e.target.value)} />
          </FormField>
        </fieldset>
        <fieldset disabled={mutation.isPending} className="grid gap-2" aria-describedby={error('services') ? 'facility-services-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('system.facilities.services')}</legend>
          <div className="grid gap-2 sm:grid-cols-2" data-field="services">
            {FACILITY_SERVICES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" checked={form.values.services.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />
                {t(`system.services.${s}`)}
              </label>
            ))}
          </div>
          <FieldError id="facility-services" message={error('services')} />
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('system.save')} running={t('system.saving')} />
      </form>
    </FormDialog>
  );
}
