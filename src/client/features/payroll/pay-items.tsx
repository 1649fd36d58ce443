// An employee's own pay items in their record (issue 27 item 2): the allowances beyond the salary scale (an
// allowance kind the county pays, or arrears for one month) and the voluntary deductions with their payee and
// priority — those in force now or later first, the ended ones after. The payroll officer adds one from this month
// on and stops one after a month (a loan repaid): pay already worked out never changes (components.service.ts).
import { useQuery } from '@tanstack/react-query';
import { Ban, Loader2, Plus, WalletCards } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { formatKES } from '../../../shared/money';
import { addPayItemBody, DEDUCTION_CODES, stopPayItemBody, type AddPayItemBody, type PayItem, type PayItemKind } from '../../../shared/payroll';
import { ListError } from '../../components/data/list-error';
import { SlotEmpty, SlotListSkeleton, SlotSection } from '../../components/data/slot-states';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { formatMonth } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { allowanceTypesQuery, payItemsQuery, useAddPayItem, useStopPayItem } from './payroll.api';
import { payrollErrorText, payrollMessage } from './payroll-labels';

const thisMonth = () => countyDate(new Date()).slice(0, 7);
/** In force this month or later (one that starts next month is current too). */
const isCurrent = (item: PayItem, month: string) => item.toPeriod === null || item.toPeriod >= month;

