// The Budgets tab as the county director and a sub-county medical officer use it (issue 30 item 4): a facility's
// budget beside the actual, variance and % used as the Budget vs Actual statement gives them — never worked out
// again on screen — the county level's lines with no actual of their own, an edit whose refusal stands under the
// field with what was typed kept, each save in the history, and the county's budget file previewed before it is
// imported; and the same in Kiswahili.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account, BudgetLine, BudgetRevision, Statement, StatementRow } from '../../../shared/accounting';
import { countyDate, fiscalYearOf } from '../../../shared/county-time';
import { FACILITIES, inKiswahili, invalid, list, ok, renderScreen, type SentRequest } from '../../test/render-screen';
import './accounting.strings';
import sw from './locales/sw.json';
import { BudgetsTab } from './budgets-tab';

const YEAR = fiscalYearOf(countyDate(new Date())).label;
const ALUPE = FACILITIES.find((f) => f.id === 2)!;

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

const CHART: Account[] = [
  account('1110', 'Bank – county health operating account', 'asset', null),
  account('4100', 'FIF user fees', 'revenue', null),
  account('4110', 'FIF user fees – outpatient', 'revenue', '4100', { nameSw: 'Ada za FIF – wagonjwa wa nje' }),
  account('4120', 'FIF user fees – inpatient', 'revenue', '4100'),
  account('4310', 'Transfers from the County Treasury', 'revenue', null),
  account('5210', 'Electricity and water', 'expense', null, { nameSw: 'Umeme na maji' }),
  account('5250', 'Medical drugs consumed', 'expense', null),
  account('5900', 'Rounding differences', 'expense', null, { isActive: false }),
];

const line = (facilityId: number | null, accountCode: string, amount: number): BudgetLine => {
  const a = CHART.find((c) => c.code === accountCode)!;
  return { fiscalYear: YEAR, facilityId, facilityName: facilityId === null ? null : (FACILITIES.find((f) => f.id === facilityId)?.name ?? null), accountCode, accountName: a.name, accountNameSw: a.nameSw, amount };
};

const LINES: BudgetLine[] = [line(null, '4310', 80_000_000), line(2, '4110', 120_000), line(2, '5250', 90_000)];

const row = (code: string, label: string, values: StatementRow['values'], labelSw: string | null = null): StatementRow => ({ code, key: null, label, labelSw, kind: 'row', level: 1, values });
const total = (key: string, label: string, values: StatementRow['values']): StatementRow => ({ code: null, key, label, kind: 'subtotal', level: 0, values });

/** Alupe's Budget vs Actual: 4120 has an actual and no budget line; 5250 is overspent. */
const STATEMENT: Statement = {
  kind: 'budget-vs-actual',
  title: 'Statement of Comparison of Budget and Actual Amounts',
  scopeLabel: ALUPE.name,
  facilityId: 2,
  subcounty: null,
  from: fiscalYearOf(countyDate(new Date())).start,
  to: countyDate(new Date()),
  fiscalYear: YEAR,
  generatedAt: new Date().toISOString(),
  columns: [
    { key: 'budget', label: 'Approved budget', kind: 'money' },
    { key: 'actual', label: 'Actual', kind: 'money' },
    { key: 'variance', label: 'Variance', kind: 'money' },
    { key: 'absorption', label: 'Absorption %', kind: 'percent' },
  ],
  sections: [
    {
      key: 'revenue',
      label: 'Revenue',
      rows: [
        row('4110', 'FIF user fees – outpatient', { budget: 120_000, actual: 90_000, variance: -30_000, absorption: 75 }, 'Ada za FIF – wagonjwa wa nje'),
        row('4120', 'FIF user fees – inpatient', { budget: 0, actual: 5_000, variance: 5_000, absorption: null }),
        total('totalRevenue', 'Total revenue', { budget: 120_000, actual: 95_000, variance: -25_000, absorption: 79.2 }),
      ],
    },
    { key: 'expenses', label: 'Expenses', rows: [row('5250', 'Medical drugs consumed', { budget: 90_000, actual: 100_000, variance: -10_000, absorption: 111.1 }), total('totalExpenses', 'Total expenses', { budget: 90_000, actual: 100_000, variance: -10_000, absorption: 111.1 })] },
    { key: 'result', label: 'Surplus / (deficit)', rows: [{ code: null, key: 'netSurplus', label: 'Surplus / (deficit)', kind: 'row', level: 0, values: { budget: 30_000, actual: -5_000, variance: -35_000, absorption: null } }] },
  ],
  checks: [],
};

