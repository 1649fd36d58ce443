// Africa's Talking's delivery reports (issue 30 item 7). A message the gateway accepted is 'sent'; whether it reached
// the phone comes later, when the gateway calls the delivery-report URL the county registered with its account. The
// call carries no session: it is authenticated by the secret in its URL (derived from the account's API key,
// sms/gateway.ts), rate-limited per address as the M-Pesa callback is, and names the message by the id the send
// answered. A report never takes a delivered message back to sent, and one for an unknown id changes nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { SmsConfig } from '../../env.js';
import { AppError } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { smsMessages } from './appointments.schema.js';
import { deliveryReportToken } from './sms/gateway.js';

/** The gateway's statuses: delivered, failed, or still on its way. */
const DELIVERED = new Set(['Success']);
const FAILED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

/** Equal secrets, compared in constant time (as digests: any text, of any length, compares without throwing). */
const digest = (v: string) => createHash('sha256').update(v).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export async function recordDeliveryReport(
  db: Db,
  config: { sms: SmsConfig },
  token: string | undefined,
  report: { id: string; status: string; failureReason: string | null },
  now: Date,
): Promise<{ recorded: boolean }> {
  const expected = await deliveryReportToken(db, config);
  if (expected === null || token === undefined || !same(token, expected)) throw new AppError(403, 'forbidden', 'Forbidden: not a delivery report this county asked for');
  const delivered = DELIVERED.has(report.status);
  const failed = FAILED.has(report.status);
  if (!delivered && !failed) return { recorded: false };
  // One statement: a failure arriving beside a success can never undo the delivery.
  const changed = await db
    .update(smsMessages)
    .set(delivered ? { status: 'delivered', deliveredAt: now, error: null } : { status: 'failed', error: `${report.status}${report.failureReason ? `: ${report.failureReason}` : ''}`.slice(0, 300) })
    .where(and(eq(smsMessages.providerMessageId, report.id), eq(smsMessages.gateway, 'africastalking'), ne(smsMessages.status, 'delivered')))
    .returning({ id: smsMessages.id });
  return { recorded: changed.length > 0 };
}
