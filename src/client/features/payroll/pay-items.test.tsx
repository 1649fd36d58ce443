// An employee's own pay items in their record (issue 27 item 2): the payroll officer reads Mary Atieno's risk
// allowance and SACCO savings in force, and the bank loan she finished repaying below them; adds a deduction and an
// allowance (the allowance the server refuses keeps what was typed, its message under the field); stops one after
// this month. The director reads the same list with nothing to add or stop.
import './payroll.strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countyDate } from '../../../shared/county-time';
import type { AllowanceType, PayItem } from '../../../shared/payroll';
import { descriptionOf, findToast, invalid, list, ok, renderScreen } from '../../test/render-screen';
import { PayItems } from './pay-items';

const MONTH = countyDate(new Date()).slice(0, 7);
const EMPLOYEE = 5;
const ITEMS_URL = `/api/payroll/employees/${EMPLOYEE}/items`;

function payItem(overrides: Partial<PayItem> & Pick<PayItem, 'id'>): PayItem {
  return {
    employeeId: EMPLOYEE,
    kind: 'allowance',
    code: 'risk',
    label: 'Risk',
    amount: 3_000,
    taxable: true,
    payee: null,
    priority: null,
    fromPeriod: '2024-10',
    toPeriod: null,
    reason: 'Posted to the isolation ward',
    createdBy: 'Achieng Wanjala',
    createdAt: '2024-10-01T06:00:00.000Z',
    ...overrides,
  };
}

const RISK = payItem({ id: 1 });
const SACCO = payItem({ id: 2, kind: 'deduction', code: 'sacco', label: 'SACCO savings', amount: 5_000, taxable: true, payee: 'Busia County Health Workers SACCO', priority: 2, fromPeriod: '2025-01', toPeriod: '2099-12', reason: 'Member since January' });
const LOAN = payItem({ id: 3, kind: 'deduction', code: 'loan', label: 'Bank loan', amount: 12_000, payee: 'Equity Bank', priority: 1, fromPeriod: '2024-10', toPeriod: '2024-12', reason: 'Loan of KES 36,000', createdBy: 'Otieno Barasa' });
const TYPES: AllowanceType[] = [
  { code: 'call', label: 'Call', taxable: true, isActive: true },
  { code: 'risk', label: 'Risk', taxable: true, isActive: true },
  { code: 'uniform', label: 'Uniform', taxable: false, isActive: false },
];

const routes = (more = {}) => ({ [ITEMS_URL]: list([SACCO, RISK, LOAN]), '/api/payroll/allowance-types': ok(TYPES), ...more });

async function openAddForm(more = {}) {
  const parts = renderScreen(<PayItems employeeId={EMPLOYEE} />, { as: 'payroll_officer', routes: routes(more) });
  await screen.findByRole('list', { name: 'Current pay items' });
  await parts.user.click(screen.getByRole('button', { name: 'Add pay item' }));
  const form = within(await screen.findByRole('form', { name: 'New pay item' }));
  return { ...parts, form };
}

describe('Pay items in the employee record', () => {
  it('lists the items in force first, each with its amount, terms, months and who added it, then the ended ones', async () => {
    renderScreen(<PayItems employeeId={EMPLOYEE} />, { as: 'payroll_officer', routes: routes() });

    expect(screen.getByRole('list', { name: 'Loading pay items' }).getAttribute('aria-busy')).toBe('true');
    const current = within(await screen.findByRole('list', { name: 'Current pay items' })).getAllByRole('listitem');
    expect(current).toHaveLength(2);
    expect(current[0]!.textContent).toContain('DeductionSACCO savings');
    expect(current[0]!.textContent).toMatch(/Ksh\s5,000/);
    expect(current[0]!.textContent).toContain('To Busia County Health Workers SACCO · priority 2');
    expect(current[0]!.textContent).toContain('Jan 2025 – Dec 2099 · Added by Achieng Wanjala');
    expect(current[1]!.textContent).toContain('AllowanceRisk');
    expect(current[1]!.textContent).toContain('Taxable');
    expect(current[1]!.textContent).toContain('From Oct 2024, until stopped');
    expect(within(current[1]!).getByRole('button', { name: 'Stop Risk' })).toBeTruthy();

    const ended = within(screen.getByRole('list', { name: 'Ended pay items' })).getAllByRole('listitem');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.textContent).toContain('Bank loan');
    expect(ended[0]!.textContent).toContain('Oct 2024 – Dec 2024 · Added by Otieno Barasa');
    // Nothing ended can be stopped again.
    expect(within(ended[0]!).queryByRole('button')).toBeNull();
  });

  it('says when the employee has none of their own', async () => {
    renderScreen(<PayItems employeeId={EMPLOYEE} />, { as: 'payroll_officer', routes: { [ITEMS_URL]: list([]) } });
    expect(await screen.findByText(/No allowances or deductions of their own/)).toBeTruthy();
  });

  it('lets the director read the items, with nothing to add or stop', async () => {
    const { server } = renderScreen(<PayItems employeeId={EMPLOYEE} />, { as: 'county_director', routes: { [ITEMS_URL]: list([SACCO, RISK, LOAN]) } });

    await screen.findByRole('list', { name: 'Current pay items' });
    expect(screen.getByText('SACCO savings')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add pay item' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Stop/ })).toBeNull();
    expect(server.sent('/api/payroll/allowance-types')).toHaveLength(0);
  });
});

