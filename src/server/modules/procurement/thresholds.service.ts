// The threshold matrix (issue 28 item 3; PROCUREMENT.md "Methods and thresholds"): the most an order may be worth
// under each method, by category, from a date. The Regulations' schedule could not be read, so the demo county's
// rows are PROCUREMENT.md's estimates, kept as data the county corrects by adding a row from a later date.
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { formatKesExact, parseKes, toKes, type Cents } from '../../../shared/money.js';
import type { CreateThresholdBody, OrderKind, ProcurementMethod, Threshold } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { procurementThresholds } from './procurement.schema.js';

/** How a method is named in a message (the client words it in the reader's language). */
export const METHOD_NAMES: Record<ProcurementMethod, string> = {
  open_tender: 'Open tender',
  restricted_tender: 'Restricted tender',
  rfq: 'Request for quotations',
  low_value: 'Low-value procurement',
  direct: 'Direct procurement',
  rfp: 'Request for proposals',
  framework: 'A framework agreement',
  public_entity: 'Purchase from a public entity',
};

/** The method's limit for a category on a date: the latest row from on or before it; null when none or no limit. */
export async function methodLimit(db: Db, method: ProcurementMethod, category: OrderKind, date: string): Promise<Cents | null> {
  const [row] = await db
    .select({ maxValue: procurementThresholds.maxValue })
    .from(procurementThresholds)
    .where(and(eq(procurementThresholds.method, method), eq(procurementThresholds.category, category), lte(procurementThresholds.effectiveFrom, date)))
    .orderBy(desc(procurementThresholds.effectiveFrom))
    .limit(1);
  return row?.maxValue ?? null;
}

/** GET /api/procurement/thresholds: every row, with the one in force today for its method and category marked. */
export async function listThresholds(ctx: ServiceContext): Promise<Threshold[]> {
  const today = countyDate(ctx.now());
  const rows = await ctx.db.select().from(procurementThresholds).orderBy(asc(procurementThresholds.method), asc(procurementThresholds.category), desc(procurementThresholds.effectiveFrom));
  const current = new Map<string, number>();
  for (const r of rows) if (r.effectiveFrom <= today && !current.has(`${r.method}|${r.category}`)) current.set(`${r.method}|${r.category}`, r.id);
  return rows.map((r) => ({
    id: r.id,
    method: r.method as ProcurementMethod,
    category: r.category as OrderKind,
    maxValue: r.maxValue === null ? null : toKes(r.maxValue),
    effectiveFrom: r.effectiveFrom,
    inForce: current.get(`${r.method}|${r.category}`) === r.id,
  }));
}

/** POST /api/procurement/thresholds: a new row from a date (a row is never changed; one per method, category and date). */
export async function createThreshold(ctx: ServiceContext, input: CreateThresholdBody): Promise<Threshold[]> {
  try {
    await ctx.db.transaction(async (tx) => {
      const maxValue = input.maxValue === null ? null : parseKes(input.maxValue);
      const [row] = await tx
        .insert(procurementThresholds)
        .values({ method: input.method, category: input.category, maxValue, effectiveFrom: input.effectiveFrom, createdBy: ctx.actor.id, createdAt: ctx.now() })
        .returning({ id: procurementThresholds.id });
      await audit(tx, ctx.actor, { action: 'procurement.threshold.created', entity: 'procurement_threshold', entityId: row!.id, detail: `${input.method} ${input.category} from ${input.effectiveFrom}: ${maxValue === null ? 'no limit' : formatKesExact(maxValue)}` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That method and category already have a row from that date', [{ path: 'effectiveFrom', message: 'That method and category already have a row from that date' }]);
    throw error;
  }
  return listThresholds(ctx);
}

/** The demo county's matrix (PROCUREMENT.md's estimates), in force since the 2020 Regulations. */
export async function seedThresholds(tx: Db, createdBy: number | null, now: Date): Promise<number> {
  const from = '2020-07-01';
  const rows: { method: ProcurementMethod; category: OrderKind; max: number | null }[] = [];
  for (const category of ['goods', 'services', 'works'] as const) {
    rows.push({ method: 'open_tender', category, max: null }, { method: 'restricted_tender', category, max: null }, { method: 'direct', category, max: null });
    rows.push({ method: 'rfp', category, max: null }, { method: 'framework', category, max: null }, { method: 'public_entity', category, max: null });
    rows.push({ method: 'rfq', category, max: category === 'works' ? 2_000_000 : 1_000_000 }, { method: 'low_value', category, max: 50_000 });
  }
  await tx.insert(procurementThresholds).values(rows.map((r) => ({ method: r.method, category: r.category, maxValue: r.max === null ? null : parseKes(r.max), effectiveFrom: from, createdBy, createdAt: now })));
  return rows.length;
}
