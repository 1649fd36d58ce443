// Record Delivery (PROCUREMENT.md "The document trail", steps 7–9): the supplier's delivery note and date, the
// inspection and acceptance committee (at least three people, none twice), and for each line of the order still owed:
// its batch and expiry, what was delivered, accepted and rejected (with why). Accepted goods go into the facility's
// stock by batch; the goods received note and the committee's certificate print from the order.
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { createDeliveryBody, MIN_COMMITTEE, type CreateDeliveryBody, type PurchaseOrder } from '../../../shared/procurement';
import { fieldAria, FormAlert, FormField } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { formatNumber } from '../../lib/locale-format';
import { PersonPicker } from './form-parts';
import { useRecordDelivery } from './procurement.api';
import { fieldMessages, orderName, procurementErrorText, procurementMessage } from './procurement-labels';

type Row = { orderItemId: number; itemName: string; unit: string; owed: number; include: boolean; batchNumber: string; expiryDate: string; delivered: string; accepted: string; rejected: string; rejectionReason: string };
type Values = { deliveryNote: string; deliveredOn: string; committee: { id: number; name: string }[]; notes: string; rows: Row[] };

const input = (v: Values) => ({
  deliveryNote: v.deliveryNote,
  deliveredOn: v.deliveredOn,
  committee: v.committee.map((c) => c.id),
  notes: v.notes,
  items: v.rows
    .filter((r) => r.include)
    .map((r) => ({ orderItemId: r.orderItemId, batchNumber: r.batchNumber, expiryDate: r.expiryDate, delivered: r.delivered, accepted: r.accepted, rejected: r.rejected, rejectionReason: r.rejectionReason })),
});

