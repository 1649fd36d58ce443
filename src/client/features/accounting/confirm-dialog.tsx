// A confirmation for a ledger act that cannot be undone (close a month or the year, reject, reverse): what it does,
// an optional reason (required by the contract where asked), and the server's refusal shown in the dialog so the
// officer reads why (a 409 for drafts in the month, a 403 maker_checker) without losing what was typed.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Textarea } from '../../components/ui/input';
import { FormField, fieldAria } from '../../components/forms/form-field';

type Props = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Ask for a reason (required: the contract's message when blank). */
  reason?: { label: string; required: string };
  /** Ask for a date (optional: blank is today). */
  date?: { label: string; hint: string; min?: string };
  destructive?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (values: { reason: string; date: string }) => void;
  onClose: () => void;
};

export function ConfirmDialog({ title, description, confirmLabel, reason, date, destructive, pending, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [day, setDay] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonError = missing && reason && text.trim() === '' ? reason.required : undefined;
  return (
    <FormDialog pending={pending} onClose={onClose} title={title} description={description}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason && text.trim() === '') {
            setMissing(true);
            return;
          }
          onConfirm({ reason: text.trim(), date: day });
        }}
      >
        {error ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="confirm-error">
            {error}
          </p>
        ) : null}
        {reason ? (
          <FormField id="confirm-reason" label={reason.label} error={reasonError} required>
            <Textarea {...fieldAria('confirm-reason', reasonError)} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
          </FormField>
        ) : null}
        {date ? (
          <FormField id="confirm-date" label={date.label}>
            <DateInput id="confirm-date" min={date.min} value={day} onChange={setDay} disabled={pending} />
            <p className="text-xs text-muted-foreground">{date.hint}</p>
          </FormField>
        ) : null}
        <FormDialogFooter pending={pending} onCancel={onClose} action={confirmLabel} running={t('accounting.working')} variant={destructive ? 'destructive' : 'default'} />
      </form>
    </FormDialog>
  );
}
