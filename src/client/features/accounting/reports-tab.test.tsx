// Financial Reports as the county director reads them (SPEC.md §2.9; issue 29 item 3): the statements under their
// IPSAS names, a deficit in brackets, the statement of financial position as at a day in words (never the ISO date),
// the notes' sentences, the FIF table naming each facility once — and the same in Kiswahili.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Statement, StatementRow } from '../../../shared/accounting';
import { inKiswahili, ok, renderScreen } from '../../test/render-screen';
import './accounting.strings';
import sw from './locales/sw.json';
import { ReportsTab } from './reports-tab';

const frame = { scopeLabel: 'Busia County', facilityId: null, subcounty: null, from: '2025-07-01', to: '2026-03-16', fiscalYear: '2025/26', generatedAt: '2026-03-16T06:30:00.000Z' };
const line = (key: string, label: string, values: StatementRow['values'], kind: StatementRow['kind'] = 'row'): StatementRow => ({ code: null, key, label, kind, level: 0, values });
const account = (code: string, label: string, amount: number, labelSw: string | null = null): StatementRow => ({ code, key: null, label, labelSw, kind: 'row', level: 1, values: { amount } });

const PERFORMANCE: Statement = {
  ...frame,
  kind: 'income-statement',
  title: 'Statement of Financial Performance',
  columns: [{ key: 'amount', label: 'Amount', kind: 'money' }],
  sections: [
    { key: 'revenue', label: 'Revenue', rows: [account('4110', 'FIF user fees – outpatient', 1_200), line('totalRevenue', 'Total revenue', { amount: 1_200 }, 'subtotal')] },
    { key: 'expenses', label: 'Expenses', rows: [account('5210', 'Electricity and water', 250_000, 'Umeme na maji'), line('totalExpenses', 'Total expenses', { amount: 250_000 }, 'subtotal')] },
    { key: 'result', label: 'Surplus / (deficit)', rows: [line('netSurplus', 'Surplus / (deficit) for the period', { amount: -248_800 }, 'total')] },
  ],
  checks: [{ key: 'surplus', label: 'Surplus = total revenue − total expenses', ok: true, detail: 'Surplus KES (248,800.00) = revenue − expenses KES (248,800.00)', names: ['Surplus', 'revenue − expenses'], left: -248_800, right: -248_800 }],
};

const POSITION: Statement = {
  ...frame,
  kind: 'balance-sheet',
  title: 'Statement of Financial Position',
  columns: [{ key: 'amount', label: 'As at 16 March 2026', kind: 'money', asAt: '2026-03-16' }],
  sections: [
    {
      key: 'currentAssets',
      label: 'Current assets',
      rows: [account('1110', 'Bank – county health operating account', 90_000), line('cashAndEquivalents', 'Cash and cash equivalents', { amount: 90_000 }, 'subtotal'), line('totalCurrentAssets', 'Total current assets', { amount: 90_000 }, 'subtotal')],
    },
    { key: 'nonCurrentAssets', label: 'Non-current assets', rows: [line('totalNonCurrentAssets', 'Total non-current assets', { amount: 0 }, 'subtotal'), line('totalAssets', 'Total assets', { amount: 90_000 }, 'total')] },
  ],
  checks: [],
};

const NOTES: Statement = {
  ...frame,
  kind: 'notes',
  title: 'Notes to the Financial Statements',
  columns: POSITION.columns,
  sections: [
    { key: 'basis', label: 'Basis of preparation', rows: [{ code: null, key: 'basisCurrency', label: 'Figures are in Kenya shillings (KES) to the cent; a negative figure is shown in brackets.', kind: 'text', level: 0, values: {} }] },
    { key: 'noteCash', label: '1. Cash and cash equivalents', rows: [account('1110', 'Bank – county health operating account', 90_000), line('cashAndEquivalents', 'Cash and cash equivalents', { amount: 90_000 }, 'subtotal')] },
  ],
  checks: [],
};

const FIF: Statement = {
  ...frame,
  kind: 'fif-performance',
  title: 'FIF Performance',
  lineColumn: 'Facility',
  columns: [
    { key: 'mflCode', label: 'MFL code', kind: 'text' },
    { key: 'shaOpening', label: 'Opening balance', kind: 'money' },
    { key: 'shaApproved', label: 'SHA approved claims', kind: 'money' },
    { key: 'shaPaid', label: 'Claims paid', kind: 'money' },
    { key: 'shaBalance', label: 'Balance', kind: 'money' },
    { key: 'nhifDebt', label: 'Old NHIF debt', kind: 'money' },
  ],
  sections: [
    {
      key: 'facilities',
      label: 'Facilities',
      rows: [
        { code: null, key: 'facility-1', label: 'Busia County Referral Hospital', kind: 'row', level: 1, values: { shaOpening: 360, shaApproved: 13_440, shaPaid: 8_120, shaBalance: 5_680, nhifDebt: 33_792_000 }, text: { facility: 'Busia County Referral Hospital', mflCode: '15834' } },
      ],
    },
  ],
  checks: [],
};

