// A supplier's invoice and its payment (PROCUREMENT.md "The document trail", steps 10–11). Enter Invoice takes its
// lines from what the committee accepted and is not yet invoiced, at the order's prices, for the officer to make them
// say what the paper invoice says; the server matches it three ways (order, acceptance, invoice) and holds one that
// differs. A held invoice is corrected here, its differences shown above its lines. Pay writes the payment voucher
// for matched invoices of one order (one facility and supplier) from the fund's bank account.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { correctInvoiceBody, createInvoiceBody, createPaymentBody, PAYING_ACCOUNTS, type CreatePaymentBody, type PurchaseOrder, type SupplierInvoice } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { fieldAria, FormAlert, FormField } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/locale-format';
import { blankLine, linesTotal } from './form-parts';
import { Differences } from './differences';
import { usePay, useSaveInvoice } from './procurement.api';
import { fieldMessages, orderName, procurementErrorText, procurementMessage } from './procurement-labels';

type Row = { orderItemId: number; itemName: string; include: boolean; quantity: string; unitPrice: string };
type Values = { invoiceNumber: string; invoiceDate: string; rows: Row[] };

export function InvoiceDialog({ order, invoice, onClose }: { order: PurchaseOrder; invoice: SupplierInvoice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSaveInvoice();
  const [failure, setFailure] = useState<string | null>(null);
  const correcting = invoice !== null;
  const form = useSchemaForm(
    correcting ? correctInvoiceBody : createInvoiceBody,
    (): Values => ({
      invoiceNumber: invoice?.invoiceNumber ?? '',
      invoiceDate: invoice?.invoiceDate ?? countyDate(new Date()),
      rows: invoice
        ? invoice.items.map((i) => ({ orderItemId: i.orderItemId, itemName: i.itemName, include: true, quantity: String(i.quantity), unitPrice: String(i.unitPrice) }))
        : order.items
            .filter((i) => i.accepted - i.invoiced > 0)
            .map((i) => ({ orderItemId: i.id, itemName: i.itemName, include: true, quantity: String(i.accepted - i.invoiced), unitPrice: String(i.unitPrice) })),
    }),
    (v) => {
      const items = v.rows.filter((r) => r.include).map((r) => ({ orderItemId: r.orderItemId, quantity: r.quantity, unitPrice: r.unitPrice }));
      return correcting ? { invoiceNumber: v.invoiceNumber, items } : { orderId: order.id, invoiceNumber: v.invoiceNumber, invoiceDate: v.invoiceDate, items };
    },
  );
  const { values, errors, set } = form;
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);
  const included = values.rows.filter((r) => r.include);
  const setRow = (i: number, patch: Partial<Row>, field: string) =>
    set(
      'rows',
      values.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
      `items.${included.indexOf(values.rows[i]!)}.${field}`,
    );

  const onValid = (body: unknown) => {
    setFailure(null);
    const input = correcting ? { id: invoice.id, body: body as never } : { id: null, body: body as never };
    mutation.mutate(input, {
      onSuccess: (saved) => {
        toast({ title: t(`procurement.invoice.saved.${saved.status}`), description: `${saved.invoiceNumber} · ${formatKES(saved.amount)}` });
        // A held invoice is listed under the order with its differences, to correct or to ask a credit note for.
        onClose();
      },
      onError: (error) => {
        form.addErrors(fieldMessages(error));
        setFailure(procurementErrorText(t, error));
      },
    });
  };

  const total = linesTotal(included.map((r) => blankLine({ quantity: r.quantity, price: r.unitPrice })));
  return (
    <FormDialog
      pending={pending}
      onClose={onClose}
      title={t(correcting ? 'procurement.invoice.correctTitle' : 'procurement.invoice.title')}
      description={`${orderName(t, order)} · ${order.supplier}`}
      className="max-w-3xl"
    >
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t(correcting ? 'procurement.invoice.correctTitle' : 'procurement.invoice.title')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {invoice && invoice.differences.length > 0 ? <Differences invoice={invoice} /> : null}
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="inv-number" label={t('procurement.invoice.number')} error={message('invoiceNumber')} required={!correcting}>
            <Input data-field="invoiceNumber" maxLength={60} aria-required={!correcting || undefined} {...fieldAria('inv-number', message('invoiceNumber'))} value={values.invoiceNumber} onChange={(e) => set('invoiceNumber', e.target.value)} />
          </FormField>
          {correcting ? (
            <p className="self-end text-sm text-muted-foreground">{t('procurement.invoice.dated', { date: formatDate(values.invoiceDate) })}</p>
          ) : (
            <FormField id="inv-date" label={t('procurement.invoice.date')} error={message('invoiceDate')} required>
              <DateInput data-field="invoiceDate" aria-required="true" {...fieldAria('inv-date', message('invoiceDate'))} value={values.invoiceDate} onChange={(iso) => set('invoiceDate', iso)} />
            </FormField>
          )}
        </fieldset>
        <fieldset disabled={pending} className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('procurement.invoice.lines')}</legend>
          {values.rows.map((r, i) => {
            const at = included.indexOf(r);
            const id = (f: string) => `inv-${r.orderItemId}-${f}`;
            const msg = (f: string) => (at < 0 ? undefined : message(`items.${at}.${f}`));
            return (
              <div key={r.orderItemId} role="group" aria-label={r.itemName} className="grid gap-3 rounded-md border p-3 sm:grid-cols-6">
                <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2 sm:self-end sm:pb-2">
                  <input type="checkbox" className="h-4 w-4" checked={r.include} onChange={(e) => setRow(i, { include: e.target.checked }, 'orderItemId')} />
                  {r.itemName}
                </label>
                <FormField id={id('quantity')} label={t('procurement.items.quantity')} error={msg('quantity')} required className="sm:col-span-2">
                  <Input type="number" inputMode="numeric" min={1} disabled={!r.include} data-field={`items.${at}.quantity`} {...fieldAria(id('quantity'), msg('quantity'))} value={r.quantity} onChange={(e) => setRow(i, { quantity: e.target.value }, 'quantity')} />
                </FormField>
                <FormField id={id('unitPrice')} label={t('procurement.items.unitPrice')} error={msg('unitPrice')} required className="sm:col-span-2">
                  <Input type="number" inputMode="decimal" min={0} step="0.01" disabled={!r.include} data-field={`items.${at}.unitPrice`} {...fieldAria(id('unitPrice'), msg('unitPrice'))} value={r.unitPrice} onChange={(e) => setRow(i, { unitPrice: e.target.value }, 'unitPrice')} />
                </FormField>
              </div>
            );
          })}
          <FormAlert message={message('items')} />
          <p className="text-right text-sm" aria-live="polite">
            <span className="text-muted-foreground">{t('procurement.items.total')}: </span>
            <span className="font-semibold tabular-nums">{formatKES(total)}</span>
          </p>
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t(correcting ? 'procurement.invoice.resubmit' : 'procurement.invoice.submit')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}

