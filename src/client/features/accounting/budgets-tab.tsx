// Issue 30 item 4: the Budgets tab. A fiscal year's budget for one facility — account by account, the budget beside
// the actual to date, the variance and the % used, as the Budget vs Actual statement gives them (so nothing is worked
// out twice) — or the county level's lines. A finance:post holder within reach
// edits the lines (PUT /api/accounting/budgets replaces the facility-year whole) or imports the county's budget
// file; every save is listed under it: who, how and what changed (GET /api/accounting/budgets/history).
//
// Budgets carry no fund: a budget line is an account, a facility and a year, and the chart gives an account no fund
// (each journal line carries its own, FINANCE.md), so there is none to show.
import { useQuery } from '@tanstack/react-query';
import { Pencil, Upload, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf } from '../../../shared/access';
import { countyDate } from '../../../shared/county-time';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { ColumnHeads } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { FINANCE_READ, type BooksParams } from './accounting-logic';
import { accountingError, lineAccountName, statementMoney } from './accounting-labels';
import { accountsQuery, budgetsQuery, statementQuery } from './accounting.api';
import { BudgetEditForm } from './budget-edit-form';
import { BudgetHistory } from './budget-history';
import { ImportBudgetsDialog } from './import-budgets-dialog';
import { budgetYears, COUNTY_LEVEL, yearStarted } from './budgets-logic';
import { RegionTable } from './region-table';
import { StatementView } from './reports-tab';

export function BudgetsTab({ books }: { books: BooksParams }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const today = countyDate(new Date());
  const years = budgetYears(today);
  const [fiscalYear, setFiscalYear] = useState(years[1]!);
  const facilities = useQuery(facilitiesQuery);
  const countyReader = scopeOf(staff.role, FINANCE_READ) === 'county';
  const reachable = facilities.data?.filter((f) => staff.reaches(FINANCE_READ, f)).sort((a, b) => a.name.localeCompare(b.name));
  const [chosen, setChosen] = useState<string>();
  // Where the tab starts: the facility whose books the page shows, else the county level for a county-wide reader,
  // else the first facility within reach.
  const place = chosen ?? (books.facilityId ? String(books.facilityId) : countyReader ? COUNTY_LEVEL : String(reachable?.[0]?.id ?? ''));
  const facilityId = place === COUNTY_LEVEL ? undefined : Number(place) || undefined;
  const facility = facilities.data?.find((f) => f.id === facilityId);
  const canEdit = facility ? staff.reaches('finance:post', facility) : place === COUNTY_LEVEL && scopeOf(staff.role, 'finance:post') === 'county';
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  // Another year or place leaves an edit unsaved: the form belongs to the budget it was opened on.
  const choose = (year: string, at: string) => {
    setFiscalYear(year);
    setChosen(at);
    setEditing(false);
  };

  const budgets = useQuery({ ...budgetsQuery(fiscalYear, facilityId), enabled: place !== '' });
  const lines = budgets.data?.filter((l) => l.facilityId === (facilityId ?? null));
  // The statement reads one facility's books (the county level's own postings are part of the whole county's), and
  // a year that has begun; the one of another year or facility, kept while this one loads, is not shown.
  const compares = facilityId !== undefined && yearStarted(fiscalYear, today);
  const statement = useQuery(statementQuery('budget-vs-actual', { facilityId, fiscalYear }, compares));
  const actuals = compares && statement.data?.facilityId === facilityId && statement.data.fiscalYear === fiscalYear ? statement.data : undefined;
  const accounts = useQuery(accountsQuery({}));
  const placeName = facility?.name ?? (place === COUNTY_LEVEL ? t('accounting.entry.countyLevel') : '');

  return (
    <>
      <FilterBar label={t('accounting.tabs.budgets')}>
        <FilterSelect id="budget-year" label={t('accounting.budgets.year')} value={fiscalYear} onChange={(y) => choose(y, place)} options={years.map((y) => ({ value: y, label: y }))} />
        <FilterSelect
          id="budget-place"
          label={t('accounting.entry.facility')}
          value={place}
          onChange={(p) => choose(fiscalYear, p)}
          options={reachable && [...(countyReader ? [{ value: COUNTY_LEVEL, label: t('accounting.entry.countyLevel') }] : []), ...reachable.map((f) => ({ value: String(f.id), label: f.name }))]}
          loadingLabel={t('common.loading')}
        />
      </FilterBar>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid gap-1.5">
            <CardTitle data-testid="budget-title">{t('accounting.budgets.title', { place: placeName, year: fiscalYear })}</CardTitle>
            <CardDescription>{t('accounting.reports.about.budget-vs-actual')}</CardDescription>
          </div>
          {editing ? null : (
            <div className="flex flex-wrap gap-2 print:hidden">
              {staff.may('finance:post') ? (
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <Upload aria-hidden="true" />
                  {t('accounting.budgets.import')}
                </Button>
              ) : null}
              {canEdit ? (
                <Button onClick={() => setEditing(true)} disabled={!lines || !accounts.data}>
                  <Pencil aria-hidden="true" />
                  {t('accounting.budgets.edit')}
                </Button>
              ) : null}
            </div>
          )}
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {budgets.error || statement.error ? (
            <ListError
              message={t('common.loadError', { message: accountingError(budgets.error ?? statement.error) })}
              onRetry={() => void (budgets.error ? budgets.refetch() : statement.refetch())}
              retrying={budgets.isFetching || statement.isFetching}
            />
          ) : !lines || (compares && !actuals) ? (
            <Skeleton className="h-48 w-full" />
          ) : editing && accounts.data ? (
            <BudgetEditForm fiscalYear={fiscalYear} facilityId={facilityId ?? null} lines={lines} accounts={accounts.data} onDone={() => setEditing(false)} />
          ) : actuals ? (
            <StatementView statement={actuals} />
          ) : lines.length === 0 ? (
            <EmptyState icon={Wallet} title={t('accounting.budgets.emptyTitle', { year: fiscalYear })} hint={t('accounting.budgets.empty')} />
          ) : (
            <RegionTable label={t('accounting.budgets.title', { place: placeName, year: fiscalYear })} testId="budget-lines">
              <ColumnHeads columns={['accounts.columns.code', 'accounts.columns.name', 'budgets.amount'] as const} label={(c) => t(`accounting.${c}`)} className={(c) => (c === 'budgets.amount' ? 'text-right' : undefined)} />
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.accountCode} data-testid="budget-line-row" data-code={l.accountCode}>
                    <TableCell className="font-mono text-xs">{l.accountCode}</TableCell>
                    <TableCell className="min-w-48">{lineAccountName(l)}</TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">{statementMoney(l.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </RegionTable>
          )}
          {facilityId === undefined || !compares ? (
            <p className="text-xs text-muted-foreground" data-testid="budget-note">
              {t(facilityId === undefined ? 'accounting.budgets.countyLevelNote' : 'accounting.budgets.notStarted', { year: fiscalYear })}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {place ? <BudgetHistory fiscalYear={fiscalYear} facilityId={facilityId} /> : null}

      {importing ? <ImportBudgetsDialog fiscalYear={fiscalYear} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
