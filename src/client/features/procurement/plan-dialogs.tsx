// The procurement officer's two forms of the Plan tab, in one file (they share their parts, and load together):
// Add plan line — the fiscal year, whose plan it is (the county's own or a facility's), the item (picked from the
// catalogue, so that item's orders count against the line, or typed), unit, quantity, method, the estimated cost of
// the whole line, the quarter and the fund — and Add threshold row: the most an order may be worth under a method for
// goods, services or works (or no limit) from a date. A threshold row is never edited: a new row takes over from its
// date, and a second row for the same method, category and date is refused (409, its message under the date). On a
// refusal nothing typed is lost: the server's message for each field sits under it.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createPlanLineBody, createThresholdBody, ORDER_KINDS, PROCUREMENT_FUNDS, PROCUREMENT_METHODS, type CreatePlanLineBody, type CreateThresholdBody } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { Combobox } from '../../components/forms/combobox';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, SelectOptions } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { catalogQuery, useCreatePlanLine, useCreateThreshold } from './procurement.api';
import { fieldMessages, procurementErrorText, procurementMessage } from './procurement-labels';

/** The facility select's value for the county's own plan (sent as facilityId null). */
const COUNTY = 'county';

type Option = { value: string; label: string };
type Form<V> = { values: V; errors: Record<string, string>; set: <K extends keyof V>(name: K, value: V[K], changed?: string) => void; addErrors: (more: Record<string, string>) => void };

/** A labelled select or input of a form, its server message under it (`id` is `${prefix}-${name}`). */
function parts<V extends Record<string, unknown>>(prefix: string, form: Form<V>) {
  const message = (name: string) => procurementMessage(form.errors[name]);
  const field = (name: keyof V & string, label: string, control: (aria: ReturnType<typeof fieldAria>) => ReactNode, required = true) => (
    <FormField id={`${prefix}-${name}`} label={label} error={message(name)} required={required}>
      {control(fieldAria(`${prefix}-${name}`, message(name)))}
    </FormField>
  );
  return {
    message,
    field,
    select: (name: keyof V & string, label: string, options: readonly Option[], blank?: string) =>
      field(name, label, (aria) => (
        <NativeSelect data-field={name} aria-required="true" {...aria} value={form.values[name] as string} onChange={(e) => form.set(name, e.target.value as V[typeof name])}>
          <SelectOptions options={options} blank={blank} />
        </NativeSelect>
      )),
    text: (name: keyof V & string, label: string, props: Record<string, unknown>) =>
      field(name, label, (aria) => <Input data-field={name} aria-required="true" autoComplete="off" {...props} {...aria} value={form.values[name] as string} onChange={(e) => form.set(name, e.target.value as V[typeof name])} />),
  };
}

/** The server's messages for fields: a refused body's (400), or the field a 409 names. */
function messagesOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.status === 409 ? error.fieldErrors() : fieldMessages(error);
}

/** A save's mutation options: the toast and close on success; on a refusal, the messages and what was typed kept. */
function useSave(form: Pick<Form<never>, 'addErrors'>, onClose: () => void) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const handlers = (title: string, description?: string) => ({
    onSuccess: () => {
      toast({ title, description });
      onClose();
    },
    onError: (error: Error) => {
      form.addErrors(messagesOf(error));
      setFailure(procurementErrorText(t, error));
    },
  });
  return { failure, clear: () => setFailure(null), handlers };
}

type ShellProps = { title: string; description: string; pending: boolean; failure: string | null; onClose: () => void; onSubmit: (e: FormEvent<HTMLFormElement>) => void; action: string; children: ReactNode };

