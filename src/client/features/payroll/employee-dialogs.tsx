// Add Employee (SPEC.md §2.10 Employee Records; issue 27 item 1) and an employee's record: who they are, where they
// work, their terms, scheme, HELB loan and where net pay goes, and every change from a date with who made it and why.
// A change is made from a date with a reason (PATCH): the fields sent replace the version in force then. The record
// lists the employee's own allowances and deductions too (pay-items.tsx).
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import {
  changeEmployeeBody,
  createEmployeeBody,
  EMPLOYMENT_TERMS,
  PAY_METHODS,
  PENSION_SCHEMES,
  type CreateEmployeeBody,
  type EmployeeDetail,
} from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { DetailField } from '../../components/data/detail-field';
import { FormField, FormSection, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, SelectOptions } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { departmentsQuery, employeeQuery, useAddEmployee, useChangeEmployee } from './payroll.api';
import { PayItems } from './pay-items';
import { payrollErrorText, payrollMessage } from './payroll-labels';

type Fields = Record<string, string>;
const EMPTY: Fields = {
  personalNumber: '',
  upn: '',
  nationalId: '',
  kraPin: '',
  nssfNumber: '',
  shaNumber: '',
  firstName: '',
  lastName: '',
  facilityId: '',
  departmentId: '',
  cadre: '',
  jobGroup: '',
  terms: 'permanent',
  hiredOn: '',
  pensionScheme: 'lapfund',
  contractedOut: 'no',
  helbMonthly: '',
  payMethod: 'bank',
  bankCode: '',
  bankBranch: '',
  bankAccount: '',
  mpesaPhone: '',
  disabilityCertificate: '',
  disabilityExpiresOn: '',
  exitedOn: '',
};

/** The typed text as the contract reads it: ids and amounts as numbers, the yes/no as a boolean, blanks left out. */
function bodyOf(v: Fields, keep: (k: string) => boolean = () => true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(v)) {
    if (!keep(k)) continue;
    if (k === 'contractedOut') out[k] = raw === 'yes';
    else if (k === 'facilityId' || k === 'departmentId') out[k] = raw === '' ? undefined : Number(raw);
    else if (k === 'helbMonthly') out[k] = raw.trim() === '' ? 0 : Number(raw);
    else out[k] = raw.trim() === '' && !['firstName', 'lastName', 'nationalId', 'personalNumber', 'cadre', 'jobGroup', 'hiredOn'].includes(k) ? null : raw;
  }
  return out;
}

