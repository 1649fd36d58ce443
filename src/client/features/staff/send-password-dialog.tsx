// "Send a new temporary password" (issue 25 finding 1): for an account whose owner has not yet chosen their own (the
// SMS was lost, or the password ran out). It goes by SMS to the phone the account was opened with; nothing is shown.
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../shared/staff';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { useSendTemporaryPassword } from './staff.api';
import { fullName, staffErrorText } from './staff-labels';
import { smsOutcomeText } from './sms-outcome';

export function SendPasswordDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSendTemporaryPassword();
  const name = member ? fullName(member) : '';
  const send = () => {
    if (!member) return;
    mutation.mutate(member.id, {
      onSuccess: ({ sms }) => {
        toast({ variant: sms.status === 'failed' ? 'destructive' : 'default', title: t('staff.toasts.passwordSent'), description: smsOutcomeText(t, sms) });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('staff.toasts.passwordFailed'), description: staffErrorText(t, error) }),
    });
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={t('staff.sendPassword.title', { name })}
      description={t('staff.sendPassword.body', { name, phone: member?.maskedPhone ?? '' })}
      action={t('staff.sendPassword.send')}
      running={t('staff.sendPassword.sending')}
      pending={mutation.isPending}
      onConfirm={send}
      onClose={onClose}
    />
  );
}
