// The cash flow statement (direct method): each cash movement of a range classified by the other side of its
// journal, and opening cash + net flow = closing cash.
import { sql } from 'drizzle-orm';
import type { Statement, StatementQuery } from '../../../../shared/accounting/index.js';
import { add, isZero, parseTotal, subtract, totalOf, ZERO_TOTAL } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import type { Db } from '../../../db/client.js';
import { journalLines, journals } from '../accounting.schema.js';
import { booksScope, type BooksScope } from '../scope.js';
import { accountRow, byAccount, equalCheck, frame, kes, lineRow, loadChart, statementRange } from './common.js';
import { CASH_ACCOUNTS, closingNet, facilityFilter, openingNet } from './totals.js';

export const CASH_FLOW_LINES = [
  ['receiptsFromPatients', 'Receipts from patients'],
  ['receiptsFromInsurers', 'Receipts from SHA and insurers'],
  ['transfersAndGrants', 'Transfers and grants received'],
  ['paymentsToSuppliers', 'Payments to suppliers'],
  ['paymentsToStaff', 'Payments to staff and statutory deductions'],
  ['otherFlows', 'Other receipts and payments'],
  ['cashTransfers', 'Transfers between cash accounts'],
] as const;

/**
 * Each cash movement in the range, classified by the other side of its journal: receipts from patients are credits
 * to patient debtors (1230); from insurers, to the SHA and insurer receivables; transfers and grants, to 43xx;
 * payments to suppliers, debits to 2110/2115; to staff, to 22xx/51xx. A journal whose lines are all in scope splits
 * its cash by the other lines exactly (they add up to it, the journal balances); one that crosses the scope's edge
 * (a county-level line against a facility's bank) gives its cash to its largest other line's class. A journal of
 * cash lines only is a transfer between cash accounts, which nets to zero within a scope holding both sides.
 */
async function cashFlows(db: Db, books: BooksScope, from: string, to: string) {
  const cash = sql`(${sql.join(
    CASH_ACCOUNTS.map((c) => sql`${c}`),
    sql`, `,
  )})`;
  const klass = sql`case
      when o.account_code = '1230' then 'receiptsFromPatients'
      when o.account_code in ('1210', '1211', '1212', '1215', '1220', '1222') then 'receiptsFromInsurers'
      when o.account_code like '43%' then 'transfersAndGrants'
      when o.account_code in ('2110', '2115') then 'paymentsToSuppliers'
      when o.account_code like '22%' or o.account_code like '51%' then 'paymentsToStaff'
      else 'otherFlows' end`;
  const result = await db.execute(sql`
    with mine as (
      select l.journal_id, sum(l.debit - l.credit) as net
      from ${journalLines} l join ${journals} j on j.id = l.journal_id
      where j.status = 'posted' and j.date >= ${from}::date and j.date <= ${to}::date and l.account_code in ${cash}
        and ${facilityFilter(books, sql`l.facility_id`)}
      group by l.journal_id
    ),
    whole as (
      select l.journal_id, sum(l.debit - l.credit) as net from ${journalLines} l
      where l.journal_id in (select journal_id from mine) and l.account_code in ${cash} group by l.journal_id
    ),
    other as (
      select o.journal_id, ${klass} as class, sum(o.credit - o.debit) as net, max(greatest(o.debit, o.credit)) as biggest
      from ${journalLines} o where o.journal_id in (select journal_id from mine) and o.account_code not in ${cash}
      group by 1, 2
    ),
    flows as (
      select o.class, o.net from mine m join whole w using (journal_id) join other o using (journal_id) where m.net = w.net
      union all
      select d.class, m.net from mine m join whole w using (journal_id)
        join lateral (select o.class from other o where o.journal_id = m.journal_id order by o.biggest desc, o.class limit 1) d on true
        where m.net <> w.net
      union all
      select 'cashTransfers', m.net from mine m where not exists (select 1 from other o where o.journal_id = m.journal_id)
    )
    select class, sum(case when net > 0 then net else 0 end)::text as inflow, sum(case when net < 0 then -net else 0 end)::text as outflow
    from flows group by class`);
  const rows = (result as unknown as { rows: { class: string; inflow: string; outflow: string }[] }).rows;
  return new Map(rows.map((r) => [r.class, { inflow: parseTotal(r.inflow), outflow: parseTotal(r.outflow) }]));
}

export async function cashFlowStatement(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals, flows] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range, CASH_ACCOUNTS), cashFlows(ctx.db, books, range.from, range.to)]);
  const opening = totalOf([...totals.values()].map(openingNet));
  const closing = totalOf([...totals.values()].map(closingNet));
  let inflows = ZERO_TOTAL;
  let outflows = ZERO_TOTAL;
  const flowRows = CASH_FLOW_LINES.flatMap(([key, label]) => {
    const f = flows.get(key);
    if (!f || (isZero(f.inflow) && isZero(f.outflow))) return [];
    inflows = add(inflows, f.inflow);
    outflows = add(outflows, f.outflow);
    return [lineRow(key, label, { inflow: kes(f.inflow), outflow: kes(f.outflow), net: kes(subtract(f.inflow, f.outflow)) }, 'row')];
  });
  const net = subtract(inflows, outflows);
  const balances = CASH_ACCOUNTS.flatMap((code) => {
    const t = totals.get(code);
    if (!t) return [];
    return [accountRow(accounts.get(code) ?? { code, name: code, nameSw: null }, { inflow: null, outflow: null, net: kes(closingNet(t)) })];
  });
  return {
    ...frame('cash-flow', books, range, ctx),
    columns: [
      { key: 'inflow', label: 'Receipts', kind: 'money' },
      { key: 'outflow', label: 'Payments', kind: 'money' },
      { key: 'net', label: 'Net', kind: 'money' },
    ],
    sections: [
      { key: 'flows', label: 'Cash flows from operating activities', rows: [...flowRows, lineRow('netCashFlow', 'Net cash flow', { inflow: kes(inflows), outflow: kes(outflows), net: kes(net) })] },
      {
        key: 'cash',
        label: 'Cash and cash equivalents',
        rows: [
          lineRow('openingCash', 'Cash at the beginning of the period', { inflow: null, outflow: null, net: kes(opening) }, 'row'),
          lineRow('netCashFlow', 'Net cash flow', { inflow: null, outflow: null, net: kes(net) }, 'row'),
          lineRow('closingCash', 'Cash at the end of the period', { inflow: null, outflow: null, net: kes(closing) }),
          ...balances,
        ],
      },
    ],
    checks: [equalCheck('cashReconciles', 'Opening cash + net cash flow = closing cash', add(opening, net), closing, ['Opening + net flow', 'closing cash'])],
  };
}
