// What a module's part in another screen's slot shows (app/modules.ts, issue 26): a headed section, two placeholder
// rows while its list loads, and a plain "none yet" with its icon — alike in every part, so a patient's record reads
// as one page whichever modules fill it.
import type { ComponentType, ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';

export function SlotSection({ id, title, actions, testId, children }: { id: string; title: string; actions?: ReactNode; testId?: string; children: ReactNode }) {
  const heading = (
    <h3 id={id} className="text-base font-semibold">
      {title}
    </h3>
  );
  return (
    <section className="grid gap-3" aria-labelledby={id} data-testid={testId}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** Two placeholder rows, announced as loading `label`. */
export function SlotListSkeleton({ label }: { label: string }) {
  return (
    <ul className="grid gap-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: 2 }, (_, i) => (
        <li key={i} className="grid gap-2 rounded-md border p-3">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

export function SlotEmpty({ icon: Icon, children }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="h-8 w-8" />
      <p>{children}</p>
    </div>
  );
}
