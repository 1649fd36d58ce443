// One lock per pay month (a transaction's advisory lock): Process Payroll, a submission, an approval, a remittance and
// a timesheet import of a month take it before any row, so a return never misses a run approved at the same moment,
// a timesheet never lands in a month submitted meanwhile, and two of them never wait on each other.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export async function lockPayMonth(tx: Db, period: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-run:${period}`}))`);
}
