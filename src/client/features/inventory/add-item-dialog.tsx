// SPEC.md §2.15 Add Inventory Item dialog, §5 inventory validation (each message under its field), §4 dialog
// states: the form stays open on failure, closes, resets and refreshes the lists on success.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVENTORY_CATEGORIES, INVENTORY_UNITS } from '../../../shared/inventory';
import { createInventoryItemSchema, type CreateInventoryItemForm, type CreateInventoryItemInput } from '../../../shared/inventory';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useCreateInventoryItem } from './inventory.api';
import { errorText, facilityText, validationText } from './inventory-labels';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaultFacilityId: number | null; allowed: boolean };

const FIELDS = ['itemName', 'category', 'facilityId', 'currentStock', 'minimumStock', 'unit', 'supplier', 'unitCost'] as const satisfies readonly FieldPath<CreateInventoryItemForm>[];

function emptyForm(facilityId: number | null): CreateInventoryItemForm {
  return {
    itemName: '',
    category: '' as CreateInventoryItemForm['category'],
    facilityId: facilityId ? String(facilityId) : '',
    currentStock: '',
    minimumStock: '',
    unit: '' as CreateInventoryItemForm['unit'],
    supplier: '',
    unitCost: '',
  };
}

export function AddItemDialog({ open, onOpenChange, defaultFacilityId, allowed }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateInventoryItem();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('inventory.add.title')} description={t('inventory.add.description')} className="max-w-2xl">
      {/* Mounted while open only, so each opening starts from the current facility and an empty form. */}
      {open ? <AddItemForm mutation={mutation} defaultFacilityId={defaultFacilityId} allowed={allowed} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

type FormProps = { mutation: ReturnType<typeof useCreateInventoryItem>; defaultFacilityId: number | null; allowed: boolean; onDone: () => void };

function AddItemForm({ mutation, defaultFacilityId, allowed, onDone }: FormProps) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const form = useForm<CreateInventoryItemForm, unknown, CreateInventoryItemInput>({
    resolver: zodResolver(createInventoryItemSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyForm(defaultFacilityId),
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  const message = (name: (typeof FIELDS)[number]) => validationText(formState.errors[name]?.message);
  const pending = mutation.isPending;

  const onSubmit = (input: CreateInventoryItemInput) =>
    mutation.mutate(input, {
      onSuccess: (item) => {
        toast({ title: t('inventory.add.successTitle'), description: t('inventory.add.successBody', { item: item.itemName, facility: facilityText(t, item) }) });
        reset(emptyForm(defaultFacilityId));
        onDone();
      },
      onError: (error) => {
        // 400 names each field, 409 the item already stocked there: show each message under its input.
        if (error instanceof ApiError) {
          const fieldErrors = error.fieldErrors();
          FIELDS.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        }
        toast({ variant: 'destructive', title: t('inventory.add.failedTitle'), description: errorText(error, t('inventory.add.failedTitle')) });
      },
    });

  const field = (name: (typeof FIELDS)[number], control: ReactNode, className?: string) => (
    <FormField id={`inv-${name}`} label={t(`inventory.add.${name === 'facilityId' ? 'facility' : name}`)} error={message(name)} required className={className}>
      {control}
    </FormField>
  );
  const aria = (name: (typeof FIELDS)[number]) => ({ 'aria-required': true, ...fieldAria(`inv-${name}`, message(name)) });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {!allowed ? <p className="rounded-md border border-destructive p-3 text-sm text-destructive">{t('inventory.add.notAllowed')}</p> : null}
      <fieldset disabled={pending || !allowed} className="grid gap-4 sm:grid-cols-2">
        {field('itemName', <Input autoComplete="off" maxLength={200} {...aria('itemName')} {...register('itemName')} />, 'sm:col-span-2')}
        {field(
          'category',
          <NativeSelect {...aria('category')} {...register('category')}>
            <option value="">{t('inventory.add.selectCategory')}</option>
            {INVENTORY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`inventory.categories.${c}`)}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'facilityId',
          <NativeSelect {...aria('facilityId')} {...register('facilityId')}>
            <option value="">{facilities.isPending ? t('common.loading') : t('inventory.add.selectFacility')}</option>
            {facilities.data?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field('currentStock', <Input type="number" inputMode="numeric" min={0} step={1} {...aria('currentStock')} {...register('currentStock')} />)}
        {field('minimumStock', <Input type="number" inputMode="numeric" min={0} step={1} {...aria('minimumStock')} {...register('minimumStock')} />)}
        {field(
          'unit',
          <NativeSelect {...aria('unit')} {...register('unit')}>
            <option value="">{t('inventory.add.selectUnit')}</option>
            {INVENTORY_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(`units.${u}`)}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field('supplier', <Input autoComplete="off" maxLength={200} {...aria('supplier')} {...register('supplier')} />)}
        {field('unitCost', <Input type="number" inputMode="decimal" min={0} step={0.01} {...aria('unitCost')} {...register('unitCost')} />)}
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('inventory.add.submit')} running={t('inventory.add.submitting')} disabled={!allowed} />
    </form>
  );
}
