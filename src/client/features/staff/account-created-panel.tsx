// What Add Staff Member says once the account exists (issue 25 finding 1). No password is ever shown here: an account
// that will approve money or read patients waits for a second person to confirm it, and then its temporary password
// goes by SMS to its owner; any other account's has gone by SMS already. The panel says which, and to which phone.
import { Clock, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreatedStaff } from '../../../shared/staff';
import { Button } from '../../components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { roleName } from '../../lib/labels';
import { fullName } from './staff-labels';
import { SmsOutcome } from './sms-outcome';

export function AccountCreatedPanel({ created, onDone }: { created: CreatedStaff; onDone: () => void }) {
  const { t } = useTranslation();
  const name = fullName(created.staff);
  const pending = created.confirmation === 'pending';
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t(pending ? 'staff.created.pendingTitle' : 'staff.created.title')}</DialogTitle>
        <DialogDescription>
          {pending ? t('staff.created.pendingIntro', { name, role: roleName(t, created.staff.role) }) : t('staff.created.intro', { name, email: created.staff.email })}
        </DialogDescription>
      </DialogHeader>
      {pending ? (
        <div role="note" className="flex gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('staff.created.whoConfirms')}</p>
            <p>{t('staff.created.thenSms', { phone: created.staff.maskedPhone ?? '' })}</p>
          </div>
        </div>
      ) : created.sms ? (
        <div className="flex gap-3 text-sm">
          <MessageSquare aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <SmsOutcome sms={created.sms} />
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('staff.created.never')}</p>
      <DialogFooter>
        <Button onClick={onDone}>{t('staff.created.done')}</Button>
      </DialogFooter>
    </>
  );
}
