// Pending bills (issue 28 item 6; PROCUREMENT.md "The document trail" 11): approved (matched) supplier invoices not
// yet paid, aged from the invoice date as the Controller of Budget reports them — under 1 year, 1–2, 2–3 and over 3
// years — per facility, with its sub-county, and for the county. One grouped statement over the invoices (the
// benchmark runs it on a year of orders for 113 facilities); the money stays exact text from the database to the
// answer. As at a past date, a bill is one matched by then and not paid by then.
import { and, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import { add, parseTotal, toKes, toKesText, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import { PENDING_BILL_AGES, type PendingBills } from '../../../shared/procurement/index.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import type { CsvWords } from '../../core/csv.js';
import type { ServiceContext } from '../../core/context.js';
import { withinScope, withoutJit } from '../../core/sql.js';
import { facilityField } from '../facilities/index.js';
import { procurementInvoices } from './procurement.schema.js';

type Age = (typeof PENDING_BILL_AGES)[number];
type Exact = Record<Age | 'total', Total> & { count: number };
export type PendingBillsExact = { asAt: string; facilities: ({ facilityId: number; facility: string; subcounty: string } & Exact)[]; county: Exact };

/** The same day `years` years before (29 February falls back to the 28th), as PostgreSQL's date − interval does. */
export function yearsBefore(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) - years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The exact figures (the CSV and the PDF print them as the database summed them). */
export async function pendingBillsExact(ctx: ServiceContext, q: { facilityId?: number; asAt?: string | null }): Promise<PendingBillsExact> {
  const today = countyDate(ctx.now());
  const asAt = q.asAt ?? today;
  const [one, two, three] = [1, 2, 3].map((n) => yearsBefore(asAt, n)) as [string, string, string];
  const i = procurementInvoices;
  // Today a pending bill is a matched invoice; as at a past date, also one paid since, and none matched after it.
  const pending: SQL[] =
    asAt >= today
      ? [eq(i.status, 'matched')]
      : [
          inArray(i.status, ['matched', 'paid']),
          lt(i.matchedAt, startOfCountyDay(addDays(asAt, 1))),
          sql`not exists (select 1 from procurement_payment_invoices pi join procurement_payments p on p.id = pi.payment_id where pi.invoice_id = procurement_invoices.id and p.paid_on <= ${asAt})`,
        ];
  const amount = (when: SQL) => sql<string>`coalesce(sum(${i.total}) filter (where ${when}), 0)::text`;
  const where = and(...pending, lte(i.invoiceDate, asAt), withinScope(i.facilityId, ctx.scope), q.facilityId ? eq(i.facilityId, q.facilityId) : undefined);
  const rows = await withoutJit(ctx.db, async (tx) => {
    const g = tx
      .select({
        facilityId: i.facilityId,
        under1: amount(sql`${i.invoiceDate} > ${one}`).as('under1'),
        oneToTwo: amount(sql`${i.invoiceDate} <= ${one} and ${i.invoiceDate} > ${two}`).as('one_to_two'),
        twoToThree: amount(sql`${i.invoiceDate} <= ${two} and ${i.invoiceDate} > ${three}`).as('two_to_three'),
        over3: amount(sql`${i.invoiceDate} <= ${three}`).as('over3'),
        total: sql<string>`sum(${i.total})::text`.as('total'),
        count: sql<number>`count(*)::int`.as('count'),
      })
      .from(i)
      .where(where)
      .groupBy(i.facilityId)
      .as('g');
    return tx
      .select({ facilityId: g.facilityId, facility: facilityField(g.facilityId, 'name'), subcounty: facilityField(g.facilityId, 'subcounty'), under1: g.under1, oneToTwo: g.oneToTwo, twoToThree: g.twoToThree, over3: g.over3, total: g.total, count: g.count })
      .from(g);
  });
  const facilities = rows
    .map((r) => ({
      facilityId: r.facilityId,
      facility: r.facility ?? '',
      subcounty: r.subcounty ?? '',
      under1: parseTotal(r.under1),
      oneToTwo: parseTotal(r.oneToTwo),
      twoToThree: parseTotal(r.twoToThree),
      over3: parseTotal(r.over3),
      total: parseTotal(r.total),
      count: r.count,
    }))
    .sort((a, b) => a.subcounty.localeCompare(b.subcounty) || a.facility.localeCompare(b.facility));
  const county: Exact = { under1: ZERO_TOTAL, oneToTwo: ZERO_TOTAL, twoToThree: ZERO_TOTAL, over3: ZERO_TOTAL, total: ZERO_TOTAL, count: 0 };
  for (const f of facilities) {
    for (const k of [...PENDING_BILL_AGES, 'total'] as const) county[k] = add(county[k], f[k]);
    county.count += f.count;
  }
  return { asAt, facilities, county };
}

const asKes = (e: Exact) => ({ under1: toKes(e.under1), oneToTwo: toKes(e.oneToTwo), twoToThree: toKes(e.twoToThree), over3: toKes(e.over3), total: toKes(e.total), count: e.count });

/** GET /api/procurement/pending-bills?facilityId=&asAt=. */
export async function pendingBills(ctx: ServiceContext, q: { facilityId?: number; asAt?: string | null }): Promise<PendingBills> {
  const p = await pendingBillsExact(ctx, q);
  return { asAt: p.asAt, facilities: p.facilities.map((f) => ({ facilityId: f.facilityId, facility: f.facility, subcounty: f.subcounty, ...asKes(f) })), county: asKes(p.county) };
}

/** The CSV's columns and its county line in each language (as the pending bills' PDF words them). */
const CSV_WORDS = {
  en: { facility: 'Facility', subcounty: 'Sub-county', under1: 'Under 1 year', oneToTwo: '1-2 years', twoToThree: '2-3 years', over3: 'Over 3 years', total: 'Total', invoices: 'Invoices', county: 'County total' },
  sw: { facility: 'Kituo', subcounty: 'Kaunti ndogo', under1: 'Chini ya mwaka 1', oneToTwo: 'Miaka 1-2', twoToThree: 'Miaka 2-3', over3: 'Zaidi ya miaka 3', total: 'Jumla', invoices: 'Ankara', county: 'Jumla ya kaunti' },
} satisfies CsvWords<string>;

/** GET /api/procurement/pending-bills.csv: a line per facility and the county's total, worded in the reader's language. */
export async function pendingBillsCsv(ctx: ServiceContext, q: { facilityId?: number; asAt?: string | null }, lang: Language = 'en'): Promise<CsvFile> {
  const p = await pendingBillsExact(ctx, q);
  const w = CSV_WORDS[lang];
  const cells = (e: Exact) => [toKesText(e.under1), toKesText(e.oneToTwo), toKesText(e.twoToThree), toKesText(e.over3), toKesText(e.total), e.count];
  const rows = [
    [w.facility, w.subcounty, w.under1, w.oneToTwo, w.twoToThree, w.over3, w.total, w.invoices],
    ...p.facilities.map((f) => [f.facility, f.subcounty, ...cells(f)]),
    [w.county, '', ...cells(p.county)],
  ];
  return { filename: `pending-bills-${p.asAt}.csv`, content: toCsv(rows) };
}