const REVISION: BudgetRevision = {
  id: 9,
  fiscalYear: YEAR,
  facilityId: 2,
  facilityName: ALUPE.name,
  how: 'screen',
  changedBy: 'Margaret Nekesa',
  changedAt: '2026-03-16T06:30:00.000Z',
  linesBefore: 1,
  linesAfter: 2,
  totalBefore: 120_000,
  totalAfter: 210_000,
  changes: [{ accountCode: '5250', accountName: 'Medical drugs consumed', accountNameSw: null, before: null, after: 90_000 }],
};

const routes = {
  '/api/accounting/budgets': (r: SentRequest) => ok(r.query.get('facilityId') ? LINES.filter((l) => l.facilityId === Number(r.query.get('facilityId'))) : LINES),
  '/api/accounting/budget-vs-actual': ok(STATEMENT),
  '/api/accounting/accounts': ok(CHART),
  '/api/accounting/budgets/history': (r: SentRequest) => (r.query.get('facilityId') === '2' ? list([REVISION]) : list([])),
};

const rowOf = (code: string) => screen.getByTestId('statement').querySelector<HTMLElement>(`[data-testid="statement-row"][data-code="${code}"]`)!;
const cells = (el: HTMLElement) => within(el).getAllByRole('cell').map((c) => c.textContent);

