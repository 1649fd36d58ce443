// Referral Analysis (issue 13 item 5): the referrals made in a day range out of the facilities and into them, by
// facility, urgency, status and reason, and how long they took to be received (the referral's journey, its
// referral_events). A referral between two of the report's facilities is both out of one and into the other.
import { and, eq, min, or, sql } from 'drizzle-orm';
import { URGENCY_LEVELS, REFERRAL_STATUSES } from '../../../../shared/referrals/index.js';
import type { Db } from '../../../db/client.js';
import { referralEvents, referrals } from '../../referrals/referrals.schema.js';
import type { Generator } from '../generator.js';
import { capitalised, dayRange, FACILITY_COLUMNS, facilityCells, inCovered, section, within, type Cell, type Covered, type DayRange } from './common.js';
import { say } from './words.js';

const TOP_REASONS = 10;

/** Referrals out of and into each facility in some days, and how many of each were received. */
export async function referralsByFacility(db: Db, covered: Covered, range: DayRange) {
  const made = within(referrals.createdAt, range);
  const figures = { n: sql<number>`count(*)::int`, received: sql<number>`(count(*) filter (where ${referrals.status} = 'received'))::int`, cancelled: sql<number>`(count(*) filter (where ${referrals.status} = 'cancelled'))::int` };
  const out = await db.select({ facilityId: referrals.fromFacilityId, ...figures }).from(referrals).where(and(made, inCovered(referrals.fromFacilityId, covered))).groupBy(referrals.fromFacilityId);
  const into = await db.select({ facilityId: referrals.toFacilityId, ...figures }).from(referrals).where(and(made, inCovered(referrals.toFacilityId, covered))).groupBy(referrals.toFacilityId);
  const none = { n: 0, received: 0, cancelled: 0 };
  return { out: (id: number) => out.find((x) => x.facilityId === id) ?? none, into: (id: number) => into.find((x) => x.facilityId === id) ?? none, outAll: sumUp(out), intoAll: sumUp(into) };
}

const sumUp = (rows: readonly { n: number; received: number; cancelled: number }[]) => ({
  n: rows.reduce((k, x) => k + x.n, 0),
  received: rows.reduce((k, x) => k + x.received, 0),
  cancelled: rows.reduce((k, x) => k + x.cancelled, 0),
});

/** Hours as PostgreSQL's rounding gives them to one decimal, read from its text. */
const hours = (v: string | null) => (v === null ? null : Number(v));

export const referralAnalysis: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const made = within(referrals.createdAt, range);
  const fromHere = inCovered(referrals.fromFacilityId, covered);
  const toHere = inCovered(referrals.toFacilityId, covered);
  const involved = and(made, or(fromHere, toHere));
  const perFacility = await referralsByFacility(db, covered, range);
  const split = { out: sql<number>`(count(*) filter (where ${fromHere}))::int`, into: sql<number>`(count(*) filter (where ${toHere}))::int` };
  const byUrgency = await db.select({ value: referrals.urgencyLevel, ...split }).from(referrals).where(involved).groupBy(referrals.urgencyLevel);
  const byStatus = await db.select({ value: referrals.status, ...split }).from(referrals).where(involved).groupBy(referrals.status);
  const reason = sql<string>`lower(btrim(${referrals.referralReason}))`;
  const reasons = await db
    .select({ reason: sql<string>`min(btrim(${referrals.referralReason}))`, ...split, n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(involved)
    .groupBy(reason)
    .orderBy(sql`count(*) desc`, sql`min(btrim(${referrals.referralReason}))`)
    .limit(TOP_REASONS);
  // The first time each referral was marked received (its journey's events), against when it was made.
  // Built as a query, so the referral it reads is named in full (referrals.id).
  const receivedAt = sql`(${db
    .select({ at: min(referralEvents.at) })
    .from(referralEvents)
    .where(and(eq(referralEvents.referralId, referrals.id), eq(referralEvents.toStatus, 'received')))})`;
  const waited = sql`(extract(epoch from (${receivedAt} - ${referrals.createdAt})) / 3600)`;
  const timing = await db
    .select({
      urgency: referrals.urgencyLevel,
      received: sql<number>`count(${receivedAt})::int`,
      median: sql<string | null>`round((percentile_cont(0.5) within group (order by ${waited}))::numeric, 1)::text`,
      p90: sql<string | null>`round((percentile_cont(0.9) within group (order by ${waited}))::numeric, 1)::text`,
      longest: sql<string | null>`round(max(${waited})::numeric, 1)::text`,
      waiting: sql<number>`(count(*) filter (where ${referrals.status} in ('pending', 'in_transit')))::int`,
    })
    .from(referrals)
    .where(involved)
    .groupBy(referrals.urgencyLevel);

  const facilityRows: Cell[][] = covered.map((f) => {
    const out = perFacility.out(f.id);
    const into = perFacility.into(f.id);
    return [...facilityCells(f), f.subcounty, out.n, out.received, out.cancelled, into.n, into.received];
  });
  const { outAll, intoAll } = perFacility;
  facilityRows.push(['', 'All facilities', '', outAll.n, outAll.received, outAll.cancelled, intoAll.n, intoAll.received]);
  const splitRows = (rows: { value: string; out: number; into: number }[], values: readonly string[]): Cell[][] => [
    ...values.map((v) => {
      const x = rows.find((y) => y.value === v);
      return [capitalised(v), x?.out ?? 0, x?.into ?? 0];
    }),
    ['All', rows.reduce((k, x) => k + x.out, 0), rows.reduce((k, x) => k + x.into, 0)],
  ];
  const timingRows: Cell[][] = URGENCY_LEVELS.map((u) => {
    const x = timing.find((y) => y.urgency === u);
    return [capitalised(u), x?.received ?? 0, hours(x?.median ?? null), hours(x?.p90 ?? null), hours(x?.longest ?? null), x?.waiting ?? 0];
  });
  const both = say('referrals.note.both');
  const outIn = [say('col.referredOut'), say('col.referredIn')];
  return {
    sections: [
      section(
        say('referrals.byFacility'),
        [...FACILITY_COLUMNS, say('col.subcounty'), say('col.referredOut'), say('referrals.col.outReceived'), say('referrals.col.outCancelled'), say('col.referredIn'), say('referrals.col.inReceived')],
        facilityRows,
        say('referrals.note.made', { start: range.start, end: range.end }),
        both,
      ),
      section(say('referrals.byUrgency'), [say('col.urgency'), ...outIn], splitRows(byUrgency, URGENCY_LEVELS), both),
      section(say('referrals.byStatus'), [say('col.status'), ...outIn], splitRows(byStatus, REFERRAL_STATUSES)),
      section(
        say('referrals.reasons'),
        [say('referrals.col.reason'), ...outIn, say('referrals.col.referrals')],
        reasons.map((x) => [x.reason, x.out, x.into, x.n]),
        reasons.length === 0 ? say('referrals.note.none') : say('referrals.note.reasons', { limit: TOP_REASONS }),
      ),
      section(
        say('referrals.timing'),
        [say('col.urgency'), say('referrals.col.received'), say('referrals.col.median'), say('referrals.col.p90'), say('referrals.col.longest'), say('referrals.col.notYetReceived')],
        timingRows,
        say('referrals.note.timing'),
      ),
    ],
    settings: {},
  };
};
