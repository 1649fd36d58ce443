// A small form state resolved with the shared zod contract (STYLE.md rule 2): checked on submit, then again on every
// change (SPEC.md §5), one message per field keyed by its path ('lines.0.quantity'). Billing and the settings of
// /reports keep react-hook-form out of their screens so their routes stay inside the JavaScript budget (DESIGN.md §10).
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

/** Plain values (strings, arrays, objects of them) compared by content. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The field a `data-field` names inside the form takes the focus (the first of them, for a group of radios). */
export function focusField(form: ParentNode | null | undefined, name: string): void {
  form?.querySelector<HTMLElement>(`[data-field="${name}"]`)?.focus();
}

/**
 * `values` are what was typed; `derive` turns them into the contract's input (for defaults the form shows but the
 * user has not typed, such as SHA's 100 % cover).
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(schema: S, initial: () => V, derive: (values: V) => Record<string, unknown> = (v) => ({ ...(v as Record<string, unknown>) })) {
  const [saved, setSaved] = useState<V>(initial);
  const [values, setValues] = useState<V>(saved);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const input = derive(values);
  const result = submitted ? schema.safeParse(input) : null;
  const errors: FieldErrors = { ...(result && !result.success ? errorsOf(result.error.issues) : {}), ...serverErrors };
  /** Whether the values differ from those the form started from (or was last reset to). */
  const dirty = !same(values, saved);

  /**
   * Sets one top-level field (or a whole field array); a server message on that field is dropped — or only on
   * `changed` ('rows.3.dataElement'), when one box of a field array is what changed.
   */
  const set = <K extends keyof V>(name: K, value: V[K], changed: string = String(name)) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== changed && !k.startsWith(`${changed}.`))));
  };

  const submit = (onValid: (data: z.output<S>) => void) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    const checked = schema.safeParse(input);
    if (checked.success) return onValid(checked.data);
    // The first field in error takes the focus, so a screen-reader user hears what went wrong.
    const first = Object.keys(errorsOf(checked.error.issues))[0];
    if (first) focusField(e.currentTarget, first);
  };

  /** Messages the server sent back for fields (400), shown under their inputs until the field changes. */
  const addErrors = (more: FieldErrors) => setServerErrors((prev) => ({ ...prev, ...more }));

  /** Back to `next` (or to where the form started), which the form is then compared with; no message is left. */
  const reset = (next?: V) => {
    const to = next ?? saved;
    setSaved(to);
    setValues(to);
    setSubmitted(false);
    setServerErrors({});
  };

  return { values, set, errors, addErrors, submit, input, dirty, reset };
}
