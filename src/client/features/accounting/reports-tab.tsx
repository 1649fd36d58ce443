// SPEC.md §2.9 Financial Reports: the six statements — under their IPSAS names (issue 29 item 3): the statements of
// financial performance (the spec's Income Statement), of financial position (Balance Sheet), of cash flows and the
// comparison of budget and actual amounts (Budget vs Actual); the Trial Balance and Department Analysis — with the
// statement of changes in net assets, the notes and the Controller of Budget's FIF performance table, for the
// chosen books and dates. Every statement comes in the one generic shape (shared/accounting/statements.ts) that the
// CSV and the PDF also read, so the screen draws them all alike: sections of rows (indented by level, subtotals and
// totals in bold), columns by kind, and the statement's own checks shown as ✓ lines that prove it ties.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileDown, FileSpreadsheet, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENTS, type Statement, type StatementKind, type StatementRow } from '../../../shared/accounting';
import { countyDate, fiscalYearOf } from '../../../shared/county-time';
import { LANGUAGES, type Language } from '../../../shared/language';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { PrintLink } from '../../components/print-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { statementPath, type BooksParams } from './accounting-logic';
import { RegionTable } from './region-table';
import { accountingError, booksName, checkDetail, statementLabel, statementMoney, statementRowLabel } from './accounting-labels';
import { statementQuery } from './accounting.api';

type Props = { books: BooksParams; booksLabel: string | undefined };

