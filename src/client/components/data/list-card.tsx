// The card around every list (STYLE.md rule 8): a title with the count, actions, then skeleton → error with a
// retry → empty with the next action → rows, and the pages under them. The table shows its own skeleton rows
// while the first page loads; rows from the previous page or search stay on screen, faded, until the new ones
// arrive.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { ListError } from './list-error';
import { Pagination } from './pagination';

/** What the card reads of a list query (a TanStack Query result fits; so does a list filtered on the client). */
export type ListQuery = {
  data?: { rows: readonly unknown[]; total: number; capped?: boolean };
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

/** Paging through a bounded list (DESIGN.md §6): where the rows on screen start, and how to move. */
export type ListPaging = { label: string; offset: number; pageSize: number; onOffset: (offset: number) => void };

type Props = {
  /** The heading, with the count once it is known ("Patients (1,204)"). */
  title: string;
  icon?: LucideIcon;
  description?: ReactNode;
  /** Buttons beside the title (an export, …). */
  actions?: ReactNode;
  query: ListQuery;
  /** Why the list could not be read, in the reader's words; shown with a retry instead of the table. */
  errorMessage: (error: Error) => ReactNode;
  /** Shown instead of the table when the list has no rows. */
  empty: ReactNode;
  /** Previous / Next under the table, once there is something to page through. */
  paging?: ListPaging;
  /** Notes under the pages. */
  footer?: ReactNode;
  /** The table. */
  children: ReactNode;
};

export function ListCard({ title, icon: Icon, description, actions, query, errorMessage, empty, paging, footer, children }: Props) {
  const { data, error } = query;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            {Icon ? <Icon aria-hidden="true" className="h-5 w-5" /> : null}
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy={query.isFetching || undefined}>
        {error ? (
          <ListError message={errorMessage(error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : data?.rows.length === 0 ? (
          empty
        ) : (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
        )}
        {paging && data && data.total > 0 ? <Pagination {...paging} count={data.rows.length} total={data.total} capped={data.capped} /> : null}
        {footer}
      </CardContent>
    </Card>
  );
}
