// Reading payments and insurance claims as the API shows them. The M-Pesa callback token's hash, kept in
// gatewayReference, never leaves the server: an M-Pesa payment's receipt is Safaricom's receipt number.
import { desc, eq, type SQLWrapper } from 'drizzle-orm';
import type { InsuranceClaim, Payment } from '../../../shared/billing/index.js';
import { isZero, toKes } from '../../../shared/money.js';
import type { Db } from '../../db/client.js';
import { insuranceClaims, payments } from './billing.schema.js';
import { accountField } from '../auth/index.js';
import { iso } from '../../core/sql.js';

type PaymentRow = typeof payments.$inferSelect;
type ClaimRow = typeof insuranceClaims.$inferSelect;

const name = (u: { firstName: string | null; lastName: string | null } | null) => (u?.firstName ? `${u.firstName} ${u.lastName ?? ''}`.trim() : null);

export function toPayment(p: PaymentRow, initiatedByName: string | null = null): Payment {
  return {
    id: p.id,
    billingRecordId: p.billingRecordId,
    method: p.method as Payment['method'],
    amount: toKes(p.amount),
    // Shown only when the whole-shilling push changed the amount (docs/decisions/0008-money.md).
    ...(p.rounding !== null && !isZero(p.rounding) ? { roundingAdjustment: toKes(p.rounding) } : {}),
    status: p.status as Payment['status'],
    phoneNumber: p.phoneNumber,
    checkoutRequestId: p.checkoutRequestId,
    receiptNumber: p.method === 'mpesa' ? p.mpesaReceiptNumber : p.gatewayReference,
    resultCode: p.resultCode,
    resultDesc: p.resultDesc,
    cardLast4: p.cardLast4,
    simulated: p.simulated,
    initiatedByName,
    createdAt: p.createdAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}

export function toClaim(c: ClaimRow, submittedByName: string | null = null, decidedByName: string | null = null): InsuranceClaim {
  return {
    id: c.id,
    claimNumber: c.claimNumber,
    billingRecordId: c.billingRecordId,
    provider: c.provider as InsuranceClaim['provider'],
    memberNumber: c.memberNumber,
    diagnosis: c.diagnosis,
    lines: c.lines as InsuranceClaim['lines'],
    amount: toKes(c.amount),
    approvedAmount: c.approvedAmount === null ? null : toKes(c.approvedAmount),
    status: c.status as InsuranceClaim['status'],
    decisionReason: c.decisionReason,
    submittedByName,
    submittedAt: c.submittedAt.toISOString(),
    decidedByName,
    decidedAt: iso(c.decidedAt),
  };
}

export async function paymentsOf(db: Db, billingRecordId: number): Promise<Payment[]> {
  const rows = await db
    .select({ p: payments, firstName: accountField(payments.initiatedBy, 'firstName'), lastName: accountField(payments.initiatedBy, 'lastName') })
    .from(payments)
    .where(eq(payments.billingRecordId, billingRecordId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map((r) => toPayment(r.p, name(r)));
}

export async function claimsOf(db: Db, billingRecordId: number): Promise<InsuranceClaim[]> {
  const person = (id: SQLWrapper) => ({ firstName: accountField(id, 'firstName'), lastName: accountField(id, 'lastName') });
  const rows = await db
    .select({ c: insuranceClaims, s: person(insuranceClaims.submittedBy), d: person(insuranceClaims.decidedBy) })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.billingRecordId, billingRecordId))
    .orderBy(desc(insuranceClaims.submittedAt), desc(insuranceClaims.id));
  return rows.map((r) => toClaim(r.c, name(r.s), name(r.d)));
}
