// The /accounting screen apart from drawing: whose books each role may open, the chart as a tree, which accounts
// take postings, what the Journal Entry form sends (and that the shared contract refuses an unbalanced entry with
// the figures), the statements' addresses, the cards' month-on-month change, which month closes next, and the
// server's messages and statement labels in Kiswahili.
import { beforeAll, describe, expect, it } from 'vitest';
import { createJournalSchema, lineTotals, type Account, type Period } from '../../../shared/accounting';
import { formatKesExact } from '../../../shared/money';
import { accountTree, blankLine, booksOptions, booksParams, closableMonth, defaultBooks, journalInput, matchesAccount, monthChange, postingAccounts, statementPath } from './accounting-logic';
import en from './locales/en.json';
import sw from './locales/sw.json';

const FACILITIES = [
  { id: 1, name: 'Busia County Referral Hospital', subcounty: 'Matayos' },
  { id: 2, name: 'Alupe Sub-County Hospital', subcounty: 'Teso South' },
  { id: 5, name: 'Budalangi Dispensary', subcounty: 'Budalangi' },
  { id: 3, name: 'Port Victoria Sub-County Hospital', subcounty: 'Budalangi' },
];

const account = (code: string, name: string, type: Account['type'], parentCode: string | null, more: Partial<Account> = {}): Account => ({
  id: Number(code),
  code,
  name,
  nameSw: null,
  type,
  parentCode,
  gfsCode: null,
  description: null,
  descriptionSw: null,
  isActive: true,
  isSystem: false,
  hasPostings: false,
  balance: 0,
  ...more,
});

const CHART = [
  account('5000', 'Expenses', 'expense', null),
  account('1100', 'Cash and bank', 'asset', '1000'),
  account('1000', 'Assets', 'asset', null),
  account('1130', 'M-Pesa paybill', 'asset', '1100', { gfsCode: '3111101' }),
  account('1110', 'Bank – county health operating account', 'asset', '1100', { nameSw: 'Benki – akaunti ya uendeshaji ya afya ya kaunti' }),
  account('5110', 'Basic salaries – permanent', 'expense', '5000'),
  account('5190', 'Old allowances', 'expense', '5000', { isActive: false }),
  account('9999', 'Orphan', 'expense', '8000'),
];

describe('whose books', () => {
  const label = (s: string) => `${s} Sub-County`;
  it('the director opens the county, each sub-county and each facility, and starts at the county', () => {
    const options = booksOptions('county_director', { facilityId: 1, subcounty: 'Matayos' }, FACILITIES, 'The whole county', label);
    expect(options.map((o) => o.value)).toEqual(['', 's:Budalangi', 's:Matayos', 's:Teso South', 'f:2', 'f:5', 'f:1', 'f:3']);
    expect(options[0]).toEqual({ value: '', label: 'The whole county', group: 'county' });
    expect(defaultBooks('county_director', { facilityId: 1, subcounty: 'Matayos' })).toBe('');
  });
  it('an in-charge opens only her facility, and starts there', () => {
    const place = { facilityId: 3, subcounty: 'Budalangi' };
    expect(booksOptions('facility_incharge', place, FACILITIES, 'The whole county', label)).toEqual([{ value: 'f:3', label: 'Port Victoria Sub-County Hospital', group: 'facility' }]);
    expect(defaultBooks('facility_incharge', place)).toBe('f:3');
  });
  it('a role without finance:read opens nothing', () => {
    expect(booksOptions('nurse', { facilityId: 1, subcounty: 'Matayos' }, FACILITIES, 'x', label)).toEqual([]);
  });
  it('a choice becomes the query the API reads', () => {
    expect(booksParams('')).toEqual({});
    expect(booksParams('f:12')).toEqual({ facilityId: 12 });
    expect(booksParams('s:Teso South')).toEqual({ subcounty: 'Teso South' });
  });
});

