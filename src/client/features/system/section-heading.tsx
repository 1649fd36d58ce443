// A section's heading and what it is for.
import type { ReactNode } from 'react';

export function SectionHeading({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** "Version 3 · changed 16 Mar 2026 09:30 by Margaret Nekesa". */
export function VersionLine({ text }: { text: string }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="version-line">
      {text}
    </p>
  );
}
