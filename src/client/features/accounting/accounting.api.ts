// The /accounting screen's calls (issue 14; SPEC.md §2.9): the cards, the chart, journals, periods, statements,
// the journal import and the bank reconciliation. Every write refreshes everything under ['accounting'] (a posted
// journal moves the cards, balances, periods and statements at once) and the dashboard.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountingSummary,
  AutoMatchResult,
  BudgetImportResult,
  BudgetLine,
  BudgetRevision,
  CreateAccountInput,
  CreateJournalInput,
  CreateMatchInput,
  FiscalYearStatus,
  ImportJournalsResult,
  ImportStatementForm,
  PutBudgetsInput,
  Journal,
  JournalStatus,
  ReconciliationDetail,
  SourceType,
  ReconciliationSummary,
  Statement,
  StatementKind,
  StatementPosting,
  StatementPreview,
  UpdateAccountInput,
} from '../../../shared/accounting';
import { ApiError, apiDelete, apiGet, apiList, apiPatch, apiPost, apiPut, qs, type FieldIssue } from '../../lib/api-client';
import { statementPath, type BooksParams, type StatementParams } from './accounting-logic';

export const JOURNALS_PAGE_SIZE = 20;
export const RECONCILIATIONS_PAGE_SIZE = 20;

export const summaryQuery = (books: BooksParams) =>
  queryOptions({
    queryKey: ['accounting', 'summary', books],
    queryFn: ({ signal }) => apiGet<AccountingSummary>(`/api/accounting/summary${qs({ ...books })}`, signal),
  });

export const accountsQuery = (books: BooksParams) =>
  queryOptions({
    queryKey: ['accounting', 'accounts', books],
    queryFn: ({ signal }) => apiGet<Account[]>(`/api/accounting/accounts${qs({ ...books })}`, signal),
    staleTime: 60_000,
  });

/** GET /api/accounting/journals' filters, as the screen holds them (unset: no filter). */
export type JournalFilters = { search?: string; status?: JournalStatus; sourceType?: SourceType; accountCode?: string; from?: string; to?: string; facilityId?: number; subcounty?: string };

export const journalsQuery = (filters: JournalFilters, offset: number) =>
  queryOptions({
    queryKey: ['accounting', 'journals', filters, offset],
    queryFn: ({ signal }) => apiList<Journal>(`/api/accounting/journals${qs({ ...filters, limit: JOURNALS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

/** One journal (a reversal's number, named beside the journal it reverses). */
export const journalQuery = (id: number) =>
  queryOptions({
    queryKey: ['accounting', 'journal', id],
    queryFn: ({ signal }) => apiGet<Journal>(`/api/accounting/journals/${id}`, signal),
    staleTime: 60_000,
  });

export const periodsQuery = (fiscalYear?: string) =>
  queryOptions({
    queryKey: ['accounting', 'periods', fiscalYear ?? null],
    queryFn: ({ signal }) => apiGet<FiscalYearStatus>(`/api/accounting/periods${qs({ fiscalYear })}`, signal),
  });

export const statementQuery = (kind: StatementKind, params: StatementParams, enabled = true) =>
  queryOptions({
    queryKey: ['accounting', 'statement', kind, params],
    queryFn: ({ signal }) => apiGet<Statement>(statementPath(kind, params), signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const reconciliationsQuery = (facilityId: number | undefined, offset: number) =>
  queryOptions({
    queryKey: ['accounting', 'reconciliations', facilityId ?? null, offset],
    queryFn: ({ signal }) => apiList<ReconciliationSummary>(`/api/accounting/reconciliations${qs({ facilityId, limit: RECONCILIATIONS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const reconciliationQuery = (id: number) =>
  queryOptions({
    queryKey: ['accounting', 'reconciliation', id],
    queryFn: ({ signal }) => apiGet<ReconciliationDetail>(`/api/accounting/reconciliations/${id}`, signal),
  });

/** A fiscal year's budget lines within the reader's reach (one facility's, with facilityId). */
export const budgetsQuery = (fiscalYear: string, facilityId: number | undefined) =>
  queryOptions({
    queryKey: ['accounting', 'budgets', fiscalYear, facilityId ?? null],
    queryFn: ({ signal }) => apiGet<BudgetLine[]>(`/api/accounting/budgets${qs({ fiscalYear, facilityId })}`, signal),
  });

/** A facility-year's latest budget changes, newest first (without facilityId, the county level's). */
export const budgetHistoryQuery = (fiscalYear: string, facilityId: number | undefined) =>
  queryOptions({
    queryKey: ['accounting', 'budget-history', fiscalYear, facilityId ?? null],
    queryFn: ({ signal }) => apiList<BudgetRevision>(`/api/accounting/budgets/history${qs({ fiscalYear, facilityId })}`, signal),
  });

export const reconciliationPdfPath = (id: number, lang: string) => `/api/accounting/reconciliations/${id}/statement.pdf${qs({ lang })}`;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['accounting'] }), client.invalidateQueries({ queryKey: ['dashboard'] })]);
}

/** A write that refreshes the ledger's figures once the server has answered. */
function useLedgerWrite<I, O>(write: (input: I) => Promise<O>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: write, onSuccess: () => refresh() });
}

