// The hostile-input test's strategies for the ledger's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { ACCOUNT_TYPES, FUNDS } from '../../../shared/accounting/index.js';
import statementsHostile from './statements.hostile.js';
import reconciliationHostile from './reconciliation.hostile.js';
import { badOptionalText, badText, defineHostile, notABoolean, notADate, notAString, notIn, tooLong, withNul } from '../../test/hostile.js';

const line = (over: Record<string, unknown> = {}) => ({ accountCode: '5210', debit: 1500, credit: 0, facilityId: 1, fund: 'fif', costCentre: 'administration', ...over });
const balanced = [line(), line({ accountCode: '1120', debit: 0, credit: 1500 })];
const notAnAccountCode = fc.oneof(notAString, fc.constantFrom('', '12', '1234567', 'abcd', '12.5', ' '), tooLong(6));
const notAnAmount = fc.constantFrom<unknown>(-1, -0.01, 'abc', '1e3', 1e15, 0.001, 'NaN', true, [], {});

const ledger = defineHostile({
  'POST /api/accounting/accounts': {
    role: 'county_director',
    path: () => '/api/accounting/accounts',
    base: { code: '5299', name: 'Security services', type: 'expense', parentCode: '5200', gfsCode: '2211305' },
    breakers: {
      code: notAnAccountCode,
      name: badText(120, 'Security services'),
      type: notIn(ACCOUNT_TYPES),
      parentCode: fc.constantFrom<unknown>('12', 'abcd', 1234, true, [], {}),
      gfsCode: badOptionalText(40, '2211305'),
      description: badOptionalText(500, 'Guards'),
      nameSw: badOptionalText(120, 'Huduma za ulinzi'),
      descriptionSw: badOptionalText(500, 'Walinzi'),
    },
  },
  'PATCH /api/accounting/accounts/:id': {
    role: 'county_director',
    // An account that does not exist: refused whatever the body.
    path: () => '/api/accounting/accounts/2147483647',
    base: { name: 'Electricity and water' },
    breakers: {
      name: badText(120, 'Electricity and water'),
      nameSw: badOptionalText(120, 'Umeme na maji'),
      gfsCode: badOptionalText(40, '2210101'),
      description: badOptionalText(500, 'Power and water bills'),
      descriptionSw: badOptionalText(500, 'Bili za umeme na maji'),
      isActive: notABoolean,
    },
  },
  'POST /api/accounting/journals': {
    role: 'facility_incharge',
    path: () => '/api/accounting/journals',
    base: { date: '2026-01-15', description: 'Electricity for January', reference: 'KPLC-0115', lines: balanced },
    breakers: {
      date: fc.oneof(notADate, fc.constantFrom<unknown>('', null)),
      description: badText(300, 'Electricity'),
      reference: badOptionalText(60, 'KPLC'),
      lines: fc.oneof(
        fc.constantFrom<unknown>(null, [], {}, 'lines', 1, [line()]),
        // Unbalanced by a cent.
        fc.constant([line({ debit: 1500.01 }), line({ accountCode: '1120', debit: 0, credit: 1500 })]),
        fc.constant([line({ debit: 1500, credit: 1500 }), line({ accountCode: '1120', debit: 0, credit: 0 })]),
        notAnAmount.map((debit) => [line({ debit }), line({ accountCode: '1120', debit: 0, credit: 1500 })]),
        notAnAccountCode.map((accountCode) => [line({ accountCode }), balanced[1]]),
        notIn(FUNDS).map((fund) => [line({ fund }), balanced[1]]),
        fc.constant(Array.from({ length: 201 }, () => line({ debit: 0, credit: 0 }))),
        // Balanced, each line within its limit, but moving more than a journal may (issue 25): 2 to 200 lines a side.
        fc.integer({ min: 2, max: 100 }).map((n) => [...Array.from({ length: n }, () => line({ debit: 999_999_999_999 })), ...Array.from({ length: n }, () => line({ accountCode: '1120', debit: 0, credit: 999_999_999_999 }))]),
        // Past it by a cent.
        fc.constant([line({ debit: 999_999_999_999 }), line({ debit: 0.01 }), line({ accountCode: '1120', debit: 0, credit: 999_999_999_999 }), line({ accountCode: '1120', debit: 0, credit: 0.01 })]),
      ),
    },
    texts: { fields: ['description'], stored: (a) => a as Record<string, unknown> },
  },
  'POST /api/accounting/journals/:id/approve': {
    role: 'county_director',
    path: () => '/api/accounting/journals/2147483647/approve',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/accounting/journals/:id/reject': {
    role: 'county_director',
    path: () => '/api/accounting/journals/2147483647/reject',
    base: { reason: 'Wrong account' },
    breakers: { reason: fc.oneof(notAString, fc.constant(''), tooLong(500), withNul('Wrong')) },
  },
  'POST /api/accounting/journals/:id/reverse': {
    role: 'county_director',
    path: () => '/api/accounting/journals/2147483647/reverse',
    base: { reason: 'Posted twice' },
    breakers: { reason: fc.oneof(notAString, fc.constant(''), tooLong(500), withNul('Twice')), date: notADate.filter((v) => v !== '') },
  },
  'POST /api/accounting/periods/:period/close': {
    role: 'county_director',
    // A month that has not ended: refused (409), whatever the body.
    path: () => '/api/accounting/periods/2099-01/close',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/accounting/fiscal-years/:year/close': {
    role: 'county_director',
    path: () => '/api/accounting/fiscal-years/2099-00/close',
    base: {},
    breakers: {},
    noBody: true,
  },
});

// The statements' and the reconciliation's write routes keep their strategies beside them.
export default defineHostile({ ...ledger.writes, ...statementsHostile.writes, ...reconciliationHostile.writes });
