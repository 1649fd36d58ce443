// A row of four stat cards (title, icon, figure, hint) with skeletons while the figures load.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

export type StatCard = { key: string; title: string; icon: LucideIcon; value: ReactNode; hint: string };

type Props = {
  label: string;
  cards: StatCard[];
  /** False while the figures load: each card shows skeletons instead. */
  loaded: boolean;
  /** Each card's data-testid is this prefix followed by its key. */
  testIdPrefix: string;
};

export function StatCardGrid({ label, cards, loaded, testIdPrefix }: Props) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={label}>
      {cards.map((c) => (
        <li key={c.key}>
          <Card className="h-full" data-testid={`${testIdPrefix}${c.key}`}>
            <CardHeader className="flex-row items-center justify-between space-y-0 pb-2">
              <h2 className="text-sm font-medium">{c.title}</h2>
              <c.icon aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
            </CardHeader>
            <CardContent>
              {loaded ? (
                <>
                  <p className="text-2xl font-bold" data-testid="value">
                    {c.value}
                  </p>
                  <p className="text-xs text-muted-foreground">{c.hint}</p>
                </>
              ) : (
                <>
                  <Skeleton className="h-8 w-16" />
                  <Skeleton className="mt-2 h-3 w-24" />
                </>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
