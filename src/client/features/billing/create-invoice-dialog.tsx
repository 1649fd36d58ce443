// SPEC.md §2.8 Create Invoice: the billing fields of §3, validated per §5 (on submit, then on change), with the
// §8 toast. Without a connection the invoice is kept on the device, with the cash for it when taken (issue 34). The patient comes from the registry; the facility defaults to the biller's own (decision 0003); SHA
// cover starts at 100 % at levels 2-3 (Primary Health Care Fund), other cover is entered.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PROVIDERS, PAYMENT_METHODS, SERVICE_TYPES } from '../../../shared/billing';
import { addDays, countyDate } from '../../../shared/county-time';
import { formatKES, isNegative, patientPayable, toKes, tryParseKes } from '../../../shared/money';
import { createBillingSchema, defaultCoveragePercent, INVOICE_DUE_DAYS, type CreateBillingInput } from '../../../shared/billing';
import type { Patient } from '../../../shared/patients';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { PatientPicker } from '../../components/forms/patient-picker';
import { patientMatchesQuery } from '../patients';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useStaff } from '../../app/use-staff';
import { useCreateInvoice } from './billing.api';
import { formPatientId, keptMatchesQuery, type KeptInvoice } from './billing.offline';
import { isQueued } from '../../lib/offline-send';
import { useOnline } from '../../components/offline-banner';
import { Button } from '../../components/ui/button';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { billingError, billingMessage, methodName, providerName, serviceName } from './billing-labels';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

type Field = 'patientId' | 'serviceType' | 'facilityId' | 'amount' | 'paymentMethod' | 'insuranceProvider' | 'insuranceNumber' | 'insuranceCoveragePercent' | 'dueDate' | 'notes';

/** What the clerk has typed. Cover and insurer stay null until touched: the form then shows its suggestion. */
type Values = Record<Exclude<Field, 'patientId' | 'insuranceProvider' | 'insuranceCoveragePercent' | 'facilityId'>, string> & {
  patientId: number | '';
  facilityId: string | null;
  insuranceProvider: string | null;
  insuranceCoveragePercent: string | null;
};

