// Monthly schedules (issue 13 item 5, "Schedule Report"): on the 1st of each month, a schedule generates its MOH
// forms for the previous month. A periodic task (core/jobs.ts: once per interval across every server process)
// takes the due schedules with FOR UPDATE SKIP LOCKED, records their reports and queues them in one transaction,
// and moves the schedule to the next 1st; a server that was down catches up the months it missed.
import { and, asc, desc, eq, lte, type SQL } from 'drizzle-orm';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { catalogueEntry, type CreateScheduleInput, type Schedule } from '../../../shared/reports/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { enqueue, type Periodic } from '../../core/jobs.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { checkReportScope, GENERATE_JOB, scopeLabel } from './reports.generate.js';
import { reports, reportSchedules } from './reports.schema.js';

/** The 1st of the month after a county date. */
function nextFirst(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

async function toSchedules(db: Db, where?: SQL): Promise<Schedule[]> {
  const rows = await db
    .select({ s: reportSchedules, facility: facilityField(reportSchedules.facilityId, 'name'), createdBy: accountField(reportSchedules.createdBy, 'name') })
    .from(reportSchedules)
    .where(where)
    .orderBy(desc(reportSchedules.id));
  // created_by is a foreign key, never null: the name is there.
  return rows.map(({ s, facility, createdBy }) => ({
    id: s.id,
    reports: s.reports,
    facilityId: s.facilityId,
    scope: scopeLabel({ facility, subcounty: s.subcounty, county: s.county }),
    createdBy: createdBy!,
    createdAt: s.createdAt.toISOString(),
    nextRunOn: s.nextRunOn,
    lastPeriod: s.lastPeriod,
    active: s.active,
  }));
}

export const listSchedules = ({ db }: ServiceContext) => toSchedules(db);

export async function createSchedule(ctx: ServiceContext, input: CreateScheduleInput): Promise<Schedule> {
  await checkReportScope(ctx, input);
  const [created] = await ctx.db
    .insert(reportSchedules)
    .values({ reports: input.reports, facilityId: input.facilityId ?? null, subcounty: input.subcounty ?? null, county: input.county === true, createdBy: ctx.actor.id, createdAt: ctx.now(), nextRunOn: nextFirst(countyDate(ctx.now())) })
    .returning({ id: reportSchedules.id });
  await audit(ctx.db, ctx.actor, { action: 'report.schedule.create', entity: 'report_schedule', entityId: created!.id, detail: input.reports.join(',') });
  return (await toSchedules(ctx.db, eq(reportSchedules.id, created!.id)))[0]!;
}

export async function setScheduleActive(ctx: ServiceContext, id: number, active: boolean): Promise<Schedule> {
  const [s] = await ctx.db.select().from(reportSchedules).where(eq(reportSchedules.id, id)).limit(1);
  if (!s) throw notFound('Schedule not found');
  await checkReportScope(ctx, { facilityId: s.facilityId ?? undefined, subcounty: s.subcounty ?? undefined, county: s.county });
  // Resuming a paused schedule starts from the next 1st: it does not generate the months it was paused for.
  const nextRunOn = active && !s.active ? nextFirst(countyDate(ctx.now())) : s.nextRunOn;
  await ctx.db.update(reportSchedules).set({ active, nextRunOn }).where(eq(reportSchedules.id, id));
  await audit(ctx.db, ctx.actor, { action: active ? 'report.schedule.resume' : 'report.schedule.pause', entity: 'report_schedule', entityId: id });
  return (await toSchedules(ctx.db, eq(reportSchedules.id, id)))[0]!;
}

/** Generates every due schedule's forms (the periodic task); returns how many reports it queued. */
export async function runDueSchedules(db: Db, now: () => Date): Promise<number> {
  const today = countyDate(now());
  let queued = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(reportSchedules)
        .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunOn, today)))
        .orderBy(asc(reportSchedules.nextRunOn), asc(reportSchedules.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return true;
      const period = addDays(due.nextRunOn, -1).slice(0, 7);
      for (const kind of due.reports) {
        const entry = catalogueEntry(kind)!;
        const [r] = await tx
          .insert(reports)
          .values({
            name: entry.name, type: entry.type, kind, facilityId: due.facilityId, subcounty: due.subcounty, county: due.county, period,
            periodStart: `${period}-01`, periodEnd: addDays(due.nextRunOn, -1), generatedBy: due.createdBy, generatedAt: now(), status: 'processing', scheduleId: due.id,
          })
          .returning({ id: reports.id });
        await enqueue(tx, GENERATE_JOB, { reportId: r!.id }, { uniqueKey: `schedule:${due.id}:${period}:${kind}` });
        queued++;
      }
      await tx.update(reportSchedules).set({ lastPeriod: period, nextRunOn: nextFirst(due.nextRunOn) }).where(eq(reportSchedules.id, due.id));
      return false;
    });
    if (done) return queued;
  }
}

export const schedulePeriodic: Periodic = { name: 'reports:schedules', everyMs: 10 * 60_000, run: ({ db, now }) => runDueSchedules(db, now).then(() => undefined) };

