// A dialog around a form that saves, or around a question whose answer runs (ConfirmDialog): while the request runs it
// cannot be closed — not by Escape, a click outside nor its close button — so no one leaves a save running behind a
// closed form, and the form inside stays as it is, so what the user typed is still there when the save fails.
// Its footer's action says that it is running ("Saving...") and cannot be pressed twice.
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

type Props = {
  /** Whether it shows (by default it does: a dialog that is there only while it is open). */
  open?: boolean;
  /** A request runs: the dialog stays open until it ends. */
  pending: boolean;
  onClose: () => void;
  /** Its title and description; without them the content brings its own header (a panel that replaces the form). */
  title?: ReactNode;
  description?: ReactNode;
  /** The dialog's box (its width). */
  className?: string;
  /** A question that interrupts (ConfirmDialog). */
  role?: 'alertdialog';
  children: ReactNode;
};

export function FormDialog({ open = true, pending, onClose, title, description, className, role, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      {/* An undefined role would take away Radix's own "dialog". */}
      <DialogContent className={className} role={role ?? 'dialog'}>
        {title === undefined ? null : (
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}

type FooterProps = {
  pending: boolean;
  onCancel: () => void;
  /** The action's label, and its label while it runs ("Save", "Saving..."). */
  action: ReactNode;
  running: ReactNode;
  /** The action cannot be taken (beside while it runs). */
  disabled?: boolean;
  variant?: 'default' | 'destructive';
  /** The action taken by a click; without it the action submits the form the footer is in. */
  onAction?: () => void;
  /** Cancel's label, when it says more than "Cancel" ("Keep appointment"). */
  cancel?: ReactNode;
};

/** Cancel, and the action: the form's submit button, or a click's. */
export function FormDialogFooter({ pending, onCancel, action, running, disabled, variant, onAction, cancel }: FooterProps) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancel ?? t('common.cancel')}
      </Button>
      <Button type={onAction ? 'button' : 'submit'} variant={variant} onClick={onAction} disabled={pending || disabled}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {pending ? running : action}
      </Button>
    </DialogFooter>
  );
}