describe('Add pay item', () => {
  it('offers the county’s allowances in force and arrears, and the deduction kinds', async () => {
    const { user, form } = await openAddForm();

    const allowance = form.getByRole('combobox', { name: 'Allowance' });
    await expect.poll(() => within(allowance).queryByRole('option', { name: 'Call' })).not.toBeNull();
    expect(within(allowance).queryByRole('option', { name: 'Uniform' })).toBeNull();
    expect(within(allowance).getByRole('option', { name: 'Arrears (paid once)' })).toBeTruthy();

    await user.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'Deduction');
    const what = form.getByRole('combobox', { name: 'What it is' });
    expect(within(what).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose...', 'SACCO', 'Loan', 'Union dues', 'Insurance', 'Voluntary pension', 'Welfare', 'Other']);
  });

  it('adds a SACCO deduction from this month with its payee and priority, and reads the list again', async () => {
    const added = payItem({ id: 9, kind: 'deduction', code: 'sacco', label: 'Mwalimu SACCO loan', amount: 4_500, payee: 'Mwalimu National SACCO', priority: 2, fromPeriod: MONTH, reason: 'Loan signed 20 November' });
    const { user, form, server } = await openAddForm({ [`POST ${ITEMS_URL}`]: ok(added) });

    await user.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'Deduction');
    await user.selectOptions(form.getByRole('combobox', { name: 'What it is' }), 'SACCO');
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Mwalimu SACCO loan');
    await user.type(form.getByRole('textbox', { name: 'Paid to' }), 'Mwalimu National SACCO');
    await user.type(form.getByRole('spinbutton', { name: 'Priority' }), '2');
    await user.type(form.getByRole('spinbutton', { name: 'Amount (KES)' }), '4500');
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Loan signed 20 November');
    await user.click(form.getByRole('button', { name: 'Add item' }));

    const shown = await findToast('Pay item added');
    expect(shown.getByText(/Mwalimu SACCO loan · Ksh\s4,500/)).toBeTruthy();
    expect(server.sent(`POST ${ITEMS_URL}`)).toHaveLength(1);
    expect(server.sent(`POST ${ITEMS_URL}`)[0]?.body).toEqual({
      kind: 'deduction',
      code: 'sacco',
      label: 'Mwalimu SACCO loan',
      payee: 'Mwalimu National SACCO',
      priority: 2,
      amount: 4500,
      fromPeriod: MONTH,
      toPeriod: null,
      reason: 'Loan signed 20 November',
    });
    await expect.poll(() => server.sent(ITEMS_URL).length).toBe(2);
    expect(screen.queryByRole('form', { name: 'New pay item' })).toBeNull();
  });

  it('says what is missing under each field before sending anything', async () => {
    const { user, form, server } = await openAddForm();

    await user.click(form.getByRole('button', { name: 'Add item' }));

    await expect.poll(() => descriptionOf(form.getByRole('combobox', { name: 'Allowance' }))).toBe('Choose an allowance');
    expect(descriptionOf(form.getByRole('spinbutton', { name: 'Amount (KES)' }))).toBe('Amount is required');
    expect(descriptionOf(form.getByRole('textbox', { name: 'Reason' }))).toBe('Say why');
    expect(server.sent(`POST ${ITEMS_URL}`)).toHaveLength(0);
  });

  it('keeps what was typed and shows the server’s message under its field when it refuses the item (400)', async () => {
    const { user, form, server } = await openAddForm({ [`POST ${ITEMS_URL}`]: invalid({ code: 'There is no allowance call' }) });

    const allowance = form.getByRole('combobox', { name: 'Allowance' });
    await expect.poll(() => within(allowance).queryByRole('option', { name: 'Call' })).not.toBeNull();
    await user.selectOptions(allowance, 'Call');
    await user.type(form.getByRole('spinbutton', { name: 'Amount (KES)' }), '2500');
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'On call rota from this month');
    await user.click(form.getByRole('button', { name: 'Add item' }));

    const shown = await findToast('The pay item could not be added');
    expect(shown.getByText('400: There is no allowance call')).toBeTruthy();
    expect(descriptionOf(form.getByRole('combobox', { name: 'Allowance' }))).toBe('There is no allowance call');
    expect((form.getByRole('spinbutton', { name: 'Amount (KES)' }) as HTMLInputElement).value).toBe('2500');
    expect((form.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('On call rota from this month');
    expect(server.sent(`POST ${ITEMS_URL}`)[0]?.body).toEqual({ kind: 'allowance', code: 'call', amount: 2500, fromPeriod: MONTH, toPeriod: null, reason: 'On call rota from this month' });
  });
});

describe('Stop a pay item', () => {
  it('stops an item after this month with a reason', async () => {
    const { user, server } = renderScreen(<PayItems employeeId={EMPLOYEE} />, {
      as: 'payroll_officer',
      routes: routes({ 'PATCH /api/payroll/pay-items/1': ok({ ...RISK, toPeriod: MONTH }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Stop Risk' }));
    const form = within(await screen.findByRole('form', { name: 'Stop Risk' }));

    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Moved out of the isolation ward');
    await user.click(form.getByRole('button', { name: 'Stop item' }));

    expect(await findToast('Pay item stopped')).toBeTruthy();
    expect(server.sent('PATCH /api/payroll/pay-items/1')[0]?.body).toEqual({ toPeriod: MONTH, reason: 'Moved out of the isolation ward' });
    await expect.poll(() => server.sent(ITEMS_URL).length).toBe(2);
  });
});