const routes = {
  '/api/accounting/income-statement': ok(PERFORMANCE),
  '/api/accounting/balance-sheet': ok(POSITION),
  '/api/accounting/notes': ok(NOTES),
  '/api/accounting/fif-performance': ok(FIF),
};

describe('Financial Reports', () => {
  it('names the statements as IPSAS does, and prints a deficit in brackets', async () => {
    renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    const report = screen.getByLabelText('Report', { exact: true });
    const names = within(report).getAllByRole('option').map((o) => o.textContent);
    expect(names.slice(0, 6)).toEqual([
      'Statement of Financial Performance',
      'Statement of Financial Position',
      'Statement of Changes in Net Assets',
      'Statement of Cash Flows',
      'Statement of Comparison of Budget and Actual Amounts',
      'Notes to the Financial Statements',
    ]);
    expect(screen.getByTestId('statement-title').textContent).toBe('Statement of Financial Performance');
    const result = await screen.findByRole('row', { name: /Surplus \/ \(deficit\) for the period/ });
    expect(within(result).getByText('(248,800.00)')).toBeTruthy();
    expect(screen.getByText(/KES \(248,800\.00\) = revenue/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/-KES|-248/);
    // An account's name is the chart's, in English for an English reader.
    expect(screen.getByRole('row', { name: /5210/ }).textContent).toContain('Electricity and water');
    expect(screen.getByText(/^Busia County, /)).toBeTruthy();
  });

  it('heads the position with the day in words, lists the current assets with their subtotals, and the notes with their sentences', async () => {
    const { user } = renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    await user.selectOptions(screen.getByLabelText('Report', { exact: true }), 'balance-sheet');
    expect(await screen.findByRole('columnheader', { name: /As at 16 Mar 2026/ })).toBeTruthy();
    expect(within(screen.getByTestId('statement-section-currentAssets')).getByRole('row', { name: /Total current assets/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/2026-03-16/);

    await user.selectOptions(screen.getByLabelText('Report', { exact: true }), 'notes');
    expect(await screen.findByText('Figures are in Kenya shillings (KES) to the cent; a negative figure is shown in brackets.')).toBeTruthy();
    expect(screen.getByTestId('statement-section-noteCash')).toBeTruthy();
  });

  it('names each facility of the FIF table once, under Facility, with its MFL code', async () => {
    const { user } = renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    await user.selectOptions(screen.getByLabelText('Report', { exact: true }), 'fif-performance');
    const referral = await screen.findByRole('row', { name: /Busia County Referral Hospital/ });
    expect(within(referral).getAllByText('Busia County Referral Hospital')).toHaveLength(1);
    expect(within(referral).getByText('15834')).toBeTruthy();
    expect(within(referral).getByText('33,792,000.00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Facility' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
  });

  it('reads in Kiswahili: the IPSAS names as the printed statements give them, the day in words', async () => {
    await inKiswahili(sw);
    const { user } = renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    expect(screen.getByTestId('statement-title').textContent).toBe('Taarifa ya Utendaji wa Kifedha');
    await user.selectOptions(screen.getByLabelText('Ripoti', { exact: true }), 'balance-sheet');
    expect(screen.getByTestId('statement-title').textContent).toBe('Taarifa ya Hali ya Kifedha');
    expect(await screen.findByRole('columnheader', { name: /Hadi tarehe 16 Mac 2026/ })).toBeTruthy();
    expect(screen.getByText('Jumla ya mali za muda mfupi')).toBeTruthy();
  });

  it('words a check’s two sides in Kiswahili, with their figures (issue 30 item 8)', async () => {
    await inKiswahili(sw);
    renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    const checks = await screen.findByTestId('statement-checks');
    expect(checks.textContent).toContain('Ziada KES\u00a0(248,800.00) = mapato − matumizi KES\u00a0(248,800.00)');
    expect(checks.textContent).not.toMatch(/Surplus|revenue − expenses/);
  });

  it('names the accounts in Kiswahili where the county has, in English where it has not yet, and the books as Kaunti ya Busia', async () => {
    await inKiswahili(sw);
    renderScreen(<ReportsTab books={{}} booksLabel="Busia County" />, { as: 'county_director', routes });
    const power = await screen.findByRole('row', { name: /5210/ });
    expect(power.textContent).toContain('Umeme na maji');
    expect(power.textContent).not.toContain('Electricity');
    expect(screen.getByRole('row', { name: /4110/ }).textContent).toContain('FIF user fees – outpatient');
    expect(screen.getByText(/^Kaunti ya Busia, /)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Busia County');
  });
});
