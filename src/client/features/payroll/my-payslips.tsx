// Payroll for everyone else (issue 27 item 7: an employee with a linked account sees only her own payslips): a nurse
// or a clinician who opens /payroll finds her own months, each payslip and each year's P9A as printable PDFs, and
// why the rest of the screen is not hers.
import { useQuery } from '@tanstack/react-query';
import { FileText, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MyPayslip } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListError } from '../../components/data/list-error';
import { PrintLink } from '../../components/print-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { apiGet } from '../../lib/api-client';
import { formatMonth } from '../../lib/locale-format';

export function MyPayslips() {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: ['payroll', 'mine'], queryFn: ({ signal }) => apiGet<MyPayslip[]>('/api/payroll/my-payslips', signal) });
  // Each year's P9A, of the employee paid that year (one account, one employee at a time; a relinked account may have two).
  const cards = [...new Map((mine.data ?? []).map((p) => [`${p.employeeId}-${p.period.slice(0, 4)}`, { employeeId: p.employeeId, year: p.period.slice(0, 4) }])).values()];
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('payroll.title')}</h1>
        <p className="text-muted-foreground">{t('payroll.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Wallet aria-hidden="true" className="h-5 w-5" />
            {t('payroll.mine.title')}
          </CardTitle>
          <CardDescription>{t('payroll.forbidden')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {mine.error ? (
            <ListError message={t('common.loadError', { message: mine.error.message })} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
          ) : !mine.data ? (
            <Skeleton className="h-24 w-full" />
          ) : mine.data.length === 0 ? (
            <EmptyState icon={Wallet} title={t('payroll.mine.none')} hint={t('payroll.mine.noneHint')} />
          ) : (
            <>
              <ul className="grid gap-2" data-testid="payroll-my-payslips">
                {mine.data.map((p) => (
                  <li key={p.runId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                    <span>
                      <span className="font-medium">{formatMonth(p.period)}</span>
                      <span className="block text-muted-foreground">{t('payroll.mine.line', { gross: formatKES(p.gross), net: formatKES(p.net) })}</span>
                    </span>
                    <PrintLink size="sm" href={(lang) => `/api/payroll/runs/${p.runId}/payslips/${p.employeeId}.pdf?lang=${lang}`} label={t('payroll.columns.payslip')} ariaLabel={t('payroll.mine.payslipOf', { month: formatMonth(p.period) })} />
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                {cards.map((c) => (
                  <PrintLink key={`${c.employeeId}-${c.year}`} size="sm" href={(lang) => `/api/payroll/employees/${c.employeeId}/p9a.pdf?year=${c.year}&lang=${lang}`} label={t('payroll.mine.p9a', { year: c.year })} />
                ))}
              </div>
            </>
          )}
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <FileText aria-hidden="true" className="h-4 w-4" />
            {t('payroll.mine.note')}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