export function DeliveryDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRecordDelivery();
  const [person, setPerson] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(
    createDeliveryBody,
    (): Values => ({
      deliveryNote: '',
      deliveredOn: countyDate(new Date()),
      committee: [],
      notes: '',
      rows: order.items
        .filter((i) => i.quantity - i.accepted > 0)
        .map((i) => {
          const owed = String(i.quantity - i.accepted);
          return { orderItemId: i.id, itemName: i.itemName, unit: i.unit, owed: i.quantity - i.accepted, include: true, batchNumber: '', expiryDate: '', delivered: owed, accepted: owed, rejected: '0', rejectionReason: '' };
        }),
    }),
    input,
  );
  const { values, errors, set } = form;
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);
  const included = values.rows.filter((r) => r.include);

  const setRow = (i: number, patch: Partial<Row>, field: string) => {
    const at = included.indexOf(values.rows[i]!);
    set(
      'rows',
      values.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
      `items.${at}.${field}`,
    );
  };

  const onValid = (body: CreateDeliveryBody) => {
    setFailure(null);
    mutation.mutate(
      { orderId: order.id, body },
      {
        onSuccess: (delivery) => {
          toast({ title: t('procurement.delivery.saved'), description: t('procurement.delivery.savedBody', { number: delivery.number }) });
          onClose();
        },
        onError: (error) => {
          form.addErrors(fieldMessages(error));
          setFailure(procurementErrorText(t, error));
        },
      },
    );
  };

  return (
    <FormDialog pending={pending} onClose={onClose} title={t('procurement.delivery.title')} description={`${orderName(t, order)} · ${order.supplier}`} className="max-w-4xl">
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t('procurement.delivery.title')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="gr-note" label={t('procurement.delivery.note')} error={message('deliveryNote')} required>
            <Input data-field="deliveryNote" aria-required="true" maxLength={60} {...fieldAria('gr-note', message('deliveryNote'))} value={values.deliveryNote} onChange={(e) => set('deliveryNote', e.target.value)} />
          </FormField>
          <FormField id="gr-date" label={t('procurement.delivery.date')} error={message('deliveredOn')} required>
            <DateInput data-field="deliveredOn" aria-required="true" {...fieldAria('gr-date', message('deliveredOn'))} value={values.deliveredOn} onChange={(iso) => set('deliveredOn', iso)} />
          </FormField>
          <div className="grid gap-2 sm:col-span-2">
            <PersonPicker
              id="gr-committee"
              label={t('procurement.delivery.committee')}
              required
              hint={t('procurement.delivery.committeeHint', { n: MIN_COMMITTEE })}
              error={message('committee')}
              value={person}
              onValueChange={setPerson}
              stayOpen
              isDisabled={(p) => values.committee.some((c) => c.id === p.id)}
              onPick={(p) => {
                setPerson('');
                set('committee', [...values.committee, p]);
              }}
              dataField="committee"
            />
            {values.committee.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('procurement.delivery.committeeList')}>
                {values.committee.map((c) => (
                  <li key={c.id} className="flex items-center gap-1 rounded-full border py-0.5 pl-3 pr-1 text-sm">
                    {c.name}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="h-8 w-8"
                      aria-label={t('procurement.delivery.removeMember', { name: c.name })}
                      onClick={() =>
                        set(
                          'committee',
                          values.committee.filter((m) => m.id !== c.id),
                        )
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </fieldset>

        <fieldset disabled={pending} className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('procurement.delivery.lines')}</legend>
          {values.rows.length === 0 ? <p className="text-sm text-muted-foreground">{t('procurement.delivery.nothingOwed')}</p> : null}
          {values.rows.map((r, i) => {
            const at = included.indexOf(r);
            const id = (f: string) => `gr-${r.orderItemId}-${f}`;
            const msg = (f: string) => (at < 0 ? undefined : message(`items.${at}.${f}`));
            const box = (f: 'batchNumber' | 'expiryDate' | 'delivered' | 'accepted' | 'rejected' | 'rejectionReason', required: boolean, props: Record<string, unknown>, className?: string) => (
              <FormField id={id(f)} label={t(`procurement.delivery.${f}`)} error={msg(f)} required={required} className={className}>
                <Input data-field={`items.${at}.${f}`} aria-required={required || undefined} {...props} {...fieldAria(id(f), msg(f))} value={r[f]} onChange={(e) => setRow(i, { [f]: e.target.value }, f)} />
              </FormField>
            );
            return (
              <div key={r.orderItemId} role="group" aria-label={r.itemName} className="grid gap-3 rounded-md border p-3 sm:grid-cols-6">
                <label className="flex items-center gap-2 text-sm font-medium sm:col-span-6">
                  <input type="checkbox" className="h-4 w-4" checked={r.include} onChange={(e) => setRow(i, { include: e.target.checked }, 'orderItemId')} />
                  {r.itemName}
                  <span className="font-normal text-muted-foreground">{t('procurement.delivery.owed', { n: formatNumber(r.owed), unit: r.unit })}</span>
                </label>
                {r.include ? (
                  <>
                    {box('batchNumber', true, { maxLength: 40 }, 'sm:col-span-2')}
                    <FormField id={id('expiryDate')} label={t('procurement.delivery.expiryDate')} error={msg('expiryDate')} className="sm:col-span-2">
                      <DateInput data-field={`items.${at}.expiryDate`} {...fieldAria(id('expiryDate'), msg('expiryDate'))} value={r.expiryDate} onChange={(iso) => setRow(i, { expiryDate: iso }, 'expiryDate')} />
                    </FormField>
                    {box('delivered', true, { type: 'number', inputMode: 'numeric', min: 0 }, 'sm:col-span-2')}
                    {box('accepted', true, { type: 'number', inputMode: 'numeric', min: 0 }, 'sm:col-span-2')}
                    {box('rejected', true, { type: 'number', inputMode: 'numeric', min: 0 }, 'sm:col-span-2')}
                    {box('rejectionReason', Number(r.rejected) > 0, { maxLength: 300 }, 'sm:col-span-6')}
                  </>
                ) : null}
              </div>
            );
          })}
          <FormAlert message={message('items')} />
        </fieldset>
        <fieldset disabled={pending} className="grid">
          <FormField id="gr-notes" label={t('procurement.create.notes')} error={message('notes')}>
            <Textarea rows={2} maxLength={500} {...fieldAria('gr-notes', message('notes'))} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('procurement.delivery.submit')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}
