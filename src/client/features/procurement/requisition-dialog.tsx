// New Requisition (PROCUREMENT.md "Who does what": the user department states the need): the facility it is for,
// the department and fund, the date it is needed by, why, and the items with their estimated prices. The
// procurement officer turns an open requisition into a purchase order.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COST_CENTRES } from '../../../shared/accounting';
import { createRequisitionBody, MAX_ORDER_LINES, PROCUREMENT_FUNDS, type CreateRequisitionBody } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { NativeSelect, SelectOptions, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { blankLine, ItemLines, type Line } from './form-parts';
import { useCreateRequisition } from './procurement.api';
import { fieldMessages, procurementErrorText, procurementMessage } from './procurement-labels';

type Values = { facilityId: string; costCentre: string; fund: string; neededBy: string; justification: string; items: Line[] };

export function RequisitionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const mutation = useCreateRequisition();
  const facilities = useQuery(facilitiesQuery);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(
    createRequisitionBody,
    (): Values => ({ facilityId: staff.facilityId ? String(staff.facilityId) : '', costCentre: 'pharmacy', fund: 'fif', neededBy: '', justification: '', items: [blankLine()] }),
    ({ items, ...v }) => ({ ...v, items: items.map((l) => ({ catalogItemId: l.catalogItemId, itemName: l.itemName, specification: l.spec, quantity: l.quantity, unit: l.unit || 'units', estimatedPrice: l.price })) }),
  );
  const { values, errors, set } = form;
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);
  const mine = (facilities.data ?? []).filter((f) => staff.reaches('procurement:requisition', f));

  const onValid = (body: CreateRequisitionBody) => {
    setFailure(null);
    mutation.mutate(body, {
      onSuccess: (r) => {
        toast({ title: t('procurement.requisition.saved'), description: `${r.number} · ${formatKES(r.estimatedTotal)}` });
        onClose();
      },
      onError: (error) => {
        form.addErrors(fieldMessages(error));
        setFailure(procurementErrorText(t, error));
      },
    });
  };

  const select = (name: 'facilityId' | 'costCentre' | 'fund', label: string, options: { value: string; label: string }[], blank?: string) => (
    <FormField id={`rq-${name}`} label={label} error={message(name)} required>
      <NativeSelect data-field={name} aria-required="true" {...fieldAria(`rq-${name}`, message(name))} value={values[name]} onChange={(e) => set(name, e.target.value)}>
        <SelectOptions options={options} blank={blank} />
      </NativeSelect>
    </FormField>
  );

  return (
    <FormDialog pending={pending} onClose={onClose} title={t('procurement.requisition.title')} description={t('procurement.requisition.description')} className="max-w-4xl">
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t('procurement.requisition.title')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          {select(
            'facilityId',
            t('procurement.create.facility'),
            mine.map((f) => ({ value: String(f.id), label: f.name })),
            facilities.data ? t('procurement.create.choose') : t('common.loading'),
          )}
          {select(
            'costCentre',
            t('procurement.create.department'),
            COST_CENTRES.map((c) => ({ value: c, label: t(`procurement.costCentres.${c}`) })),
          )}
          {select(
            'fund',
            t('procurement.create.fund'),
            PROCUREMENT_FUNDS.map((f) => ({ value: f, label: t(`procurement.funds.${f}`) })),
          )}
          <FormField id="rq-neededBy" label={t('procurement.requisition.neededBy')} error={message('neededBy')} required>
            <DateInput data-field="neededBy" aria-required="true" {...fieldAria('rq-neededBy', message('neededBy'))} value={values.neededBy} onChange={(iso) => set('neededBy', iso)} />
          </FormField>
          <FormField id="rq-justification" label={t('procurement.requisition.justification')} error={message('justification')} className="sm:col-span-2">
            <Textarea rows={2} maxLength={500} data-field="justification" {...fieldAria('rq-justification', message('justification'))} value={values.justification} onChange={(e) => set('justification', e.target.value)} />
          </FormField>
        </fieldset>
        <fieldset disabled={pending} className="grid">
          <ItemLines
            id="rq-item"
            lines={values.items}
            onChange={(lines, path) => set('items', lines, path)}
            message={message}
            priceKey="estimatedPrice"
            specKey="specification"
            priceLabel={t('procurement.requisition.estimatedPrice')}
            max={MAX_ORDER_LINES}
          />
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('procurement.requisition.submit')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}
