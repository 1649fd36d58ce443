// A list's filters: the search field first, then the selects, in one row that wraps (one per line on a phone),
// as a search landmark. With onSubmit it is a form whose Search button (or Enter) applies what was typed;
// without, every change applies as it happens.
import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

type Props = {
  /** The landmark's name ("Filter invoices"). */
  label?: string;
  onSubmit?: () => void;
  submitLabel?: string;
  /** A SearchField and FilterSelects (or other labelled fields), in their reading order. */
  children: ReactNode;
};

// The search field takes the room the selects leave; each select keeps at least 11rem before the row wraps.
const ROW = 'flex flex-wrap items-end gap-4 *:min-w-0 *:flex-[1_1_11rem] [&>:first-child]:flex-[2_1_16rem] [&>button]:flex-none';

export function FilterBar({ label, onSubmit, submitLabel, children }: Props) {
  return (
    <Card>
      <CardContent className="pt-6">
        {onSubmit ? (
          <form
            role="search"
            aria-label={label}
            className={ROW}
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {children}
            <Button type="submit">
              <Search aria-hidden="true" />
              {submitLabel}
            </Button>
          </form>
        ) : (
          <div role="search" aria-label={label} className={ROW}>
            {children}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type SearchFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'type' | 'className'> & {
  id: string;
  label: string;
  /** The wrapper's classes (the label and the box). */
  className?: string;
};

/** A list's search box: a label above a search input with the magnifier icon inside it. */
export function SearchField({ id, label, className = 'grid gap-1.5', ...inputProps }: SearchFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
        <Input id={id} type="search" className="pl-9" {...inputProps} />
      </div>
    </div>
  );
}
