// Accounts waiting for a second person (issue 25 finding 1): a new account, or a change of role, that will approve
// money or read patients. Those who asked see their requests waiting; a confirmer (the director, or the sub-county
// medical officer in his sub-county) who did not ask confirms — after checking the phone the temporary password
// will go to — or declines with a reason. Shown only when something is waiting.
import { useQuery } from '@tanstack/react-query';
import { Check, ShieldQuestion, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRequest } from '../../../shared/staff';
import { ListError } from '../../components/data/list-error';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { roleName } from '../../lib/labels';
import { formatDate } from '../../lib/locale-format';
import { accountRequestsQuery, useConfirmAccountRequest, useDeclineAccountRequest } from './staff.api';
import { staffErrorText, staffValidationText } from './staff-labels';
import { smsOutcomeText } from './sms-outcome';

export function AccountRequestsCard() {
  const { t } = useTranslation();
  const query = useQuery(accountRequestsQuery);
  const [confirming, setConfirming] = useState<AccountRequest | null>(null);
  const [declining, setDeclining] = useState<AccountRequest | null>(null);
  const rows = query.data?.rows ?? [];
  // The dialogs stay mounted when the last request is decided and the card goes: their toasts still come.
  const dialogs = (
    <>
      <ConfirmRequestDialog request={confirming} onClose={() => setConfirming(null)} />
      {declining ? <DeclineRequestDialog key={declining.id} request={declining} onClose={() => setDeclining(null)} /> : null}
    </>
  );
  // One tree either way (the card, or nothing, then the dialogs), so the dialogs are never mounted afresh.
  const shown = query.error !== null || rows.length > 0;
  return (
    <>
      {shown ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldQuestion aria-hidden="true" className="h-5 w-5" />
              {t('staff.requests.title', { count: rows.length })}
            </CardTitle>
            <CardDescription>{t('staff.requests.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {query.error ? (
              <ListError message={t('staff.requests.error', { message: staffErrorText(t, query.error) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
            ) : (
              <ul className="grid gap-3" aria-label={t('staff.requests.listLabel')}>
                {rows.map((r) => (
                  <li key={r.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid={`account-request-${r.id}`}>
                    <div className="grid gap-1 text-sm">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{r.name}</span>
                        <Badge variant="info">{t(r.kind === 'new' ? 'staff.requests.newAccount' : 'staff.requests.roleChange')}</Badge>
                      </p>
                      <p>
                        {r.kind === 'role' && r.previousRole
                          ? t('staff.requests.changeLine', { from: roleName(t, r.previousRole), role: roleName(t, r.role), facility: r.facilityName })
                          : t('staff.requests.newLine', { role: roleName(t, r.role), facility: r.facilityName })}
                      </p>
                      <p className="text-muted-foreground [overflow-wrap:anywhere]">
                        {r.email}
                        {r.maskedPhone ? ` · ${r.maskedPhone}` : ''}
                      </p>
                      <p className="text-muted-foreground">{t('staff.requests.askedBy', { name: r.requestedByName, date: formatDate(r.requestedAt) })}</p>
                      {r.reason ? <p className="text-muted-foreground">{t('staff.requests.reason', { reason: r.reason })}</p> : null}
                      {!r.canDecide ? <p className="text-muted-foreground">{t('staff.requests.waiting')}</p> : null}
                    </div>
                    {r.canDecide ? (
                      <div className="flex flex-wrap gap-2 sm:justify-end">
                        <Button size="sm" onClick={() => setConfirming(r)} aria-label={t('staff.requests.confirmNamed', { name: r.name })}>
                          <Check aria-hidden="true" />
                          {t('staff.requests.confirm')}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setDeclining(r)} aria-label={t('staff.requests.declineNamed', { name: r.name })}>
                          <X aria-hidden="true" />
                          {t('staff.requests.decline')}
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ) : null}
      {dialogs}
    </>
  );
}

function ConfirmRequestDialog({ request, onClose }: { request: AccountRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useConfirmAccountRequest();
  const confirm = () => {
    if (!request) return;
    mutation.mutate(request.id, {
      onSuccess: (done) => {
        toast({
          title: t('staff.toasts.confirmed'),
          description: done.sms ? smsOutcomeText(t, done.sms) : t('staff.toasts.roleConfirmedBody', { name: request.name, role: roleName(t, request.role) }),
        });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('staff.toasts.confirmFailed'), description: staffErrorText(t, error) }),
    });
  };
  return (
    <ConfirmDialog
      open={request !== null}
      title={request ? t('staff.requests.confirmTitle', { name: request.name, role: roleName(t, request.role) }) : ''}
      description={
        request?.kind === 'new'
          ? t('staff.requests.confirmNewBody', { phone: request.maskedPhone ?? '', facility: request.facilityName })
          : request
            ? t('staff.requests.confirmRoleBody', { name: request.name, facility: request.facilityName })
            : null
      }
      action={t('staff.requests.confirm')}
      running={t('staff.requests.confirming')}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function DeclineRequestDialog({ request, onClose }: { request: AccountRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useDeclineAccountRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decline = () => {
    if (reason.trim() === '') return setError(staffValidationText('A reason is required'));
    mutation.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          toast({ title: t('staff.toasts.declined'), description: t('staff.toasts.declinedBody', { name: request.name }) });
          onClose();
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors().reason : undefined;
          if (field) setError(staffValidationText(field));
          else toast({ variant: 'destructive', title: t('staff.toasts.declineFailed'), description: staffErrorText(t, e) });
        },
      },
    );
  };
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('staff.requests.declineTitle', { name: request.name })} description={t(request.kind === 'new' ? 'staff.requests.declineNewBody' : 'staff.requests.declineRoleBody', { name: request.name })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          decline();
        }}
        className="grid gap-4"
      >
        <FormField id="decline-reason" label={t('staff.requests.declineReason')} error={error} required>
          <Input value={reason} maxLength={300} aria-required="true" {...fieldAria('decline-reason', error)} onChange={(e) => setReason(e.target.value)} disabled={mutation.isPending} />
        </FormField>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('staff.requests.decline')} running={t('staff.requests.declining')} variant="destructive" />
      </form>
    </FormDialog>
  );
}
