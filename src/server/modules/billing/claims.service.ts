// Insurance claims (SPEC.md §2.8 Insurance tab, §8 'Insurance Claim Submitted'; domain/KENYA.md for SHA): a claim
// for the insurer's share of an invoice is submitted (the invoice goes processing), then the billing desk records
// the insurer's decision: approved (the invoice is paid once the patient's share is too) or rejected (back to
// pending with the insurer's reason).
import { eq } from 'drizzle-orm';
import { countyYear } from '../../../shared/county-time.js';
import { compare, formatKES, isZero, toKes } from '../../../shared/money.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import type { BillingRecord } from '../../../shared/billing/index.js';
import { claimAmount, type ClaimDecisionInput, type InsuranceClaim, type SubmitClaimInput } from '../../../shared/billing/index.js';
import type { Db } from '../../db/client.js';
import { billingRecords, insuranceClaims } from './billing.schema.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { recordActivity } from '../activities/index.js';
import { facilities } from '../facilities/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { findBillingRecord } from './billing.service.js';
import { toClaim } from './payment-records.js';
import { applySettlement, assertOpen, currentSettlement, lockInvoice } from './payments.service.js';

export type ClaimOutcome = { invoice: BillingRecord; claim: InsuranceClaim };

const PROVIDER_NAMES: Record<string, string> = { nhif: 'SHA', madison: 'Madison', aap: 'AAP', jubilee: 'Jubilee', aar: 'AAR' };

/** The claim's series: SHA-2026-000012 for the Social Health Authority, CLM-2026-000013 for a private insurer. */
export const claimSeries = (provider: string) => (provider === 'nhif' ? 'SHA' : 'CLM');

async function outcome(db: Db, claimId: number, now: Date): Promise<ClaimOutcome> {
  const [c] = await db.select().from(insuranceClaims).where(eq(insuranceClaims.id, claimId)).limit(1);
  return { invoice: (await findBillingRecord(db, c!.billingRecordId, now))!, claim: toClaim(c!) };
}

/** POST /api/billing/:id/claims */
export async function submitClaim({ db, actor, now: clock }: ServiceContext, invoiceId: number, input: SubmitClaimInput): Promise<ClaimOutcome> {
  const now = clock();
  const claimId = await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    assertOpen(invoice);
    const s = await currentSettlement(tx, invoice);
    if (isZero(s.insurerShare)) throw conflict('This invoice has no insurance cover to claim: its coverage is 0 %');
    if (s.insurerSettled) throw conflict("The insurer's share of this invoice is already settled");
    if (invoice.insuranceProvider && invoice.insuranceProvider !== input.provider) {
      throw invalid([{ path: 'provider', message: `This invoice is covered by ${PROVIDER_NAMES[invoice.insuranceProvider] ?? invoice.insuranceProvider}` }]);
    }
    const amount = claimAmount(input.lines);
    if (compare(amount, invoice.amount) > 0) throw invalid([{ path: 'lines', message: `The claim cannot exceed the invoice amount of ${formatKES(toKes(invoice.amount))}` }]);
    const number = await nextDocumentNumber(tx, claimSeries(input.provider), String(countyYear(now)));
    const [claim] = await tx.insert(insuranceClaims).values({
      claimNumber: number,
      billingRecordId: invoice.id,
      provider: input.provider,
      memberNumber: input.memberNumber,
      diagnosis: input.diagnosis,
      lines: input.lines,
      amount,
      status: 'submitted',
      submittedBy: actor.id,
      submittedAt: now,
    }).returning({ id: insuranceClaims.id });
    const id = claim!.id;
    await applySettlement(tx, invoice, now);
    await audit(tx, actor, { action: 'claim.submitted', entity: 'insurance_claim', entityId: id, detail: `${number} for invoice ${invoice.id}, ${formatKES(toKes(amount))}` });
    return id;
  });
  return outcome(db, claimId, now);
}

/** POST /api/insurance-claims/:id/decision */
export async function decideClaim({ db, actor, now: clock }: ServiceContext, claimId: number, input: ClaimDecisionInput): Promise<ClaimOutcome> {
  const now = clock();
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ billingRecordId: insuranceClaims.billingRecordId }).from(insuranceClaims).where(eq(insuranceClaims.id, claimId)).limit(1);
    if (!found) throw notFound('Claim not found');
    const invoice = await lockInvoice(tx, found.billingRecordId);
    const [claim] = await tx.select().from(insuranceClaims).where(eq(insuranceClaims.id, claimId)).for('update');
    if (claim!.status !== 'submitted') throw conflict(`This claim was already ${claim!.status}`);
    const reason = input.reason === '' ? null : input.reason;
    await tx
      .update(insuranceClaims)
      .set({ status: input.decision, decisionReason: reason, decidedBy: actor.id, decidedAt: now })
      .where(eq(insuranceClaims.id, claimId));
    const s = await applySettlement(tx, invoice, now, { reason: input.decision === 'rejected' ? `${claim!.claimNumber} rejected: ${reason}` : null });
    await audit(tx, actor, {
      action: `claim.${input.decision}`,
      entity: 'insurance_claim',
      entityId: claimId,
      outcome: 'success',
      detail: `${claim!.claimNumber}, invoice ${invoice.id} now ${s.status}${reason ? `: ${reason.slice(0, 200)}` : ''}`,
    });
    if (input.decision === 'approved') {
      const [f] = await tx.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, invoice.facilityId)).limit(1);
      await recordActivity(tx, {
        action: 'payment_received',
        description: `${PROVIDER_NAMES[claim!.provider] ?? claim!.provider} claim ${claim!.claimNumber} approved for ${invoice.invoiceNumber} at ${f?.name ?? 'Unknown Facility'}: ${formatKES(toKes(claim!.amount))}`,
        userId: actor.id,
        facilityId: invoice.facilityId,
        at: now,
      });
    }
  });
  return outcome(db, claimId, now);
}

/** The facility of the invoice a claim is for. */
export async function facilityOfClaim(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ facilityId: billingRecords.facilityId })
    .from(insuranceClaims)
    .innerJoin(billingRecords, eq(billingRecords.id, insuranceClaims.billingRecordId))
    .where(eq(insuranceClaims.id, id))
    .limit(1);
  return row?.facilityId;
}
