// A question before an action that cannot be taken back without another step (DESIGN.md §1.3: confirm before a
// destructive action): an alert dialog with the question, what will happen, Cancel and the action, which shows it
// is running and cannot be pressed twice. Closing is refused while it runs.
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

type Props = {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The action's label, and its label while it runs ("Deactivate", "Deactivating..."). */
  action: string;
  running: string;
  pending: boolean;
  variant?: 'default' | 'destructive';
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ open, title, description, action, running, pending, variant = 'default', onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (!next && !pending ? onClose() : undefined)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant={variant} onClick={onConfirm} disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {pending ? running : action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
