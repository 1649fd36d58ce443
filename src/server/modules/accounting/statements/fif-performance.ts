// FIF performance, the Controller of Budget's per-facility table: revenue against target, SHA claims — the balance
// at the start of the year, approved, paid and the balance, which adds across (opening + approved − paid) — and old
// NHIF debt, budget and absorption, for each facility of the scope.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add, negate, subtract, totalOf, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { facilities } from '../../facilities/facilities.schema.js';
import { booksScope } from '../scope.js';
import { budgetTotals, equalCheck, frame, kes, lineRow, loadChart, percent, statementRange } from './common.js';
import { closingNet, ledgerTotals, movementNet, openingNet } from './totals.js';

const FIF_REVENUE = ['4110', '4120'];

export async function fifPerformance(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q, true);
  const [accounts, totals, planned, places] = await Promise.all([
    loadChart(ctx.db),
    ledgerTotals(ctx.db, books, { from: range.from, to: range.to, today: range.today, by: { facility: true } }),
    budgetTotals(ctx.db, books, range.fy.label),
    ctx.db
      .select({ id: facilities.id, name: facilities.name, mflCode: facilities.mflCode })
      .from(facilities)
      .where(books.facilityIds === null ? undefined : books.facilityIds.length ? inArray(facilities.id, books.facilityIds) : sql`false`)
      .orderBy(asc(facilities.id)),
  ]);
  type Figures = { target: Total; actual: Total; opening: Total; approved: Total; paid: Total; balance: Total; nhif: Total; budget: Total; spent: Total };
  const blank = (): Figures => ({ target: ZERO_TOTAL, actual: ZERO_TOTAL, opening: ZERO_TOTAL, approved: ZERO_TOTAL, paid: ZERO_TOTAL, balance: ZERO_TOTAL, nhif: ZERO_TOTAL, budget: ZERO_TOTAL, spent: ZERO_TOTAL });
  const of = new Map<number, Figures>();
  const get = (id: number) => of.get(id) ?? (of.set(id, blank()), of.get(id)!);
  for (const t of totals) {
    if (t.facilityId === null) continue;
    const f = get(t.facilityId);
    const type = accounts.get(t.code)?.type;
    if (FIF_REVENUE.includes(t.code)) f.actual = add(f.actual, negate(movementNet(t, false)));
    // SHA claims approved and awaiting payment (1212): what was owed when the year began, what the year approved (its
    // debits) and paid (its credits), and what is owed now — opening + approved − paid, to the cent.
    if (t.code === '1212') {
      f.opening = add(f.opening, openingNet(t));
      f.approved = add(f.approved, add(t.debit, t.closingDebit));
      f.paid = add(f.paid, add(t.credit, t.closingCredit));
      f.balance = add(f.balance, closingNet(t));
    }
    // Old NHIF debt: the legacy receivable as it stands (claims from before SHA took over on 1 October 2024).
    if (t.code === '1215') f.nhif = add(f.nhif, closingNet(t));
    if (type === 'expense') f.spent = add(f.spent, movementNet(t, false));
  }
  for (const b of planned) {
    if (b.facilityId === null) continue;
    const f = get(b.facilityId);
    if (FIF_REVENUE.includes(b.code)) f.target = add(f.target, b.amount);
    if (accounts.get(b.code)?.type === 'expense') f.budget = add(f.budget, b.amount);
  }
  const values = (f: Figures) => ({
    revenueTarget: kes(f.target),
    revenueActual: kes(f.actual),
    revenuePercent: percent(f.actual, f.target),
    shaOpening: kes(f.opening),
    shaApproved: kes(f.approved),
    shaPaid: kes(f.paid),
    shaBalance: kes(f.balance),
    nhifDebt: kes(f.nhif),
    budget: kes(f.budget),
    expenditure: kes(f.spent),
    absorption: percent(f.spent, f.budget),
  });
  const total = blank();
  const rows: StatementRow[] = [];
  for (const p of places) {
    const f = of.get(p.id);
    // A facility with nothing to show is left out of the county's table (113 rows of zeros help no one); a facility's
    // or a sub-county's own table lists each of its facilities.
    if (!f && books.facilityIds === null) continue;
    const figures = f ?? blank();
    for (const k of Object.keys(total) as (keyof Figures)[]) total[k] = add(total[k], figures[k]);
    // The facility is the line's own label (the first column): the text columns add its MFL code only.
    rows.push({ code: null, key: `facility-${p.id}`, label: p.name, kind: 'row', level: 1, values: values(figures), text: { facility: p.name, mflCode: p.mflCode } });
  }
  const revenueTotal = totalOf(totals.filter((t) => t.facilityId !== null && FIF_REVENUE.includes(t.code)).map((t) => negate(movementNet(t, false))));
  return {
    ...frame('fif-performance', books, range, ctx),
    lineColumn: 'Facility',
    columns: [
      { key: 'mflCode', label: 'MFL code', kind: 'text' },
      { key: 'revenueTarget', label: 'Revenue target', kind: 'money' },
      { key: 'revenueActual', label: 'Revenue actual', kind: 'money' },
      { key: 'revenuePercent', label: '% of annual target', kind: 'percent' },
      { key: 'shaOpening', label: 'Opening balance', kind: 'money' },
      { key: 'shaApproved', label: 'SHA approved claims', kind: 'money' },
      { key: 'shaPaid', label: 'Claims paid', kind: 'money' },
      { key: 'shaBalance', label: 'Balance', kind: 'money' },
      { key: 'nhifDebt', label: 'Old NHIF debt', kind: 'money' },
      { key: 'budget', label: 'Approved budget', kind: 'money' },
      { key: 'expenditure', label: 'Actual expenditure', kind: 'money' },
      { key: 'absorption', label: 'Absorption %', kind: 'percent' },
    ],
    sections: [{ key: 'facilities', label: 'Facilities', rows: [...rows, { ...lineRow('total', 'Total', values(total)), text: { facility: 'Total' } }] }],
    checks: [
      equalCheck('revenueTies', 'FIF revenue of the facilities = user fees in the books (4110 + 4120)', total.actual, revenueTotal, ['Facilities', 'the books']),
      equalCheck('shaBalanceTies', 'SHA claims: opening + approved − paid = balance', subtract(add(total.opening, total.approved), total.paid), total.balance, ['Opening + approved − paid', 'balance']),
    ],
  };
}
