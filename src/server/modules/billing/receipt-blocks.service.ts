// Receipt blocks (issue 34): while the link is up a cashier's device reserves a block of cash receipt numbers, so
// that cash taken while it is down is given its receipt number at the desk, as a paper receipt book would give it,
// and the number the patient holds is the number the server keeps when the payment arrives. A block is one person's:
// its numbers are taken by no one else, and a number is used once (payments_cash_receipt_key).
import { and, eq } from 'drizzle-orm';
import { countyYear } from '../../../shared/county-time.js';
import { BLOCK_RECEIPT, blockReceiptNumber, type ReceiptBlock, type ReserveReceiptBlockInput } from '../../../shared/billing/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { invalid } from '../../core/errors.js';
import { payments, receiptBlocks } from './billing.schema.js';

/** POST /api/billing/receipt-blocks: a new block of the county year's cash receipts for the caller's device. */
export async function reserveReceiptBlock({ db, actor, now: clock }: ServiceContext, input: ReserveReceiptBlockInput): Promise<ReceiptBlock> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [block] = await tx.insert(receiptBlocks).values({ year: countyYear(now), size: input.count, issuedTo: actor.id, facilityId: actor.facilityId, createdAt: now }).returning();
    if (!block) throw new Error('insert returned no row');
    const numbers = Array.from({ length: block.size }, (_, i) => blockReceiptNumber(block.year, block.id, i + 1));
    await audit(tx, actor, { action: 'billing.receipt_block', entity: 'receipt_block', entityId: block.id, detail: `${numbers[0]} to ${numbers.at(-1)}` });
    return { id: block.id, year: block.year, numbers, createdAt: block.createdAt.toISOString() };
  });
}

export const NOT_YOUR_RECEIPT = 'Receipt number is not one of your receipt blocks';

/** A block's receipt number given with cash: it must be of a block issued to the caller, within its size. */
export async function checkBlockReceipt(tx: Db, actor: Pick<Actor, 'id'>, receiptNumber: string): Promise<void> {
  const [, year, block, n] = BLOCK_RECEIPT.exec(receiptNumber) ?? [];
  const [row] = block
    ? await tx
        .select({ size: receiptBlocks.size })
        .from(receiptBlocks)
        .where(and(eq(receiptBlocks.id, Number(block)), eq(receiptBlocks.year, Number(year)), eq(receiptBlocks.issuedTo, actor.id)))
    : [];
  if (!row || Number(n) < 1 || Number(n) > row.size) throw invalid([{ path: 'receiptNumber', message: NOT_YOUR_RECEIPT }]);
}

/** The cash payment a receipt number was given to, if any. */
export async function cashPaymentOf(tx: Db, receiptNumber: string): Promise<{ id: number; billingRecordId: number } | undefined> {
  const [row] = await tx
    .select({ id: payments.id, billingRecordId: payments.billingRecordId })
    .from(payments)
    .where(and(eq(payments.method, 'cash'), eq(payments.gatewayReference, receiptNumber)))
    .limit(1);
  return row;
}
