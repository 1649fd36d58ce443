// A stock line's batches (issue 28 item 5), in the order an issue draws them (earliest expiry first): number, expiry
// with an Expired / Near expiry badge, quantity and value. A storekeeper may ask for a batch's stock to be written off
// (expired, damaged); nothing moves until another person approves it on the Write-offs tab.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWriteOffSchema, type InventoryBatch, type InventoryItem } from '../../../shared/inventory';
import { formatKES } from '../../../shared/money';
import { ListError } from '../../components/data/list-error';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/locale-format';
import { batchesQuery, useRequestWriteOff } from './inventory.api';
import { BATCH_BADGE, errorText, quantityText, validationText } from './inventory-labels';

const COLUMNS = ['batch', 'expiry', 'quantity', 'value', 'actions'] as const;

export function BatchesPanel({ item, canWrite }: { item: InventoryItem; canWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(batchesQuery(item.id));
  const [writingOff, setWritingOff] = useState<InventoryBatch | null>(null);
  const columns = canWrite ? COLUMNS : COLUMNS.slice(0, -1);

  return (
    <section aria-labelledby={`batches-${item.id}`} className="grid gap-2">
      <h3 id={`batches-${item.id}`} className="text-sm font-semibold">
        {t('inventory.batches.title')}
      </h3>
      {query.isError ? (
        <ListError message={`${t('inventory.batches.error')}: ${errorText(query.error, t('common.error'))}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data && query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inventory.batches.empty')}</p>
      ) : (
        <Table>
          <caption className="sr-only">{t('inventory.batches.caption', { item: item.itemName })}</caption>
          <ColumnHeads columns={columns} label={(c) => t(`inventory.batches.columns.${c}`)} className={(c) => (c === 'quantity' || c === 'value' || c === 'actions' ? 'text-right' : undefined)} />
          <TableBody>
            {!query.data ? (
              <SkeletonRows rows={2} columns={columns.length} testId="batch-skeleton" className="h-4 w-16" />
            ) : (
              query.data.map((b) => (
                <TableRow key={b.id} data-testid="batch-row">
                  <TableCell className="font-medium">{b.batchNumber === 'UNKNOWN' ? t('inventory.batches.unknown') : b.batchNumber}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {b.expiryDate ? formatDate(b.expiryDate) : t('inventory.batches.noExpiry')}
                    {BATCH_BADGE[b.status] ? (
                      <Badge variant={BATCH_BADGE[b.status]} className="ml-2">
                        {t(`inventory.batches.statuses.${b.status}`)}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{quantityText(t, b.quantity, item.unit)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">{formatKES(b.value)}</TableCell>
                  {canWrite ? (
                    <TableCell className="text-right">
                      <Button variant="outline" size="sm" onClick={() => setWritingOff(b)} aria-label={t('inventory.writeOff.askFor', { batch: b.batchNumber })}>
                        {t('inventory.writeOff.ask')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      {writingOff ? <WriteOffForm key={writingOff.id} item={item} batch={writingOff} onDone={() => setWritingOff(null)} /> : null}
    </section>
  );
}

type Values = { quantity: string; reason: string };

function WriteOffForm({ item, batch, onDone }: { item: InventoryItem; batch: InventoryBatch; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useRequestWriteOff(item.id);
  const form = useSchemaForm(createWriteOffSchema, (): Values => ({ quantity: String(batch.quantity), reason: batch.status === 'expired' ? t('inventory.writeOff.expiredReason') : '' }), (v) => ({ ...v, batchId: batch.id }));
  const message = (field: keyof Values) => validationText(form.errors[field]);
  const pending = mutation.isPending;
  const onSubmit = form.submit((input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: t('inventory.writeOff.askedTitle'), description: t('inventory.writeOff.askedBody', { quantity: quantityText(t, input.quantity, item.unit), batch: batch.batchNumber }) });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('inventory.writeOff.failedTitle'), description: errorText(error, t('inventory.writeOff.failedTitle')) });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 rounded-md border p-3" aria-label={t('inventory.writeOff.formLabel', { batch: batch.batchNumber })}>
      <p className="text-sm">{t('inventory.writeOff.intro', { batch: batch.batchNumber, quantity: quantityText(t, batch.quantity, item.unit) })}</p>
      <fieldset disabled={pending} className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <FormField id="wo-quantity" label={t('inventory.writeOff.quantity')} error={message('quantity')} required>
          <Input type="number" inputMode="numeric" min={1} max={batch.quantity} step={1} aria-required="true" data-field="quantity" {...fieldAria('wo-quantity', message('quantity'))} value={form.values.quantity} onChange={(e) => form.set('quantity', e.target.value)} />
        </FormField>
        <FormField id="wo-reason" label={t('inventory.writeOff.reason')} error={message('reason')} required>
          <Input autoComplete="off" maxLength={300} aria-required="true" data-field="reason" {...fieldAria('wo-reason', message('reason'))} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} />
        </FormField>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t('inventory.writeOff.asking') : t('inventory.writeOff.submit')}
        </Button>
      </div>
    </form>
  );
}
