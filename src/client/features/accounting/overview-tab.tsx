// SPEC.md §2.9 Overview: the month's cash flow summary, quick actions, accounts receivable and accounts payable
// (from the summary), and the fiscal year's periods with their close.
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, BookOpenCheck, FilePlus2, FileText, Upload, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountingSummary } from '../../../shared/accounting';
import { formatKES, parseTotal, subtract, toKes, totalOf } from '../../../shared/money';
import { ListError } from '../../components/data/list-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { formatMonth, formatNumber } from '../../lib/locale-format';
import { PeriodsPanel } from './periods-panel';
import { accountName } from './accounting-labels';

type Props = {
  summary: UseQueryResult<AccountingSummary>;
  onNewJournal: () => void;
  onImport: () => void;
  onDrafts: () => void;
  onReports: () => void;
};

export function OverviewTab({ summary, onNewJournal, onImport, onDrafts, onReports }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const s = summary.data;
  const canPost = staff.may('finance:post');
  const failed = summary.error ? (
    <ListError message={t('common.loadError', { message: summary.error.message })} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
  ) : null;

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Wallet aria-hidden="true" className="h-5 w-5" />
              {t('accounting.overview.cashFlow')}
            </CardTitle>
            <CardDescription>{s ? t('accounting.overview.cashFlowHint', { month: formatMonth(s.month) }) : t('accounting.overview.cashFlowHintLoading')}</CardDescription>
          </CardHeader>
          <CardContent>
            {failed ??
              (s ? (
                <dl className="grid gap-2 text-sm" data-testid="accounting-cash-flow">
                  <Figure label={t('accounting.overview.opening')} value={s.cashFlow.opening} />
                  <Figure label={t('accounting.overview.inflows')} value={s.cashFlow.inflows} icon={<ArrowDownLeft aria-hidden="true" className="h-4 w-4 text-green-700" />} />
                  <Figure label={t('accounting.overview.outflows')} value={s.cashFlow.outflows} icon={<ArrowUpRight aria-hidden="true" className="h-4 w-4 text-red-700" />} />
                  <Figure label={t('accounting.overview.net')} value={toKes(subtract(parseTotal(s.cashFlow.inflows), parseTotal(s.cashFlow.outflows)))} strong />
                  <Figure label={t('accounting.overview.closing')} value={s.cashFlow.closing} strong />
                </dl>
              ) : (
                <Skeleton className="h-32 w-full" />
              ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('accounting.overview.quickActions')}</CardTitle>
            <CardDescription>{t('accounting.overview.quickActionsHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {canPost ? (
              <>
                <Button variant="outline" className="justify-start" onClick={onNewJournal}>
                  <FilePlus2 aria-hidden="true" />
                  {t('accounting.overview.newJournal')}
                </Button>
                <Button variant="outline" className="justify-start" onClick={onImport}>
                  <Upload aria-hidden="true" />
                  {t('accounting.importTransactions')}
                </Button>
              </>
            ) : null}
            <Button variant="outline" className="justify-start" onClick={onDrafts} data-testid="accounting-pending">
              <BookOpenCheck aria-hidden="true" />
              {s ? t('accounting.overview.pending', { count: s.pendingApprovals, formatted: formatNumber(s.pendingApprovals) }) : t('accounting.overview.pendingLoading')}
            </Button>
            <Button variant="outline" className="justify-start" onClick={onReports}>
              <FileText aria-hidden="true" />
              {t('accounting.overview.reports')}
            </Button>
            {s?.oldestOpenPeriod ? (
              <p className="text-sm text-muted-foreground">{t('accounting.overview.oldestOpen', { month: formatMonth(s.oldestOpenPeriod) })}</p>
            ) : null}
          </CardContent>
        </Card>

        <BalanceList title={t('accounting.overview.receivables')} hint={t('accounting.overview.receivablesHint')} rows={s?.receivables} failed={failed} testId="accounting-receivables" />
        <BalanceList title={t('accounting.overview.payables')} hint={t('accounting.overview.payablesHint')} rows={s?.payables} failed={failed} testId="accounting-payables" />
      </div>
      <PeriodsPanel />
    </>
  );
}

function Figure({ label, value, icon, strong }: { label: string; value: number; icon?: React.ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'flex items-center justify-between gap-4 border-t pt-2 font-semibold' : 'flex items-center justify-between gap-4'}>
      <dt className="flex items-center gap-2">
        {icon}
        {label}
      </dt>
      <dd className="tabular-nums">{formatKES(value)}</dd>
    </div>
  );
}

type BalanceRow = { code: string; name: string; nameSw: string | null; balance: number };

function BalanceList({ title, hint, rows, failed, testId }: { title: string; hint: string; rows: BalanceRow[] | undefined; failed: React.ReactNode; testId: string }) {
  const { t } = useTranslation();
  const total = rows ? toKes(totalOf(rows.map((r) => parseTotal(r.balance)))) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{hint}</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ??
          (rows ? (
            rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('accounting.overview.noBalances')}</p>
            ) : (
              <ul className="grid gap-2 text-sm" data-testid={testId}>
                {rows.map((r) => (
                  <li key={r.code} className="flex items-center justify-between gap-4">
                    <span>
                      <span className="mr-2 font-mono text-xs text-muted-foreground">{r.code}</span>
                      {accountName(r)}
                    </span>
                    <span className="tabular-nums">{formatKES(r.balance)}</span>
                  </li>
                ))}
                <li className="flex items-center justify-between gap-4 border-t pt-2 font-semibold">
                  <span>{t('accounting.overview.total')}</span>
                  <span className="tabular-nums">{formatKES(total)}</span>
                </li>
              </ul>
            )
          ) : (
            <Skeleton className="h-24 w-full" />
          ))}
      </CardContent>
    </Card>
  );
}
