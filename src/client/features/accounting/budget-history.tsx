// A facility-year's budget changes under the Budgets tab (issue 30 item 4), newest first: when, who, on screen or by
// import, the total before and after, and each account whose line was added, removed or changed. The latest 50 (the
// route's first page): a budget is set a few times a year.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKesExact, parseTotal } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { formatDate, formatTime } from '../../lib/locale-format';
import { accountingError, lineAccountName } from './accounting-labels';
import { budgetHistoryQuery } from './accounting.api';

const kes = (v: number | null) => (v === null ? '—' : formatKesExact(parseTotal(v)));

export function BudgetHistory({ fiscalYear, facilityId }: { fiscalYear: string; facilityId: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery(budgetHistoryQuery(fiscalYear, facilityId));
  return (
    <ListCard
      title={t('accounting.budgets.history')}
      description={t('accounting.budgets.historyHint')}
      query={query}
      errorMessage={(error) => t('common.loadError', { message: accountingError(error) })}
      empty={<EmptyState icon={History} title={t('accounting.budgets.historyEmpty')} hint={t('accounting.budgets.historyHint')} />}
    >
      <ol className="grid gap-3 text-sm" data-testid="budget-history">
        {query.data?.rows.map((r) => (
          <li key={r.id} className="grid gap-1 rounded-md border p-3" data-testid="budget-revision">
            <p className="font-semibold">
              {formatDate(r.changedAt)} {formatTime(r.changedAt)} · {r.changedBy} · {t(`accounting.budgets.how.${r.how}`)}
            </p>
            <p className="text-muted-foreground">{t('accounting.budgets.totals', { before: kes(r.totalBefore), after: kes(r.totalAfter), from: r.linesBefore, to: r.linesAfter })}</p>
            {r.changes.map((c) => (
              <p key={c.accountCode} data-testid="budget-change" data-code={c.accountCode}>
                {c.accountCode} {lineAccountName(c)}: {kes(c.before)} → {kes(c.after)}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </ListCard>
  );
}