describe('the Budgets tab', () => {
  it("shows a facility's budget beside the statement's actual, variance and % used, and its history", async () => {
    const { server } = renderScreen(<BudgetsTab books={{ facilityId: 2 }} />, { as: 'county_director', routes });
    await waitFor(() => expect(screen.getByTestId('budget-title').textContent).toBe(`Budget ${YEAR}: ${ALUPE.name}`));
    await waitFor(() => expect(cells(rowOf('4110'))).toEqual(['4110FIF user fees – outpatient', '120,000.00', '90,000.00', '(30,000.00)', '75%']));
    // An actual with no budget line, and an overspent vote: the statement's figures, as it gives them.
    expect(cells(rowOf('4120'))).toEqual(['4120FIF user fees – inpatient', '0.00', '5,000.00', '5,000.00', '']);
    expect(cells(rowOf('5250'))).toEqual(['5250Medical drugs consumed', '90,000.00', '100,000.00', '(10,000.00)', '111.1%']);
    for (const head of ['Approved budget', 'Actual', 'Variance', 'Absorption %']) expect(screen.getByRole('columnheader', { name: new RegExp(head) })).toBeTruthy();
    const asked = server.sent('GET /api/accounting/budget-vs-actual')[0]!.query;
    expect([asked.get('facilityId'), asked.get('fiscalYear')]).toEqual(['2', YEAR]);

    const revision = await screen.findByTestId('budget-revision');
    expect(revision.textContent).toContain('Margaret Nekesa · on screen');
    expect(revision.textContent).toContain('Total KES 120,000.00 → KES 210,000.00; lines 1 → 2');
    expect(within(revision).getByTestId('budget-change').textContent).toBe('5250 Medical drugs consumed: — → KES 90,000.00');
  });

  it("shows the county level's lines with no actual of their own, and asks no statement for them", async () => {
    const { server, user } = renderScreen(<BudgetsTab books={{}} />, { as: 'county_director', routes });
    const county = await screen.findByTestId('budget-lines');
    expect(within(county).getAllByTestId('budget-line-row').map(cells)).toEqual([['4310', 'Transfers from the County Treasury', '80,000,000.00']]);
    expect(screen.getByTestId('budget-note').textContent).toContain("The county level's actuals are read with the whole county's books");
    expect(server.sent('GET /api/accounting/budget-vs-actual')).toEqual([]);
    expect(await screen.findByText('No changes yet')).toBeTruthy();
    expect(server.sent('GET /api/accounting/budgets/history')[0]!.query.get('facilityId')).toBeNull();
    // Another place: the facility's own statement.
    await user.selectOptions(screen.getByLabelText('Facility'), '2');
    await waitFor(() => expect(rowOf('4110')).toBeTruthy());
  });

  it('edits an amount, adds a line and saves the budget whole; a refusal stands under its field and what was typed stays', async () => {
    const puts: unknown[] = [];
    const { user } = renderScreen(<BudgetsTab books={{ facilityId: 2 }} />, {
      as: 'county_director',
      routes: {
        ...routes,
        'PUT /api/accounting/budgets': (r) => {
          puts.push(r.body);
          return puts.length === 1
            ? invalid({ 'lines.2.accountCode': 'Account is required', 'lines.2.amount': 'Amount must be a number' })
            : puts.length === 2
              ? invalid({ 'lines.2.accountCode': 'Account 5210 is inactive' })
              : ok(LINES.filter((l) => l.facilityId === 2));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit budget' }));
    const form = screen.getByTestId('budget-form');
    const lines = () => within(form).getAllByTestId('budget-line');
    expect(lines()).toHaveLength(2);
    const amount = within(lines()[1]!).getByLabelText(/Amount \(KES\)/);
    await user.clear(amount);
    await user.type(amount, '95000.50');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    const added = lines()[2]!;
    // The picker offers the budgetable accounts not already on the budget: no heading, no asset, nothing inactive.
    const picker = within(added).getByLabelText(/Account/);
    expect(within(picker).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', '4120', '4310', '5210']);
    // Nothing picked nor typed: sent as it stands, and the server's messages stand under the fields.
    await user.click(within(form).getByRole('button', { name: 'Save budget' }));
    expect(await within(added).findByText('Account is required')).toBeTruthy();
    expect(within(added).getByText('Amount must be a number')).toBeTruthy();
    expect(puts[0]).toEqual({ fiscalYear: YEAR, facilityId: 2, lines: [{ accountCode: '4110', amount: 120_000 }, { accountCode: '5250', amount: 95_000.5 }, { amount: null }] });
    await user.selectOptions(picker, '5210');
    expect(within(added).queryByText('Account is required')).toBeNull();
    await user.type(within(added).getByLabelText(/Amount \(KES\)/), '40000');

    await user.click(within(form).getByRole('button', { name: 'Save budget' }));
    expect(await within(added).findByText('Account 5210 is inactive')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('check the lines marked below');
    expect(puts[1]).toEqual({
      fiscalYear: YEAR,
      facilityId: 2,
      lines: [
        { accountCode: '4110', amount: 120_000 },
        { accountCode: '5250', amount: 95_000.5 },
        { accountCode: '5210', amount: 40_000 },
      ],
    });
    expect((within(lines()[1]!).getByLabelText(/Amount \(KES\)/) as HTMLInputElement).value).toBe('95000.50');
    expect((within(added).getByLabelText(/Account/) as HTMLSelectElement).value).toBe('5210');

    // The line taken away, the budget saves and the form closes.
    await user.click(within(form).getByRole('button', { name: 'Remove line 3' }));
    await user.click(within(form).getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Budget saved')).toBeTruthy();
    expect(puts[2]).toMatchObject({ lines: [{ accountCode: '4110' }, { accountCode: '5250', amount: 95_000.5 }] });
    expect(screen.queryByTestId('budget-form')).toBeNull();
  });

  it('reads only, with no county level, for a reader who may not post', async () => {
    renderScreen(<BudgetsTab books={{}} />, { as: 'subcounty_medical_officer', routes: { ...routes, '/api/accounting/budgets': ok([]) } });
    const place = await screen.findByLabelText('Facility');
    await waitFor(() => expect(within(place).getAllByRole('option').map((o) => o.textContent)).toEqual([FACILITIES[0]!.name]));
    expect(screen.queryByRole('button', { name: 'Edit budget' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import budget' })).toBeNull();
  });

  it("previews the county's budget file — each facility's lines and total, or every wrong line — then imports it", async () => {
    const preview = { fiscalYear: YEAR, facilityIds: [null, 2], total: 80_210_000, lines: [line(null, '4310', 80_000_000), line(2, '4110', 120_000), line(2, '5250', 90_000.5)] };
    const { user, server } = renderScreen(<BudgetsTab books={{ facilityId: 2 }} />, {
      as: 'county_director',
      routes: {
        ...routes,
        'POST /api/accounting/budgets/import': (r) => {
          const body = r.body as { csv: string; dryRun?: boolean };
          if (body.csv.includes('9999')) return invalid({ 'csv.3': 'Line 3: There is no account 9999' });
          return ok({ ...preview, dryRun: Boolean(body.dryRun) });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import budget' }));
    const dialog = await screen.findByRole('dialog', { name: `Import budget ${YEAR}` });
    const csv = within(dialog).getByLabelText(/CSV/, { selector: 'textarea' });
    await user.click(csv);
    await user.paste('facility_mfl_code,account_code,amount\n,4310,80000000\n15802,9999,1\n');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Line 3: There is no account 9999')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    await user.clear(csv);
    await user.paste('facility_mfl_code,account_code,amount\n,4310,80000000\n15802,4110,120000\n15802,5250,90000.50\n');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const places = await within(dialog).findAllByTestId('budget-import-place');
    expect(places.map(cells)).toEqual([
      ['County level', '1', 'KES 80,000,000.00'],
      [ALUPE.name, '2', 'KES 210,000.50'],
    ]);
    expect(within(dialog).getByText('3 lines ready to import')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Budget saved')).toBeTruthy();
    expect(server.sent('POST /api/accounting/budgets/import').map((r) => (r.body as { dryRun: boolean }).dryRun)).toEqual([true, true, false]);
  });

  it("reads in Kiswahili: the Kiswahili account names where the county has given them, and the file's problems", async () => {
    await inKiswahili(sw);
    const { user } = renderScreen(<BudgetsTab books={{ facilityId: 2 }} />, {
      as: 'county_director',
      routes: { ...routes, 'POST /api/accounting/budgets/import': invalid({ 'csv.2': 'Line 2: "abc" is not an amount in KES (0 to 999,999,999,999, at most two decimals)' }) },
    });
    await waitFor(() => expect(cells(rowOf('4110'))[0]).toBe('4110Ada za FIF – wagonjwa wa nje'));
    expect(cells(rowOf('5250'))[0]).toBe('5250Medical drugs consumed');
    expect(screen.getByRole('columnheader', { name: /Bajeti iliyoidhinishwa/ })).toBeTruthy();
    expect(await screen.findByText(/kwenye skrini/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leta bajeti' }));
    const dialog = await screen.findByRole('dialog', { name: `Leta bajeti ya ${YEAR}` });
    await user.click(within(dialog).getByLabelText(/CSV/, { selector: 'textarea' }));
    await user.paste('facility_mfl_code,account_code,amount\n15802,4110,abc\n');
    await user.click(within(dialog).getByRole('button', { name: 'Hakiki' }));
    expect(await within(dialog).findByText('Mstari 2: "abc" si kiasi cha KES (0 hadi 999,999,999,999, desimali mbili tu)')).toBeTruthy();
  });
});
