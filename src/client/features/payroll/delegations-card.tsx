// The director's delegations (issue 27 item 7): the facilities whose in-charge may approve or reject the facility's
// own pay runs (never one she prepared), who delegated each and when, and who took it back. The director delegates a
// facility and revokes a delegation after a confirmation; the payroll officer reads the list. A delegation is revoked,
// never deleted, so the revoked ones stay listed, muted, after the live ones.
import { useQuery } from '@tanstack/react-query';
import { Plus, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { addDelegationBody, type Delegation } from '../../../shared/payroll';
import { EmptyState } from '../../components/data/empty-state';
import { ListError } from '../../components/data/list-error';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';
import { formatDate } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { facilitiesQuery } from '../facilities';
import { delegationsQuery, useDelegate, useRevokeDelegation } from './payroll.api';
import { payrollErrorText, payrollMessage } from './payroll-labels';

/** A server message in the reader's language: the delegations' own map, then Payroll's. */
const message = (text: string | undefined) => {
  if (!text) return undefined;
  const known = knownMessage('payroll.delegations.messages', text);
  return known === text ? payrollMessage(text) : known;
};

/** An error as SPEC.md §8 shows it ("status: text"), its text translated when known. */
function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return payrollErrorText(t, error);
  const prefix = `${error.status}: `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return `${prefix}${message(text) ?? text}`;
}

export function DelegationsCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const canApprove = staff.may('payroll:approve');
  const delegations = useQuery(delegationsQuery);
  const facilities = useQuery(facilitiesQuery);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<Delegation | null>(null);
  const subcounty = (facilityId: number) => facilities.data?.find((f) => f.id === facilityId)?.subcounty;
  const delegateButton = canApprove ? (
    <Button variant="outline" onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      {t('payroll.delegations.add')}
    </Button>
  ) : null;
  const rows = delegations.data ?? [];
  return (
    <Card className={className}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="flex items-center gap-2 text-lg">
            <UserCheck aria-hidden="true" className="h-5 w-5" />
            {t('payroll.delegations.title')}
          </CardTitle>
          <CardDescription>{t('payroll.delegations.description')}</CardDescription>
        </div>
        {rows.length > 0 ? delegateButton : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {delegations.error ? (
          <ListError message={t('common.loadError', { message: delegations.error.message })} onRetry={() => void delegations.refetch()} retrying={delegations.isFetching} />
        ) : !delegations.data ? (
          <Skeleton className="h-24 w-full" />
        ) : rows.length === 0 ? (
          <EmptyState icon={UserCheck} title={t('payroll.delegations.empty')} hint={t(canApprove ? 'payroll.delegations.emptyHintDirector' : 'payroll.delegations.emptyHint')} action={delegateButton} />
        ) : (
          <ul className="grid gap-2" data-testid="payroll-delegations">
            {rows.map((d) => {
              const live = d.revokedAt === null;
              const where = subcounty(d.facilityId);
              return (
                <li key={d.id} className={cn('flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm', !live && 'text-muted-foreground')}>
                  <span className="grid min-w-0 gap-0.5">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className={cn('break-words font-medium', live && 'text-foreground')}>{d.facilityName}</span>
                      {live ? <Badge variant="success">{t('payroll.delegations.live')}</Badge> : <Badge variant="secondary">{t('payroll.delegations.revokedBadge')}</Badge>}
                    </span>
                    {where ? <span className="text-xs text-muted-foreground">{t('payroll.scope.subcounty', { name: where })}</span> : null}
                    <span className="text-muted-foreground">{t('payroll.delegations.by', { name: d.delegatedBy ?? '—', date: formatDate(d.delegatedAt) })}</span>
                    {d.revokedAt ? <span className="text-muted-foreground">{t('payroll.delegations.revokedBy', { name: d.revokedBy ?? '—', date: formatDate(d.revokedAt) })}</span> : null}
                  </span>
                  {canApprove && live ? (
                    <Button size="sm" variant="outline" aria-label={t('payroll.delegations.revokeLabel', { facility: d.facilityName })} onClick={() => setRevoking(d)}>
                      {t('payroll.delegations.revoke')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {adding ? <DelegateDialog live={rows.filter((d) => d.revokedAt === null).map((d) => d.facilityId)} onClose={() => setAdding(false)} /> : null}
      {canApprove ? <RevokeDialog delegation={revoking} onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}

function DelegateDialog({ live, onClose }: { live: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useDelegate();
  const facilities = useQuery(facilitiesQuery);
  const form = useSchemaForm(addDelegationBody, () => ({ facilityId: '' }));
  const error = message(form.errors.facilityId);
  // Facilities by sub-county, as a director finds them; one already delegated is listed but cannot be chosen again.
  const subcounties = [...new Set(facilities.data?.map((f) => f.subcounty) ?? [])].sort();
  const onValid = ({ facilityId }: { facilityId: number }) =>
    mutation.mutate(facilityId, {
      onSuccess: (d) => {
        toast({ title: t('payroll.delegations.added'), description: t('payroll.delegations.addedBody', { facility: d.facilityName }) });
        onClose();
      },
      onError: (e) => {
        if (e instanceof ApiError && [400, 409].includes(e.status)) form.addErrors(e.fieldErrors());
        toast({ variant: 'destructive', title: t('payroll.delegations.failed'), description: errorText(t, e) });
      },
    });
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.delegations.add')} description={t('payroll.delegations.addDescription')}>
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4">
          <FormField id="payroll-delegate-facility" label={t('payroll.delegations.facility')} error={error} required>
            <NativeSelect
              value={form.values.facilityId}
              data-field="facilityId"
              disabled={!facilities.data}
              onChange={(e) => form.set('facilityId', e.target.value)}
              {...fieldAria('payroll-delegate-facility', error)}
            >
              <option value="">{facilities.error ? t('common.unknownFacility') : facilities.data ? t('payroll.delegations.choose') : t('common.loading')}</option>
              {subcounties.map((s) => (
                <optgroup key={s} label={t('payroll.scope.subcounty', { name: s })}>
                  {facilities.data
                    ?.filter((f) => f.subcounty === s)
                    .map((f) => (
                      <option key={f.id} value={String(f.id)} disabled={live.includes(f.id)}>
                        {live.includes(f.id) ? t('payroll.delegations.alreadyDelegated', { facility: f.name }) : f.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </NativeSelect>
          </FormField>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.delegations.save')} running={t('payroll.delegations.saving')} />
      </form>
    </FormDialog>
  );
}

function RevokeDialog({ delegation, onClose }: { delegation: Delegation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRevokeDelegation();
  const facility = delegation?.facilityName ?? '';
  const confirm = () => {
    if (!delegation) return;
    mutation.mutate(delegation.id, {
      onSuccess: (d) => {
        toast({ title: t('payroll.delegations.revoked'), description: t('payroll.delegations.revokedBody', { facility: d.facilityName }) });
        onClose();
      },
      onError: (e) => {
        toast({ variant: 'destructive', title: t('payroll.delegations.revokeFailed'), description: errorText(t, e) });
        // Revoked meanwhile by someone else (409) or gone (404): the list says how it stands now.
        if (e instanceof ApiError && [404, 409].includes(e.status)) onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={delegation !== null}
      title={t('payroll.delegations.revokeTitle')}
      description={t('payroll.delegations.revokeBody', { facility })}
      action={t('payroll.delegations.revoke')}
      running={t('payroll.delegations.revoking')}
      pending={mutation.isPending}
      variant="destructive"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
