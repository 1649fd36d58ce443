// A list's search box: a label above a search input with the magnifier icon inside it.
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

type Props = Omit<ComponentProps<typeof Input>, 'id' | 'type' | 'className'> & {
  id: string;
  label: string;
  /** The wrapper's classes (the label and the box). */
  className?: string;
};

export function SearchField({ id, label, className = 'grid gap-1.5', ...inputProps }: Props) {
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