function Shell({ title, description, pending, failure, onClose, onSubmit, action, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <FormDialog pending={pending} onClose={onClose} title={title} description={description} className="max-w-3xl">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="procurement-plan-failure">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          {children}
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={action} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}

type PlanValues = { fiscalYear: string; facilityId: string; catalogItemId: string; itemName: string; unit: string; quantity: string; method: string; estimatedCost: string; quarter: string; fund: string };

/** `years`: those a line may be added to (the server's current one first); `fiscalYear`: the one on screen. */
export function PlanLineDialog({ years, fiscalYear, onClose }: { years: readonly string[]; fiscalYear: string; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const mutation = useCreatePlanLine();
  const facilities = useQuery(facilitiesQuery);
  const form = useSchemaForm(
    createPlanLineBody,
    (): PlanValues => ({ fiscalYear, facilityId: '', catalogItemId: '', itemName: '', unit: '', quantity: '', method: '', estimatedCost: '', quarter: '', fund: '' }),
    (v) => ({ ...v, facilityId: v.facilityId === COUNTY ? null : v.facilityId }),
  );
  const { values, set } = form;
  const save = useSave(form, onClose);
  const { message, select, text } = parts('plan', form);
  const choose = t('procurement.create.choose');
  const mine = (facilities.data ?? []).filter((f) => staff.reaches('procurement:manage', f));

  const onValid = (body: CreatePlanLineBody) => {
    save.clear();
    mutation.mutate(body, save.handlers(t('procurement.plan.saved'), `${body.itemName} · ${formatKES(body.estimatedCost)}`));
  };

  return (
    <Shell title={t('procurement.plan.add')} description={t('procurement.plan.description')} pending={mutation.isPending} failure={save.failure} onClose={onClose} onSubmit={form.submit(onValid)} action={t('procurement.plan.add')}>
      {select(
        'fiscalYear',
        t('procurement.plan.year'),
        years.map((y) => ({ value: y, label: y })),
      )}
      {select('facilityId', t('procurement.plan.whose'), [{ value: COUNTY, label: t('procurement.plan.county') }, ...mine.map((f) => ({ value: String(f.id), label: f.name }))], facilities.data ? choose : t('common.loading'))}
      <div className="sm:col-span-2">
        <Combobox
          id="plan-itemName"
          label={t('procurement.items.itemName')}
          required
          hint={t(values.catalogItemId ? 'procurement.items.fromCatalog' : 'procurement.items.hint')}
          error={message('itemName')}
          listLabel={t('procurement.items.found')}
          noMatches={t('procurement.items.noMatches')}
          search={catalogQuery}
          optionKey={(o) => String(o.id)}
          renderOption={(o) => `${o.name} · ${o.unit}`}
          onPick={(o) => {
            set('itemName', o.name);
            set('catalogItemId', String(o.id));
            set('unit', o.unit);
          }}
          value={values.itemName}
          onValueChange={(v) => {
            set('itemName', v);
            set('catalogItemId', '');
          }}
          openOnFocus={false}
          errorText={(e) => procurementErrorText(t, e)}
          input={{ 'data-field': 'itemName' }}
        />
      </div>
      {text('quantity', t('procurement.items.quantity'), { type: 'number', inputMode: 'numeric', min: 1, step: 1 })}
      {text('unit', t('procurement.items.unit'), { maxLength: 30, placeholder: t('procurement.items.unitPlaceholder') })}
      {select(
        'method',
        t('procurement.create.method'),
        PROCUREMENT_METHODS.map((m) => ({ value: m, label: t(`procurement.methods.${m}`) })),
        choose,
      )}
      {text('estimatedCost', t('procurement.plan.estimatedCost'), { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' })}
      {select(
        'quarter',
        t('procurement.plan.columns.quarter'),
        ['1', '2', '3', '4'].map((q) => ({ value: q, label: t('procurement.plan.quarter', { n: q }) })),
        choose,
      )}
      {select(
        'fund',
        t('procurement.create.fund'),
        PROCUREMENT_FUNDS.map((f) => ({ value: f, label: t(`procurement.funds.${f}`) })),
        choose,
      )}
    </Shell>
  );
}

type ThresholdValues = { method: string; category: string; maxValue: string; noLimit: boolean; effectiveFrom: string };

export function ThresholdDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useCreateThreshold();
  const form = useSchemaForm(
    createThresholdBody,
    (): ThresholdValues => ({ method: '', category: '', maxValue: '', noLimit: false, effectiveFrom: '' }),
    ({ noLimit, ...v }) => ({ ...v, maxValue: noLimit ? null : v.maxValue }),
  );
  const { values, set } = form;
  const save = useSave(form, onClose);
  const { field, select } = parts('threshold', form);
  const choose = t('procurement.create.choose');

  const onValid = (body: CreateThresholdBody) => {
    save.clear();
    mutation.mutate(body, save.handlers(t('procurement.plan.thresholds.saved')));
  };

  return (
    <Shell
      title={t('procurement.plan.thresholds.addRow')}
      description={t('procurement.plan.thresholds.neverEdited')}
      pending={mutation.isPending}
      failure={save.failure}
      onClose={onClose}
      onSubmit={form.submit(onValid)}
      action={t('procurement.plan.thresholds.add')}
    >
      {select(
        'method',
        t('procurement.create.method'),
        PROCUREMENT_METHODS.map((m) => ({ value: m, label: t(`procurement.methods.${m}`) })),
        choose,
      )}
      {select(
        'category',
        t('procurement.plan.thresholds.columns.category'),
        ORDER_KINDS.map((k) => ({ value: k, label: t(`procurement.kinds.${k}`) })),
        choose,
      )}
      <div className="grid gap-2">
        {field(
          'maxValue',
          t('procurement.plan.thresholds.maxValue'),
          (aria) => (
            <Input type="number" inputMode="decimal" min={0} step="0.01" data-field="maxValue" aria-required={!values.noLimit || undefined} disabled={values.noLimit} {...aria} value={values.noLimit ? '' : values.maxValue} onChange={(e) => set('maxValue', e.target.value)} />
          ),
          !values.noLimit,
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={values.noLimit} onChange={(e) => set('noLimit', e.target.checked, 'maxValue')} />
          {t('procurement.plan.thresholds.noLimit')}
        </label>
      </div>
      {field('effectiveFrom', t('procurement.plan.thresholds.effectiveFrom'), (aria) => (
        <DateInput data-field="effectiveFrom" aria-required="true" {...aria} value={values.effectiveFrom} onChange={(iso) => set('effectiveFrom', iso)} />
      ))}
    </Shell>
  );
}
