// SPEC.md §2.9 cards: Total Assets, Monthly Revenue, Monthly Expenses, Net Income (with the operating margin), each
// month's figure against the month before, as GET /api/accounting/summary gives them for the chosen books.
import type { UseQueryResult } from '@tanstack/react-query';
import { Landmark, Scale, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountingSummary } from '../../../shared/accounting';
import { formatKES } from '../../../shared/money';
import { monthChange } from './accounting-logic';
import { booksName } from './accounting-labels';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { formatMonth } from '../../lib/locale-format';
import { cn } from '../../lib/utils';

const percent = new Intl.NumberFormat('en-KE', { signDisplay: 'exceptZero', maximumFractionDigits: 1 });
/** "+12.5%"; '—' with nothing to compare with. */
export const formatChange = (p: number | null): string => (p === null ? '—' : `${percent.format(p)}%`);
/** A card's shillings as the statements write them: a negative (a deficit) in brackets. */
const shillings = (kes: number) => (kes < 0 ? `(${formatKES(-kes)})` : formatKES(kes));

export function AccountingCards({ query }: { query: UseQueryResult<AccountingSummary> }) {
  const { t } = useTranslation();
  const s = query.data;
  const compare = (key: 'monthlyRevenue' | 'monthlyExpenses' | 'netIncome', risingIsGood: boolean) =>
    s ? <Change current={s[key]} previous={s.previous[key]} risingIsGood={risingIsGood} /> : undefined;
  const card = (key: string, icon: LucideIcon, value: number | undefined, hint: React.ReactNode): StatCard => ({
    key,
    icon,
    title: t(`accounting.cards.${key}`),
    value: value === undefined ? undefined : <Figure text={shillings(value)} />,
    hint,
  });
  const cards: StatCard[] = [
    card('totalAssets', Landmark, s?.totalAssets, s ? t('accounting.cards.totalAssetsNote', { scope: booksName(s.scopeLabel) }) : undefined),
    card('monthlyRevenue', TrendingUp, s?.monthlyRevenue, compare('monthlyRevenue', true)),
    card('monthlyExpenses', TrendingDown, s?.monthlyExpenses, compare('monthlyExpenses', false)),
    card(
      'netIncome',
      Scale,
      s?.netIncome,
      s ? (
        <>
          {compare('netIncome', true)}
          <p data-testid="accounting-margin">
            {s.operatingMargin === null ? t('accounting.cards.noMargin') : t('accounting.cards.margin', { margin: `${percent.format(s.operatingMargin)}%` })}
          </p>
        </>
      ) : undefined,
    ),
  ];
  return (
    <div className="grid gap-2">
      <StatCardGrid
        label={t('accounting.cards.label')}
        cards={cards}
        testIdPrefix="accounting-card-"
        valueTestId="accounting-card-value"
        query={query}
        errorMessage={(error) => t('common.loadError', { message: error.message })}
      />
      {s ? <p className="text-xs text-muted-foreground">{t('accounting.cards.month', { month: formatMonth(s.month) })}</p> : null}
    </div>
  );
}

/** A county's figures run to hundreds of millions: a long one is set a size smaller so it stays inside its card. */
function Figure({ text }: { text: string }) {
  return <span className={text.length > 12 ? 'text-xl' : undefined}>{text}</span>;
}

function Change({ current, previous, risingIsGood }: { current: number; previous: number; risingIsGood: boolean }) {
  const { t } = useTranslation();
  const change = monthChange(current, previous);
  const good = change !== null && change !== 0 && change > 0 === risingIsGood;
  return (
    <p className="flex flex-wrap items-center gap-1">
      <span data-testid="accounting-card-change" className={cn('font-semibold', change === null || change === 0 ? 'text-muted-foreground' : good ? 'text-green-700' : 'text-red-700')}>
        {formatChange(change)}
      </span>
      <span>{change === null ? t('accounting.cards.nothingToCompare') : t('accounting.cards.vsLastMonth', { amount: shillings(previous) })}</span>
    </p>
  );
}
