// Add and Edit Supplier (SPEC.md §3's supplier, with what a Kenyan public buyer must hold): name, type, category,
// contact, phone, email, location, KRA PIN (a commercial firm must have one), the tax compliance certificate's expiry,
// the AGPO category with its certificate's expiry, bank details, payment terms, status and notes. The rating and the
// order totals are worked out by the server, never typed.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AGPO_CATEGORIES, createSupplierBody, SUPPLIER_CATEGORIES, SUPPLIER_STATUSES, SUPPLIER_TYPES, updateSupplierBody, type Supplier } from '../../../shared/procurement';
import { FormField, FormSection, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useSaveSupplier } from './procurement.api';
import { fieldMessages, procurementErrorText, procurementMessage } from './procurement-labels';

const FIELDS = ['name', 'type', 'category', 'contact', 'phone', 'email', 'location', 'kraPin', 'taxComplianceExpiry', 'agpoCategory', 'agpoExpiry', 'bankName', 'bankBranch', 'bankAccount', 'paymentTermsDays', 'status', 'notes'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const REQUIRED = new Set<Field>(['name', 'type', 'category', 'contact', 'phone', 'location', 'paymentTermsDays', 'status', 'agpoCategory']);

function initial(s: Supplier | null): Values {
  const v = {} as Values;
  for (const f of FIELDS) v[f] = s ? String(s[f] ?? '') : '';
  if (!s) Object.assign(v, { type: 'commercial', category: 'pharmaceuticals', agpoCategory: 'none', status: 'pending', paymentTermsDays: '30' });
  return v;
}

export function SupplierDialog({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSaveSupplier();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(supplier ? updateSupplierBody : createSupplierBody, () => initial(supplier));
  const { values, errors, set } = form;
  const pending = mutation.isPending;
  const message = (path: string) => procurementMessage(errors[path]);

  const onValid = (body: unknown) => {
    setFailure(null);
    mutation.mutate(
      { id: supplier?.id ?? null, body: body as never },
      {
        onSuccess: (saved) => {
          toast({ title: t(supplier ? 'procurement.supplier.updated' : 'procurement.supplier.added'), description: saved.name });
          onClose();
        },
        onError: (error) => {
          form.addErrors(fieldMessages(error));
          setFailure(procurementErrorText(t, error));
        },
      },
    );
  };

  const box = (name: Field, control: (aria: ReturnType<typeof fieldAria>) => ReactNode, className?: string) => (
    <FormField id={`sup-${name}`} label={t(`procurement.supplier.fields.${name}`)} error={message(name)} required={REQUIRED.has(name)} className={className}>
      {control(fieldAria(`sup-${name}`, message(name)))}
    </FormField>
  );
  const text = (name: Field, props: Record<string, unknown> = {}, className?: string) =>
    box(name, (aria) => <Input data-field={name} aria-required={REQUIRED.has(name) || undefined} autoComplete="off" {...props} {...aria} value={values[name]} onChange={(e) => set(name, e.target.value)} />, className);
  const date = (name: Field) =>
    box(name, (aria) => <DateInput data-field={name} aria-required={REQUIRED.has(name) || undefined} {...aria} value={values[name]} onChange={(iso) => set(name, iso)} />);
  const select = (name: Field, options: readonly string[], label: (v: string) => string) =>
    box(name, (aria) => (
      <NativeSelect data-field={name} aria-required="true" {...aria} value={values[name]} onChange={(e) => set(name, e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </NativeSelect>
    ));

  return (
    <FormDialog pending={pending} onClose={onClose} title={t(supplier ? 'procurement.supplier.editTitle' : 'procurement.supplier.addTitle')} description={supplier?.name ?? t('procurement.supplier.description')} className="max-w-3xl">
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4" aria-label={t(supplier ? 'procurement.supplier.editTitle' : 'procurement.supplier.addTitle')}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4">
          <FormSection title={t('procurement.supplier.sections.who')}>
            {text('name', { maxLength: 120 })}
            {select('type', SUPPLIER_TYPES, (v) => t(`procurement.supplierTypes.${v}`))}
            {select('category', SUPPLIER_CATEGORIES, (v) => t(`procurement.categories.${v}`))}
            {select('status', SUPPLIER_STATUSES, (v) => t(`procurement.supplierStatus.${v}`))}
            {text('contact', { maxLength: 80 })}
            {text('phone', { type: 'tel', maxLength: 20, placeholder: '0712345678' })}
            {text('email', { type: 'email', maxLength: 120 })}
            {text('location', { maxLength: 120 })}
          </FormSection>
          <FormSection title={t('procurement.supplier.sections.compliance')}>
            {text('kraPin', { maxLength: 11, placeholder: 'P051234567X' })}
            {date('taxComplianceExpiry')}
            {select('agpoCategory', AGPO_CATEGORIES, (v) => t(`procurement.agpo.${v}`))}
            {date('agpoExpiry')}
          </FormSection>
          <FormSection title={t('procurement.supplier.sections.payment')}>
            {text('paymentTermsDays', { type: 'number', inputMode: 'numeric', min: 0, max: 365 })}
            {text('bankName', { maxLength: 80 })}
            {text('bankBranch', { maxLength: 80 })}
            {text('bankAccount', { inputMode: 'numeric', maxLength: 20 })}
            {box('notes', (aria) => <Textarea data-field="notes" rows={2} maxLength={500} {...aria} value={values.notes} onChange={(e) => set('notes', e.target.value)} />, 'sm:col-span-2')}
          </FormSection>
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t(supplier ? 'procurement.supplier.save' : 'procurement.supplier.add')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}
