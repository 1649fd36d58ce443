// The accounting module (issue 14): the county health ledger. Other modules post their money events through
// post() (ledger.ts) inside their own transactions; nothing else of the ledger is theirs to touch.
import type { ServerModule } from '../../core/module.js';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { accountBalances, accountingPeriods, accounts, bankStatementLines, bankStatements, budgets, fiscalYears, journalLines, journals, reconciliationLedgerItems, reconciliationMatches } from './accounting.schema.js';
import { accountingRoutes } from './accounting.routes.js';
import { statementRoutes } from './statements.routes.js';
import { reconciliationRoutes } from './reconciliation.routes.js';
import { closeSeededMonths, seedAccounting } from './accounting.seed.js';

export { assertPeriodsOpen, closedPeriodsAmong, journalsOf, journalStatuses, outstandingOn, post, postMany, postedSources, type JournalDraft, type LedgerLine, type Posted } from './ledger.js';
export { listPeriods } from './periods.service.js';
export { journalSeriesPeriod } from './ledger.js';
// The vote book's budget and spending for procurement's budget check, and the books' first day.
export { budgetAndSpent, firstJournalDate } from './budgets.service.js';
// A draft approved by another officer (the demo county's payroll payments, approved through the ledger's own rules).
export { approveJournal } from './journals.service.js';
// Two statements as the finance screens read them (the benchmark times them: bench/measure.ts).
export { incomeStatement, trialBalance } from './statements.service.js';
// Revenue as the books have it, which Revenue Management and the dashboard show (issue 30 item 2).
export { cashReceived, revenueByMonth, revenueEarned } from './revenue.js';

export const accountingModule: ServerModule = {
  id: 'accounting',
  routes: (app: FastifyInstance, deps: AppDeps) => {
    accountingRoutes(app, deps);
    statementRoutes(app, deps);
    reconciliationRoutes(app, deps);
  },
  tables: [accounts, journals, journalLines, accountingPeriods, fiscalYears, accountBalances, budgets, bankStatements, bankStatementLines, reconciliationMatches, reconciliationLedgerItems],
  seed: seedAccounting,
  seedLast: closeSeededMonths,
  hostileInput: () => import('./accounting.hostile.js'),
};
