// SPEC.md §2.8 cards: Paid Today, Pending, Insurance, Mobile Money — each an amount and what it counts, from
// GET /api/billing/summary for the shell's Current Facility (or the whole county).
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ShieldCheck, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { billingError } from './billing-labels';
import { billingSummaryQuery } from './billing.api';
import { formatNumber } from '../../lib/locale-format';

export function BillingCards({ scope }: { scope: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery(billingSummaryQuery(scope));
  const s = query.data;
  const n = (v: number) => formatNumber(v);
  const cards: StatCard[] = [
    { key: 'paidToday', icon: CheckCircle2, value: s && formatKES(s.paidToday.amount), hint: s && t('billing.cards.paidTodayNote', { count: s.paidToday.count, n: n(s.paidToday.count) }) },
    {
      key: 'pending',
      icon: Clock,
      value: s && formatKES(s.pending.amount),
      hint: s && t('billing.cards.pendingNote', { count: s.pending.count, n: n(s.pending.count), overdue: n(s.pending.overdueCount) }),
    },
    {
      key: 'insurance',
      icon: ShieldCheck,
      value: s && formatKES(s.insurance.amount),
      hint: s && t('billing.cards.insuranceNote', { count: s.insurance.count, n: n(s.insurance.count), approved: formatKES(s.insurance.approvedThisMonthAmount) }),
    },
    { key: 'mobileMoney', icon: Smartphone, value: s && formatKES(s.mobileMoney.amount), hint: s && t('billing.cards.mobileMoneyNote', { count: s.mobileMoney.count, n: n(s.mobileMoney.count) }) },
  ].map((c) => ({ ...c, title: t(`billing.cards.${c.key}`) }));
  return (
    <StatCardGrid
      label={t('billing.cards.label')}
      cards={cards}
      testIdPrefix="billing-card-"
      valueTestId="card-value"
      query={query}
      errorMessage={(error) => t('common.loadError', { message: billingError(error, t('common.error')) })}
    />
  );
}