describe('the chart of accounts', () => {
  it('reads as a tree: each account after its parent, codes ascending, indented by depth', () => {
    const rows = accountTree(CHART);
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.account.code}${r.heading ? '*' : ''}`)).toEqual(['1000*', '  1100*', '    1110', '    1130', '5000*', '  5110', '  5190', '9999']);
  });
  it('offers only active accounts that are not headings for a journal line', () => {
    expect(postingAccounts(CHART).map((a) => a.code)).toEqual(['1110', '1130', '5110', '9999']);
  });
  it('finds an account by code, words of its name or its GFS code', () => {
    const mpesa = CHART[3]!;
    expect(matchesAccount(mpesa, '1130')).toBe(true);
    expect(matchesAccount(mpesa, 'm-pesa pay')).toBe(true);
    expect(matchesAccount(mpesa, '3111101')).toBe(true);
    expect(matchesAccount(mpesa, 'bank')).toBe(false);
    // A Kiswahili reader finds an account by its Kiswahili name too.
    expect(matchesAccount(CHART[4]!, 'benki uendeshaji')).toBe(true);
  });
});

describe('the Journal Entry form', () => {
  const values = (debit: string, credit: string) => ({
    date: '2026-03-16',
    description: 'Cleaning supplies',
    reference: 'PV-001',
    lines: [
      { ...blankLine(3), accountCode: '5110', debit },
      { ...blankLine(3), accountCode: '1110', credit },
    ],
  });

  it('sends what was typed as the contract reads it: a facility line, a county line', () => {
    const v = values('1234.50', '1234.50');
    v.lines[1] = { ...v.lines[1]!, facilityId: '' };
    expect(journalInput(v).lines).toEqual([
      { accountCode: '5110', debit: '1234.50', credit: '', facilityId: 3, fund: 'exchequer', costCentre: '', memo: '' },
      { accountCode: '1110', debit: '', credit: '1234.50', facilityId: null, fund: 'exchequer', costCentre: '', memo: '' },
    ]);
    const parsed = createJournalSchema.parse(journalInput(v));
    expect(parsed.lines.map((l) => [l.debit, l.credit])).toEqual([
      [1234.5, 0],
      [0, 1234.5],
    ]);
  });

  it('keeps the running totals to the cent and refuses an unbalanced entry with its figures', () => {
    const v = values('1234.50', '1000');
    const totals = lineTotals(v.lines);
    expect([formatKesExact(totals.debits), formatKesExact(totals.credits), totals.balanced]).toEqual(['KES 1,234.50', 'KES 1,000.00', false]);
    const result = createJournalSchema.safeParse(journalInput(v));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines', 'Debits (KES 1,234.50) and credits (KES 1,000.00) must be equal']]);
    // 0.1 + 0.2 is exactly 0.30 in cents, never a float's 0.30000000000000004.
    expect(lineTotals([{ debit: '0.1' }, { debit: '0.2' }, { credit: '0.3' }]).balanced).toBe(true);
  });

  it('refuses a journal past the ceiling with its figures, and keeps running totals past what an amount holds (issue 25)', () => {
    const big = '999999999999';
    const lines = [...Array.from({ length: 11 }, () => ({ ...blankLine(1), accountCode: '5210', debit: big })), ...Array.from({ length: 11 }, () => ({ ...blankLine(1), accountCode: '1120', credit: big }))];
    const totals = lineTotals(lines);
    expect([formatKesExact(totals.debits), totals.balanced]).toEqual(['KES 10,999,999,999,989.00', true]);
    const result = createJournalSchema.safeParse(journalInput({ date: '2026-03-10', description: 'Eleven lines a side', reference: '', lines }));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines', 'A journal may move at most KES 999,999,999,999.00; this one moves KES 10,999,999,999,989.00']]);
    const atCeiling = [{ ...blankLine(1), accountCode: '5210', debit: big }, { ...blankLine(1), accountCode: '1120', credit: big }];
    expect(createJournalSchema.safeParse(journalInput({ date: '2026-03-10', description: 'At the ceiling', reference: '', lines: atCeiling })).success).toBe(true);
  });

  it("gives the spec's messages when nothing is typed", () => {
    const v = { date: '', description: '', reference: '', lines: [blankLine(null), blankLine(null)] };
    const messages = createJournalSchema.safeParse(journalInput(v)).error?.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Date is required', 'Description is required', 'Account is required']));
  });
});

describe('statements, cards and periods', () => {
  it('each statement has one address per format, with the books, dates and language', () => {
    expect(statementPath('trial-balance', { facilityId: 3, from: '2025-07-01', to: '2026-03-16' })).toBe('/api/accounting/trial-balance?facilityId=3&from=2025-07-01&to=2026-03-16');
    expect(statementPath('balance-sheet', { subcounty: 'Teso South' }, 'pdf', 'sw')).toBe('/api/accounting/balance-sheet.pdf?subcounty=Teso+South&lang=sw');
    expect(statementPath('income-statement', {}, 'csv')).toBe('/api/accounting/income-statement.csv');
  });

  it('compares a month with the last by the size of the last: a deeper deficit is a fall', () => {
    expect(monthChange(16_600, 14_650)).toBe(13.3);
    expect(monthChange(-332_860, -264_152)).toBe(-26);
    expect(monthChange(100, 0)).toBeNull();
    expect(monthChange(-50, 100)).toBe(-150);
  });

  it('offers to close only the oldest open month, once it has ended', () => {
    const p = (period: string, status: Period['status']): Period => ({ period, status, adjustmentUntil: '', closedByName: null, closedAt: null, journalCount: 0, draftCount: 0 });
    const periods = [p('2025-07-01', 'closed'), p('2025-08-01', 'open'), p('2025-09-01', 'open')];
    expect(closableMonth(periods, '2026-03-16')).toBe('2025-08-01');
    expect(closableMonth(periods, '2025-08-20')).toBeNull();
    expect(closableMonth([p('2025-07-01', 'closed')], '2026-03-16')).toBeNull();
  });
});

describe('in Kiswahili', () => {
  let labels: typeof import('./accounting-labels');
  beforeAll(async () => {
    const { default: i18n } = await import('../../lib/i18n');
    await i18n.init({ resources: { en: { translation: en }, sw: { translation: sw } }, lng: 'sw', fallbackLng: 'en', interpolation: { escapeValue: false } });
    labels = await import('./accounting-labels');
  });

  it("the contract's messages read in Kiswahili, the unbalanced one with its figures", () => {
    expect(labels.accountingMessage('Description is required')).toBe('Maelezo yanahitajika');
    expect(labels.accountingMessage('Debits (KES 1,234.50) and credits (KES 1,000.00) must be equal')).toBe('Debiti (KES 1,234.50) na krediti (KES 1,000.00) lazima ziwe sawa');
    expect(labels.accountingMessage('Something the screen does not know')).toBe('Something the screen does not know');
  });

  it("the ledger's bounds read in Kiswahili with their figures (issue 25)", () => {
    expect(labels.accountingMessage('A journal may move at most KES 999,999,999,999.00; this one moves KES 9,999,999,999,990.00')).toBe(
      'Jarida moja linaweza kuhamisha si zaidi ya KES 999,999,999,999.00; hili linahamisha KES 9,999,999,999,990.00',
    );
    expect(labels.accountingMessage("Account 2199 would reach a balance of -KES 10,999,999,999,989.00; an account's balance may be at most KES 9,999,999,999,999.99 either way")).toBe(
      'Salio la akaunti 2199 lingefika -KES 10,999,999,999,989.00; salio la akaunti haliwezi kuzidi KES 9,999,999,999,999.99 upande wowote',
    );
  });

  it("a statement's headings read in Kiswahili by their English words; figures to the cent, negatives in brackets", () => {
    expect(labels.statementLabel('Liabilities and net assets')).toBe('Dhima na mali halisi');
    expect(labels.statementLabel('Debits equal credits for the period')).toBe('Debiti ni sawa na krediti kwa kipindi');
    expect(labels.statementLabel('Bank – KCB')).toBe('Bank – KCB');
    expect(labels.statementMoney(1234.5)).toBe('1,234.50');
    expect(labels.statementMoney(-876_733.1)).toBe('(876,733.10)');
  });

  it("an account's name and whose books read in Kiswahili: the county's Kiswahili name when it has one, Kaunti ya Busia", () => {
    expect(labels.accountName(CHART[4]!)).toBe('Benki – akaunti ya uendeshaji ya afya ya kaunti');
    expect(labels.accountName(CHART[4]!, 'en')).toBe('Bank – county health operating account');
    // No Kiswahili name yet: the English one.
    expect(labels.accountName(CHART[5]!)).toBe('Basic salaries – permanent');
    expect(labels.lineAccountName({ accountName: 'Patient debtors', accountNameSw: 'Wagonjwa wadaiwa' })).toBe('Wagonjwa wadaiwa');
    expect(labels.statementRowLabel({ code: '1110', label: 'Bank', labelSw: 'Benki' })).toBe('Benki');
    expect(labels.statementRowLabel({ code: null, label: 'Liabilities and net assets' })).toBe('Dhima na mali halisi');
    expect(labels.booksName('Busia County')).toBe('Kaunti ya Busia');
    expect(labels.booksName('Matayos Sub-County')).toBe('Kaunti Ndogo ya Matayos');
    expect(labels.booksName('Your facilities')).toBe('Vituo vyako');
    expect(labels.booksName('Port Victoria Sub-County Hospital')).toBe('Port Victoria Sub-County Hospital');
    expect(labels.booksName('Busia County', 'en')).toBe('Busia County');
  });
});
