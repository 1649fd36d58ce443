// "Send a new temporary password" (issue 25 finding 1): for an account whose owner has not yet chosen their own (the
// SMS was lost, or the password ran out). It goes by SMS to the phone the account was opened with; nothing is shown.
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../shared/staff';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
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
    <Dialog open={member !== null} onOpenChange={(open) => (!open && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('staff.sendPassword.title', { name })}</DialogTitle>
          <DialogDescription>{t('staff.sendPassword.body', { name, phone: member?.maskedPhone ?? '' })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={send} disabled={mutation.isPending}>
            {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t(mutation.isPending ? 'staff.sendPassword.sending' : 'staff.sendPassword.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
