// Process Monthly Payroll (SPEC.md §2.10's confirmation dialog, wired: issue 27 item 4): a month and where it pays —
// the county, a sub-county or one facility — worked out into a draft the officer then reads, fixes and submits.
// Processing a scope whose draft exists works it out afresh (after an employee is fixed).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { createRunBody, type CreateRunBody } from '../../../shared/payroll';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatMonth, formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { useProcessRun } from './payroll.api';
import { payrollErrorText, payrollMessage } from './payroll-labels';

type Values = { period: string; kind: 'county' | 'subcounty' | 'facility'; subcounty: string; facilityId: string };

export function ProcessDialog({ onClose, onProcessed }: { onClose: () => void; onProcessed: (runId: number) => void }) {
  const { t } = useTranslation();
  const mutation = useProcessRun();
  const facilities = useQuery(facilitiesQuery);
  const month = countyDate(new Date()).slice(0, 7);
  const form = useSchemaForm(
    createRunBody,
    (): Values => ({ period: month, kind: 'county', subcounty: '', facilityId: '' }),
    (v) => ({
      period: v.period,
      ...(v.kind === 'county' ? { county: true } : v.kind === 'subcounty' ? { subcounty: v.subcounty } : { facilityId: v.facilityId === '' ? undefined : Number(v.facilityId) }),
    }),
  );
  const { values, set, errors } = form;
  const subcounties = [...new Set(facilities.data?.map((f) => f.subcounty) ?? [])].sort();
  const message = (key: string) => payrollMessage(errors[key]);
  // The scope's one message, wherever the contract puts it.
  const scopeError = message('facilityId') ?? message('subcounty') ?? message('county');

  const onValid = (body: CreateRunBody) =>
    mutation.mutate(body, {
      onSuccess: (run) => {
        toast({ title: t('payroll.toasts.processed'), description: t('payroll.toasts.processedBody', { month: formatMonth(run.period), employees: formatNumber(run.employees), exceptions: formatNumber(run.exceptions) }) });
        onProcessed(run.id);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('payroll.toasts.processFailed'), description: payrollErrorText(t, error) });
      },
    });

  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.process.title')} description={t('payroll.process.description')}>
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid gap-4">
          <FormField id="payroll-process-period" label={t('payroll.process.period')} error={message('period')} required>
            <Input type="month" max={month} value={values.period} data-field="period" onChange={(e) => set('period', e.target.value)} {...fieldAria('payroll-process-period', message('period'))} />
          </FormField>
          <FormField id="payroll-process-kind" label={t('payroll.process.scope')} required>
            <NativeSelect id="payroll-process-kind" value={values.kind} onChange={(e) => set('kind', e.target.value as Values['kind'], 'facilityId')}>
              <option value="county">{t('payroll.scope.county')}</option>
              <option value="subcounty">{t('payroll.process.aSubcounty')}</option>
              <option value="facility">{t('payroll.process.aFacility')}</option>
            </NativeSelect>
          </FormField>
          {values.kind === 'subcounty' ? (
            <FormField id="payroll-process-subcounty" label={t('payroll.process.subcounty')} error={scopeError} required>
              <NativeSelect value={values.subcounty} data-field="subcounty" onChange={(e) => set('subcounty', e.target.value, 'facilityId')} {...fieldAria('payroll-process-subcounty', scopeError)}>
                <option value="">{t('payroll.process.choose')}</option>
                {subcounties.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : values.kind === 'facility' ? (
            <FormField id="payroll-process-facility" label={t('payroll.process.facility')} error={scopeError} required>
              <NativeSelect value={values.facilityId} data-field="facilityId" onChange={(e) => set('facilityId', e.target.value)} {...fieldAria('payroll-process-facility', scopeError)}>
                <option value="">{t('payroll.process.choose')}</option>
                {facilities.data?.map((f) => (
                  <option key={f.id} value={String(f.id)}>
                    {f.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : (
            <FieldError id="payroll-process-kind" message={scopeError} />
          )}
          <p className="text-sm text-muted-foreground">{t('payroll.process.note')}</p>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.process.confirm')} running={t('payroll.process.running')} />
      </form>
    </FormDialog>
  );
}