export function CreateInvoiceDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateInvoice();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('billing.create.title')} description={t('billing.create.description')} className="max-w-2xl">
      <CreateInvoiceForm mutation={mutation} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateInvoiceForm({ mutation, onDone }: { mutation: ReturnType<typeof useCreateInvoice>; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const today = countyDate(new Date());
  const ownFacility = staff.facilityId ?? facilities.data?.[0]?.id ?? 1;
  const [patient, setPatient] = useState<Patient | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const online = useOnline();
  const [cashNow, setCashNow] = useState(true);
  const [kept, setKept] = useState<KeptInvoice | null>(null);
  const levelOf = (id: string) => facilities.data?.find((f) => String(f.id) === id)?.level;

  const form = useSchemaForm(
    createBillingSchema,
    (): Values => ({
      patientId: '',
      serviceType: '',
      facilityId: null,
      amount: '',
      paymentMethod: '',
      insuranceProvider: null,
      insuranceNumber: '',
      insuranceCoveragePercent: null,
      dueDate: addDays(today, INVOICE_DUE_DAYS),
      notes: '',
    }),
    (v) => {
      const facilityId = v.facilityId ?? String(ownFacility);
      // SPEC.md §9 lists nhif as a payment method: paying through SHA names SHA as the insurer unless changed.
      const insuranceProvider = v.insuranceProvider ?? (v.paymentMethod === 'nhif' ? 'nhif' : '');
      const suggested = defaultCoveragePercent(insuranceProvider, levelOf(facilityId));
      return { ...v, facilityId, insuranceProvider, insuranceCoveragePercent: v.insuranceCoveragePercent ?? (suggested === undefined ? '' : String(suggested)) };
    },
  );
  const { input, errors, set } = form;
  const message = (name: Field) => billingMessage(errors[name]);
  const suggested = defaultCoveragePercent(input.insuranceProvider as string, levelOf(String(input.facilityId)));
  // The amount as typed, read exactly (money.ts): the preview is what the server will compute.
  const amount = tryParseKes(input.amount);
  const coverage = Number(input.insuranceCoveragePercent || 0);
  const payable = amount !== null && !isNegative(amount) && coverage >= 0 && coverage <= 100 ? toKes(patientPayable(amount, coverage)) : null;
  const pending = mutation.isPending;
  const allowed = staff.may('billing:write');

  // Offline, cash for the invoice may be taken now: its receipt number comes from the device's block.
  const offerCash = !online && input.paymentMethod === 'cash';
  const onValid = (data: CreateBillingInput) => {
    setFailure(null);
    mutation.mutate({ input: data, patient: patient!, cashNow: offerCash && cashNow }, {
      onSuccess: (answer) => {
        if (isQueued(answer)) return setKept(answer);
        toast({ title: t('billing.create.successTitle'), description: t('billing.create.successBody') });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 400 || error.status === 409)) form.addErrors(error.fieldErrors());
        // SPEC.md §8: 'Failed to create billing record' — shown in the form, not as a toast.
        setFailure(billingError(error, t('billing.create.failed')));
      },
    });
  };

  const field = (name: Field, label: string, control: ReactNode, opts: { required?: boolean; className?: string; hint?: ReactNode } = {}) => (
    <FormField id={`inv-${name}`} label={label} error={message(name)} required={opts.required} className={opts.className}>
      {control}
      {opts.hint}
    </FormField>
  );
  const attrs = (name: Field, required = false) => ({ 'data-field': name, 'aria-required': required || undefined, ...fieldAria(`inv-${name}`, message(name)) });
  const text = (name: Exclude<Field, 'patientId'>) => ({
    ...attrs(name),
    value: String(input[name] ?? ''),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  const options = (values: readonly string[], label: (v: string) => string, placeholder: string) => [
    <option key="" value="">
      {placeholder}
    </option>,
    ...values.map((v) => (
      <option key={v} value={v}>
        {label(v)}
      </option>
    )),
  ];

  if (kept) {
    // Kept on the device: the cashier tells the patient the receipt number (it is the one the server will keep).
    const said = kept.receiptNumber ? 'billing.create.keptCash' : kept.noReceipt ? 'billing.create.keptNoReceipt' : 'billing.create.keptBody';
    return (
      <div className="grid gap-4" data-testid="invoice-kept">
        <p role="status" className="text-sm">
          <strong>{t('billing.create.keptTitle')}</strong> {t(said)}
        </p>
        {kept.receiptNumber ? (
          <p className="rounded-md border bg-muted/40 p-3 text-center">
            <span className="block text-xs text-muted-foreground">{t('billing.create.receiptNumber')}</span>
            <span className="font-mono text-lg font-semibold" data-testid="kept-receipt">
              {kept.receiptNumber}
            </span>
          </p>
        ) : null}
        <Button onClick={onDone}>{t('billing.create.keptDone')}</Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {t('billing.create.failed')}: {failure}
        </p>
      ) : null}
      <fieldset disabled={pending || !allowed} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PatientPicker
            id="inv-patientId"
            search={online ? patientMatchesQuery : keptMatchesQuery}
            text={{
              label: t('billing.create.patient'),
              placeholder: t('billing.create.patientPlaceholder'),
              hint: t('billing.create.patientHint'),
              matches: t('billing.create.matches'),
              noMatches: t('billing.create.noMatches'),
              change: t('billing.create.changePatient'),
              line: (p) => t('billing.create.patientLine', { nationalId: p.nationalId, facility: p.facilityName }),
            }}
            selected={patient}
            disabled={pending}
            error={message('patientId')}
            onSelect={(p) => {
              setPatient(p);
              set('patientId', p ? formPatientId(p) : '');
            }}
          />
        </div>
        {field('serviceType', t('billing.fields.serviceType'), <NativeSelect {...text('serviceType')} aria-required="true">{options(SERVICE_TYPES, (v) => serviceName(t, v), t('billing.create.selectService'))}</NativeSelect>, { required: true })}
        {field(
          'facilityId',
          t('billing.fields.facility'),
          <NativeSelect {...text('facilityId')} aria-required="true" disabled={facilities.isPending}>
            {facilities.isPending ? <option value={String(ownFacility)}>{t('common.loading')}</option> : null}
            {facilities.data?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </NativeSelect>,
          { required: true },
        )}
        {field('amount', t('billing.fields.amountKes'), <Input type="number" inputMode="decimal" min={0} step="0.01" {...text('amount')} aria-required="true" />, { required: true })}
        {field('paymentMethod', t('billing.fields.paymentMethod'), <NativeSelect {...text('paymentMethod')} aria-required="true">{options(PAYMENT_METHODS, (v) => methodName(t, v), t('billing.create.selectMethod'))}</NativeSelect>, { required: true })}
        {field('insuranceProvider', t('billing.fields.insuranceProvider'), <NativeSelect {...text('insuranceProvider')}>{options(INSURANCE_PROVIDERS, (v) => providerName(t, v), t('billing.create.noInsurer'))}</NativeSelect>)}
        {field('insuranceNumber', t('billing.fields.insuranceNumber'), <Input autoComplete="off" maxLength={50} placeholder={input.insuranceProvider === 'nhif' ? 'CR0680969605010-6' : undefined} {...text('insuranceNumber')} />)}
        {field('insuranceCoveragePercent', t('billing.fields.coveragePercent'), <Input type="number" inputMode="decimal" min={0} max={100} step="1" {...text('insuranceCoveragePercent')} />, {
          hint: suggested !== undefined ? <p className="text-xs text-muted-foreground">{t('billing.create.shaCoverHint')}</p> : null,
        })}
        <div className="grid gap-1.5">
          <label htmlFor="inv-patientPayable" className="text-sm font-medium leading-none">
            {t('billing.fields.patientPayable')}
          </label>
          <output id="inv-patientPayable" aria-live="polite" className="flex h-10 items-center rounded-md border bg-muted/40 px-3 text-sm font-semibold" data-testid="patient-payable">
            {payable === null ? '—' : formatKES(payable)}
          </output>
        </div>
        {field('dueDate', t('billing.fields.dueDate'), <DateInput min={today} {...attrs('dueDate')} value={String(input.dueDate ?? '')} onChange={(iso) => set('dueDate', iso)} />)}
        {field('notes', t('billing.fields.notes'), <Textarea maxLength={1000} {...text('notes')} />, { className: 'sm:col-span-2' })}
        {offerCash ? (
          <label className="flex items-start gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4" checked={cashNow} onChange={(e) => setCashNow(e.target.checked)} data-testid="cash-now" />
            {t('billing.create.cashNow')}
          </label>
        ) : null}
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('billing.create.submit')} running={t('billing.create.submitting')} disabled={!allowed} />
    </form>
  );
}
