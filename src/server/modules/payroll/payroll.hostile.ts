// The hostile-input test's strategies for the payroll module's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { badOptionalText, badText, defineHostile, notADate, notANumber, notAString, notIn } from '../../test/hostile.js';
import { STATUTORY_KINDS } from '../../../shared/payroll/index.js';

/** Fails a pay period: not YYYY-MM, a month that does not exist, or one before October 2024 (the NHIF's). */
const notAPeriod = fc.oneof(notAString, fc.constantFrom<unknown>('', '2026-13', '2026-00', '2026-2', '26-02', '202602', '2024-09', '1999-01', '2101-01', '2026-02-01'));
/** Fails a list of earnings or deductions: not a list, a line that is not an object, or one with a broken field. */
const notLines = (line: Record<string, unknown>) =>
  fc.oneof(
    fc.constantFrom<unknown>('lines', 1, {}, [null], ['x'], [[]]),
    notANumber(0, 100_000_000).map((amount) => [{ ...line, amount }]),
    notAString.map((code) => [{ ...line, code }]),
    fc.constant(Array.from({ length: 41 }, () => line)),
  );
const earning = { code: 'house', label: 'House allowance', amount: 10_000, taxable: true };
const deduction = { code: 'sacco', label: 'SACCO loan', payee: 'Afya SACCO', amount: 2_000, priority: 1 };

export default defineHostile({
  'POST /api/payroll/calculate': {
    role: 'payroll_officer',
    path: () => '/api/payroll/calculate',
    base: { period: '2026-02', basic: 50_000, earnings: [earning], deductions: [deduction], helb: 0 },
    breakers: {
      period: notAPeriod,
      basic: notANumber(0, 100_000_000),
      helb: notANumber(0, 100_000_000).filter((v) => v !== null && v !== '' && v !== ' '),
      earnings: notLines(earning),
      deductions: fc.oneof(notLines(deduction), notANumber(1, 99, true).map((priority) => [{ ...deduction, priority }])),
      pension: fc.constantFrom<unknown>('psss', 1, [], { scheme: 'psss', employeePercent: 101, employerPercent: 15 }, { scheme: 'psss', employeePercent: -1, employerPercent: 15 }, { scheme: '', employeePercent: 7.5, employerPercent: 15 }),
    },
  },
  'POST /api/payroll/rates': {
    role: 'payroll_officer',
    path: () => '/api/payroll/rates',
    base: { kind: 'nita', effectiveFrom: '2099-01-01', values: { amount: 50 }, source: 'Industrial Training Act levy', note: '' },
    fixed: ['kind'],
    breakers: {
      kind: notIn(STATUTORY_KINDS),
      effectiveFrom: fc.oneof(notADate, fc.constantFrom<unknown>('', null, '2024-09-30')),
      values: fc.constantFrom<unknown>(null, 'x', [], {}, { amount: -1 }, { amount: 'fifty' }, { amount: 100_000_001 }),
      source: badText(300, 'Finance Act 2026'),
      note: badOptionalText(500, 'Gazetted'),
    },
  },
});
