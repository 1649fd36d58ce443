// The billing desk without a connection (issue 34): an invoice raised while the link is down is kept in the outbox
// and sent when it returns, and cash taken for it is given the next receipt number of a block this device reserved
// while online — the number the patient is told is the number the server keeps. The picker finds the patients kept
// on the device (and those registered on it, waiting), as the registry does offline.
import { queryOptions } from '@tanstack/react-query';
import { RECEIPT_BLOCK_SIZE, type BillingRecord, type CreateBillingInput, type ReceiptBlock } from '../../../shared/billing';
import type { Patient } from '../../../shared/patients';
import { sendQueued } from '../../lib/api-client';
import { personName } from '../../lib/labels';
import { loadOffline } from '../../lib/offline-gate';
import { isQueued, sendOrKeep, type Queued } from '../../lib/offline-send';
import { uuidv7 } from '../../lib/offline/uuid';

const RECEIPTS = 'receipts';
/** Fewer numbers than this left on the device, and the desk online: another block is reserved. */
const FEW_LEFT = 5;

const receiptsLocked = <T>(run: () => Promise<T>): Promise<T> => (navigator.locks ? navigator.locks.request('afya-receipts', run) : run());

/** At the billing desk online: the device keeps receipt numbers for cash taken offline (a block, when few are left). */
export async function keepReceiptNumbers(): Promise<void> {
  const offline = await loadOffline();
  // Nothing can be kept on this device (no session vault): no numbers are reserved for it.
  if (!(await offline.keptUser())) return;
  await receiptsLocked(async () => {
    const left = (await offline.readKept<string[]>(RECEIPTS))?.value ?? [];
    if (left.length >= FEW_LEFT) return;
    const block = await sendQueued<ReceiptBlock>('/api/billing/receipt-blocks', 'POST', { count: RECEIPT_BLOCK_SIZE }, {});
    await offline.keepCopy(RECEIPTS, [...left, ...block.numbers]);
  });
}

/** The next receipt number kept on the device, taken (no other cash gets it); undefined when none is left. */
async function takeReceiptNumber(): Promise<string | undefined> {
  const offline = await loadOffline();
  return receiptsLocked(async () => {
    const [next, ...rest] = (await offline.readKept<string[]>(RECEIPTS))?.value ?? [];
    if (next) await offline.keepCopy(RECEIPTS, rest);
    return next;
  });
}

/** A patient registered on this device, not yet on the server: the invoice waits behind the registration. */
const waitingOf = (patient: Patient) => ('waiting' in patient ? (patient as Patient & { waiting: { clientId: string } }).waiting : undefined);

/** The patient id the invoice form holds for a patient still waiting to be registered (the largest the contract takes). */
export const formPatientId = (patient: Patient): number => (waitingOf(patient) ? 2_147_483_647 : patient.id);

/** An invoice kept on the device; with cash taken, its receipt number, or `noReceipt` when none was left. */
export type KeptInvoice = Queued & { receiptNumber?: string; noReceipt?: boolean };

/**
 * Raises the invoice now; without a network keeps it, and with `cashNow` takes the cash too, under the device's
 * next receipt number, sent after the invoice (its :invoiceId from the invoice's answer).
 */
export async function raiseOrKeep(input: CreateBillingInput, patient: Patient, cashNow: boolean): Promise<BillingRecord | KeptInvoice> {
  const id = uuidv7();
  const label = personName(patient);
  const write = { kind: 'invoice' as const, method: 'POST' as const, path: '/api/billing', body: { ...input, clientId: id }, label };
  const waiting = waitingOf(patient);
  let answer: BillingRecord | Queued;
  if (waiting) {
    const { patientId: _waiting, ...body } = write.body;
    answer = { queued: await (await loadOffline()).queueWrite({ ...write, body, patientClientId: waiting.clientId }, id) };
  } else answer = await sendOrKeep<BillingRecord>(write, id);
  if (!isQueued(answer) || !cashNow) return answer;
  const receiptNumber = await takeReceiptNumber();
  if (!receiptNumber) return { ...answer, noReceipt: true };
  const payment = { kind: 'payment' as const, method: 'POST' as const, path: '/api/billing/:invoiceId/payments', body: { method: 'cash', receiptNumber }, invoiceClientId: id, label: `${label} · ${receiptNumber}` };
  await (await loadOffline()).queueWrite(payment);
  return { ...answer, receiptNumber };
}

/** The picker's search offline: the patients kept on the device and those registered on it, by name or national ID. */
export const keptMatchesQuery = (search: string) =>
  queryOptions({
    queryKey: ['patients', 'kept-matches', search],
    queryFn: async () => (await (await loadOffline()).offlinePatients({ search, limit: 10 })).rows,
    enabled: search.length >= 2,
  });
