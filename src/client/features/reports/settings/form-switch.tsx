// Which MOH form a section shows: a row of radio buttons drawn as a segmented control (arrow keys move between
// them, as in any radio group). The value changes only when the section accepts it (it may first ask to discard).
import { useId } from 'react';
import { cn } from '../../../lib/utils';

type Props<F extends string> = { label: string; forms: readonly F[]; value: F; onChange: (form: F) => void; disabled?: boolean };

export function FormSwitch<F extends string>({ label, forms, value, onChange, disabled }: Props<F>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex w-fit gap-1 rounded-md bg-muted p-1">
      {forms.map((form) => (
        <label
          key={form}
          className={cn(
            'relative cursor-pointer rounded-sm px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring sm:py-1.5',
            value === form ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            disabled && 'cursor-not-allowed opacity-50',
          )}
        >
          <input type="radio" className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed" name={name} value={form} checked={value === form} disabled={disabled} onChange={() => onChange(form)} />
          MOH {form}
        </label>
      ))}
    </div>
  );
}
