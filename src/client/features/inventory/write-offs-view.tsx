// Write-offs (issue 28 item 5; DESIGN.md §7, money needs two people): what storekeepers asked to write off, pending
// first. The facility in-charge, the sub-county medical officer and the county director approve — the stock then
// leaves its batch and its value is posted to consumption — or reject, saying why; never the one who asked.
import { useQuery } from '@tanstack/react-query';
import { ClipboardX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { WRITE_OFF_STATUSES, rejectWriteOffSchema, type WriteOff, type WriteOffStatus } from '../../../shared/inventory';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect } from '../../components/data/filter-select';
import { ViewFacilityFilter } from './view-parts';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { VIEW_PAGE_SIZE, useDecideWriteOff, writeOffsQuery } from './inventory.api';
import { WRITE_OFF_BADGE, errorText, facilityText, quantityText, validationText } from './inventory-labels';

const COLUMNS = ['requested', 'item', 'batch', 'quantity', 'reason', 'status', 'actions'] as const;

export function WriteOffsView({ facilityId: initial, facilities }: { facilityId: string; facilities: Facility[] | undefined }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [facilityId, setFacilityId] = useState(initial);
  const [status, setStatus] = useState<WriteOffStatus | ''>('pending');
  const [offset, setOffset] = useState(0);
  const [approving, setApproving] = useState<WriteOff | null>(null);
  const [rejecting, setRejecting] = useState<WriteOff | null>(null);
  const query = useQuery(writeOffsQuery({ facilityId: facilityId ? Number(facilityId) : undefined, status: status || undefined, offset }));
  const decide = useDecideWriteOff();
  const total = query.data?.total;

  /** Another person, whose approval reaches the write-off's facility, decides a pending one. */
  const mayDecide = (w: WriteOff) => {
    if (w.status !== 'pending' || w.requestedBy === staff.id || !staff.may('inventory:approve')) return false;
    const facility = facilities?.find((f) => f.id === w.facilityId);
    return facility ? staff.reaches('inventory:approve', facility) : false;
  };

  const approve = (w: WriteOff) =>
    decide.mutate(
      { id: w.id, decision: 'approve' },
      {
        onSuccess: (done) => {
          setApproving(null);
          toast({ title: t('inventory.writeOffs.approvedTitle'), description: t('inventory.writeOffs.approvedBody', { quantity: quantityText(t, done.quantity, done.unit), item: done.itemName, batch: done.batchNumber }) });
        },
        onError: (error) => {
          setApproving(null);
          toast({ variant: 'destructive', title: t('inventory.writeOffs.failedTitle'), description: errorText(error, t('inventory.writeOffs.failedTitle')) });
        },
      },
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <ViewFacilityFilter
          id="write-offs-facility"
          value={facilityId}
          facilities={facilities}
          onChange={(v) => {
            setFacilityId(v);
            setOffset(0);
          }}
        />
        <FilterSelect
          id="write-offs-status"
          label={t('inventory.filters.status')}
          value={status}
          onChange={(v) => {
            setStatus(v as WriteOffStatus | '');
            setOffset(0);
          }}
          allLabel={t('inventory.writeOffs.allStatuses')}
          options={WRITE_OFF_STATUSES.map((s) => ({ value: s, label: t(`inventory.writeOffs.statuses.${s}`) }))}
        />
      </div>
      <ListCard
        title={total === undefined ? t('inventory.writeOffs.title') : t('inventory.writeOffs.titleCount', { total: formatNumber(total) })}
        description={t('inventory.writeOffs.description')}
        icon={ClipboardX}
        query={query}
        errorMessage={(error) => `${t('inventory.writeOffs.error')}: ${errorText(error, t('common.error'))}`}
        paging={{ label: t('inventory.writeOffs.pagination'), offset, pageSize: VIEW_PAGE_SIZE, onOffset: setOffset }}
        empty={<EmptyState icon={ClipboardX} title={t('inventory.writeOffs.emptyTitle')} hint={t('inventory.writeOffs.emptyHint')} />}
      >
        <Table className="[&_td]:px-3 [&_th]:px-3">
          <caption className="sr-only">{t('inventory.writeOffs.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`inventory.writeOffs.columns.${c}`)} className={(c) => (c === 'quantity' || c === 'actions' ? 'text-right' : undefined)} />
          <TableBody>
            {!query.data ? (
              <SkeletonRows rows={3} columns={COLUMNS.length} testId="write-off-skeleton" />
            ) : (
              query.data.rows.map((w) => (
                <TableRow key={w.id} data-testid="write-off-row">
                  <TableCell className="whitespace-nowrap">
                    {formatDate(w.requestedAt)}
                    <span className="block text-xs text-muted-foreground">{w.requestedByName ?? t('inventory.history.system')}</span>
                  </TableCell>
                  <TableCell className="min-w-36">
                    <span className="font-medium">{w.itemName}</span>
                    <span className="block text-xs text-muted-foreground">{facilityText(t, w)}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {w.batchNumber}
                    <span className="block text-xs text-muted-foreground">{w.expiryDate ? t('inventory.batches.expires', { date: formatDate(w.expiryDate) }) : t('inventory.batches.noExpiry')}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {quantityText(t, w.quantity, w.unit)}
                    <span className="block text-xs text-muted-foreground">{formatKES(w.value)}</span>
                  </TableCell>
                  <TableCell className="min-w-40">
                    {w.reason}
                    {w.decisionNote ? <span className="block text-xs text-muted-foreground">{t('inventory.writeOffs.note', { note: w.decisionNote })}</span> : null}
                  </TableCell>
                  <TableCell>
                    <Badge variant={WRITE_OFF_BADGE[w.status]}>{t(`inventory.writeOffs.statuses.${w.status}`)}</Badge>
                    {w.decidedByName ? <span className="block text-xs text-muted-foreground">{w.decidedByName}</span> : null}
                  </TableCell>
                  <TableCell className="text-right">
                    {mayDecide(w) ? (
                      <div className="flex flex-col items-end gap-1 xl:flex-row xl:justify-end">
                        <Button size="sm" onClick={() => setApproving(w)} aria-label={t('inventory.writeOffs.approveFor', { item: w.itemName, batch: w.batchNumber })}>
                          {t('inventory.writeOffs.approve')}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setRejecting(w)} aria-label={t('inventory.writeOffs.rejectFor', { item: w.itemName, batch: w.batchNumber })}>
                          {t('inventory.writeOffs.reject')}
                        </Button>
                      </div>
                    ) : w.status === 'pending' && w.requestedBy === staff.id ? (
                      <span className="text-xs text-muted-foreground">{t('inventory.writeOffs.yours')}</span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ListCard>
      <ConfirmDialog
        open={approving !== null}
        title={t('inventory.writeOffs.confirmTitle')}
        description={
          approving
            ? t('inventory.writeOffs.confirmBody', { quantity: quantityText(t, approving.quantity, approving.unit), item: approving.itemName, batch: approving.batchNumber, value: formatKES(approving.value) })
            : ''
        }
        action={t('inventory.writeOffs.approve')}
        running={t('inventory.writeOffs.approving')}
        pending={decide.isPending}
        variant="destructive"
        onConfirm={() => (approving ? approve(approving) : undefined)}
        onClose={() => setApproving(null)}
      />
      {rejecting ? <RejectDialog writeOff={rejecting} onClose={() => setRejecting(null)} /> : null}
    </div>
  );
}

function RejectDialog({ writeOff, onClose }: { writeOff: WriteOff; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideWriteOff();
  const form = useSchemaForm(rejectWriteOffSchema, () => ({ reason: '' }));
  const message = validationText(form.errors.reason);
  const onSubmit = form.submit((input) =>
    decide.mutate(
      { id: writeOff.id, decision: 'reject', reason: input.reason },
      {
        onSuccess: () => {
          toast({ title: t('inventory.writeOffs.rejectedTitle'), description: t('inventory.writeOffs.rejectedBody', { item: writeOff.itemName, batch: writeOff.batchNumber }) });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.addErrors(error.fieldErrors());
          toast({ variant: 'destructive', title: t('inventory.writeOffs.failedTitle'), description: errorText(error, t('inventory.writeOffs.failedTitle')) });
        },
      },
    ),
  );
  return (
    <FormDialog
      pending={decide.isPending}
      onClose={onClose}
      title={t('inventory.writeOffs.rejectTitle')}
      description={t('inventory.writeOffs.rejectBody', { quantity: quantityText(t, writeOff.quantity, writeOff.unit), item: writeOff.itemName, batch: writeOff.batchNumber })}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="wo-reject-reason" label={t('inventory.writeOffs.rejectReason')} error={message} required>
          <Input autoComplete="off" maxLength={300} aria-required="true" data-field="reason" {...fieldAria('wo-reject-reason', message)} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} />
        </FormField>
        <FormDialogFooter pending={decide.isPending} onCancel={onClose} action={t('inventory.writeOffs.reject')} running={t('inventory.writeOffs.rejecting')} />
      </form>
    </FormDialog>
  );
}
