// The hostile-input test's strategies for the reconciliation routes' writes (merged by accounting.hostile.ts).
import fc from 'fast-check';
import { STATEMENT_KINDS } from '../../../shared/accounting/index.js';
import { asRecord, badText, defineHostile, notABoolean, notAnOptionalId, notAString, notIn } from '../../test/hostile.js';

/** One Completed M-Pesa receipt, dated before the test clock's day: a file that imports. */
const MPESA_CSV = 'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance\nRKH7ZZ0001,2026-03-02 10:15:00,Payment from 254700000001,Completed,"1,500.00",,"1,500.00"\n';
const JOURNAL_CSV =
  'journal,date,description,reference,account_code,debit,credit,facility_mfl_code,fund,cost_centre\nJ1,2026-03-10,Electricity for February,KPLC-0226,5210,1500,,,fif,administration\nJ1,2026-03-10,Electricity for February,KPLC-0226,1120,,1500,,fif,administration\n';

const notAFile = fc.oneof(notAString, fc.constant(''));
const notABalance = fc.constantFrom<unknown>('abc', '1e3', '1,000', 1e15, -1e15, 0.001, 'NaN', true, [], {});
const notIds = fc.constantFrom<unknown>(null, [], {}, 'ids', 1, [0], [-1], [1.5], ['1'], [2 ** 31], [1, 1], Array.from({ length: 501 }, (_, i) => i + 1));
const statement = {
  base: { kind: 'mpesa', accountCode: '1130', facilityId: 1, filename: 'mpesa-march.csv', csv: MPESA_CSV },
  breakers: {
    kind: notIn(STATEMENT_KINDS),
    accountCode: fc.oneof(notAString, fc.constantFrom('', '12', '1234567', 'abcd', ' ')),
    facilityId: notAnOptionalId,
    filename: badText(200, 'mpesa-march.csv'),
    csv: notAFile,
    openingBalance: notABalance,
    closingBalance: notABalance,
  },
  fixed: ['kind', 'accountCode'],
};

export default defineHostile({
  'POST /api/accounting/reconciliations/preview': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliations/preview',
    // The preview writes nothing, so its free text is tried on the import, which stores it.
    ...statement,
  },
  'POST /api/accounting/reconciliations': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliations',
    ...statement,
    texts: { fields: ['filename'], stored: (a) => asRecord(asRecord(asRecord(a).detail).statement) },
  },
  'POST /api/accounting/reconciliations/:id/auto-match': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliations/2147483647/auto-match',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/accounting/reconciliations/:id/matches': {
    role: 'county_director',
    // A statement that does not exist: a valid body is refused (404) too.
    path: () => '/api/accounting/reconciliations/2147483647/matches',
    base: { statementLineIds: [1], journalLineIds: [1, 2] },
    breakers: { statementLineIds: notIds, journalLineIds: notIds },
  },
  'DELETE /api/accounting/reconciliation-matches/:id': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliation-matches/2147483647',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/accounting/reconciliations/:id/complete': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliations/2147483647/complete',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/accounting/journals/import': {
    role: 'county_director',
    path: () => '/api/accounting/journals/import',
    // A dry run: the property writes nothing however often it runs.
    base: { csv: JOURNAL_CSV, dryRun: true },
    breakers: { csv: notAFile, dryRun: notABoolean.filter((v) => v !== null && v !== '' && v !== undefined) },
  },
});
