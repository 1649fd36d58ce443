// Insurance claims (SPEC.md §2.8 Insurance tab, §8 'Insurance Claim Submitted'; domain/KENYA.md for SHA): the
// billing desk submits a claim for exactly the insurer's share of an invoice (the invoice goes processing); then an
// officer who may approve claims (claims:approve, within their scope) and who did not submit it records the
// insurer's decision (maker ≠ checker, DESIGN.md §7): approved, in full or in part — the approved amount is the
// insurer's payment and the patient owes the rest — or rejected (back to pending; a new claim may follow).
// The insurer's free-text reason stays on the claim: the audit trail, which the system administrator reads, says
// only that a reason was given (it may name a diagnosis).
import { eq } from 'drizzle-orm';
import { countyDate, countyYear } from '../../../shared/county-time.js';
import { centsValue, compare, formatKES, isZero, parseKes, toKes, toKesText, type Cents } from '../../../shared/money.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import type { BillingRecord } from '../../../shared/billing/index.js';
import { claimAmount, type ClaimDecisionInput, type InsuranceClaim, type SubmitClaimInput } from '../../../shared/billing/index.js';
import type { Db } from '../../db/client.js';
import { billingRecords, insuranceClaims } from './billing.schema.js';
import { AppError, conflict, conflictSaid, invalid, notFound, said } from '../../core/errors.js';
import { recordActivity } from '../activities/index.js';
import { findFacility } from '../facilities/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { findBillingRecord } from './billing.service.js';
import { toClaim } from './payment-records.js';
import { claimJournal, facilityLevel, impairedBefore, postEvent } from './billing.ledger.js';
import { applySettlement, assertOpen, currentSettlement, lockInvoice } from './payments.service.js';

export type ClaimOutcome = { invoice: BillingRecord; claim: InsuranceClaim };

const PROVIDER_NAMES: Record<string, string> = { nhif: 'SHA', madison: 'Madison', aap: 'AAP', jubilee: 'Jubilee', aar: 'AAR' };

/** An amount to the cent where it has cents ("Ksh 650.50"), else as screens show it ("Ksh 800"): claims are checked to the cent. */
function kes(amount: Cents): string {
  const [shillings, centsPart] = toKesText(amount).split('.') as [string, string];
  return centsPart === '00' ? formatKES(toKes(amount)) : `${formatKES(Number(shillings))}.${centsPart}`;
}

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
      const provider = PROVIDER_NAMES[invoice.insuranceProvider] ?? invoice.insuranceProvider;
      throw invalid([{ path: 'provider', ...said('billing.coveredBy', { provider: invoice.insuranceProvider }, `This invoice is covered by ${provider}`) }]);
    }
    // The claim is for the insurer's share, to the cent (money.ts, insurerShare): no less, which would leave the
    // rest nowhere, and no more, which would claim what the patient owes.
    const amount = claimAmount(input.lines);
    if (compare(amount, s.insurerShare) !== 0) {
      const facts = { share: kes(s.insurerShare), percent: Number(invoice.insuranceCoveragePercent), invoice: kes(invoice.amount), total: kes(amount) };
      const message = `The claim lines must add up to the insurer's share, ${facts.share} (${facts.percent} % of ${facts.invoice}); they add up to ${facts.total}`;
      throw invalid([{ path: 'lines', ...said('billing.claimLinesShare', facts, message) }]);
    }
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

/** Maker ≠ checker (DESIGN.md §7): whoever submitted a claim cannot decide it. */
const makerChecker = () => new AppError(403, 'maker_checker', 'Forbidden: you submitted this claim, so another officer must approve or reject it');

/** POST /api/insurance-claims/:id/decision (claims:approve; the invoice's facility is within the actor's scope). */
export async function decideClaim({ db, actor, now: clock }: ServiceContext, claimId: number, input: ClaimDecisionInput): Promise<ClaimOutcome> {
  const now = clock();
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ billingRecordId: insuranceClaims.billingRecordId }).from(insuranceClaims).where(eq(insuranceClaims.id, claimId)).limit(1);
    if (!found) throw notFound('Claim not found');
    const invoice = await lockInvoice(tx, found.billingRecordId);
    const [claim] = await tx.select().from(insuranceClaims).where(eq(insuranceClaims.id, claimId)).for('update');
    if (claim!.submittedBy === actor.id) throw makerChecker();
    if (claim!.status !== 'submitted') throw conflictSaid(said('billing.claimAlready', { status: claim!.status }, `This claim was already ${claim!.status}`));
    const approving = input.decision === 'approved';
    const approved = approving ? (input.approvedAmount === undefined ? claim!.amount : parseKes(input.approvedAmount)) : null;
    if (approved !== null && compare(approved, claim!.amount) > 0) {
      throw invalid([{ path: 'approvedAmount', ...said('billing.approvedOver', { amount: kes(claim!.amount) }, `The approved amount cannot be more than the ${kes(claim!.amount)} claimed`) }]);
    }
    const partial = approved !== null && compare(approved, claim!.amount) < 0;
    const reason = input.reason === '' ? null : input.reason;
    await tx
      .update(insuranceClaims)
      .set({ status: input.decision, approvedAmount: approved, decisionReason: reason, decidedBy: actor.id, decidedAt: now })
      .where(eq(insuranceClaims.id, claimId));
    // The invoice says what happened and where to look, not the insurer's words (they stay on the claim).
    const why = approving
      ? partial
        ? `${claim!.claimNumber} approved ${kes(approved)} of ${kes(claim!.amount)}; the patient pays the rest`
        : null
      : `${claim!.claimNumber} rejected by the insurer; the reason is on the claim`;
    // The decision's journal (billing.ledger.ts): approved to "awaiting payment", the rest to the patient, or impaired.
    const decided = { ...claim!, status: input.decision, approvedAmount: approved };
    await postEvent(tx, claimJournal(invoice, await facilityLevel(tx, invoice.facilityId), decided, await impairedBefore(tx, invoice.id, claimId), countyDate(now)), now);
    const s = await applySettlement(tx, invoice, now, { reason: why });
    await audit(tx, actor, {
      action: `claim.${input.decision}`,
      entity: 'insurance_claim',
      entityId: claimId,
      outcome: 'success',
      // No free text: a reason's words may name a diagnosis, and the administrator who reads the audit may not.
      detail: [
        `${claim!.claimNumber}, invoice ${invoice.id} now ${s.status}`,
        ...(approved !== null ? [`approved ${kes(approved)} of ${kes(claim!.amount)}`] : []),
        ...(reason ? [`reason given (${reason.length} characters)`] : []),
      ].join(', '),
    });
    if (approved !== null) {
      const f = await findFacility(tx, invoice.facilityId);
      await recordActivity(tx, {
        action: 'payment_received',
        kind: 'claim.approved',
        params: { facility: f?.name ?? 'Unknown Facility', provider: claim!.provider, claim: claim!.claimNumber, invoice: invoice.invoiceNumber, amountCents: centsValue(approved) },
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
