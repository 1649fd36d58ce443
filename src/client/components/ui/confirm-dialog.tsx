// A question before an action that cannot be taken back without another step (DESIGN.md §1.3: confirm before a
// destructive action): an alert dialog with the question, what will happen, Cancel and the action, which shows it
// is running and cannot be pressed twice. Closing is refused while it runs (the form dialog's guard).
import type { ReactNode } from 'react';
import { FormDialog, FormDialogFooter } from './form-dialog';

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
  return (
    <FormDialog open={open} pending={pending} onClose={onClose} title={title} description={description} role="alertdialog">
      <FormDialogFooter pending={pending} onCancel={onClose} action={action} running={running} variant={variant} onAction={onConfirm} />
    </FormDialog>
  );
}
