// A small form state for the billing dialogs, resolved with the shared zod contract (STYLE.md rule 2): checked on
// submit, then again on every change (SPEC.md §5), one message per field keyed by its path ('lines.0.quantity').
// Billing keeps react-hook-form out of its screen so the route stays inside its JavaScript budget (DESIGN.md §10).
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * `values` are what was typed; `derive` turns them into the contract's input (for defaults the form shows but the
 * user has not typed, such as SHA's 100 % cover).
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(schema: S, initial: () => V, derive: (values: V) => Record<string, unknown> = (v) => ({ ...(v as Record<string, unknown>) })) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const input = derive(values);
  const result = submitted ? schema.safeParse(input) : null;
  const errors: FieldErrors = { ...(result && !result.success ? errorsOf(result.error.issues) : {}), ...serverErrors };

  /** Sets one top-level field (or a whole field array); a server message on that field is dropped. */
  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name && !k.startsWith(`${String(name)}.`))));
  };

  const submit = (onValid: (data: z.output<S>) => void) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    const checked = schema.safeParse(input);
    if (checked.success) return onValid(checked.data);
    // The first field in error takes the focus, so a screen-reader user hears what went wrong.
    const first = Object.keys(errorsOf(checked.error.issues))[0];
    if (first) e.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  /** Messages the server sent back for fields (400), shown under their inputs until the field changes. */
  const addErrors = (more: FieldErrors) => setServerErrors((prev) => ({ ...prev, ...more }));

  return { values, set, errors, addErrors, submit, input };
}