/** The boxes of an employee's form: which ones, and the values and messages of the form they are in. */
function EmployeeFields({ prefix, names, values, set, errors }: { prefix: string; names: readonly string[]; values: Fields; set: (k: string, v: string) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const departments = useQuery(departmentsQuery);
  const required = new Set(['personalNumber', 'nationalId', 'firstName', 'lastName', 'facilityId', 'departmentId', 'cadre', 'jobGroup', 'terms', 'hiredOn', 'pensionScheme', 'payMethod', 'effectiveFrom', 'reason']);
  const box = (name: string, control: (aria: ReturnType<typeof fieldAria>) => ReactNode) => {
    const id = `${prefix}-${name}`;
    const message = payrollMessage(errors[name]);
    return (
      <FormField key={name} id={id} label={t(`payroll.employee.fields.${name}`)} error={message} required={required.has(name)}>
        {control(fieldAria(id, message))}
      </FormField>
    );
  };
  const select = (name: string, options: readonly { value: string; label: string }[], blank?: string) =>
    box(name, (aria) => (
      <NativeSelect value={values[name]} data-field={name} onChange={(e) => set(name, e.target.value)} {...aria}>
        <SelectOptions options={options} blank={blank} />
      </NativeSelect>
    ));
  const text = (name: string, type = 'text', extra: Record<string, string> = {}) =>
    box(name, (aria) => <Input type={type} value={values[name]} data-field={name} autoComplete="off" onChange={(e) => set(name, e.target.value)} {...extra} {...aria} />);
  const date = (name: string) => box(name, (aria) => <DateInput value={values[name] ?? ''} data-field={name} onChange={(iso) => set(name, iso)} {...aria} />);
  const choose = t('payroll.process.choose');
  const render: Record<string, () => ReactNode> = {
    facilityId: () =>
      select(
        'facilityId',
        (facilities.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
        choose,
      ),
    departmentId: () =>
      select(
        'departmentId',
        (departments.data ?? []).filter((d) => d.isActive).map((d) => ({ value: String(d.id), label: d.name })),
        choose,
      ),
    terms: () => select('terms', EMPLOYMENT_TERMS.map((x) => ({ value: x, label: t(`payroll.terms.${x}`) }))),
    pensionScheme: () => select('pensionScheme', PENSION_SCHEMES.map((x) => ({ value: x, label: t(`payroll.schemes.${x}`) }))),
    contractedOut: () =>
      select('contractedOut', [
        { value: 'no', label: t('payroll.employee.no') },
        { value: 'yes', label: t('payroll.employee.yes') },
      ]),
    payMethod: () => select('payMethod', PAY_METHODS.map((x) => ({ value: x, label: t(`payroll.payMethods.${x}`) }))),
    hiredOn: () => date('hiredOn'),
    exitedOn: () => date('exitedOn'),
    effectiveFrom: () => date('effectiveFrom'),
    disabilityExpiresOn: () => date('disabilityExpiresOn'),
    helbMonthly: () => text('helbMonthly', 'number', { min: '0', step: '0.01', inputMode: 'decimal' }),
    mpesaPhone: () => text('mpesaPhone', 'tel'),
  };
  return <>{names.map((n) => (render[n] ?? (() => text(n)))())}</>;
}

const SECTIONS: { key: string; names: readonly string[] }[] = [
  { key: 'identity', names: ['personalNumber', 'upn', 'firstName', 'lastName', 'nationalId', 'kraPin', 'nssfNumber', 'shaNumber'] },
  { key: 'post', names: ['facilityId', 'departmentId', 'cadre', 'jobGroup', 'terms', 'hiredOn'] },
  { key: 'deductions', names: ['pensionScheme', 'contractedOut', 'helbMonthly', 'disabilityCertificate', 'disabilityExpiresOn'] },
  { key: 'payment', names: ['payMethod', 'bankCode', 'bankBranch', 'bankAccount', 'mpesaPhone'] },
];

export function AddEmployeeDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const mutation = useAddEmployee();
  const form = useSchemaForm(createEmployeeBody, (): Fields => ({ ...EMPTY, hiredOn: countyDate(new Date()) }), (v) => bodyOf(v, (k) => k !== 'exitedOn'));
  const set = (k: string, v: string) => form.set(k, v);
  const onValid = (body: CreateEmployeeBody) =>
    mutation.mutate(body, {
      onSuccess: (e) => {
        toast({ title: t('payroll.toasts.employeeAdded'), description: `${e.firstName} ${e.lastName} (${e.personalNumber})` });
        onAdded(e.id);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && [400, 409].includes(error.status)) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('payroll.toasts.employeeFailed'), description: payrollErrorText(t, error) });
      },
    });
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.employee.addTitle')} description={t('payroll.employee.addDescription')} className="max-w-3xl">
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid gap-4">
          {SECTIONS.map((s) => (
            <FormSection key={s.key} title={t(`payroll.employee.sections.${s.key}`)}>
              <EmployeeFields prefix="payroll-add" names={s.names} values={form.values} set={set} errors={form.errors} />
            </FormSection>
          ))}
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.employee.add')} running={t('payroll.employee.saving')} />
      </form>
    </FormDialog>
  );
}

/** What a change may set from the record's screen: the post, the deductions, where pay goes, and leaving. */
const CHANGEABLE = ['kraPin', 'nssfNumber', 'shaNumber', 'facilityId', 'departmentId', 'cadre', 'jobGroup', 'terms', 'pensionScheme', 'contractedOut', 'helbMonthly', 'disabilityCertificate', 'disabilityExpiresOn', 'payMethod', 'bankCode', 'bankBranch', 'bankAccount', 'mpesaPhone', 'exitedOn'] as const;

