import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const field =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-20', className)} {...props} />;
}

/** A native select: light, accessible, and fine on a phone; used for the long facility lists. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10', className)} {...props} />;
}

/** A native select's options: a blank first one when asked for ("Select …"), then each value with its label. */
export function SelectOptions({ options, blank }: { options: readonly { value: string; label: string }[]; blank?: string }) {
  return (
    <>
      {blank === undefined ? null : <option value="">{blank}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
