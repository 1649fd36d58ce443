// Current Payroll (SPEC.md §2.10; issue 27 item 4): one run — its state, who prepared, submitted and decided it, its
// totals and journal — and, for the payroll office, its lines a page at a time with each employee's earnings and
// deductions, exceptions and change from last month, and the payslip. The officer submits a draft; another person
// with authority approves it (its journal posts) or sends it back with a reason. The server says who may: a button
// it refuses shows why.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Banknote, CheckCircle2, FileText, Scale, Send, Users, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCKING_EXCEPTIONS, type PayRun, type RunDetail, type RunLine } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { DetailField } from '../../components/data/detail-field';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { Pagination } from '../../components/data/pagination';
import { ScrollTable } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatNumber, formatTime, formatDate } from '../../lib/locale-format';
import { LINES_PAGE_SIZE, runQuery, runTotalsQuery, useRunDecision, type LineFilters } from './payroll.api';
import { payrollErrorText, RunStatusBadge, runTitle } from './payroll-labels';
import { PaymentDialog } from './payment-dialog';

const IppdDialog = lazy(() => import('./ippd-dialog').then((m) => ({ default: m.IppdDialog })));

type Props = { runs: UseQueryResult<PayRun[]>; runId: number | null; onRunId: (id: number) => void };

