// npm run ledger:backfill (issue 30 item 3): a county that ran billing and stock before the ledger existed — or
// restored a database from before — has invoices, payments, claims, waivers and stock movements with no journal.
// This posts the journals they should have, with the very functions the demo county's seed and the live events use
// (each dated on its event's county day), and nothing twice: an event that has its journal is left alone, so it can
// run again. A dry run by default: it says what it would post, per kind and month, and posts nothing. It refuses, and
// posts nothing, when any journal would fall in a closed month: the books of a closed month are not changed.
import { add, formatKesExact, parseTotal, toKesText, totalOf, ZERO_TOTAL, type Total } from '../../shared/money.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { closedPeriodsAmong, postMany, type JournalDraft } from '../modules/accounting/index.js';
import { billingHistoryDrafts } from '../modules/billing/index.js';
import { stockHistoryDrafts } from '../modules/inventory/index.js';

export type BackfillLine = { source: string; month: string; journals: number; total: string };
export type BackfillReport = {
  /** What is missing, per source and month (total: the journals' debits, KES to the cent). */
  lines: BackfillLine[];
  journals: number;
  /** Closed months any of them would fall in: then nothing is posted. */
  closed: string[];
  /** How many were posted (0 on a dry run or a refusal). */
  posted: number;
  applied: boolean;
};

/** A draft's debits (postMany leaves out a draft whose every line is zero, and so does the count here). */
const debitsOf = (d: JournalDraft): Total => totalOf(d.lines.flatMap((l) => (l.debit ? [l.debit] : [])));

export async function ledgerBackfill(db: Db, opts: { apply: boolean; now: Date }): Promise<BackfillReport> {
  return db.transaction(async (tx) => {
    // The journal series is numbered here in one go (postMany): a live posting meanwhile waits for this transaction
    // rather than taking a number this run is about to use.
    if (opts.apply) await tx.execute(sql`select last from document_counters where series = 'JNL' for update`);
    const weighed = [...(await billingHistoryDrafts(tx)), ...(await stockHistoryDrafts(tx))].map((d) => ({ d, debits: debitsOf(d) })).filter((x) => toKesText(x.debits) !== '0.00');
    const drafts = weighed.map((x) => x.d);
    const groups = new Map<string, { source: string; month: string; journals: number; total: Total }>();
    for (const { d, debits } of weighed) {
      const key = `${d.source.type} ${d.date.slice(0, 7)}`;
      const g = groups.get(key) ?? { source: d.source.type, month: d.date.slice(0, 7), journals: 0, total: ZERO_TOTAL };
      g.journals += 1;
      g.total = add(g.total, debits);
      groups.set(key, g);
    }
    const lines = [...groups.values()]
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.source < b.source ? -1 : 1))
      .map((g) => ({ source: g.source, month: g.month, journals: g.journals, total: toKesText(g.total) }));
    const closed = await closedPeriodsAmong(tx, drafts.map((d) => d.date));
    const posted = opts.apply && closed.length === 0 && drafts.length > 0 ? await postMany(tx, drafts, opts.now) : 0;
    return { lines, journals: drafts.length, closed, posted, applied: opts.apply && closed.length === 0 };
  });
}

/** The report in words for the operator, one line each. */
export function describeBackfill(r: BackfillReport, today: string): string[] {
  if (r.journals === 0) return ['Nothing to post: every invoice, payment, claim, waiver and stock movement has its journal.'];
  const out = [`${r.journals} journal${r.journals === 1 ? '' : 's'} missing:`];
  for (const l of r.lines) out.push(`  ${l.month}  ${l.source.padEnd(8)} ${String(l.journals).padStart(7)}  ${formatKesExact(parseTotal(l.total))}`);
  if (r.closed.length > 0) {
    out.push(`Refused: ${r.closed.length === 1 ? 'the month' : 'the months'} ${r.closed.join(', ')} ${r.closed.length === 1 ? 'is' : 'are'} closed, and a closed month's books are not changed. Nothing was posted.`);
  } else if (r.applied) {
    out.push(`Posted ${r.posted} journal${r.posted === 1 ? '' : 's'} on ${today}.`);
  } else {
    out.push('A dry run: nothing was posted. Run `npm run ledger:backfill -- --apply` to post them.');
  }
  return out;
}
