// Update Stock (SPEC.md §2.15 Actions): one movement in the item's ledger — a delivery received, stock issued, or
// an adjustment after a count, an expiry or damage — with its reason. The server refuses stock below zero (409);
// the message then shows under the quantity and nothing changes. A delivery names its batch and expiry date; an
// issue is drawn earliest expiry first unless a batch is chosen (issue 28 item 5), and expired stock is refused.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  STOCK_UPDATE_KINDS,
  stockMovementInputSchema,
  type InventoryBatch,
  type InventoryItem,
  type StockMovementForm,
  type StockMovementInput,
} from '../../../shared/inventory';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { batchesQuery, useRecordMovement } from './inventory.api';
import { errorText, facilityText, quantityText, validationText } from './inventory-labels';
import { formatDate, formatNumber } from '../../lib/locale-format';
import type { TFunction } from 'i18next';

type Props = { item: InventoryItem | null; onClose: () => void };

export function UpdateStockDialog({ item, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('inventory.movement.title')}</DialogTitle>
          <DialogDescription>{item ? t('inventory.movement.description', { item: item.itemName, facility: facilityText(t, item) }) : null}</DialogDescription>
        </DialogHeader>
        {item ? <UpdateStockForm key={item.id} item={item} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = ['kind', 'quantity', 'reason', 'supplier', 'batch', 'expiryDate', 'batchId'] as const satisfies readonly FieldPath<StockMovementForm>[];

/** "KEM2407A · expires 31 Jul 2027 · 300 tablets", and why an issue may not take it. */
function batchOption(t: TFunction, b: InventoryBatch, unit: string, issuing: boolean): { label: string; disabled: boolean } {
  const expiry = b.expiryDate ? t('inventory.batches.expires', { date: formatDate(b.expiryDate) }) : t('inventory.batches.noExpiry');
  const expired = b.status === 'expired';
  const label = `${b.batchNumber} · ${expiry} · ${quantityText(t, b.quantity, unit)}${expired ? ` · ${t('inventory.batches.statuses.expired')}` : ''}`;
  return { label, disabled: expired && issuing };
}

/** The signed change a valid quantity makes, or null while the quantity is not a whole number yet. */
function signedChange(kind: string, quantity: unknown): number | null {
  const text = String(quantity ?? '').trim();
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  return kind === 'issued' ? -n : n;
}

function UpdateStockForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useRecordMovement(item.id);
  const empty: StockMovementForm = { kind: 'issued', quantity: '', reason: '', supplier: '', batch: '', expiryDate: '', batchId: '' };
  const form = useForm<StockMovementForm, unknown, StockMovementInput>({
    resolver: zodResolver(stockMovementInputSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const { register, handleSubmit, setError, reset, control, formState } = form;
  const message = (name: (typeof FIELDS)[number]) => validationText(formState.errors[name]?.message);
  const [kind, quantity] = useWatch({ control, name: ['kind', 'quantity'] });
  const change = signedChange(kind, quantity);
  const balance = change === null ? null : item.currentStock + change;
  const pending = mutation.isPending;
  // The batches to choose from on an issue or an adjustment (earliest expiry first, as the server draws them).
  const batches = useQuery({ ...batchesQuery(item.id), enabled: kind !== 'received' });

  const onSubmit = (input: StockMovementInput) =>
    mutation.mutate(input, {
      onSuccess: ({ item: updated }) => {
        toast({
          title: t('inventory.movement.successTitle'),
          description: t('inventory.movement.successBody', { item: updated.itemName, quantity: quantityText(t, updated.currentStock, updated.unit) }),
        });
        reset(empty);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fieldErrors = error.fieldErrors();
          FIELDS.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        }
        toast({ variant: 'destructive', title: t('inventory.movement.failedTitle'), description: errorText(error, t('inventory.movement.failedTitle')) });
      },
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="rounded-md bg-muted p-3 text-sm" data-testid="stock-on-hand">
        {t('inventory.movement.inStock', { quantity: quantityText(t, item.currentStock, item.unit), minimum: formatNumber(item.minimumStock) })}
      </p>
      <fieldset disabled={pending} className="grid gap-4">
        <div className="grid gap-1.5">
          <span id="mv-kind-label" className="text-sm font-medium leading-none">
            {t('inventory.movement.type')}
          </span>
          <div role="radiogroup" aria-labelledby="mv-kind-label" aria-required="true" className="grid gap-2">
            {STOCK_UPDATE_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" value={k} className="h-4 w-4 accent-primary" {...register('kind')} />
                {t(`inventory.movement.kinds.${k}`)}
              </label>
            ))}
          </div>
          <FieldError id="mv-kind" message={message('kind')} />
        </div>
        <FormField id="mv-quantity" label={t('inventory.movement.quantity')} error={message('quantity')} required>
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={kind === 'adjusted' ? undefined : 1}
            aria-required="true"
            {...fieldAria('mv-quantity', message('quantity'))}
            aria-describedby={[message('quantity') ? 'mv-quantity-error' : null, 'mv-quantity-hint'].filter(Boolean).join(' ')}
            {...register('quantity')}
          />
        </FormField>
        <p id="mv-quantity-hint" className={balance !== null && balance < 0 ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'} aria-live="polite">
          {balance === null || message('quantity')
            ? kind === 'adjusted'
              ? t('inventory.movement.adjustHint')
              : ''
            : balance < 0
              ? t('inventory.movement.belowZero', { quantity: quantityText(t, item.currentStock, item.unit) })
              : t('inventory.movement.newBalance', { quantity: quantityText(t, balance, item.unit) })}
        </p>
        <FormField id="mv-reason" label={t('inventory.movement.reason')} error={message('reason')} required>
          <Input
            autoComplete="off"
            maxLength={300}
            placeholder={t(`inventory.movement.reasonPlaceholder.${kind}`)}
            aria-required="true"
            {...fieldAria('mv-reason', message('reason'))}
            {...register('reason')}
          />
        </FormField>
        {kind === 'received' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="mv-supplier" label={t('inventory.movement.supplier')} error={message('supplier')}>
              <Input autoComplete="off" maxLength={200} placeholder={item.supplier} {...fieldAria('mv-supplier', message('supplier'))} {...register('supplier', { shouldUnregister: true })} />
            </FormField>
            <FormField id="mv-batch" label={t('inventory.movement.batch')} error={message('batch')}>
              <Input
                autoComplete="off"
                maxLength={100}
                {...fieldAria('mv-batch', message('batch'))}
                aria-describedby={[message('batch') ? 'mv-batch-error' : null, 'mv-batch-hint'].filter(Boolean).join(' ')}
                {...register('batch', { shouldUnregister: true })}
              />
              <p id="mv-batch-hint" className="text-xs text-muted-foreground">
                {t('inventory.movement.batchHint')}
              </p>
            </FormField>
            <FormField id="mv-expiry" label={t('inventory.movement.expiryDate')} error={message('expiryDate')}>
              <Controller
                control={control}
                name="expiryDate"
                shouldUnregister
                render={({ field }) => (
                  <DateInput {...fieldAria('mv-expiry', message('expiryDate'))} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} />
                )}
              />
            </FormField>
          </div>
        ) : (
          <FormField id="mv-batch-choice" label={t(kind === 'issued' ? 'inventory.movement.batchChoice' : 'inventory.movement.batchChoiceAdjust')} error={message('batchId')}>
            <NativeSelect disabled={batches.isPending} {...fieldAria('mv-batch-choice', message('batchId'))} {...register('batchId', { shouldUnregister: true })}>
              <option value="">{t(kind === 'issued' ? 'inventory.movement.fefo' : 'inventory.movement.fefoAdjust')}</option>
              {batches.data?.map((b) => {
                const option = batchOption(t, b, item.unit, kind === 'issued');
                return (
                  <option key={b.id} value={String(b.id)} disabled={option.disabled}>
                    {option.label}
                  </option>
                );
              })}
            </NativeSelect>
          </FormField>
        )}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('inventory.movement.submitting') : t('inventory.movement.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