export function CurrentTab({ runs, runId, onRunId }: Props) {
  const { t } = useTranslation();
  if (runs.error) return <ListError message={t('common.loadError', { message: runs.error.message })} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />;
  if (!runs.data) return <Skeleton className="h-64 w-full" />;
  if (runs.data.length === 0 || runId === null) {
    return (
      <Card>
        <CardContent>
          <EmptyState icon={Users} title={t('payroll.current.none')} hint={t('payroll.current.noneHint')} />
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <FilterSelect
        id="payroll-run"
        label={t('payroll.current.run')}
        value={String(runId)}
        onChange={(v) => onRunId(Number(v))}
        options={runs.data.map((r) => ({ value: String(r.id), label: runTitle(t, r) }))}
        className="grid max-w-xl gap-1.5"
      />
      <RunPanel key={runId} runId={runId} />
    </div>
  );
}

function RunPanel({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const readsLines = staff.may('payroll:read');
  const run = useQuery(runTotalsQuery(runId));
  if (run.error) return <ListError message={t('common.loadError', { message: run.error.message })} onRetry={() => void run.refetch()} retrying={run.isFetching} />;
  if (!run.data) return <Skeleton className="h-64 w-full" />;
  const r = run.data;
  return (
    <>
      <RunSummary run={r} />
      {readsLines ? (
        <RunLines run={r} />
      ) : (
        <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground" role="note" data-testid="payroll-totals-only">
          {t('payroll.current.totalsOnly')}
        </p>
      )}
    </>
  );
}

function RunSummary({ run }: { run: RunDetail }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const decision = useRunDecision();
  const [asking, setAsking] = useState<'submit' | 'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const canSubmit = staff.may('payroll:prepare') && run.status === 'draft';
  const canPay = staff.may('payroll:prepare') && run.status === 'approved' && run.payment === null;
  const [paying, setPaying] = useState(false);
  const [comparing, setComparing] = useState(false);
  const canDecide = (staff.may('payroll:approve') || staff.may('payroll:approve-delegated')) && run.status === 'submitted';
  const when = (at: string | null, by: string | null) => (at ? t('payroll.current.byAt', { by: by ?? '—', at: `${formatDate(at)} ${formatTime(at)}` }) : '—');

  const decide = (action: 'submit' | 'approve' | 'reject') => {
    if (action === 'reject' && reason.trim() === '') {
      setReasonError(t('payroll.current.reasonRequired'));
      return;
    }
    decision.mutate(
      { id: run.id, action, reason: reason.trim() },
      {
        onSuccess: (done) => {
          setAsking(null);
          setReason('');
          toast({
            title: t(`payroll.toasts.${action}`),
            description: action === 'approve' ? t('payroll.toasts.approvedBody', { journal: done.journalNumber ?? '—' }) : runTitle(t, done),
          });
        },
        onError: (error) => {
          setAsking(null);
          toast({ variant: 'destructive', title: t('payroll.toasts.decisionFailed'), description: payrollErrorText(t, error) });
        },
      },
    );
  };

  return (
    <Card data-testid="payroll-run">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="text-lg">{runTitle(t, run)}</CardTitle>
          <CardDescription>
            <RunStatusBadge t={t} status={run.status} />
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {canSubmit ? (
            <Button onClick={() => setAsking('submit')}>
              <Send aria-hidden="true" />
              {t('payroll.current.submit')}
            </Button>
          ) : null}
          {canPay ? (
            <Button variant="outline" onClick={() => setPaying(true)}>
              <Banknote aria-hidden="true" />
              {t('payroll.payment.recordNet')}
            </Button>
          ) : null}
          {staff.may('payroll:read') ? (
            <Button variant="outline" onClick={() => setComparing(true)}>
              <Scale aria-hidden="true" />
              {t('payroll.ippd.open')}
            </Button>
          ) : null}
          {canDecide ? (
            <>
              <Button onClick={() => setAsking('approve')}>
                <CheckCircle2 aria-hidden="true" />
                {t('payroll.current.approve')}
              </Button>
              <Button variant="outline" onClick={() => setAsking('reject')}>
                <XCircle aria-hidden="true" />
                {t('payroll.current.reject')}
              </Button>
            </>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="payroll-run-totals">
          <DetailField label={t('payroll.columns.employees')}>{formatNumber(run.employees)}</DetailField>
          <DetailField label={t('payroll.columns.gross')}>{formatKES(run.gross)}</DetailField>
          <DetailField label={t('payroll.columns.deductions')}>{formatKES(run.deductions)}</DetailField>
          <DetailField label={t('payroll.columns.net')}>{formatKES(run.net)}</DetailField>
          <DetailField label={t('payroll.columns.employerCost')}>{formatKES(run.employerCost)}</DetailField>
          <DetailField label={t('payroll.columns.exceptions')}>{formatNumber(run.exceptions)}</DetailField>
        </dl>
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <DetailField label={t('payroll.current.prepared')}>{when(run.preparedAt, run.preparedBy)}</DetailField>
          <DetailField label={t('payroll.current.submitted')}>{when(run.submittedAt, run.submittedBy)}</DetailField>
          <DetailField label={t('payroll.current.decided')}>{when(run.decidedAt, run.decidedBy)}</DetailField>
          <DetailField label={t('payroll.current.journal')}>
            <span data-testid="payroll-run-journal">{run.journalNumber ?? '—'}</span>
          </DetailField>
        </dl>
        {run.payment ? (
          <p className="rounded-md bg-muted p-3 text-sm" role="note" data-testid="payroll-run-paid">
            {t('payroll.payment.netPaid', { date: formatDate(run.payment.paidOn), reference: run.payment.reference, journal: run.payment.journalNumber ?? '—' })}
          </p>
        ) : null}
        {run.rejectionReason ? (
          <p className="rounded-md border border-destructive/40 p-3 text-sm" role="note">
            {t('payroll.current.rejectedBecause', { reason: run.rejectionReason })}
          </p>
        ) : null}
      </CardContent>

      <ConfirmDialog
        open={asking === 'submit' || asking === 'approve'}
        title={asking === 'approve' ? t('payroll.current.approveTitle') : t('payroll.current.submitTitle')}
        description={asking === 'approve' ? t('payroll.current.approveBody', { net: formatKES(run.net), employees: formatNumber(run.employees) }) : t('payroll.current.submitBody')}
        action={asking === 'approve' ? t('payroll.current.approve') : t('payroll.current.submit')}
        running={t('payroll.current.working')}
        pending={decision.isPending}
        onConfirm={() => decide(asking!)}
        onClose={() => setAsking(null)}
      />
      {comparing ? (
        <Suspense fallback={null}>
          <IppdDialog runId={run.id} title={runTitle(t, run)} onClose={() => setComparing(false)} />
        </Suspense>
      ) : null}
      {paying ? <PaymentDialog target={{ kind: 'net', runId: run.id, amount: run.net, title: t('payroll.payment.netTitle', { run: runTitle(t, run) }) }} onClose={() => setPaying(false)} /> : null}
      <FormDialog open={asking === 'reject'} pending={decision.isPending} onClose={() => setAsking(null)} title={t('payroll.current.rejectTitle')} description={t('payroll.current.rejectBody')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            decide('reject');
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="payroll-reject-reason">{t('payroll.current.reason')}</Label>
            <Textarea
              id="payroll-reject-reason"
              value={reason}
              maxLength={500}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'payroll-reject-reason-error' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(undefined);
              }}
            />
            {reasonError ? (
              <p id="payroll-reject-reason-error" className="text-sm text-destructive">
                {reasonError}
              </p>
            ) : null}
          </div>
          <FormDialogFooter pending={decision.isPending} onCancel={() => setAsking(null)} action={t('payroll.current.reject')} running={t('payroll.current.working')} variant="destructive" />
        </form>
      </FormDialog>
    </Card>
  );
}

const NO_FILTERS: LineFilters = { search: '', only: '' };

function RunLines({ run }: { run: RunDetail }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LineFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const search = useDebouncedValue(filters.search, 300);
  const lines = useQuery(runQuery(run.id, { ...filters, search }, offset));
  const change = (next: Partial<LineFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const d = lines.data;
  return (
    <>
      <FilterBar label={t('payroll.current.filters')}>
        <SearchField id="payroll-lines-search" label={t('payroll.current.search')} value={filters.search} maxLength={100} onChange={(e) => change({ search: e.target.value })} />
        <FilterSelect
          id="payroll-lines-only"
          label={t('payroll.current.show')}
          value={filters.only}
          onChange={(v) => change({ only: v as LineFilters['only'] })}
          allLabel={t('payroll.current.showAll')}
          options={[
            { value: 'exceptions', label: t('payroll.current.showExceptions') },
            { value: 'changes', label: t('payroll.current.showChanges') },
          ]}
        />
      </FilterBar>
      <Card>
      <CardHeader>
        <CardTitle className="text-lg">{d?.lineCount === undefined || d.lineCount === null ? t('payroll.current.lines') : t('payroll.current.linesCount', { count: d.lineCount, n: formatNumber(d.lineCount) })}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {lines.error ? (
          <ListError message={t('common.loadError', { message: lines.error.message })} onRetry={() => void lines.refetch()} retrying={lines.isFetching} />
        ) : !d ? (
          <Skeleton className="h-48 w-full" />
        ) : d.lines!.length === 0 ? (
          <EmptyState icon={Users} title={t('payroll.current.noLines')} hint={t('payroll.current.noLinesHint')} />
        ) : (
          <>
            <div className={lines.isPlaceholderData ? 'opacity-60' : undefined}>
              <ScrollTable label={t('payroll.current.lines')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('payroll.columns.employee')}</TableHead>
                    <TableHead>{t('payroll.columns.department')}</TableHead>
                    <TableHead className="text-right">{t('payroll.columns.gross')}</TableHead>
                    <TableHead className="text-right">{t('payroll.columns.paye')}</TableHead>
                    <TableHead className="text-right">{t('payroll.columns.deductions')}</TableHead>
                    <TableHead className="text-right">{t('payroll.columns.net')}</TableHead>
                    <TableHead>{t('payroll.columns.notes')}</TableHead>
                    <TableHead className="print:hidden">
                      <span className="sr-only">{t('payroll.columns.payslip')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody data-testid="payroll-lines">
                  {d.lines!.map((l) => (
                    <LineRow key={l.employeeId} runId={run.id} line={l} />
                  ))}
                </TableBody>
              </ScrollTable>
            </div>
            <Pagination label={t('payroll.current.pages')} offset={offset} count={d.lines!.length} total={d.lineCount ?? 0} pageSize={LINES_PAGE_SIZE} onOffset={setOffset} />
          </>
        )}
        {d?.exited && d.exited.length > 0 ? (
          <div className="grid gap-2 text-sm" data-testid="payroll-exited">
            <h3 className="font-semibold">{t('payroll.current.exited', { count: d.exited.length })}</h3>
            <ul className="flex flex-wrap gap-2">
              {d.exited.map((e) => (
                <li key={e.employeeId}>
                  <Badge variant="outline">
                    {e.name} ({e.personalNumber})
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
    </>
  );
}

function LineRow({ runId, line }: { runId: number; line: RunLine }) {
  const { t, i18n } = useTranslation();
  const p = line.payslip;
  return (
    <TableRow>
      <TableCell className="min-w-56">
        <span className="font-medium">{line.name}</span>
        <span className="block text-xs text-muted-foreground">
          {line.personalNumber} · {t('payroll.current.group', { group: line.jobGroup })}
        </span>
        <span className="block text-xs text-muted-foreground">{line.facilityName}</span>
      </TableCell>
      <TableCell>{line.department}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(p.totalEarnings)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(p.paye)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(p.totalDeductions)}</TableCell>
      <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">{formatKES(p.net)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          {line.exceptions.map((e) => (
            <Badge key={e} variant={BLOCKING_EXCEPTIONS.includes(e) ? 'danger' : 'warning'} data-testid="payroll-line-exception">
              <AlertTriangle aria-hidden="true" className="mr-1 h-3 w-3" />
              {t(`payroll.exceptions.${e}`)}
            </Badge>
          ))}
          {line.change ? <Badge variant="info">{line.change === 'new' ? t('payroll.current.new') : t('payroll.current.payChanged', { before: formatKES(line.previousNet ?? 0) })}</Badge> : null}
        </div>
      </TableCell>
      <TableCell className="print:hidden">
        <Button asChild variant="ghost" size="sm">
          <a href={`/api/payroll/runs/${runId}/payslips/${line.employeeId}.pdf?lang=${i18n.language === 'sw' ? 'sw' : 'en'}`} target="_blank" rel="noopener" aria-label={t('payroll.current.payslipOf', { name: line.name })}>
            <FileText aria-hidden="true" />
            {t('payroll.columns.payslip')}
          </a>
        </Button>
      </TableCell>
    </TableRow>
  );
}
