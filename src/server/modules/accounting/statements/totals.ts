// What the statements read (issue 14 item 5): each account's movement over a range, and its balance before it, from
// the period balances the database keeps (account_balances) — a few thousand rows, never every journal line.
//
// account_balances is per month. A month that lies wholly in the range is read from it; so is the month holding
// today, because no journal is ever dated after today (a person's journal is refused in the future, events post
// today): it is complete through today. Only a past date in the middle of a month — a `from` after the 1st, or a
// `to` before the month's last day — needs that month's lines, summed from journal_lines for that one month.
import { sql, type SQL } from 'drizzle-orm';
import { add, parseTotal, subtract, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { Db } from '../../../db/client.js';
import { monthEnd, periodOf } from '../ledger.js';
import type { BooksScope } from '../scope.js';

/** The cash accounts: banks, M-Pesa and card clearing, cash on hand (domain/FINANCE.md). */
export const CASH_ACCOUNTS = ['1110', '1120', '1130', '1135', '1140'] as const;

export type Totals = {
  code: string;
  facilityId: number | null;
  costCentre: string;
  /** Everything posted before `from` (the year-end close's rows included). */
  openingDebit: Total;
  openingCredit: Total;
  /** from…to, the year-end close's own rows left out… */
  debit: Total;
  credit: Total;
  /** …and those rows (an income statement leaves them out; a balance sheet and a trial balance count them). */
  closingDebit: Total;
  closingCredit: Total;
};

export type TotalsQuery = {
  /** null: from the first posting (a balance as at `to`). */
  from: string | null;
  to: string;
  today: string;
  /** Keep these dimensions apart (else summed over them). */
  by?: { facility?: boolean; costCentre?: boolean };
  /** Only these accounts (by code), or accounts whose code matches a LIKE pattern ('4%'). */
  accounts?: readonly string[];
};


/** A scope's filter on a facility column: none for the county, else its facilities. */
export function facilityFilter(books: { facilityIds: readonly number[] | null }, column: SQL): SQL {
  if (books.facilityIds === null) return sql`true`;
  if (books.facilityIds.length === 0) return sql`false`;
  return sql`${column} in ${books.facilityIds}`;
}

const accountFilter = (column: SQL, codes?: readonly string[]) => (codes && codes.length ? sql`${column} in ${codes}` : sql`true`);

/**
 * Opening balances and movements per account (and, when asked, per facility and cost centre) for a range, in one
 * SQL statement grouped in the database.
 */
export async function ledgerTotals(db: Db, books: Pick<BooksScope, 'facilityIds'>, q: TotalsQuery): Promise<Totals[]> {
  const toMonth = periodOf(q.to);
  const toComplete = q.to >= q.today || q.to === monthEnd(q.to);
  const fromMonth = q.from === null ? null : periodOf(q.from);
  const fromPartial = q.from !== null && q.from !== fromMonth;
  const facility = q.by?.facility ? sql`facility_id` : sql`null::int`;
  const costCentre = q.by?.costCentre ? sql`cost_centre` : sql`''`;

  // 1. Whole months from the period balances: before from's month → opening; from's month on → the range.
  const before = fromMonth === null ? sql`false` : sql`b.period < ${fromMonth}::date`;
  const parts: SQL[] = [
    sql`select b.account_code, b.facility_id, b.cost_centre,
          case when ${before} then b.debit else 0 end as od, case when ${before} then b.credit else 0 end as oc,
          case when not (${before}) and not b.closing then b.debit else 0 end as md, case when not (${before}) and not b.closing then b.credit else 0 end as mc,
          case when not (${before}) and b.closing then b.debit else 0 end as xd, case when not (${before}) and b.closing then b.credit else 0 end as xc
        from account_balances b
        where b.period ${toComplete ? sql`<=` : sql`<`} ${toMonth}::date
          and ${facilityFilter(books, sql`b.facility_id`)} and ${accountFilter(sql`b.account_code`, q.accounts)}`,
  ];
  // The edge month's journals by date, then each one's lines by its key. The lateral subquery with OFFSET 0 keeps
  // the planner from hashing every journal line of the county instead (at county scale: 0.4 s against 2.7 s).
  const lines = (where: SQL, columns: SQL) =>
    sql`select l.account_code, l.facility_id, l.cost_centre, ${columns}
        from journals j cross join lateral (select * from journal_lines l where l.journal_id = j.id offset 0) l
        where j.status = 'posted' and ${where}
          and ${facilityFilter(books, sql`l.facility_id`)} and ${accountFilter(sql`l.account_code`, q.accounts)}`;
  // 2. A past `to` in the middle of its month: that month's lines up to `to` (before `from` when it falls in it too).
  if (!toComplete) {
    const early = q.from === null ? sql`false` : sql`j.date < ${q.from}::date`;
    const yc = sql`j.source_type = 'year_close'`;
    parts.push(
      lines(
        sql`j.date >= ${toMonth}::date and j.date <= ${q.to}::date`,
        sql`case when ${early} then l.debit else 0 end, case when ${early} then l.credit else 0 end,
            case when not (${early}) and not ${yc} then l.debit else 0 end, case when not (${early}) and not ${yc} then l.credit else 0 end,
            case when not (${early}) and ${yc} then l.debit else 0 end, case when not (${early}) and ${yc} then l.credit else 0 end`,
      ),
    );
  }
  // 3. A `from` in the middle of a month read whole in (1): its days before `from` move from the range to the opening.
  if (fromPartial && (fromMonth! < toMonth || toComplete)) {
    const yc = sql`j.source_type = 'year_close'`;
    parts.push(
      lines(
        sql`j.date >= ${fromMonth}::date and j.date < ${q.from}::date`,
        sql`l.debit, l.credit,
            case when not ${yc} then -l.debit else 0 end, case when not ${yc} then -l.credit else 0 end,
            case when ${yc} then -l.debit else 0 end, case when ${yc} then -l.credit else 0 end`,
      ),
    );
  }
  const union = sql.join(parts, sql` union all `);
  const result = await db.execute(sql`
    select account_code as code, ${facility} as facility_id, ${costCentre} as cost_centre,
      sum(od)::text as od, sum(oc)::text as oc, sum(md)::text as md, sum(mc)::text as mc, sum(xd)::text as xd, sum(xc)::text as xc
    from (${union}) t(account_code, facility_id, cost_centre, od, oc, md, mc, xd, xc)
    group by 1, 2, 3
    order by 1, 2, 3`);
  const rows = (result as unknown as { rows: { code: string; facility_id: number | null; cost_centre: string; od: string; oc: string; md: string; mc: string; xd: string; xc: string }[] }).rows;
  return rows.map((r) => ({
    code: r.code,
    facilityId: r.facility_id === null ? null : Number(r.facility_id),
    costCentre: r.cost_centre,
    openingDebit: parseTotal(r.od),
    openingCredit: parseTotal(r.oc),
    debit: parseTotal(r.md),
    credit: parseTotal(r.mc),
    closingDebit: parseTotal(r.xd),
    closingCredit: parseTotal(r.xc),
  }));
}

/** Debits − credits of a total: before the range, over it (closing rows in or out), and at its end. */
export const openingNet = (t: Totals): Total => subtract(t.openingDebit, t.openingCredit);
export const movementNet = (t: Totals, withClosing: boolean): Total => {
  const net = subtract(t.debit, t.credit);
  return withClosing ? add(net, subtract(t.closingDebit, t.closingCredit)) : net;
};
export const closingNet = (t: Totals): Total => add(openingNet(t), movementNet(t, true));

/** The sum of some totals' nets. */
export function netOf(rows: readonly Totals[], pick: (t: Totals) => Total): Total {
  return rows.reduce((acc, t) => add(acc, pick(t)), ZERO_TOTAL);
}
