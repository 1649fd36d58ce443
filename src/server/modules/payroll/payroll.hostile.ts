// The hostile-input test's strategies for the payroll module's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { badOptionalText, badText, defineHostile, nextSerial, notABoolean, notADate, notAnId, notANumber, notAString, notIn } from '../../test/hostile.js';
import { EMPLOYMENT_TERMS, PAY_METHODS, PENSION_SCHEMES, STATUTORY_KINDS } from '../../../shared/payroll/index.js';

/** Fails a period field's shape (not YYYY-MM, or a month that does not exist). */
const notAPeriodShape = fc.oneof(notAString, fc.constantFrom<unknown>('', '2026-13', '2026-00', '2026-2', '26-02', '202602', '2026-02-01'));
/** Fails a pay period: its shape, or a month before October 2024 (the NHIF's) or past 2100. */
const notAPeriod = fc.oneof(notAPeriodShape, fc.constantFrom<unknown>('2024-09', '1999-01', '2101-01'));
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

const employee = () => ({
  personalNumber: `H${String(nextSerial()).padStart(6, '0')}`,
  nationalId: '23456789',
  kraPin: 'A012345678B',
  firstName: 'Rose',
  lastName: 'Nafula',
  facilityId: 1,
  departmentId: 2,
  cadre: 'Nursing Officer',
  jobGroup: 'K',
  terms: 'permanent',
  hiredOn: '2019-07-01',
  pensionScheme: 'lapfund',
  payMethod: 'mpesa',
  mpesaPhone: '0712345678',
});
/** Fails a pattern field where blank is fine: text of the wrong shape, or not a string. */
const notShaped = (valid: string) => fc.oneof(fc.constantFrom<unknown>(valid.slice(1), `${valid}9`, 1234, true, [], {}), tooLongFor(valid));
const tooLongFor = (valid: string) => fc.constant(valid.repeat(4));

