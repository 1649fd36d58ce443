// The fiscal year's twelve months (GET /api/accounting/periods): open or closed, posted journals, drafts waiting,
// and for a finance:close holder the month's close (in order: the oldest open month that has ended) and the
// year-end close, each after a confirmation. The server refuses what may not close and says why (drafts waiting,
// an earlier month open); the refusal is shown in the dialog.
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { ColumnHeads } from '../../components/data/table-parts';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatMonth, formatNumber } from '../../lib/locale-format';
import { closableMonth, fiscalYearPath, periodPath } from './accounting-logic';
import { periodsQuery, useClosePeriod, useCloseYear } from './accounting.api';
import { ConfirmDialog } from './confirm-dialog';
import { RegionTable } from './region-table';

const COLUMNS = ['month', 'status', 'journals', 'drafts', 'actions'] as const;

export function PeriodsPanel() {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery(periodsQuery());
  const closeMonth = useClosePeriod();
  const closeYear = useCloseYear();
  const [confirming, setConfirming] = useState<{ kind: 'month'; period: string } | { kind: 'year'; label: string } | null>(null);
  const canClose = staff.may('finance:close');
  const fy = query.data;
  const next = fy ? closableMonth(fy.periods, countyDate(new Date())) : null;
  const pending = closeMonth.isPending || closeYear.isPending;
  const error = (closeMonth.error ?? closeYear.error)?.message ?? null;

  const done = (message: string) => {
    toast({ title: message });
    closeMonth.reset();
    closeYear.reset();
    setConfirming(null);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <CalendarCheck aria-hidden="true" className="h-5 w-5" />
            {fy ? t('accounting.periods.titleYear', { year: fy.label }) : t('accounting.periods.title')}
          </CardTitle>
          <CardDescription>
            {fy?.status === 'closed' && fy.closedAt
              ? t('accounting.periods.yearClosed', { name: fy.closedByName ?? t('common.notSpecified'), date: formatDate(fy.closedAt) })
              : t('accounting.periods.hint')}
          </CardDescription>
        </div>
        {fy && fy.status === 'open' ? (
          canClose ? (
            <Button variant="outline" onClick={() => setConfirming({ kind: 'year', label: fy.label })}>
              <Lock aria-hidden="true" />
              {t('accounting.periods.closeYear', { year: fy.label })}
            </Button>
          ) : (
            <p className="max-w-xs text-xs text-muted-foreground">{t('accounting.periods.closeNotForRole')}</p>
          )
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)]">
        {query.error ? (
          <ListError message={t('common.loadError', { message: query.error.message })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !fy ? (
          <Skeleton className="h-48 w-full" />
        ) : (
            <RegionTable label={t('accounting.periods.caption', { year: fy.label })}>
              <caption className="sr-only">{t('accounting.periods.caption', { year: fy.label })}</caption>
              <ColumnHeads columns={COLUMNS} label={(c) => t(`accounting.periods.columns.${c}`)} className={(c) => (c === 'journals' || c === 'drafts' || c === 'actions' ? 'text-right' : undefined)} />
              <TableBody>
                {fy.periods.map((p) => (
                  <TableRow key={p.period} data-testid={`period-${periodPath(p.period)}`}>
                    <TableCell className="whitespace-nowrap font-medium">{formatMonth(p.period)}</TableCell>
                    <TableCell>
                      <Badge variant={p.status === 'closed' ? 'secondary' : 'info'} title={p.closedAt ? t('accounting.periods.closedBy', { name: p.closedByName ?? '', date: formatDate(p.closedAt) }) : undefined}>
                        {p.status === 'closed' ? <Lock aria-hidden="true" className="mr-1 h-3 w-3" /> : <LockOpen aria-hidden="true" className="mr-1 h-3 w-3" />}
                        {t(`accounting.periods.statuses.${p.status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(p.journalCount)}</TableCell>
                    <TableCell className="text-right tabular-nums">{p.draftCount > 0 ? <Badge variant="warning">{formatNumber(p.draftCount)}</Badge> : formatNumber(0)}</TableCell>
                    <TableCell className="text-right">
                      {canClose && p.period === next ? (
                        <Button size="sm" variant="outline" onClick={() => setConfirming({ kind: 'month', period: p.period })}>
                          {t('accounting.periods.close')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </RegionTable>
        )}
      </CardContent>
      {confirming ? (
        <ConfirmDialog
          title={confirming.kind === 'month' ? t('accounting.periods.confirmMonthTitle', { month: formatMonth(confirming.period) }) : t('accounting.periods.confirmYearTitle', { year: confirming.label })}
          description={confirming.kind === 'month' ? t('accounting.periods.confirmMonth') : t('accounting.periods.confirmYear')}
          confirmLabel={confirming.kind === 'month' ? t('accounting.periods.close') : t('accounting.periods.closeYear', { year: confirming.label })}
          destructive
          pending={pending}
          error={error}
          onClose={() => {
            closeMonth.reset();
            closeYear.reset();
            setConfirming(null);
          }}
          onConfirm={() =>
            confirming.kind === 'month'
              ? closeMonth.mutate(periodPath(confirming.period), { onSuccess: () => done(t('accounting.periods.closedToast', { month: formatMonth(confirming.period) })) })
              : closeYear.mutate(fiscalYearPath(confirming.label), { onSuccess: () => done(t('accounting.periods.yearClosedToast', { year: confirming.label })) })
          }
        />
      ) : null}
    </Card>
  );
}
