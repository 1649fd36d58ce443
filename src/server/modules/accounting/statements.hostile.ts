// The hostile-input test's strategies for the statements routes' writes — the budgets (merged by accounting.hostile.ts).
import fc from 'fast-check';
import { MAX_BUDGET_LINES } from '../../../shared/accounting/index.js';
import { defineHostile, notABoolean, notAnId, notAString, withNul } from '../../test/hostile.js';

const notAFiscalYear = fc.oneof(notAString, fc.constantFrom<unknown>('', ' ', '2025/27', '25/26', '2025-2026', '2025/2026', 'abcd/ef', '2025 26', '1999/00'));
const budgetLine = (over: Record<string, unknown> = {}) => ({ accountCode: '5250', amount: 90_000, ...over });
const notABudgetAmount = fc.constantFrom<unknown>(-1, -0.01, 0.001, 10.005, 1e12, 1e15, 'abc', '100', 'NaN', null, true, [], {});
const notAnAccountCode = fc.oneof(notAString, fc.constantFrom<unknown>('', '12', '1234567', 'abcd', '12.5', ' '));
const FILE = 'facility_mfl_code,account_code,amount\n15834,4110,120000\n';

export default defineHostile({
  'PUT /api/accounting/budgets': {
    role: 'county_director',
    path: () => '/api/accounting/budgets',
    base: { fiscalYear: '2025/26', facilityId: 1, lines: [budgetLine(), budgetLine({ accountCode: '4110', amount: 120_000.5 })] },
    breakers: {
      fiscalYear: notAFiscalYear,
      // null is the county level: a valid choice.
      facilityId: notAnId.filter((v) => v !== null),
      lines: fc.oneof(
        fc.constantFrom<unknown>(null, 'lines', 1, {}, true),
        notABudgetAmount.map((amount) => [budgetLine({ amount })]),
        notAnAccountCode.map((accountCode) => [budgetLine({ accountCode })]),
        fc.constant([{ accountCode: '5250' }]),
        fc.constant(Array.from({ length: MAX_BUDGET_LINES + 1 }, () => budgetLine())),
      ),
    },
  },
  'POST /api/accounting/budgets/import': {
    role: 'county_director',
    path: () => '/api/accounting/budgets/import',
    // A dry run: a valid body writes nothing, whatever the test sends beside a broken field.
    base: { fiscalYear: '2025/26', csv: FILE, dryRun: true },
    breakers: { fiscalYear: notAFiscalYear, csv: fc.oneof(notAString, fc.constant(''), withNul(FILE)), dryRun: notABoolean.filter((v) => v !== undefined) },
  },
});
