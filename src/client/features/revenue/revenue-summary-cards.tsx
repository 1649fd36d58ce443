// SPEC.md §2.7 four summary cards, each with its change versus the previous period of the same length.
import type { UseQueryResult } from '@tanstack/react-query';
import { Banknote, Clock, ShieldCheck, TrendingDown, TrendingUp, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { RevenueFigure, RevenueSummary } from '../../../shared/revenue';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { cn } from '../../lib/utils';
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
  const s = query.data;
  const cards: StatCard[] = CARDS.map(({ key, icon }) => ({
    key,
    icon,
    title: t(`revenue.cards.${key}`),
    value: s && formatKES(s[key].amount),
    hint: s && <CardChange figure={s[key]} risingIsGood={key !== 'pendingPayments'} note={cardNote(t, key, s)} />,
  }));
  return (
    <StatCardGrid
      label={t('revenue.cards.label')}
      cards={cards}
      testIdPrefix="revenue-card-"
      valueTestId="revenue-card-value"
      query={query}
      errorMessage={(error) => t('common.loadError', { message: error.message })}
    />
  );
}

function cardNote(t: ReturnType<typeof useTranslation>['t'], key: CardKey, s: RevenueSummary): string {
  const figure = s[key];
  if (key === 'pendingPayments') {
    return t('revenue.cards.pendingNote', { count: figure.count, overdue: s.pendingPayments.overdueCount, amount: formatKES(s.pendingPayments.overdueAmount) });
  }
  return t(`revenue.cards.${key}Note`, { count: figure.count, amount: formatKES(figure.previousAmount) });
}

/** The change against the previous period of the same length, and what the figure counts. */
function CardChange({ figure, risingIsGood, note }: { figure: RevenueFigure; risingIsGood: boolean; note: string }) {
  const { t } = useTranslation();
  const change = figure.changePercent;
  const good = change !== null && change !== 0 && change > 0 === risingIsGood;
  const TrendIcon = change !== null && change < 0 ? TrendingDown : TrendingUp;
  return (
    <>
      <p className="flex items-center gap-1">
        {change !== null && change !== 0 ? <TrendIcon aria-hidden="true" className={cn('h-3.5 w-3.5', good ? 'text-green-700' : 'text-red-700')} /> : null}
        <span
          data-testid="revenue-card-change"
          className={cn('font-semibold', change === null || change === 0 ? 'text-muted-foreground' : good ? 'text-green-700' : 'text-red-700')}
        >
          {formatChange(change)}
        </span>
        <span>{change === null ? t('revenue.cards.nothingToCompare') : t('revenue.cards.vsLastPeriod')}</span>
      </p>
      <p>{note}</p>
    </>
  );
}
