// Tax Compliance (SPEC.md §2.10: PAYE, SHA, NSSF, pension): for a month with an approved run, what each authority
// is owed, when it is due, what the ledger's payable still holds and so whether it was remitted; and, for the payroll
// office, each approved run's return files to upload to iTax and the portals.
import { useQuery } from '@tanstack/react-query';
import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayRun, PayrollReturn } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { ScrollTable } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatMonth } from '../../lib/locale-format';
import { complianceQuery } from './payroll.api';
import { ComplianceStatusBadge } from './compliance-status';
import { useRunFile } from './run-file';
import { PaymentDialog, type PaymentTarget } from './payment-dialog';
import { scopeName } from './payroll-labels';

const FILES: readonly PayrollReturn[] = ['p10', 'shif', 'nssf', 'ahl', 'helb', 'pension'];

export function ComplianceTab({ runs }: { runs: PayRun[] | undefined }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const periods = [...new Set((runs ?? []).filter((r) => r.status === 'approved').map((r) => r.period))];
  const [period, setPeriod] = useState<string | undefined>(undefined);
  const compliance = useQuery(complianceQuery(period));
  const c = compliance.data;
  const approved = (runs ?? []).filter((r) => r.status === 'approved' && r.period === c?.period);
  const download = useRunFile();
  const canRecord = staff.may('payroll:prepare');
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {periods.length > 1 ? (
        <FilterSelect
          id="payroll-compliance-period"
          label={t('payroll.compliance.period')}
          value={period ?? c?.period ?? ''}
          onChange={setPeriod}
          options={periods.map((p) => ({ value: p, label: formatMonth(p) }))}
          className="grid max-w-xs gap-1.5"
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            {c?.period ? t('payroll.compliance.title', { month: formatMonth(c.period) }) : t('payroll.compliance.titleNone')}
          </CardTitle>
          <CardDescription>{t('payroll.compliance.how')}</CardDescription>
        </CardHeader>
        <CardContent>
          {compliance.error ? (
            <ListError message={t('common.loadError', { message: compliance.error.message })} onRetry={() => void compliance.refetch()} retrying={compliance.isFetching} />
          ) : !c ? (
            <Skeleton className="h-40 w-full" />
          ) : c.returns.length === 0 ? (
            <EmptyState icon={ShieldCheck} title={t('payroll.overview.noDeadlines')} hint={t('payroll.overview.noDeadlinesHint')} />
          ) : (
            <ScrollTable label={t('payroll.compliance.titleNone')}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('payroll.compliance.return')}</TableHead>
                  <TableHead>{t('payroll.compliance.to')}</TableHead>
                  <TableHead>{t('payroll.compliance.due')}</TableHead>
                  <TableHead className="text-right">{t('payroll.compliance.amount')}</TableHead>
                  <TableHead className="text-right">{t('payroll.compliance.outstanding')}</TableHead>
                  <TableHead>{t('payroll.compliance.state')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody data-testid="payroll-compliance">
                {c.returns.map((r) => (
                  <TableRow key={r.remittance}>
                    <TableCell className="font-medium">{t(`payroll.remittances.${r.remittance}`)}</TableCell>
                    <TableCell>{t(`payroll.authorities.${r.remittance}`)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(r.dueOn)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatKES(r.amount)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatKES(r.outstanding)}
                      <span className="block text-xs text-muted-foreground">{t('payroll.compliance.account', { code: r.account })}</span>
                    </TableCell>
                    <TableCell>
                      <ComplianceStatusBadge status={r.status} />
                      {r.payment ? (
                        <span className="mt-1 block text-xs text-muted-foreground">
                          {t('payroll.payment.remitted', { date: formatDate(r.payment.paidOn), reference: r.payment.reference, journal: r.payment.journalNumber ?? '—' })}
                          {' · '}
                          {t(`payroll.payment.journal.${r.payment.journalStatus === 'posted' || r.payment.journalStatus === 'rejected' ? r.payment.journalStatus : 'waiting'}`)}
                        </span>
                      ) : null}
                      {canRecord && r.amount > 0 && r.status !== 'remitted' && (!r.payment || r.payment.journalStatus === 'rejected') ? (
                        <Button
                          variant="outline"
                          size="sm"
                          className="mt-1"
                          onClick={() => setPaying({ kind: r.remittance, period: c.period!, amount: r.amount, title: `${t(`payroll.remittances.${r.remittance}`)} · ${formatMonth(c.period!)}` })}
                        >
                          {t('payroll.payment.recordRemittance')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          )}
        </CardContent>
      </Card>

      {staff.may('payroll:read') && approved.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('payroll.compliance.files')}</CardTitle>
            <CardDescription>{t('payroll.compliance.filesHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
            {approved.map((run) => (
              <div key={run.id} className="grid gap-2">
                <p className="text-sm font-medium">{scopeName(t, run)}</p>
                <div className="flex flex-wrap gap-2">
                  {FILES.map((kind) => (
                    <Button key={kind} variant="outline" size="sm" disabled={download.isPending} onClick={() => download.mutate({ runId: run.id, kind })}>
                      <Download aria-hidden="true" />
                      {t(`payroll.files.${kind}`)}
                    </Button>
                  ))}
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
      ) : null}
      {paying ? <PaymentDialog target={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
