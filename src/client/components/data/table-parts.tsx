// The parts every list table repeats: a header row from the column list, and the loading skeleton rows
// (STYLE.md rule 8; the spec's counts, e.g. 5 rows, come from the caller).
import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

type HeadsProps<C extends string> = { columns: readonly C[]; label: (column: C) => ReactNode; className?: (column: C) => string | undefined };

export function ColumnHeads<C extends string>({ columns, label, className }: HeadsProps<C>) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((c) => (
          <TableHead key={c} className={className?.(c)}>
            {label(c)}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

type SkeletonProps = { rows: number; columns: number; testId: string; className?: string };

export function SkeletonRows({ rows, columns, testId, className = 'h-4 w-20' }: SkeletonProps) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} data-testid={testId}>
      {Array.from({ length: columns }, (_, c) => (
        <TableCell key={c}>
          <Skeleton className={className} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * A table that scrolls sideways on a narrow screen, in a labelled region that takes keyboard focus, so a reader
 * without a mouse can scroll it too (WCAG 2.1.1) even when no cell holds a button.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative w-full overflow-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}
