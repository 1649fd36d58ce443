// The next steps of a referral that this user may take (the server checks again): the referring side marks it in
// transit or cancels it (with a reason, after a confirmation), the receiving side marks it received.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateReferralStatusSchema, type ReferralDetail, type UpdateReferralStatusInput } from '../../../shared/referrals';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { referralErrorText, referralMessage } from './referral-labels';
import { useUpdateReferralStatus } from './referrals.api';

type Target = UpdateReferralStatusInput['status'];
type Props = { referral: ReferralDetail; allowed: Target[] };

export function ReferralActions({ referral, allowed }: Props) {
  const { t } = useTranslation();
  const mutation = useUpdateReferralStatus(referral.id);
  const [note, setNote] = useState('');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const pending = mutation.isPending;

  const send = (status: Target, text: string) =>
    mutation.mutate(
      { status, note: text.trim() === '' ? null : text.trim() },
      {
        onSuccess: () => {
          toast({
            title: t(`referrals.actions.done.${status}`),
            description: t('referrals.actions.doneBody', { name: referral.patientName, from: referral.fromFacility, to: referral.toFacility }),
          });
          setNote('');
          setReason('');
          setConfirmingCancel(false);
        },
        onError: (error) => toast({ variant: 'destructive', title: t('referrals.actions.failedTitle'), description: referralErrorText(t, error) }),
      },
    );

  const confirmCancel = () => {
    const parsed = updateReferralStatusSchema.safeParse({ status: 'cancelled', note: reason });
    if (!parsed.success) {
      setReasonError(referralMessage(parsed.error.issues[0]?.message));
      return;
    }
    setReasonError(undefined);
    send('cancelled', reason);
  };

  return (
    <section aria-labelledby="referral-actions-heading" className="grid gap-3 rounded-md border p-4">
      <h3 id="referral-actions-heading" className="text-base font-semibold">
        {t('referrals.actions.title')}
      </h3>
      {confirmingCancel ? (
        <div className="grid gap-3">
          <FormField id="referral-cancel-reason" label={t('referrals.actions.cancelReason')} error={reasonError} required>
            <Textarea
              // The panel replaces the button that opened it: the reason field takes the focus.
              autoFocus
              aria-required="true"
              maxLength={500}
              disabled={pending}
              {...fieldAria('referral-cancel-reason', reasonError)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={pending} onClick={() => setConfirmingCancel(false)}>
              {t('referrals.actions.keep')}
            </Button>
            <Button variant="destructive" disabled={pending} onClick={confirmCancel}>
              {pending ? t('referrals.actions.saving') : t('referrals.actions.confirmCancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          {allowed.includes('in_transit') || allowed.includes('received') ? (
            <FormField id="referral-step-note" label={t('referrals.actions.note')}>
              <Textarea className="min-h-16" maxLength={500} disabled={pending} id="referral-step-note" value={note} onChange={(e) => setNote(e.target.value)} />
            </FormField>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {allowed.includes('cancelled') ? (
              <Button variant="outline" className="text-destructive" disabled={pending} onClick={() => setConfirmingCancel(true)}>
                {t('referrals.actions.cancel')}
              </Button>
            ) : null}
            {allowed.includes('in_transit') ? (
              <Button disabled={pending} onClick={() => send('in_transit', note)}>
                {t('referrals.actions.markInTransit')}
              </Button>
            ) : null}
            {allowed.includes('received') ? (
              <Button disabled={pending} onClick={() => send('received', note)}>
                {t('referrals.actions.markReceived')}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