export function ReportsTab({ books }: Props) {
  const { t, i18n } = useTranslation();
  const today = countyDate(new Date());
  const [kind, setKind] = useState<StatementKind>('income-statement');
  const [from, setFrom] = useState(fiscalYearOf(today).start);
  const [to, setTo] = useState(today);
  const datesOk = from !== '' && to !== '' && from <= to;
  const params = { ...books, from, to };
  const query = useQuery(statementQuery(kind, params, datesOk));
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

  return (
    <>
      <FilterBar label={t('accounting.reports.filters')}>
        <FilterSelect id="statement-kind" label={t('accounting.reports.report')} value={kind} onChange={(v) => setKind(v as StatementKind)} options={STATEMENTS.map((k) => ({ value: k, label: t(`accounting.reports.kinds.${k}`) }))} />
        <div className="grid gap-1.5">
          <Label htmlFor="statement-from">{t('accounting.reports.from')}</Label>
          <DateInput id="statement-from" value={from} max={to} onChange={setFrom} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="statement-to">{t('accounting.reports.to')}</Label>
          <DateInput id="statement-to" value={to} min={from} onChange={setTo} />
        </div>
      </FilterBar>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid gap-1.5">
            <CardTitle data-testid="statement-title">{t(`accounting.reports.kinds.${kind}`)}</CardTitle>
            <CardDescription>
              {query.data
                ? t('accounting.reports.scope', { scope: booksName(query.data.scopeLabel), from: formatDate(query.data.from), to: formatDate(query.data.to), year: query.data.fiscalYear })
                : t(`accounting.reports.about.${kind}`)}
            </CardDescription>
          </div>
          {datesOk ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              <Button asChild variant="outline">
                <a href={statementPath(kind, params, 'csv', lang)} download>
                  <FileSpreadsheet aria-hidden="true" />
                  {t('accounting.reports.csv')}
                </a>
              </Button>
              <PrintLink href={(l) => statementPath(kind, params, 'pdf', l)} label={t('accounting.reports.pdf')} />
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy={query.isFetching || undefined}>
          {!datesOk ? (
            <p role="alert" className="text-sm text-destructive">
              {t('accounting.reports.badDates')}
            </p>
          ) : query.error ? (
            <ListError message={t('common.loadError', { message: accountingError(query.error) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : query.data ? (
            <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <StatementView statement={query.data} />
            </div>
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </CardContent>
      </Card>
    </>
  );
}

/** A statement's figure in a column of its kind: money to the cent, percent, text. */
function cell(row: StatementRow, column: Statement['columns'][number]): string {
  if (column.kind === 'text') return row.text?.[column.key] ?? '';
  const v = row.values[column.key];
  if (v === null || v === undefined) return '';
  if (column.kind === 'percent') {
    const digits = `${Math.abs(v).toLocaleString('en-KE', { maximumFractionDigits: 1 })}%`;
    return v < 0 ? `(${digits})` : digits;
  }
  return statementMoney(v);
}

/**
 * One statement as the generic shape draws it: a line's own column (its account, or the facility in the FIF table),
 * the figures (a balance's column as at a day in words), the notes' sentences across the table, and the checks.
 * Printed from the browser its rows are compact, so a signed statement keeps to few pages.
 */
export function StatementView({ statement: s }: { statement: Statement }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4" data-testid="statement" data-kind={s.kind}>
      <RegionTable label={t(`accounting.reports.kinds.${s.kind}`)}>
        <caption className="sr-only">{t(`accounting.reports.kinds.${s.kind}`)}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{s.lineColumn ? statementLabel(s.lineColumn) : t('accounting.statement.account')}</TableHead>
            {s.columns.map((c) => (
              <TableHead key={c.key} className={c.kind === 'text' ? undefined : 'text-right'}>
                {c.asAt ? t('accounting.statement.asAt', { date: formatDate(c.asAt) }) : statementLabel(c.label)}
                {c.kind === 'money' ? <span className="block text-xs font-normal">{t('accounting.statement.kes')}</span> : null}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        {s.sections.map((section) => (
          <TableBody key={section.key} data-testid={`statement-section-${section.key}`}>
            <TableRow className="bg-muted/50 hover:bg-muted/50">
              <TableHead scope="colgroup" colSpan={s.columns.length + 1} className="h-9 font-semibold text-foreground">
                {statementLabel(section.label)}
              </TableHead>
            </TableRow>
            {section.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={s.columns.length + 1} className="text-muted-foreground">
                  {t('accounting.statement.nothing')}
                </TableCell>
              </TableRow>
            ) : (
              section.rows.map((row, i) =>
                row.kind === 'text' ? (
                  <TableRow key={`${row.key ?? ''}-${i}`} data-testid="statement-text">
                    <TableCell colSpan={s.columns.length + 1} className="max-w-prose print:py-1">
                      {statementLabel(row.label)}
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={`${row.code ?? row.key ?? ''}-${i}`} className={cn(row.kind === 'total' && 'border-t-2 font-bold', row.kind === 'subtotal' && 'font-semibold')} data-testid="statement-row" data-code={row.code ?? undefined}>
                    <TableCell className="min-w-56 print:py-1">
                      <span style={{ paddingLeft: `${row.level * 1.25}rem` }} className="inline-block">
                        {row.code ? <span className="mr-2 font-mono text-xs text-muted-foreground">{row.code}</span> : null}
                        {statementRowLabel(row)}
                      </span>
                    </TableCell>
                    {s.columns.map((c) => (
                      <TableCell key={c.key} className={cn('whitespace-nowrap print:py-1', c.kind !== 'text' && 'text-right tabular-nums')}>
                        {cell(row, c)}
                      </TableCell>
                    ))}
                  </TableRow>
                ),
              )
            )}
          </TableBody>
        ))}
      </RegionTable>
      {s.checks.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={t('accounting.statement.checks')} data-testid="statement-checks">
          {s.checks.map((c) => (
            <li key={c.key} className={cn('flex items-start gap-2', c.ok ? 'text-green-800' : 'text-destructive')} data-ok={c.ok}>
              {c.ok ? <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> : <XCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />}
              <span>
                <span className="sr-only">{c.ok ? t('accounting.statement.ties') : t('accounting.statement.doesNotTie')}: </span>
                {c.ok ? '✓ ' : '✗ '}
                {statementLabel(c.label)}
                <span className="text-muted-foreground"> — {checkDetail(c)}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">
        <FileDown aria-hidden="true" className="mr-1 inline h-3 w-3" />
        {t('accounting.statement.generated', { at: formatDate(s.generatedAt) })}
      </p>
    </div>
  );
}
