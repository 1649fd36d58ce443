// SPEC.md §2.9 Accounting & Financial Management at /accounting, live from the ledger (issue 14): Import
// Transactions and Journal Entry, the four cards, and the tabs (Overview, Chart of Accounts, Transactions,
// Financial Reports, Budgets — issue 30 item 4 — and Bank Reconciliation). One "books" choice — the county, a
// sub-county or a facility, within the reader's finance grant — drives every figure on the screen. The tab is in the
// address (?tab=) so a link or a reload lands on it; the heavier tabs load their code when first opened (DESIGN.md
// §10).
import './accounting.strings';
import { useQuery } from '@tanstack/react-query';
import { FilePlus2, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { NotForRole } from '../../components/data/not-for-role';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { AddressTabs, panelProps } from '../../components/ui/address-tabs';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { AccountingCards } from './accounting-cards';
import { booksOptions, booksParams, defaultBooks, FINANCE_READ, type BooksChoice } from './accounting-logic';
import { summaryQuery, type JournalFilters } from './accounting.api';
import { booksName } from './accounting-labels';
import { OverviewTab } from './overview-tab';

const AccountsTab = lazy(() => import('./accounts-tab').then((m) => ({ default: m.AccountsTab })));
const TransactionsTab = lazy(() => import('./transactions-tab').then((m) => ({ default: m.TransactionsTab })));
const ReportsTab = lazy(() => import('./reports-tab').then((m) => ({ default: m.ReportsTab })));
const BudgetsTab = lazy(() => import('./budgets-tab').then((m) => ({ default: m.BudgetsTab })));
const ReconciliationTab = lazy(() => import('./reconciliation-tab').then((m) => ({ default: m.ReconciliationTab })));
const JournalEntryDialog = lazy(() => import('./journal-entry-dialog').then((m) => ({ default: m.JournalEntryDialog })));
const ImportJournalsDialog = lazy(() => import('./import-journals-dialog').then((m) => ({ default: m.ImportJournalsDialog })));

export const TABS = ['overview', 'accounts', 'transactions', 'reports', 'budgets', 'reconciliation'] as const;
export type AccountingTab = (typeof TABS)[number];

export function AccountingPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  // The ledger is read with finance:read alone (DESIGN.md §7): other roles see why, once, and nothing is asked.
  if (staff.role && !staff.may(FINANCE_READ)) {
    return <NotForRole title={t('accounting.title')} subtitle={t('accounting.subtitle')} note={t('accounting.forbidden')} testId="accounting-forbidden" />;
  }
  return <AccountingScreen />;
}

const EMPTY_FILTERS: JournalFilters = {};

function AccountingScreen() {
  const { t } = useTranslation();
  const staff = useStaff();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const asked = search.get('tab');
  const tab: AccountingTab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as AccountingTab) : 'overview';
  const openTab = (next: AccountingTab) => navigate(next === 'overview' ? '/accounting' : `/accounting?tab=${next}`, { replace: true });

  const place = { facilityId: staff.facilityId, subcounty: staff.subcounty };
  const [books, setBooks] = useState<BooksChoice | null>(null);
  const choice = books ?? defaultBooks(staff.role, place);
  const params = booksParams(choice);
  const facilities = useQuery(facilitiesQuery);
  const options = facilities.data ? booksOptions(staff.role, place, facilities.data, t('accounting.books.county'), (s) => t('accounting.books.subcounty', { name: s })) : undefined;

  const [journalFilters, setJournalFilters] = useState<JournalFilters>(EMPTY_FILTERS);
  const [entering, setEntering] = useState(false);
  const [importing, setImporting] = useState(false);
  const canPost = staff.may('finance:post');
  const summary = useQuery(summaryQuery(params));

  const showDrafts = () => {
    setJournalFilters({ status: 'draft' });
    openTab('transactions');
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('accounting.title')}</h1>
          <p className="text-muted-foreground">{t('accounting.subtitle')}</p>
        </div>
        {canPost ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              {t('accounting.importTransactions')}
            </Button>
            <Button onClick={() => setEntering(true)}>
              <FilePlus2 aria-hidden="true" />
              {t('accounting.journalEntry')}
            </Button>
          </div>
        ) : null}
      </div>

      <FilterBar label={t('accounting.books.landmark')}>
        <FilterSelect id="accounting-books" label={t('accounting.books.label')} value={choice} onChange={setBooks} options={options} loadingLabel={t('common.loading')} />
        <p className="self-center text-sm text-muted-foreground" aria-live="polite" data-testid="accounting-books-note">
          {summary.data ? t('accounting.books.note', { scope: booksName(summary.data.scopeLabel), year: summary.data.fiscalYear }) : null}
        </p>
      </FilterBar>

      <AccountingCards query={summary} />

      <AddressTabs id="accounting" label={t('accounting.tabs.label')} tabs={TABS} current={tab} onOpen={openTab} name={(name) => t(`accounting.tabs.${name}`)} />

      <div {...panelProps('accounting', tab)} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          {tab === 'overview' ? (
            <OverviewTab summary={summary} onNewJournal={() => setEntering(true)} onImport={() => setImporting(true)} onDrafts={showDrafts} onReports={() => openTab('reports')} />
          ) : tab === 'accounts' ? (
            <AccountsTab books={params} />
          ) : tab === 'transactions' ? (
            <TransactionsTab books={params} filters={journalFilters} onFilters={setJournalFilters} />
          ) : tab === 'reports' ? (
            <ReportsTab books={params} booksLabel={summary.data?.scopeLabel} />
          ) : tab === 'budgets' ? (
            <BudgetsTab books={params} />
          ) : (
            <ReconciliationTab books={params} />
          )}
        </Suspense>
      </div>

      <Suspense fallback={null}>
        {entering ? (
          <JournalEntryDialog
            open
            onOpenChange={setEntering}
            onSaved={() => {
              setJournalFilters({ status: 'draft' });
            }}
          />
        ) : null}
        {importing ? (
          <ImportJournalsDialog
            open
            onOpenChange={setImporting}
            onImported={() => {
              setJournalFilters({ status: 'draft', sourceType: 'import' });
              openTab('transactions');
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