export function PayItems({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const canPrepare = useStaff().may('payroll:prepare');
  const [adding, setAdding] = useState(false);
  const add =
    canPrepare && !adding ? (
      <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        {t('payroll.items.add')}
      </Button>
    ) : null;
  return (
    <SlotSection id="payroll-items-heading" title={t('payroll.items.title')} actions={add} testId="payroll-pay-items">
      {adding ? <AddPayItemForm employeeId={employeeId} onDone={() => setAdding(false)} /> : null}
      <PayItemList employeeId={employeeId} canStop={canPrepare} />
    </SlotSection>
  );
}

function PayItemList({ employeeId, canStop }: { employeeId: number; canStop: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(payItemsQuery(employeeId));
  if (query.isPending) return <SlotListSkeleton label={t('payroll.items.loading')} />;
  if (query.isError) {
    return <ListError message={t('common.loadError', { message: payrollErrorText(t, query.error) })} onRetry={() => void query.refetch()} retrying={query.isFetching} retryLabel={t('payroll.items.retry')} />;
  }
  if (query.data.length === 0) return <SlotEmpty icon={WalletCards}>{t('payroll.items.none')}</SlotEmpty>;
  const month = thisMonth();
  const current = query.data.filter((i) => isCurrent(i, month));
  const ended = query.data.filter((i) => !isCurrent(i, month));
  return (
    <div className="grid gap-3">
      {current.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('payroll.items.current')}>
          {current.map((item) => (
            <PayItemRow key={item.id} item={item} canStop={canStop} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('payroll.items.noneCurrent')}</p>
      )}
      {ended.length > 0 ? (
        <>
          <h4 className="text-sm font-medium text-muted-foreground">{t('payroll.items.ended')}</h4>
          <ul className="grid gap-2" aria-label={t('payroll.items.endedList')}>
            {ended.map((item) => (
              <PayItemRow key={item.id} item={item} ended />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PayItemRow({ item, ended = false, canStop = false }: { item: PayItem; ended?: boolean; canStop?: boolean }) {
  const { t } = useTranslation();
  const [stopping, setStopping] = useState(false);
  const when =
    item.toPeriod === null
      ? t('payroll.items.openRange', { from: formatMonth(item.fromPeriod) })
      : item.toPeriod === item.fromPeriod
        ? t('payroll.items.oneMonth', { month: formatMonth(item.fromPeriod) })
        : t('payroll.items.range', { from: formatMonth(item.fromPeriod), to: formatMonth(item.toPeriod) });
  return (
    <li className={cn('grid gap-1 rounded-md border p-3 text-sm', ended && 'bg-muted/40 text-muted-foreground')} data-testid="payroll-pay-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2 break-words font-medium">
          <Badge variant={ended ? 'outline' : item.kind === 'allowance' ? 'success' : 'info'}>{t(`payroll.items.kinds.${item.kind}`)}</Badge>
          {item.label}
        </p>
        <p className="whitespace-nowrap font-medium tabular-nums">{formatKES(item.amount)}</p>
      </div>
      <p>
        {item.kind === 'allowance'
          ? t(item.taxable ? 'payroll.items.taxable' : 'payroll.items.notTaxable')
          : t('payroll.items.payee', { payee: item.payee ?? '—', priority: item.priority ?? '—' })}
      </p>
      <p className={ended ? undefined : 'text-muted-foreground'}>
        {when} · {t('payroll.items.addedBy', { name: item.createdBy ?? '—' })}
      </p>
      <p className="break-words text-muted-foreground">{item.reason}</p>
      {canStop ? (
        stopping ? (
          <StopPayItemForm item={item} onDone={() => setStopping(false)} />
        ) : (
          <Button variant="outline" size="sm" className="justify-self-start" aria-label={t('payroll.items.stopLabel', { label: item.label })} onClick={() => setStopping(true)}>
            <Ban aria-hidden="true" />
            {t('payroll.items.stop')}
          </Button>
        )
      ) : null}
    </li>
  );
}

/** Cancel and the form's submit, which says it runs and cannot be pressed twice (as FormDialogFooter, outside a dialog). */
function InlineFooter({ pending, onCancel, action, variant }: { pending: boolean; onCancel: () => void; action: ReactNode; variant?: 'default' | 'destructive' }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" size="sm" onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" size="sm" variant={variant} disabled={pending}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {pending ? t('payroll.employee.saving') : action}
      </Button>
    </div>
  );
}

type Values = { kind: PayItemKind; code: string; label: string; payee: string; priority: string; amount: string; fromPeriod: string; toPeriod: string; reason: string };
const REQUIRED = new Set(['kind', 'code', 'label', 'payee', 'priority', 'amount', 'fromPeriod', 'reason']);

function AddPayItemForm({ employeeId, onDone }: { employeeId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const month = thisMonth();
  const types = useQuery(allowanceTypesQuery);
  const mutation = useAddPayItem();
  const form = useSchemaForm(
    addPayItemBody,
    (): Values => ({ kind: 'allowance', code: '', label: '', payee: '', priority: '', amount: '', fromPeriod: month, toPeriod: '', reason: '' }),
    // Arrears are paid once, in their month: the server sets their end, so none is sent.
    (v) => ({ ...v, fromPeriod: v.fromPeriod || undefined, toPeriod: v.toPeriod === '' || v.code === 'arrears' ? null : v.toPeriod }),
  );
  const { values, errors } = form;
  const message = (k: keyof Values) =>
    // An allowance not chosen fails the code's pattern; the select says what to do instead.
    k === 'code' && errors.code && values.kind === 'allowance' && values.code === '' ? t('payroll.items.chooseAllowance') : payrollMessage(errors[k]);
  const onValid = (body: AddPayItemBody) =>
    mutation.mutate(
      { employeeId, body },
      {
        onSuccess: (item) => {
          toast({ title: t('payroll.items.added'), description: `${item.label} · ${formatKES(item.amount)}` });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && [400, 409].includes(error.status)) form.addErrors(error.fieldErrors());
          toast({ variant: 'destructive', title: t('payroll.items.addFailed'), description: payrollErrorText(t, error) });
        },
      },
    );
  const box = (name: keyof Values, control: (aria: ReturnType<typeof fieldAria>) => ReactNode, label = t(`payroll.items.fields.${name}`)) => (
    <FormField id={`payroll-item-${name}`} label={label} error={message(name)} required={REQUIRED.has(name)}>
      {control(fieldAria(`payroll-item-${name}`, message(name)))}
    </FormField>
  );
  const text = (name: keyof Values, props: Record<string, string> = {}) =>
    box(name, (aria) => <Input value={values[name]} data-field={name} autoComplete="off" onChange={(e) => form.set(name, e.target.value)} {...props} {...aria} />);
  const money = { type: 'number', min: '0', step: '0.01', inputMode: 'decimal' };
  const allowances = (types.data ?? []).filter((a) => a.isActive);
  const chosen = allowances.find((a) => a.code === values.code);
  const deduction = values.kind === 'deduction';
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4 rounded-md border p-4" aria-label={t('payroll.items.addTitle')}>
      <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
        {box('kind', (aria) => (
          <NativeSelect
            value={values.kind}
            data-field="kind"
            onChange={(e) => {
              form.set('kind', e.target.value as PayItemKind);
              form.set('code', '');
            }}
            {...aria}
          >
            <option value="allowance">{t('payroll.items.kinds.allowance')}</option>
            <option value="deduction">{t('payroll.items.kinds.deduction')}</option>
          </NativeSelect>
        ))}
        {box(
          'code',
          (aria) => (
            <NativeSelect value={values.code} data-field="code" onChange={(e) => form.set('code', e.target.value)} {...aria}>
              <option value="">{types.isPending && !deduction ? t('common.loading') : t('payroll.process.choose')}</option>
              {deduction ? (
                DEDUCTION_CODES.map((c) => (
                  <option key={c} value={c}>
                    {t(`payroll.items.codes.${c}`)}
                  </option>
                ))
              ) : (
                <>
                  {allowances.map((a) => (
                    <option key={a.code} value={a.code}>
                      {a.label}
                    </option>
                  ))}
                  <option value="arrears">{t('payroll.items.arrears')}</option>
                </>
              )}
            </NativeSelect>
          ),
          t(deduction ? 'payroll.items.fields.deduction' : 'payroll.items.fields.allowance'),
        )}
        {deduction ? (
          <>
            {text('label', { maxLength: '60' })}
            {text('payee', { maxLength: '100' })}
            {text('priority', { type: 'number', min: '1', max: '99', step: '1', inputMode: 'numeric' })}
          </>
        ) : null}
        {text('amount', money)}
        {text('fromPeriod', { type: 'month', min: month })}
        {values.code === 'arrears' ? null : text('toPeriod', { type: 'month', min: values.fromPeriod || month })}
        {text('reason', { maxLength: '200' })}
      </fieldset>
      {deduction ? <p className="text-sm text-muted-foreground">{t('payroll.items.priorityHint')}</p> : null}
      {values.code === 'arrears' ? <p className="text-sm text-muted-foreground">{t('payroll.items.arrearsNote')}</p> : null}
      {chosen ? <p className="text-sm text-muted-foreground">{t(chosen.taxable ? 'payroll.items.taxable' : 'payroll.items.notTaxable')}</p> : null}
      <InlineFooter pending={mutation.isPending} onCancel={onDone} action={t('payroll.items.save')} />
    </form>
  );
}

function StopPayItemForm({ item, onDone }: { item: PayItem; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useStopPayItem();
  // The last month it is paid in: this month at the earliest, or its first month if that is later (as the server).
  const month = thisMonth();
  const earliest = item.fromPeriod > month ? item.fromPeriod : month;
  const form = useSchemaForm(stopPayItemBody, () => ({ toPeriod: earliest, reason: '' }), (v) => ({ toPeriod: v.toPeriod || undefined, reason: v.reason }));
  const id = `payroll-stop-${item.id}`;
  const message = (k: 'toPeriod' | 'reason') => payrollMessage(form.errors[k]);
  const onValid = (body: { toPeriod: string; reason: string }) =>
    mutation.mutate(
      { id: item.id, ...body },
      {
        onSuccess: (stopped) => {
          toast({ title: t('payroll.items.stopped'), description: t('payroll.items.stoppedBody', { label: stopped.label, month: formatMonth(stopped.toPeriod ?? body.toPeriod) }) });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && [400, 409].includes(error.status)) form.addErrors(error.fieldErrors());
          toast({ variant: 'destructive', title: t('payroll.items.stopFailed'), description: payrollErrorText(t, error) });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="mt-1 grid gap-3 rounded-md border bg-muted/30 p-3" aria-label={t('payroll.items.stopLabel', { label: item.label })}>
      <fieldset disabled={mutation.isPending} className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-toPeriod`} label={t('payroll.items.fields.lastPeriod')} error={message('toPeriod')} required>
          <Input type="month" min={earliest} value={form.values.toPeriod} data-field="toPeriod" onChange={(e) => form.set('toPeriod', e.target.value)} {...fieldAria(`${id}-toPeriod`, message('toPeriod'))} />
        </FormField>
        <FormField id={`${id}-reason`} label={t('payroll.items.fields.reason')} error={message('reason')} required>
          <Input value={form.values.reason} maxLength={200} autoComplete="off" data-field="reason" onChange={(e) => form.set('reason', e.target.value)} {...fieldAria(`${id}-reason`, message('reason'))} />
        </FormField>
      </fieldset>
      <InlineFooter pending={mutation.isPending} onCancel={onDone} action={t('payroll.items.stopConfirm')} variant="destructive" />
    </form>
  );
}
