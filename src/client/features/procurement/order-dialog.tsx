// Create Purchase Order (SPEC.md §2.11, §3's purchase order form, §5's messages): supplier, requested by, priority,
// delivery date and the items (name, quantity, unit price, specifications), notes — with what a county order must
// also carry: the facility, the kind (an LPO for goods, an LSO for services and works), the PPADA method, the fund
// and the department it serves, and the e-GP reference of a competitive method. An item is picked from the county's
// catalogue (its name, unit and this supplier's price) or typed. FileText as Draft keeps it for later; Submit for
// Approval commits the budget at once. On a refusal nothing typed is lost: the server's message for each field sits
// under it, and a budget shortfall (409) says its figures above the form.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Loader2, Send } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createOrderBody,
  MAX_ORDER_LINES,
  ORDER_KINDS,
  PRIORITIES,
  PROCUREMENT_FUNDS,
  PROCUREMENT_METHODS,
  type CreateOrderInput,
  type PurchaseOrder,
  type Requisition,
} from '../../../shared/procurement';
import { COST_CENTRES } from '../../../shared/accounting';
import { formatKES } from '../../../shared/money';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { blankLine, ItemLines, PersonPicker, type Line } from './form-parts';
import { supplierCatalogQuery, suppliersQuery, useCreateOrder } from './procurement.api';
import { fieldMessages, procurementErrorText, procurementMessage } from './procurement-labels';

type Values = {
  supplierId: string;
  requestedBy: string;
  requestedByName: string;
  priority: string;
  deliveryDate: string;
  facilityId: string;
  kind: string;
  method: string;
  fund: string;
  costCentre: string;
  egpReference: string;
  notes: string;
  requisitionId: string;
  items: Line[];
};

function initial(facilityId: number | null, from?: Requisition): Values {
  return {
    supplierId: '',
    requestedBy: from ? String(from.requestedBy) : '',
    requestedByName: from?.requestedByName ?? '',
    priority: '',
    deliveryDate: from?.neededBy ?? '',
    facilityId: String(from?.facilityId ?? facilityId ?? ''),
    kind: 'goods',
    method: '',
    fund: from?.fund ?? 'fif',
    costCentre: from?.costCentre ?? 'pharmacy',
    egpReference: '',
    notes: from?.justification ?? '',
    requisitionId: from ? String(from.id) : '',
    items: from
      ? from.items.map((i) =>
          blankLine({ catalogItemId: i.catalogItemId ? String(i.catalogItemId) : '', itemName: i.itemName, quantity: String(i.quantity), unit: i.unit, price: String(i.estimatedPrice), spec: i.specification ?? '' }),
        )
      : [blankLine()],
  };
}

/** The typed values as the contract reads them (the contract turns the text into numbers and checks it). */
function orderInput({ requestedByName: _name, items, ...v }: Values): Record<string, unknown> {
  return {
    ...v,
    items: items.map((l) => ({ catalogItemId: l.catalogItemId, itemName: l.itemName, quantity: l.quantity, unitPrice: l.price, specifications: l.spec, unit: l.unit })),
  };
}

type Props = { requisition?: Requisition; onClose: () => void; onCreated: (order: PurchaseOrder) => void };