export const useCreateJournal = () => useLedgerWrite((input: CreateJournalInput) => apiPost<Journal>('/api/accounting/journals', input));
export const useApproveJournal = () => useLedgerWrite((id: number) => apiPost<Journal>(`/api/accounting/journals/${id}/approve`, {}));
export const useRejectJournal = () => useLedgerWrite(({ id, reason }: { id: number; reason: string }) => apiPost<Journal>(`/api/accounting/journals/${id}/reject`, { reason }));
export const useReverseJournal = () =>
  useLedgerWrite(({ id, reason, date }: { id: number; reason: string; date?: string }) => apiPost<Journal>(`/api/accounting/journals/${id}/reverse`, { reason, date }));
export const useCreateAccount = () => useLedgerWrite((input: CreateAccountInput) => apiPost<Account>('/api/accounting/accounts', input));
export const useUpdateAccount = () => useLedgerWrite(({ id, input }: { id: number; input: UpdateAccountInput }) => apiPatch<Account>(`/api/accounting/accounts/${id}`, input));
export const useClosePeriod = () => useLedgerWrite((period: string) => apiPost<FiscalYearStatus>(`/api/accounting/periods/${period}/close`, {}));
export const useCloseYear = () => useLedgerWrite((year: string) => apiPost<FiscalYearStatus>(`/api/accounting/fiscal-years/${year}/close`, {}));

/** The journal import: a dry run writes nothing (the preview); a real run saves drafts awaiting approval. */
export const useImportJournals = () => useLedgerWrite((input: { csv: string; dryRun: boolean }) => apiPost<ImportJournalsResult>('/api/accounting/journals/import', input));

/** One facility-year's budget (or the county level's), replaced whole. */
export const usePutBudgets = () => useLedgerWrite((input: PutBudgetsInput) => apiPut<BudgetLine[]>('/api/accounting/budgets', input));

/** The budget import's answer as its dialog reads it: the preview, and the file's problems by line. */
export type BudgetImportPreview = BudgetImportResult & { issues: FieldIssue[] };

/**
 * The county's budget file for a fiscal year. The server refuses a file with any wrong line (400, every line named);
 * for a dry run that refusal is the preview's list of problems, as the journal import's preview gives them.
 */
export function useImportBudgets(fiscalYear: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ csv, dryRun }: { csv: string; dryRun: boolean }): Promise<BudgetImportPreview> => {
      try {
        return { ...(await apiPost<BudgetImportResult>('/api/accounting/budgets/import', { fiscalYear, csv, dryRun })), issues: [] };
      } catch (error) {
        if (dryRun && error instanceof ApiError && error.status === 400 && error.issues.length > 0 && error.issues.every((i) => i.path.startsWith('csv'))) {
          return { fiscalYear, dryRun, facilityIds: [], total: 0, lines: [], issues: error.issues };
        }
        throw error;
      }
    },
    // A preview writes nothing: only an import moves the figures.
    onSuccess: (_result, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}

export const usePreviewStatement = () => useMutation({ mutationFn: (input: ImportStatementForm) => apiPost<StatementPreview>('/api/accounting/reconciliations/preview', input) });
export const useImportStatement = () => useLedgerWrite((input: ImportStatementForm) => apiPost<AutoMatchResult>('/api/accounting/reconciliations', input));
export const useAutoMatch = () => useLedgerWrite((id: number) => apiPost<AutoMatchResult>(`/api/accounting/reconciliations/${id}/auto-match`, {}));
export const useCreateMatch = () => useLedgerWrite(({ id, input }: { id: number; input: CreateMatchInput }) => apiPost<ReconciliationDetail>(`/api/accounting/reconciliations/${id}/matches`, input));
export const useUndoMatch = () => useLedgerWrite((matchId: number) => apiDelete<ReconciliationDetail>(`/api/accounting/reconciliation-matches/${matchId}`));
export const useCompleteReconciliation = () => useLedgerWrite((id: number) => apiPost<ReconciliationDetail>(`/api/accounting/reconciliations/${id}/complete`, {}));
export const useAgreeStartingPoint = () =>
  useLedgerWrite(({ id, note }: { id: number; note: string }) => apiPost<ReconciliationDetail>(`/api/accounting/reconciliations/${id}/starting-point`, { agree: true, note }));
export const usePostStatementLine = () =>
  useLedgerWrite(({ lineId, kind }: { lineId: number; kind: StatementPosting }) => apiPost<ReconciliationDetail>(`/api/accounting/reconciliation-lines/${lineId}/post`, { kind }));
