// A labelled form field whose message sits under it, tied to the input by aria-describedby.
import type { ReactNode } from 'react';
import { Label } from '../ui/label';
import { cn } from '../../lib/utils';

/** The attributes an input needs to name its state and its message. */
export function fieldAria(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

type Props = { id: string; label: string; error?: string; required?: boolean; className?: string; children: ReactNode };

export function FormField({ id, label, error, required, className, children }: Props) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A required field's asterisk: for the eye only, as the input says aria-required. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** A message about the form as a whole, or a list in it (no line added, a refusal): announced when it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
