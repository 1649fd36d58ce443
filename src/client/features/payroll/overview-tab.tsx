// Payroll's Overview (SPEC.md §2.10): the latest run's pay by department, the returns coming due (the 9th for PAYE,
// SHIF and NSSF, the Housing Levy's 9th working day, HELB's 15th) and whether each is cleared, the runs waiting for
// approval, and which statutory tables the month is worked out with. For the payroll roles (payroll:read) also the
// statutory tables themselves and the director's delegations; a totals-only reader (a facility in-charge, a sub-county
// officer) sees neither and never asks for them, and their code loads only for those who do.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { CalendarClock, ClipboardCheck, Info, PieChart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayRun } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListError } from '../../components/data/list-error';
import { ScrollTable } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatMonth, formatNumber } from '../../lib/locale-format';
import { complianceQuery, runTotalsQuery } from './payroll.api';
import { ComplianceStatusBadge } from './compliance-status';
import { runTitle, scopeName } from './payroll-labels';

const StatutoryTablesCard = lazy(() => import('./statutory-tables-card').then((m) => ({ default: m.StatutoryTablesCard })));
const DelegationsCard = lazy(() => import('./delegations-card').then((m) => ({ default: m.DelegationsCard })));

type Props = { runs: UseQueryResult<PayRun[]>; latest: PayRun | undefined; onOpenRun: (id: number) => void; onCompliance: () => void };

export function OverviewTab({ runs, latest, onOpenRun, onCompliance }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const pending = runs.data?.filter((r) => r.status === 'submitted') ?? [];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <PieChart aria-hidden="true" className="h-5 w-5" />
            {t('payroll.overview.departments')}
          </CardTitle>
          <CardDescription>{latest ? runTitle(t, latest) : t('payroll.cards.noRun')}</CardDescription>
        </CardHeader>
        <CardContent>{latest ? <Departments runId={latest.id} /> : runs.isPending ? <Skeleton className="h-24 w-full" /> : null}</CardContent>
      </Card>

      <Deadlines onCompliance={onCompliance} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <ClipboardCheck aria-hidden="true" className="h-5 w-5" />
            {t('payroll.overview.pending')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {runs.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : pending.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="payroll-pending-none">
              {t('payroll.overview.noPending')}
            </p>
          ) : (
            <ul className="grid gap-2" data-testid="payroll-pending">
              {pending.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                  <span>
                    <span className="font-medium">
                      {formatMonth(r.period)} · {scopeName(t, r)}
                    </span>
                    <span className="block text-muted-foreground">{t('payroll.overview.pendingLine', { employees: formatNumber(r.employees), net: formatKES(r.net), by: r.submittedBy ?? '—' })}</span>
                  </span>
                  <Button size="sm" variant="outline" onClick={() => onOpenRun(r.id)}>
                    {t('payroll.overview.review')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {staff.may('payroll:read') ? (
        <Suspense fallback={<Skeleton className="h-48 w-full lg:col-span-2" />}>
          <StatutoryTablesCard className="lg:col-span-2" />
          <DelegationsCard className="lg:col-span-2" />
        </Suspense>
      ) : null}
    </div>
  );
}

function Departments({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const run = useQuery(runTotalsQuery(runId));
  if (run.error) return <ListError message={t('common.loadError', { message: run.error.message })} onRetry={() => void run.refetch()} retrying={run.isFetching} />;
  if (!run.data) return <Skeleton className="h-24 w-full" />;
  const gross = run.data.gross || 1;
  return (
    <ScrollTable label={t('payroll.overview.departments')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('payroll.columns.department')}</TableHead>
            <TableHead className="text-right">{t('payroll.columns.employees')}</TableHead>
            <TableHead className="text-right">{t('payroll.columns.gross')}</TableHead>
            <TableHead className="text-right">{t('payroll.columns.net')}</TableHead>
            <TableHead className="w-32">{t('payroll.columns.share')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody data-testid="payroll-departments">
          {run.data.departments.map((d) => (
            <TableRow key={d.department}>
              <TableCell className="font-medium">{d.department}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(d.employees)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatKES(d.gross)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatKES(d.net)}</TableCell>
              <TableCell>
                <div className="h-2 rounded bg-muted" aria-hidden="true">
                  <div className="h-2 rounded bg-primary" style={{ width: `${Math.round((d.gross / gross) * 100)}%` }} />
                </div>
                <span className="sr-only">{Math.round((d.gross / gross) * 100)}%</span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
    </ScrollTable>
  );
}

function Deadlines({ onCompliance }: { onCompliance: () => void }) {
  const { t } = useTranslation();
  const compliance = useQuery(complianceQuery());
  const c = compliance.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarClock aria-hidden="true" className="h-5 w-5" />
          {t('payroll.overview.deadlines')}
        </CardTitle>
        <CardDescription>{c?.period ? t('payroll.overview.deadlinesFor', { month: formatMonth(c.period) }) : null}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {compliance.error ? (
          <ListError message={t('common.loadError', { message: compliance.error.message })} onRetry={() => void compliance.refetch()} retrying={compliance.isFetching} />
        ) : !c ? (
          <Skeleton className="h-24 w-full" />
        ) : c.returns.length === 0 ? (
          <EmptyState icon={CalendarClock} title={t('payroll.overview.noDeadlines')} hint={t('payroll.overview.noDeadlinesHint')} />
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="payroll-deadlines">
            {c.returns.map((r) => (
              <li key={r.remittance} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{t(`payroll.remittances.${r.remittance}`)}</span>
                  <span className="block text-muted-foreground">{t('payroll.overview.dueOn', { date: formatDate(r.dueOn), amount: formatKES(r.amount) })}</span>
                </span>
                <ComplianceStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        )}
        {c ? (
          <p className="flex gap-2 rounded-md bg-muted p-3 text-xs text-muted-foreground" data-testid="payroll-tables">
            <Info aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>
              {c.tables.length === 0
                ? t('payroll.overview.noTables')
                : t('payroll.overview.tables', { tables: c.tables.map((x) => t('payroll.overview.table', { name: t(`payroll.tables.${x.kind}`), date: formatDate(x.effectiveFrom) })).join('; ') })}
            </span>
          </p>
        ) : null}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onCompliance}>
          {t('payroll.overview.openCompliance')}
        </Button>
      </CardContent>
    </Card>
  );
}
