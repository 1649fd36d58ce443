// SPEC.md §2.7 four summary cards, each with its change versus the previous period of the same length.
import type { UseQueryResult } from '@tanstack/react-query';
import { Banknote, Clock, ShieldCheck, TrendingDown, TrendingUp, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/format';
import type { RevenueFigure, RevenueSummary } from '../../../shared/revenue';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { PanelError } from '../dashboard/panel-states';
import { formatChange } from './revenue-labels';

type CardKey = 'totalRevenue' | 'shaClaims' | 'cashPayments' | 'pendingPayments';
const CARDS: { key: CardKey; icon: LucideIcon }[] = [
  { key: 'totalRevenue', icon: Banknote },
  { key: 'shaClaims', icon: ShieldCheck },
  { key: 'cashPayments', icon: Wallet },
  { key: 'pendingPayments', icon: Clock },
];

export function RevenueSummaryCards({ query }: { query: UseQueryResult<RevenueSummary> }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('revenue.cards.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, icon: Icon }) => {
        const title = t(`revenue.cards.${key}`);
        const titleId = `revenue-card-${key}`;
        return (
          <Card key={key} role="group" aria-labelledby={titleId} data-testid={titleId}>
            <CardContent className="grid gap-2 p-5">
              <div className="flex items-center justify-between gap-2">
                <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
                  {title}
                </h2>
                <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
              </div>
              {query.isPending ? (
                <div className="grid gap-2" aria-busy="true">
                  <Skeleton className="h-8 w-32" />
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-36" />
                </div>
              ) : query.isError ? (
                <PanelError what={title} error={query.error} onRetry={() => void query.refetch()} />
              ) : (
                <CardFigure figure={query.data[key]} risingIsGood={key !== 'pendingPayments'} note={cardNote(t, key, query.data)} />
              )}
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}

function cardNote(t: ReturnType<typeof useTranslation>['t'], key: CardKey, s: RevenueSummary): string {
  const figure = s[key];
  if (key === 'pendingPayments') {
    return t('revenue.cards.pendingNote', { count: figure.count, overdue: s.pendingPayments.overdueCount, amount: formatKES(s.pendingPayments.overdueAmount) });
  }
  return t(`revenue.cards.${key}Note`, { count: figure.count, amount: formatKES(figure.previousAmount) });
}

function CardFigure({ figure, risingIsGood, note }: { figure: RevenueFigure; risingIsGood: boolean; note: string }) {
  const { t } = useTranslation();
  const change = figure.changePercent;
  const good = change !== null && change !== 0 && change > 0 === risingIsGood;
  const TrendIcon = change !== null && change < 0 ? TrendingDown : TrendingUp;
  return (
    <>
      <p className="text-2xl font-bold" data-testid="revenue-card-value">
        {formatKES(figure.amount)}
      </p>
      <p className="flex items-center gap-1 text-xs">
        {change !== null && change !== 0 ? <TrendIcon aria-hidden="true" className={cn('h-3.5 w-3.5', good ? 'text-green-700' : 'text-red-700')} /> : null}
        <span
          data-testid="revenue-card-change"
          className={cn('font-semibold', change === null || change === 0 ? 'text-muted-foreground' : good ? 'text-green-700' : 'text-red-700')}
        >
          {formatChange(change)}
        </span>
        <span className="text-muted-foreground">
          {change === null ? t('revenue.cards.nothingToCompare') : t('revenue.cards.vsLastPeriod')}
        </span>
      </p>
      <p className="text-xs text-muted-foreground">{note}</p>
    </>
  );
}
