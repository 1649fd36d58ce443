// SPEC.md §2.8 cards: Paid Today, Pending, Insurance, Mobile Money — each an amount and what it counts, from
// GET /api/billing/summary for the shell's Current Facility (or the whole county).
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/format';
import type { BillingSummary } from '../../../shared/billing';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { BillingPanelError } from './billing-panel-error';
import { billingSummaryQuery } from './billing.api';

export function BillingCards({ scope }: { scope: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery(billingSummaryQuery(scope));
  const n = (v: number) => v.toLocaleString('en-KE');
  const cards: { id: string; icon: LucideIcon; value: (s: BillingSummary) => string; note: (s: BillingSummary) => ReactNode }[] = [
    { id: 'paidToday', icon: CheckCircle2, value: (s) => formatKES(s.paidToday.amount), note: (s) => t('billing.cards.paidTodayNote', { count: s.paidToday.count, n: n(s.paidToday.count) }) },
    {
      id: 'pending',
      icon: Clock,
      value: (s) => formatKES(s.pending.amount),
      note: (s) => t('billing.cards.pendingNote', { count: s.pending.count, n: n(s.pending.count), overdue: n(s.pending.overdueCount) }),
    },
    {
      id: 'insurance',
      icon: ShieldCheck,
      value: (s) => formatKES(s.insurance.amount),
      note: (s) => t('billing.cards.insuranceNote', { count: s.insurance.count, n: n(s.insurance.count), approved: formatKES(s.insurance.approvedThisMonthAmount) }),
    },
    { id: 'mobileMoney', icon: Smartphone, value: (s) => formatKES(s.mobileMoney.amount), note: (s) => t('billing.cards.mobileMoneyNote', { count: s.mobileMoney.count, n: n(s.mobileMoney.count) }) },
  ];
  return (
    <section aria-label={t('billing.cards.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ id, icon: Icon, value, note }) => {
        const title = t(`billing.cards.${id}`);
        return (
          <Card key={id} role="group" aria-labelledby={`billing-card-${id}`} data-testid={`billing-card-${id}`}>
            <CardContent className="grid gap-2 p-5">
              <div className="flex items-center justify-between gap-2">
                <h2 id={`billing-card-${id}`} className="text-sm font-medium text-muted-foreground">
                  {title}
                </h2>
                <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
              </div>
              {query.isPending ? (
                <div className="grid gap-2" aria-busy="true">
                  <Skeleton className="h-8 w-28" />
                  <Skeleton className="h-4 w-40" />
                </div>
              ) : query.isError ? (
                <BillingPanelError what={title} error={query.error} onRetry={() => void query.refetch()} />
              ) : (
                <>
                  <p className="text-2xl font-bold" data-testid="card-value">
                    {value(query.data)}
                  </p>
                  <p className="text-xs text-muted-foreground">{note(query.data)}</p>
                </>
              )}
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}