export function PaymentDialog({ invoices, onClose }: { invoices: SupplierInvoice[]; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = usePay();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(createPaymentBody, () => ({ invoiceIds: invoices.map((i) => i.id), paidOn: countyDate(new Date()), bankAccount: '', reference: '' }));
  const { values, errors, set } = form;
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);
  const chosen = invoices.filter((i) => values.invoiceIds.includes(i.id));

  const onValid = (body: CreatePaymentBody) => {
    setFailure(null);
    mutation.mutate(body, {
      onSuccess: (payment) => {
        toast({ title: t('procurement.payment.saved'), description: t('procurement.payment.savedBody', { number: payment.number, total: formatKES(payment.total) }) });
        onClose();
      },
      onError: (error) => {
        form.addErrors(fieldMessages(error));
        setFailure(procurementErrorText(t, error));
      },
    });
  };

  return (
    <FormDialog pending={pending} onClose={onClose} title={t('procurement.payment.title')} description={invoices[0] ? `${invoices[0].supplier} · ${invoices[0].facility}` : undefined}>
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t('procurement.payment.title')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('procurement.payment.invoices')}</legend>
          {invoices.map((inv) => (
            <label key={inv.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={values.invoiceIds.includes(inv.id)}
                onChange={(e) =>
                  set(
                    'invoiceIds',
                    e.target.checked ? [...values.invoiceIds, inv.id] : values.invoiceIds.filter((id) => id !== inv.id),
                  )
                }
              />
              {inv.invoiceNumber} · {formatKES(inv.amount)}
            </label>
          ))}
          {message('invoiceIds') ? <p className="text-sm text-destructive">{message('invoiceIds')}</p> : null}
          <p className="text-sm">
            <span className="text-muted-foreground">{t('procurement.items.total')}: </span>
            <span className="font-semibold tabular-nums">{formatKES(chosen.reduce((n, i) => n + i.amount, 0))}</span>
          </p>
        </fieldset>
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="pv-date" label={t('procurement.payment.paidOn')} error={message('paidOn')} required>
            <DateInput data-field="paidOn" aria-required="true" {...fieldAria('pv-date', message('paidOn'))} value={values.paidOn} onChange={(iso) => set('paidOn', iso)} />
          </FormField>
          <FormField id="pv-bank" label={t('procurement.payment.bankAccount')} error={message('bankAccount')} required>
            <NativeSelect data-field="bankAccount" aria-required="true" {...fieldAria('pv-bank', message('bankAccount'))} value={values.bankAccount} onChange={(e) => set('bankAccount', e.target.value)}>
              <option value="">{t('procurement.create.choose')}</option>
              {PAYING_ACCOUNTS.map((a) => (
                <option key={a} value={a}>
                  {t(`procurement.payment.accounts.${a}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="pv-reference" label={t('procurement.payment.reference')} error={message('reference')} className="sm:col-span-2">
            <Input maxLength={60} data-field="reference" {...fieldAria('pv-reference', message('reference'))} value={values.reference} onChange={(e) => set('reference', e.target.value)} />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('procurement.payment.submit')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}
