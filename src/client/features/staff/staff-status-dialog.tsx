// Confirmation before (de)activating an account (DESIGN.md §1.3: confirm before a destructive action).
// Deactivation signs the person out at once; the server refuses oneself and roles the manager may not manage.
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../shared/staff';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { useSetStaffStatus } from './staff.api';
import { fullName, staffErrorText } from './staff-labels';

type Props = { member: StaffMember | null; onClose: () => void };

export function StaffStatusDialog({ member, onClose }: Props) {
  const { t } = useTranslation();
  const mutation = useSetStaffStatus();
  const deactivating = member?.isActive ?? true;
  const name = member ? fullName(member) : '';

  const confirm = () => {
    if (!member) return;
    mutation.mutate(
      { id: member.id, isActive: !member.isActive },
      {
        onSuccess: () => {
          toast({
            title: t(deactivating ? 'staff.toasts.deactivated' : 'staff.toasts.reactivated'),
            description: t(deactivating ? 'staff.toasts.deactivatedBody' : 'staff.toasts.reactivatedBody', { name }),
          });
          onClose();
        },
        onError: (error) => toast({ variant: 'destructive', title: t('staff.toasts.statusFailed'), description: staffErrorText(t, error) }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={member !== null}
      title={t(deactivating ? 'staff.confirm.deactivateTitle' : 'staff.confirm.reactivateTitle', { name })}
      description={t(deactivating ? 'staff.confirm.deactivateBody' : 'staff.confirm.reactivateBody', { name })}
      action={t(deactivating ? 'staff.confirm.deactivate' : 'staff.confirm.reactivate')}
      running={t(deactivating ? 'staff.confirm.deactivating' : 'staff.confirm.reactivating')}
      pending={mutation.isPending}
      variant={deactivating ? 'destructive' : 'default'}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
