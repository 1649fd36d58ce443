// The hostile-input test's strategies for the reconciliation routes' writes (merged by accounting.hostile.ts).
import fc from 'fast-check';
import { DATE_ORDERS, STATEMENT_KINDS, STATEMENT_POSTINGS } from '../../../shared/accounting/index.js';
import { asRecord, badOptionalText, badText, defineHostile, notABoolean, notAnOptionalId, notAString, notIn } from '../../test/hostile.js';

/** One Completed M-Pesa receipt, dated before the test clock's day: a file that imports. */
const MPESA_CSV = 'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance\nRKH7ZZ0001,2026-03-02 10:15:00,Payment from 254700000001,Completed,"1,500.00",,"1,500.00"\n';
const JOURNAL_CSV =
  'journal,date,description,reference,account_code,debit,credit,facility_mfl_code,fund,cost_centre\nJ1,2026-03-10,Electricity for February,KPLC-0226,5210,1500,,,fif,administration\nJ1,2026-03-10,Electricity for February,KPLC-0226,1120,,1500,,fif,administration\n';

const notAFile = fc.oneof(notAString, fc.constant(''));
const notABalance = fc.constantFrom<unknown>('abc', '1e3', '1,000', 1e15, -1e15, 0.001, 'NaN', true, [], {});
const notIds = fc.constantFrom<unknown>(null, [], {}, 'ids', 1, [0], [-1], [1.5], ['1'], [2 ** 31], [1, 1], Array.from({ length: 501 }, (_, i) => i + 1));
/** Fails a date order ('' and null are fine: the profile's own, or day first). */
const notDateOrder = notIn(DATE_ORDERS).filter((v) => v !== '' && v !== null);
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
    // Bank import profiles (issue 29 item 1): an XLSX beside the CSV, a profile or columns of its own.
    xlsx: fc.oneof(notAFile, fc.constantFrom('not base64!', 'UEsDBA', 'A'.repeat(1_000_004))),
    profileId: notAnOptionalId,
    columns: fc.constantFrom<unknown>('Date', [], {}, { date: 'Date' }, { date: 'Date', description: 'Details' }, { date: 'Date', description: 'Details', amount: 'Amount', moneyIn: 'In' }),
    dateOrder: notDateOrder,
    saveProfileAs: badOptionalText(80, 'Busia KCB'),
  },
  fixed: ['kind', 'accountCode'],
};

/** A bank's columns as KCB writes them: a profile that saves. */
const profile = {
  base: { name: 'Hostile Bank', kind: 'bank', columns: { date: 'Transaction Date', description: 'Narrative', reference: 'Bank Reference', moneyOut: 'Money Out', moneyIn: 'Money In', balance: 'Ledger Balance' }, dateOrder: 'dmy' },
  breakers: {
    name: badText(80, 'Hostile Bank'),
    kind: notIn(STATEMENT_KINDS),
    columns: fc.constantFrom<unknown>(null, 'Date', [], {}, { date: 'Date' }, { date: 'Date', description: 'Details' }),
    'columns.date': badText(100, 'Transaction Date'),
    'columns.description': badText(100, 'Narrative'),
    'columns.balance': badOptionalText(100, 'Ledger Balance'),
    dateOrder: notDateOrder,
  },
  fixed: ['kind'],
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
  'POST /api/accounting/reconciliations/:id/starting-point': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliations/2147483647/starting-point',
    base: { agree: true, note: 'Opening balance agreed with the bank' },
    breakers: { agree: fc.constantFrom<unknown>(false, 'true', 1, null, [], {}), note: badOptionalText(500, 'Opening balance agreed with the bank') },
  },
  'POST /api/accounting/reconciliation-lines/:id/post': {
    role: 'county_director',
    path: () => '/api/accounting/reconciliation-lines/2147483647/post',
    base: { kind: 'bank_charges' },
    breakers: { kind: notIn(STATEMENT_POSTINGS) },
  },
  'POST /api/accounting/bank-profiles': {
    role: 'county_director',
    path: () => '/api/accounting/bank-profiles',
    ...profile,
    texts: { fields: ['name'], stored: (a) => asRecord(a) },
  },
  'PUT /api/accounting/bank-profiles/:id': {
    role: 'county_director',
    // A profile that does not exist: a valid body is refused (404) too.
    path: () => '/api/accounting/bank-profiles/2147483647',
    ...profile,
  },
  'POST /api/accounting/journals/import': {
    role: 'county_director',
    path: () => '/api/accounting/journals/import',
    // A dry run: the property writes nothing however often it runs.
    base: { csv: JOURNAL_CSV, dryRun: true },
    // Infinity and NaN travel as null in JSON, which a dry run's absence allows: never a breaker.
    breakers: { csv: notAFile, dryRun: notABoolean.filter((v) => v !== null && v !== '' && v !== undefined && !(typeof v === 'number' && !Number.isFinite(v))) },
  },
});
