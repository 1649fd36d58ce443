import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The last number taken in each series of documents per period (INV 2026, RCT 2026, SHA 2026, and the ledger's
 * journals to come): core/numbering.ts takes the next one inside the caller's transaction.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text().notNull(),
    period: text().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.period] })],
);
