// The new account's temporary password, shown once: copy it, hand it over in private, close. It is not kept
// anywhere else in the browser and the server never shows it again.
import { Check, Copy, KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedStaff } from '../../../shared/staff';
import { Button } from '../../components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { fullName } from './staff-labels';

export function TemporaryPasswordPanel({ created, onDone }: { created: CreatedStaff; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const name = fullName(created.staff);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.temporaryPassword);
      setCopied(true);
      toast({ title: t('staff.toasts.copied'), description: t('staff.toasts.copiedBody') });
    } catch {
      toast({ variant: 'destructive', title: t('staff.toasts.copyFailed'), description: t('staff.toasts.copyFailedBody') });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('staff.created.title')}</DialogTitle>
        <DialogDescription>{t('staff.created.intro', { name, email: created.staff.email })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <p id="temporary-password-label" className="flex items-center gap-2 text-sm font-medium">
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {t('staff.created.passwordLabel')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <output
            aria-labelledby="temporary-password-label"
            data-testid="temporary-password"
            className="rounded-md border bg-muted px-4 py-2 font-mono text-lg tracking-widest select-all"
          >
            {created.temporaryPassword}
          </output>
          <Button variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t(copied ? 'staff.created.copied' : 'staff.created.copy')}
          </Button>
        </div>
      </div>
      <div role="note" className="flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
        <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('staff.created.once')}</p>
          <p>{t('staff.created.private', { name })}</p>
          <p>{t('staff.created.change')}</p>
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>{t('staff.created.done')}</Button>
      </DialogFooter>
    </>
  );
}
