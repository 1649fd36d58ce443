// A row of stat cards (title, icon, figure, hint): four across on a wide screen, two on a tablet (three cards:
// three across), one on a phone; skeletons while a figure loads, and one error with a retry when the figures could not be read.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { ListError } from './list-error';

export type StatCard = {
  key: string;
  title: string;
  icon: LucideIcon;
  /** The icon's colour (a status tone); muted when not given. */
  tone?: string;
  /** The figure; undefined while it loads. */
  value: ReactNode | undefined;
  /** What the figure counts, under it. */
  hint?: ReactNode;
  /** The screen the card opens (its title is the link, and the whole card takes the click). */
  href?: string;
};

type Props = {
  label: string;
  cards: StatCard[];
  /** Each card's data-testid is this prefix followed by its key. */
  testIdPrefix: string;
  /** The figure's data-testid. */
  valueTestId?: string;
  /** The query behind the figures (a TanStack Query result fits): a failed one shows its error and a retry. */
  query?: { error: Error | null; isFetching: boolean; refetch: () => unknown };
  errorMessage?: (error: Error) => ReactNode;
};

export function StatCardGrid({ label, cards, testIdPrefix, valueTestId = 'stat-value', query, errorMessage }: Props) {
  if (query?.error) return <ListError message={errorMessage?.(query.error) ?? query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <ul className={cards.length === 3 ? 'grid gap-4 sm:grid-cols-3' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'} aria-label={label}>
      {cards.map((c) => (
        <li key={c.key}>
          <Card className={c.href ? 'relative h-full hover:bg-muted/40' : 'h-full'} role="group" aria-labelledby={`${testIdPrefix}${c.key}-title`} data-testid={`${testIdPrefix}${c.key}`}>
            <div className="flex items-center justify-between gap-2 p-6 pb-2">
              <h2 id={`${testIdPrefix}${c.key}-title`} className="text-sm font-medium">
                {c.href ? (
                  <Link href={c.href} className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring">
                    {c.title}
                  </Link>
                ) : (
                  c.title
                )}
              </h2>
              <c.icon aria-hidden="true" className={`h-4 w-4 shrink-0 ${c.tone ?? 'text-muted-foreground'}`} />
            </div>
            <div className="p-6 pt-0">
              {c.value === undefined ? (
                <>
                  <Skeleton className="h-8 w-20" />
                  <Skeleton className="mt-2 h-3 w-28" />
                </>
              ) : (
                <>
                  <p className="text-2xl font-bold" data-testid={valueTestId}>
                    {c.value}
                  </p>
                  <div className="text-xs text-muted-foreground">{c.hint}</div>
                </>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
