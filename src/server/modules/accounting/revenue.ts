// Revenue as the books have it (issue 30 item 2): the net credit of the patient-service revenue accounts — FIF user
// fees (41xx) and insurance (42xx: SHA, other insurers) — over county days, the year-end close left out: the same
// figure as the income statement's "Of which, from patient services" for the same days and facilities (treasury
// transfers, grants and donations in kind are revenue of the books, not of the tills). Revenue Management and the
// dashboard read it here, so the three agree to the cent: an invoice earns its revenue the day it is raised, and a
// waiver is an expense (5310), never a shilling of revenue collected.
//
// Whole months come from the kept period balances (account_balances); so does the month holding today, which is
// complete through today (no journal is dated after it). The days of a month read in part — "today", the last seven
// days, a past range's first and last months — come from the kept day totals (account_days), never the day's
// journal lines: a busy county day is thousands of journals.
import { sql, type SQL } from 'drizzle-orm';
import { addMonths } from '../../../shared/county-time.js';
import { parseTotal, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import type { Db } from '../../db/client.js';
import { monthEnd, nextMonth, periodOf } from './ledger.js';
import { facilityFilter } from './statements/totals.js';

export type RevenueQuery = {
  /** null: the whole county (county-level lines too); else these facilities. */
  facilityIds: readonly number[] | null;
  /** County days, both ends included. */
  from: string;
  to: string;
  /** The county's today: a month holding it is complete through it. */
  today: string;
  /** Only these revenue accounts (SHA: 4210 and 4220); every patient-service account when left out. */
  accounts?: readonly string[];
};

/** The patient-service revenue accounts by the first two digits of their code: FIF user fees and insurance. */
const SERVICE_REVENUE = ['41', '42'] as const;
export const isServiceRevenue = (code: string) => SERVICE_REVENUE.some((prefix) => code.startsWith(prefix));

const revenueAccount = (column: SQL, codes?: readonly string[]) =>
  codes && codes.length ? sql`${column} in ${codes}` : sql`${column} in (select code from accounts where type = 'revenue' and left(code, 2) in ${SERVICE_REVENUE})`;

/** The whole months of [from, to] read from the period balances, and the day ranges read from lines. */
export function revenueParts(q: Pick<RevenueQuery, 'from' | 'to' | 'today'>): { months: [string, string] | null; days: [string, string][] } {
  const fromMonth = periodOf(q.from);
  const toMonth = periodOf(q.to);
  const toWhole = q.to >= q.today || q.to === monthEnd(q.to);
  const fromWhole = q.from === fromMonth;
  if (fromMonth === toMonth) return fromWhole && toWhole ? { months: [fromMonth, fromMonth], days: [] } : { months: null, days: [[q.from, q.to]] };
  const days: [string, string][] = [];
  const first = fromWhole ? fromMonth : nextMonth(fromMonth);
  const last = toWhole ? toMonth : addMonths(toMonth, -1);
  if (!fromWhole) days.push([q.from, monthEnd(q.from)]);
  if (!toWhole) days.push([toMonth, q.to]);
  return { months: first <= last ? [first, last] : null, days };
}

/** What moved on some accounts over county days [from, to] within facilities, `net` of each balance or line: one statement. */
async function movement(db: Db, q: RevenueQuery, accounts: (column: SQL) => SQL, net: (alias: 'b' | 'd') => SQL): Promise<Total> {
  const { months, days } = revenueParts(q);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select ${net('b')} from account_balances b
      where b.period between ${months[0]}::date and ${months[1]}::date and not b.closing
        and ${facilityFilter(q, sql`b.facility_id`)} and ${accounts(sql`b.account_code`)}`);
  }
  for (const [from, to] of days) {
    parts.push(sql`select ${net('d')} from account_days d
      where d.day between ${from}::date and ${to}::date and ${facilityFilter(q, sql`d.facility_id`)} and ${accounts(sql`d.account_code`)}`);
  }
  if (parts.length === 0) return ZERO_TOTAL;
  const result = await db.execute(sql`select coalesce(sum(net), 0)::text as total from (${sql.join(parts, sql` union all `)}) t(net)`);
  const rows = (result as unknown as { rows: { total: string }[] }).rows;
  return parseTotal(rows[0]?.total ?? '0');
}

/** Revenue earned over county days [from, to] within facilities. */
export const revenueEarned = (db: Db, q: RevenueQuery): Promise<Total> =>
  movement(db, q, (column) => revenueAccount(column, q.accounts), (a) => sql`${sql.raw(a)}.credit - ${sql.raw(a)}.debit`);

/** Money received in cash over county days [from, to]: what came into cash on hand (1140), never what was waived. */
export const cashReceived = (db: Db, q: Omit<RevenueQuery, 'accounts'>): Promise<Total> =>
  movement(db, q, (column) => sql`${column} = '1140'`, (a) => sql`${sql.raw(a)}.debit`);

/** Revenue earned in each of some whole county months (their first days), the month holding today through today. */
export async function revenueByMonth(db: Db, q: Pick<RevenueQuery, 'facilityIds' | 'accounts'> & { months: readonly string[] }): Promise<Map<string, Total>> {
  if (q.months.length === 0) return new Map();
  const result = await db.execute(sql`select to_char(b.period, 'YYYY-MM-DD') as period, sum(b.credit - b.debit)::text as total from account_balances b
    where b.period in (${sql.join(q.months.map((m) => sql`${m}::date`), sql`, `)}) and not b.closing
      and ${facilityFilter(q, sql`b.facility_id`)} and ${revenueAccount(sql`b.account_code`, q.accounts)}
    group by b.period`);
  const rows = (result as unknown as { rows: { period: string; total: string }[] }).rows;
  return new Map(rows.map((r) => [r.period, parseTotal(r.total)]));
}