export function OrderDialog({ requisition, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const mutation = useCreateOrder();
  const suppliers = useQuery(suppliersQuery());
  const facilities = useQuery(facilitiesQuery);
  const form = useSchemaForm(createOrderBody, () => initial(staff.facilityId, requisition), orderInput);
  const { values, errors, set } = form;
  const submitting = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);

  const onValid = (data: CreateOrderInput) => {
    const submit = submitting.current;
    setFailure(null);
    mutation.mutate(
      { ...data, submit },
      {
        onSuccess: (order) => {
          toast({ title: t(submit ? 'procurement.create.submitted' : 'procurement.create.saved'), description: t('procurement.create.savedBody', { supplier: order.supplier, total: formatKES(order.totalAmount) }) });
          onCreated(order);
        },
        onError: (error) => {
          form.addErrors(fieldMessages(error));
          setFailure(procurementErrorText(t, error));
        },
      },
    );
  };

  const field = (name: keyof Values, label: string, required: boolean, control: (aria: ReturnType<typeof fieldAria>) => ReactNode, className?: string) => (
    <FormField id={`po-${name}`} label={label} error={message(name)} required={required} className={className}>
      {control(fieldAria(`po-${name}`, message(name)))}
    </FormField>
  );
  const select = (name: keyof Values, label: string, required: boolean, options: readonly { value: string; label: string; disabled?: boolean }[], blank?: string) =>
    field(name, label, required, (aria) => (
      <NativeSelect data-field={name} aria-required={required || undefined} {...aria} value={values[name] as string} onChange={(e) => (name === 'supplierId' ? chooseSupplier(e.target.value) : set(name, e.target.value))}>
        {blank === undefined ? null : <option value="">{blank}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    ));
  const choose = t('procurement.create.choose');
  const supplierId = Number(values.supplierId) || undefined;
  const client = useQueryClient();
  const latestItems = useRef(values.items);
  latestItems.current = values.items;
  /** A supplier chosen (or changed) after items were picked: each catalogue line takes that supplier's price. */
  const chooseSupplier = (value: string) => {
    set('supplierId', value);
    const id = Number(value);
    if (!id) return;
    void client.fetchQuery(supplierCatalogQuery(id)).then(
      (catalog) => {
        const priceOf = new Map(catalog.flatMap((c) => c.prices.filter((p) => p.supplierId === id).map((p) => [String(c.id), String(p.unitPrice)] as const)));
        const lines = latestItems.current;
        if (lines.some((l) => priceOf.has(l.catalogItemId))) set('items', lines.map((l) => (priceOf.has(l.catalogItemId) ? { ...l, price: priceOf.get(l.catalogItemId)! } : l)));
      },
      () => undefined,
    );
  };

  return (
    <FormDialog pending={pending} onClose={onClose} title={t('procurement.create.title')} description={requisition ? t('procurement.create.fromRequisition', { number: requisition.number }) : t('procurement.create.description')} className="max-w-4xl">
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t('procurement.create.title')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="procurement-order-failure">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {select(
            'supplierId',
            t('procurement.create.supplier'),
            true,
            (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.status === 'suspended' ? t('procurement.create.suspended', { name: s.name }) : s.name, disabled: s.status === 'suspended' })),
            suppliers.data ? choose : t('common.loading'),
          )}
          <PersonPicker
            id="po-requestedBy"
            label={t('procurement.create.requestedBy')}
            required
            hint={values.requestedBy ? t('procurement.people.chosen', { name: values.requestedByName }) : t('procurement.people.hint')}
            error={message('requestedBy')}
            value={values.requestedByName}
            onValueChange={(text) => {
              set('requestedByName', text);
              set('requestedBy', '');
            }}
            onPick={(p) => {
              set('requestedByName', p.name);
              set('requestedBy', String(p.id));
            }}
            dataField="requestedBy"
          />
          {select(
            'priority',
            t('procurement.create.priority'),
            true,
            PRIORITIES.map((p) => ({ value: p, label: t(`procurement.priority.${p}`) })),
            choose,
          )}
          {field('deliveryDate', t('procurement.create.deliveryDate'), true, (aria) => (
            <DateInput data-field="deliveryDate" aria-required="true" {...aria} value={values.deliveryDate} onChange={(iso) => set('deliveryDate', iso)} />
          ))}
          {select(
            'facilityId',
            t('procurement.create.facility'),
            true,
            (facilities.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
            facilities.data ? choose : t('common.loading'),
          )}
          {select(
            'kind',
            t('procurement.create.kind'),
            true,
            ORDER_KINDS.map((k) => ({ value: k, label: t(`procurement.kinds.${k}`) })),
          )}
          {select(
            'method',
            t('procurement.create.method'),
            true,
            PROCUREMENT_METHODS.map((m) => ({ value: m, label: t(`procurement.methods.${m}`) })),
            choose,
          )}
          {select(
            'fund',
            t('procurement.create.fund'),
            true,
            PROCUREMENT_FUNDS.map((f) => ({ value: f, label: t(`procurement.funds.${f}`) })),
          )}
          {select(
            'costCentre',
            t('procurement.create.department'),
            true,
            COST_CENTRES.map((c) => ({ value: c, label: t(`procurement.costCentres.${c}`) })),
          )}
          {field('egpReference', t('procurement.create.egpReference'), false, (aria) => (
            <Input data-field="egpReference" maxLength={60} {...aria} value={values.egpReference} onChange={(e) => set('egpReference', e.target.value)} />
          ))}
        </fieldset>
        <fieldset disabled={pending} className="grid">
          <ItemLines
            id="po-item"
            lines={values.items}
            onChange={(lines, path) => set('items', lines, path)}
            message={message}
            priceKey="unitPrice"
            specKey="specifications"
            priceLabel={t('procurement.items.unitPrice')}
            supplierId={supplierId}
            max={MAX_ORDER_LINES}
          />
        </fieldset>
        <fieldset disabled={pending} className="grid">
          {field('notes', t('procurement.create.notes'), false, (aria) => (
            <Textarea data-field="notes" maxLength={1000} rows={2} {...aria} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="outline" disabled={pending} onClick={() => (submitting.current = false)}>
            {pending && !submitting.current ? <Loader2 aria-hidden="true" className="animate-spin" /> : <FileText aria-hidden="true" />}
            {t('procurement.create.saveDraft')}
          </Button>
          <Button type="submit" disabled={pending} onClick={() => (submitting.current = true)}>
            {pending && submitting.current ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            {t('procurement.create.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}