function fieldsOf(e: EmployeeDetail): Fields {
  const out: Fields = { ...EMPTY };
  for (const k of Object.keys(EMPTY)) {
    const v = (e as unknown as Record<string, unknown>)[k];
    out[k] = k === 'contractedOut' ? (v ? 'yes' : 'no') : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

export function EmployeeDialog({ id, canChange, onClose }: { id: number; canChange: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const employee = useQuery(employeeQuery(id));
  const [changing, setChanging] = useState(false);
  const e = employee.data;
  return (
    <FormDialog pending={false} onClose={onClose} title={e ? `${e.firstName} ${e.lastName}` : t('common.loading')} description={e ? `${e.personalNumber} · ${e.cadre} · ${e.facilityName}` : undefined} className="max-w-3xl">
      {!e ? (
        employee.error ? (
          <p className="text-sm text-destructive">{payrollErrorText(t, employee.error)}</p>
        ) : (
          <Skeleton className="h-48 w-full" />
        )
      ) : changing ? (
        <ChangeForm employee={e} onDone={() => setChanging(false)} />
      ) : (
        <div className="grid gap-4" data-testid="payroll-employee">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <DetailField label={t('payroll.employee.fields.departmentId')}>{e.departmentName}</DetailField>
            <DetailField label={t('payroll.employee.fields.jobGroup')}>{e.jobGroup}</DetailField>
            <DetailField label={t('payroll.employee.fields.terms')}>{t(`payroll.terms.${e.terms}`)}</DetailField>
            <DetailField label={t('payroll.employee.fields.kraPin')}>{e.kraPin ?? t('payroll.employee.missing')}</DetailField>
            <DetailField label={t('payroll.employee.fields.nationalId')}>{e.nationalId}</DetailField>
            <DetailField label={t('payroll.employee.fields.hiredOn')}>{formatDate(e.hiredOn)}</DetailField>
            <DetailField label={t('payroll.employee.fields.pensionScheme')}>{t(`payroll.schemes.${e.pensionScheme}`)}</DetailField>
            <DetailField label={t('payroll.employee.fields.helbMonthly')}>{formatKES(e.helbMonthly)}</DetailField>
            <DetailField label={t('payroll.employee.fields.payMethod')}>
              {e.payMethod === 'mpesa' ? (e.mpesaPhone ?? t('payroll.employee.missing')) : e.bankAccount ? `${e.bankCode ?? '—'}/${e.bankBranch ?? '—'} ${e.bankAccount}` : t('payroll.employee.missing')}
            </DetailField>
          </dl>
          <PayItems employeeId={e.id} />
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('payroll.employee.history')}</h3>
            <ul className="grid gap-2 text-sm" data-testid="payroll-employee-history">
              {[...e.upcoming, ...e.history].map((h, i) => (
                <li key={i} className="rounded-md border p-2">
                  <span className="font-medium">{formatDate(h.effectiveFrom)}</span> · {h.reason} <span className="text-muted-foreground">({h.changedBy ?? '—'})</span>
                  {h.changes.length > 0 ? <span className="block text-xs text-muted-foreground">{h.changes.map((c) => t(`payroll.employee.fields.${c.field}`, { defaultValue: c.field })).join(', ')}</span> : null}
                </li>
              ))}
            </ul>
          </div>
          <FormDialogFooter pending={false} onCancel={onClose} cancel={t('common.close')} action={t('payroll.employee.change')} running={t('payroll.employee.saving')} disabled={!canChange} onAction={() => setChanging(true)} />
        </div>
      )}
    </FormDialog>
  );
}

function ChangeForm({ employee, onDone }: { employee: EmployeeDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useChangeEmployee();
  const start = fieldsOf(employee);
  const form = useSchemaForm(
    changeEmployeeBody,
    (): Fields => ({ ...start, effectiveFrom: countyDate(new Date()), reason: '' }),
    // Only what changed is sent, with the date and the reason.
    (v: Fields) => ({ effectiveFrom: v.effectiveFrom, reason: v.reason, ...bodyOf(v, (k) => (CHANGEABLE as readonly string[]).includes(k) && v[k] !== start[k]) }),
  );
  const set = (k: string, v: string) => form.set(k, v);
  const onValid = (body: Record<string, unknown>) =>
    mutation.mutate(
      { id: employee.id, body },
      {
        onSuccess: () => {
          toast({ title: t('payroll.toasts.employeeChanged'), description: `${employee.firstName} ${employee.lastName}` });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && [400, 409].includes(error.status)) form.addErrors(error.fieldErrors());
          toast({ variant: 'destructive', title: t('payroll.toasts.employeeFailed'), description: payrollErrorText(t, error) });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" data-testid="payroll-change-form">
      <fieldset disabled={mutation.isPending} className="grid gap-4">
        <FormSection title={t('payroll.employee.sections.change')}>
          <EmployeeFields prefix="payroll-change" names={['effectiveFrom', 'reason']} values={form.values} set={set} errors={form.errors} />
        </FormSection>
        <FormSection title={t('payroll.employee.sections.post')}>
          <EmployeeFields prefix="payroll-change" names={CHANGEABLE} values={form.values} set={set} errors={form.errors} />
        </FormSection>
      </fieldset>
      <FormDialogFooter pending={mutation.isPending} onCancel={onDone} action={t('payroll.employee.saveChange')} running={t('payroll.employee.saving')} />
    </form>
  );
}
