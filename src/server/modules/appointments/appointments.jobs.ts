// The appointments module's periodic tasks (core/jobs.ts: once per interval across every server process), on the
// clock they are handed: the missed sweep every hour, the SMS reminders every 15 minutes.
import { and, eq, lt } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import type { Periodic } from '../../core/jobs.js';
import { audit } from '../../core/audit.js';
import type { Db } from '../../db/client.js';
import { appointments } from './appointments.schema.js';
import { settingsSection } from './sms/gateway.js';
import { runReminderSweep } from './sms.service.js';

/**
 * Scheduled appointments of a day before today (county) become missed; with System Settings' appointments
 * section `{ autoCompleteCheckedIn: true }`, those checked in on an earlier day and never completed by a visit
 * become completed. One transaction; the system's audit event says how many.
 */
export async function markMissed(db: Db, now: Date): Promise<{ missed: number; completed: number }> {
  const today = countyDate(now);
  return db.transaction(async (tx) => {
    const missed = await tx
      .update(appointments)
      .set({ status: 'missed', missedAt: now, updatedAt: now })
      .where(and(eq(appointments.status, 'scheduled'), lt(appointments.date, today)))
      .returning({ id: appointments.id });
    const settings = await settingsSection(tx, 'appointments');
    const completed =
      settings.autoCompleteCheckedIn === true
        ? await tx
            .update(appointments)
            .set({ status: 'completed', completedAt: now, updatedAt: now })
            .where(and(eq(appointments.status, 'checked_in'), lt(appointments.date, today)))
            .returning({ id: appointments.id })
        : [];
    if (missed.length + completed.length > 0) {
      await audit(tx, null, { action: 'appointment.sweep', entity: 'appointment', detail: `${missed.length} missed, ${completed.length} completed (before ${today})` });
    }
    return { missed: missed.length, completed: completed.length };
  });
}

export const markMissedPeriodic: Periodic = { name: 'appointments:mark-missed', everyMs: 60 * 60_000, run: ({ db, now }) => markMissed(db, now()).then(() => undefined) };

export const sendRemindersPeriodic: Periodic = { name: 'appointments:send-reminders', everyMs: 15 * 60_000, run: ({ db, now }) => runReminderSweep(db, now()).then(() => undefined) };

