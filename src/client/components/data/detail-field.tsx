import type { ReactNode } from 'react';

/** One label and value of a details dialog (a <dl> row); the layout class is the caller's. */
export function DetailField({ label, children, className = 'grid gap-1' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