export default defineHostile({
  'POST /api/payroll/employees': {
    role: 'payroll_officer',
    path: () => '/api/payroll/employees',
    base: employee(),
    breakers: {
      personalNumber: fc.oneof(notAString, fc.constantFrom<unknown>('', 'ab', 'x'.repeat(21), '12 34', '12;34')),
      nationalId: fc.oneof(notAString, fc.constantFrom<unknown>('', '12345', '1234567890', 'ABC12345')),
      kraPin: notShaped('A012345678B'),
      shaNumber: notShaped('CR0680969605010-6'),
      firstName: badText(60, 'Rose'),
      cadre: badText(80, 'Nursing Officer'),
      facilityId: notAnId,
      departmentId: notAnId,
      terms: notIn(EMPLOYMENT_TERMS),
      hiredOn: fc.oneof(notADate, fc.constantFrom<unknown>('', null)),
      pensionScheme: notIn(PENSION_SCHEMES),
      contractedOut: notABoolean.filter((v) => v !== null),
      helbMonthly: notANumber(0, 1_000_000).filter((v) => v !== null && v !== '' && v !== ' '),
      payMethod: notIn(PAY_METHODS),
      mpesaPhone: fc.constantFrom<unknown>('12345', '+256712345678', '0812345678', 712345678, true, []),
    },
  },
  'PATCH /api/payroll/employees/:id': {
    role: 'payroll_officer',
    // An employee who does not exist: refused whatever the body.
    path: () => '/api/payroll/employees/2147483647',
    base: { effectiveFrom: '2099-01-01', reason: 'Promoted to job group L', jobGroup: 'L' },
    breakers: {
      effectiveFrom: fc.oneof(notADate, fc.constantFrom<unknown>('', null)),
      reason: badText(300, 'Promoted'),
      jobGroup: badText(20, 'L'),
      kraPin: notShaped('A012345678B'),
      helbMonthly: notANumber(0, 1_000_000).filter((v) => v !== null && v !== '' && v !== ' '),
    },
  },
  'POST /api/payroll/departments': {
    role: 'payroll_officer',
    path: () => '/api/payroll/departments',
    base: { name: 'Community Health' },
    breakers: { name: badText(60, 'Community Health') },
  },
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
  'POST /api/payroll/salary-scale': {
    role: 'payroll_officer',
    path: () => '/api/payroll/salary-scale',
    base: { jobGroup: 'K', effectiveFrom: '2099-01-01', basic: 52_460, allowances: { house: 12_000 } },
    breakers: {
      jobGroup: fc.oneof(notAString, fc.constantFrom<unknown>('', 'K1', 'KLM', 'job group K')),
      effectiveFrom: fc.oneof(notADate, fc.constantFrom<unknown>('', null, '2099-01-15')),
      basic: notANumber(0, 100_000_000),
      allowances: fc.constantFrom<unknown>('house', 1, [1], { house: -1 }, { house: 'x' }, { 'House Allowance': 1000 }, { house: 100_000_001 }),
    },
  },
  'POST /api/payroll/allowance-types': {
    role: 'payroll_officer',
    path: () => '/api/payroll/allowance-types',
    base: { code: 'hardship', label: 'Hardship allowance', taxable: true },
    breakers: {
      code: fc.oneof(notAString, fc.constantFrom<unknown>('', 'x', 'Hardship Allowance', '1st', 'a'.repeat(31))),
      label: badText(60, 'Hardship allowance'),
      taxable: notABoolean,
    },
  },
  'POST /api/payroll/employees/:id/items': {
    role: 'payroll_officer',
    // An employee who does not exist: refused whatever the body.
    path: () => '/api/payroll/employees/2147483647/items',
    base: { kind: 'deduction', code: 'sacco', label: 'SACCO loan', payee: 'Afya SACCO', amount: 2_000, priority: 1, fromPeriod: '2099-01', reason: 'Loan' },
    fixed: ['kind'],
    breakers: {
      kind: notIn(['allowance', 'deduction']),
      code: fc.oneof(notAString, fc.constantFrom<unknown>('', 'savings', 'SACCO')),
      payee: badText(100, 'Afya SACCO'),
      amount: notANumber(0, 100_000_000),
      priority: notANumber(1, 99, true),
      fromPeriod: notAPeriodShape,
      toPeriod: fc.constantFrom<unknown>('2099-13', 'soon', 1, '2026-2'),
      reason: badText(200, 'Loan'),
    },
  },
  'PATCH /api/payroll/pay-items/:id': {
    role: 'payroll_officer',
    path: () => '/api/payroll/pay-items/2147483647',
    base: { toPeriod: '2099-01', reason: 'Loan repaid' },
    breakers: { toPeriod: notAPeriodShape, reason: badText(200, 'Loan repaid') },
  },
  'POST /api/payroll/runs': {
    role: 'payroll_officer',
    path: () => '/api/payroll/runs',
    base: { period: '2026-03', facilityId: 1 },
    breakers: {
      period: notAPeriod,
      facilityId: notAnId,
      county: fc.constantFrom<unknown>(false, 'yes', 1),
      subcounty: fc.constantFrom<unknown>('x'.repeat(61), 1, []),
    },
  },
  'POST /api/payroll/runs/:id/submit': { role: 'payroll_officer', path: () => '/api/payroll/runs/2147483647/submit', base: {}, breakers: {}, noBody: true },
  'POST /api/payroll/runs/:id/approve': { role: 'county_director', path: () => '/api/payroll/runs/2147483647/approve', base: {}, breakers: {}, noBody: true },
  'POST /api/payroll/runs/:id/reject': {
    role: 'county_director',
    path: () => '/api/payroll/runs/2147483647/reject',
    base: { reason: 'Casual days not yet in' },
    breakers: { reason: badText(500, 'Casual days not yet in') },
  },
  'POST /api/payroll/delegations': {
    role: 'county_director',
    path: () => '/api/payroll/delegations',
    base: { facilityId: 2 },
    breakers: { facilityId: notAnId },
  },
  'POST /api/payroll/delegations/:id/revoke': { role: 'county_director', path: () => '/api/payroll/delegations/2147483647/revoke', base: {}, breakers: {}, noBody: true },
  'POST /api/payroll/timesheets/import': {
    role: 'payroll_officer',
    path: () => '/api/payroll/timesheets/import',
    // A dry run of a file whose only line is unknown: refused or previewed, never written.
    base: { csv: 'personal_number,period,overtime_hours\nNO/SUCH/1,2026-03,2', dryRun: true },
    breakers: {
      csv: fc.constantFrom<unknown>('', null, 12, [], 'x'.repeat(1_000_001), 'a\u0000b'),
      dryRun: fc.constantFrom<unknown>('yes', 1, null, []),
    },
  },
  'POST /api/payroll/salary-scale/import': {
    role: 'payroll_officer',
    path: () => '/api/payroll/salary-scale/import',
    // A dry run of a file whose only line is in the past: refused or previewed, never written.
    base: { csv: 'job_group,effective_from,basic\nK,2025-01-01,50000', dryRun: true },
    breakers: {
      csv: fc.constantFrom<unknown>('', null, 12, [], 'x'.repeat(1_000_001), 'a\u0000b'),
      dryRun: fc.constantFrom<unknown>('yes', 1, null, []),
    },
  },
  'POST /api/payroll/runs/:id/ippd': {
    role: 'payroll_officer',
    // A run that is not there: refused once valid (404); the comparison writes nothing but its audit.
    path: () => '/api/payroll/runs/2147483647/ippd',
    base: { csv: 'personal_number,gross,net\nCG/1/1,100,90' },
    breakers: { csv: fc.constantFrom<unknown>('', null, 12, [], 'x'.repeat(1_000_001), 'a\u0000b') },
  },
  'POST /api/payroll/runs/:id/pay': {
    role: 'payroll_officer',
    path: () => '/api/payroll/runs/2147483647/pay',
    base: { paidOn: '2026-03-01', reference: 'KCB-PAY-0226' },
    breakers: { paidOn: notADate, reference: badText(60, 'KCB-PAY-0226') },
  },
  'POST /api/payroll/remittances': {
    role: 'payroll_officer',
    // A month with no approved run: refused (409) once valid, so nothing is written.
    path: () => '/api/payroll/remittances',
    base: { period: '2025-01', remittance: 'paye', paidOn: '2026-03-01', reference: 'KRA-PRN-1' },
    breakers: {
      period: notAPeriod,
      remittance: fc.constantFrom<unknown>('nhif', '', null, 1, 'PAYE '),
      paidOn: notADate,
      reference: badText(60, 'KRA-PRN-1'),
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
