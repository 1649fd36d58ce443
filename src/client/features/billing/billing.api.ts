// Billing & Payments' calls (SPEC.md §2.8, §7; DESIGN.md §6): the invoice list with its filters, the four cards,
// one invoice with its payments and claims, and the writes. Every write refreshes the list, the cards, the
// dashboard and the feed.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDetail, BillingRecord, BillingSummary, CreateBillingInput, ListBillingQuery } from '../../../shared/billing';
import type { ClaimDecisionInput, ClaimOutcome, PaymentGateways, PaymentOutcome, PaymentReview, ProcessPaymentInput, ResolvePaymentInput, SubmitClaimInput, WaiverInput } from '../../../shared/billing';
import { apiGet, apiList, apiPost, qs } from '../../lib/api-client';
import { isQueued } from '../../lib/offline-send';
import type { Patient } from '../../../shared/patients';
import { raiseOrKeep } from './billing.offline';

export const INVOICE_PAGE_SIZE = 50;
/** SPEC.md §8 asks nothing of polling; issue 4 does: every 2 s while a payment is under way, and only then. */
export const PAYMENT_POLL_MS = 2_000;

/** GET /api/billing's query (shared/billing), the page size aside. */
export type BillingFilters = Omit<ListBillingQuery, 'limit'>;

export const invoicesQuery = ({ search, status, paymentMethod, facilityId, offset }: BillingFilters) =>
  queryOptions({
    queryKey: ['billing', 'list', { search, status, paymentMethod, facilityId: facilityId ?? null, offset }],
    queryFn: ({ signal }) =>
      apiList<BillingRecord>(`/api/billing${qs({ search, status, paymentMethod, facilityId, limit: INVOICE_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const billingSummaryQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['billing', 'summary', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<BillingSummary>(`/api/billing/summary${qs({ facilityId })}`, signal),
  });

/** A payment is under way at a gateway (M-Pesa waiting for the PIN, or the card gateway): worth asking again soon. */
export function awaitingGateway(detail: BillingDetail | undefined): boolean {
  return detail?.payments.some((p) => p.status === 'processing') ?? false;
}

/** The printed invoice, or the receipt of a paid one (a PDF the browser opens), in a language. */
export const billingDocumentUrl = (id: number, which: 'invoice' | 'receipt', lang: string) => `/api/billing/${id}/${which}.pdf${qs({ lang })}`;

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'detail', id],
    queryFn: ({ signal }) => apiGet<BillingDetail>(`/api/billing/${id}`, signal),
    // Polls while a payment waits for M-Pesa (a claim waits days for the insurer: no polling for that).
    refetchInterval: (query) => (awaitingGateway(query.state.data) ? PAYMENT_POLL_MS : false),
  });

export const gatewaysQuery = queryOptions({
  queryKey: ['billing', 'gateways'],
  queryFn: ({ signal }) => apiGet<PaymentGateways>('/api/payments/gateways', signal),
  staleTime: 10 * 60_000,
  gcTime: 10 * 60_000,
});

function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
      queryClient.invalidateQueries({ queryKey: ['revenue'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['activities'] }),
    ]);
}

/** Raises an invoice; without a network keeps it on the device, with the cash taken for it when `cashNow` (billing.offline.ts). */
export function useCreateInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ input, patient, cashNow }: { input: CreateBillingInput; patient: Patient; cashNow: boolean }) => raiseOrKeep(input, patient, cashNow),
    onSuccess: (answer) => (isQueued(answer) ? undefined : refresh()),
  });
}

export type { ClaimOutcome, PaymentOutcome };

// The payment dialog's forms give way to what the server says next (waiting, paid, claim sent) as soon as the
// invoice refreshes, so these refreshes are not awaited: the form's own toast comes first, while it is still there.
export function useProcessPayment(invoiceId: number) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: ProcessPaymentInput) => apiPost<PaymentOutcome>(`/api/billing/${invoiceId}/payments`, input),
    onSettled: () => void refresh(),
  });
}

export function useMpesaStatusQuery() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (paymentId: number) => apiPost<PaymentOutcome>(`/api/payments/${paymentId}/mpesa-query`, {}), onSettled: () => void refresh() });
}

export function useSubmitClaim(invoiceId: number) {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (input: SubmitClaimInput) => apiPost<ClaimOutcome>(`/api/billing/${invoiceId}/claims`, input), onSuccess: () => void refresh() });
}

export function useDecideClaim() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ claimId, input }: { claimId: number; input: ClaimDecisionInput }) => apiPost<ClaimOutcome>(`/api/insurance-claims/${claimId}/decision`, input),
    onSuccess: () => void refresh(),
  });
}

/** POST /api/billing/:id/waivers: an officer waives part or all of what the patient owes (issue 14). */
export function useWaiveInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: number; input: WaiverInput }) => apiPost<BillingRecord>(`/api/billing/${invoiceId}/waivers`, input),
    onSuccess: () => void refresh(),
  });
}

/** GET /api/payments/review: M-Pesa payments held for review within the reader's reach (issue 30 item 1). */
export const paymentReviewsQuery = queryOptions({
  queryKey: ['billing', 'review'],
  queryFn: ({ signal }) => apiGet<PaymentReview[]>('/api/payments/review', signal),
});

/** A resolution proposed, approved or declined: each refreshes the list, the invoices, the cards and the books. */
export function useResolvePayment() {
  const refresh = useRefreshBilling();
  const queryClient = useQueryClient();
  const done = () => void Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['accounting'] })]);
  return useMutation({
    mutationFn: (step: { kind: 'propose'; paymentId: number; input: ResolvePaymentInput } | { kind: 'approve'; id: number } | { kind: 'decline'; id: number; reason: string }) =>
      step.kind === 'propose'
        ? apiPost<PaymentReview>(`/api/payments/${step.paymentId}/resolution`, step.input)
        : step.kind === 'approve'
          ? apiPost<PaymentReview>(`/api/payment-resolutions/${step.id}/approve`, {})
          : apiPost<PaymentReview>(`/api/payment-resolutions/${step.id}/decline`, { reason: step.reason }),
    onSuccess: done,
  });
}
