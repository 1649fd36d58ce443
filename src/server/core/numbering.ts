// Gapless document numbers (invoices, cash receipts, insurance claims, and the ledger's journals to come): KRA and
// the county's auditors expect an unbroken run of numbers per series and year. A database sequence skips a number
// whenever a transaction rolls back, so each series keeps its last number in a row of document_counters instead,
// taken with UPDATE … RETURNING inside the caller's transaction: a document that is not written gives its number
// back, and two desks numbering at once queue on the row for the moment the rest of their transaction takes.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { documentCounters } from './numbering.schema.js';

/** The series of documents that carry a number, by prefix. */
// REQ requisitions, LPO / LSO local purchase and service orders, GRN goods received notes, PV payment vouchers.
export const DOCUMENT_SERIES = ['INV', 'RCT', 'SHA', 'CLM', 'JNL', 'REQ', 'LPO', 'LSO', 'GRN', 'PV'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** How a numbered document reads: INV-2026-000123. */
export function documentNumber(series: DocumentSeries, period: string, n: number): string {
  return `${series}-${period}-${String(n).padStart(6, '0')}`;
}

/**
 * The next number of a series in a period (a county year, '2026', or a fiscal year), taken in `tx`: call it in
 * the same transaction that writes the document.
 */
export async function nextDocumentNumber(tx: Db, series: DocumentSeries, period: string): Promise<string> {
  const res = await tx.execute<{ last: number }>(sql`
    insert into ${documentCounters} (series, period, last) values (${series}, ${period}, 1)
    on conflict (series, period) do update set last = ${documentCounters.last} + 1
    returning last`);
  const [row] = (res as unknown as { rows: { last: number }[] }).rows;
  return documentNumber(series, period, Number(row!.last));
}

/** After documents were written with their numbers (the demo seed): the series continues past the highest. */
export async function continueSeries(tx: Db, series: DocumentSeries, period: string, last: number): Promise<void> {
  await tx.execute(sql`
    insert into ${documentCounters} (series, period, last) values (${series}, ${period}, ${last})
    on conflict (series, period) do update set last = greatest(${documentCounters.last}, excluded.last)`);
}

/**
 * Numbers documents written in bulk (the demo seed) the way nextDocumentNumber would, one after another in each
 * series and period; `close` then leaves each series continuing after the last number given.
 */
export function bulkNumbering() {
  const last = new Map<string, number>();
  return {
    next(series: DocumentSeries, period: string): string {
      const key = `${series}|${period}`;
      const n = (last.get(key) ?? 0) + 1;
      last.set(key, n);
      return documentNumber(series, period, n);
    },
    async close(tx: Db): Promise<void> {
      for (const [key, n] of last) {
        const [series, period] = key.split('|') as [DocumentSeries, string];
        await continueSeries(tx, series, period, n);
      }
    },
  };
}
