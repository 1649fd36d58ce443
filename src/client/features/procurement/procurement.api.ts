// Procurement Management's calls (SPEC.md §2.11; issue 28): the cards, suppliers and the catalogue, requisitions,
// the annual plan and the threshold matrix, purchase orders and their steps (submit, approve, reject, cancel),
// deliveries with their inspection, invoices with the three-way match, payment vouchers and pending bills. Each change
// refreshes procurement's figures, and the ledger's and the stock's where the step posts a journal or puts goods into
// stock.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogImport,
  CatalogItem,
  CorrectInvoiceBody,
  CreateDeliveryBody,
  CreateOrderBody,
  CreatePaymentBody,
  CreateRequisitionBody,
  CreateInvoiceBody,
  CreatePlanLineBody,
  CreateSupplierBody,
  CreateThresholdBody,
  Delivery,
  OrderReferencesBody,
  PendingBills,
  PlanLine,
  ProcurementStats,
  ProcurementSummary,
  PurchaseOrder,
  Requisition,
  Supplier,
  SupplierInvoice,
  SupplierPayment,
  Threshold,
  UpdateSupplierBody,
} from '../../../shared/procurement';
import type { ExpiringReport, WriteOff } from '../../../shared/inventory';
import type { StaffMember } from '../../../shared/staff';
import { apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const ORDERS_PAGE_SIZE = 25;
export const PLAN_PAGE_SIZE = 25;
const BASE = '/api/procurement';

export const statsQuery = queryOptions({
  queryKey: ['procurement', 'stats'],
  queryFn: ({ signal }) => apiGet<ProcurementStats>(`${BASE}/stats`, signal),
});

export type SupplierFilters = { search: string; type: string; status: string };
export const suppliersQuery = (f: SupplierFilters = { search: '', type: '', status: '' }) =>
  queryOptions({
    queryKey: ['procurement', 'suppliers', f],
    queryFn: ({ signal }) => apiGet<Supplier[]>(`${BASE}/suppliers${qs({ search: f.search.trim(), type: f.type, status: f.status })}`, signal),
    placeholderData: keepPreviousData,
  });

export const catalogQuery = (search: string) =>
  queryOptions({
    queryKey: ['procurement', 'catalog', search],
    queryFn: ({ signal }) => apiGet<CatalogItem[]>(`${BASE}/catalog${qs({ search })}`, signal),
  });

/** A supplier's catalogue with its prices today (a chosen supplier's price fills the order's lines). */
export const supplierCatalogQuery = (supplierId: number) =>
  queryOptions({
    queryKey: ['procurement', 'catalog', 'supplier', supplierId],
    queryFn: ({ signal }) => apiGet<CatalogItem[]>(`${BASE}/catalog${qs({ supplierId })}`, signal),
  });

/** "Requested by" and the inspection committee: the county's staff directory, searched by name. */
export const staffSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['procurement', 'people', search],
    queryFn: async ({ signal }) => (await apiList<StaffMember>(`/api/staff${qs({ search, status: 'active', limit: 10 })}`, signal)).rows,
  });

export type OrderFilters = { search: string; status: string };
export const ordersQuery = (f: OrderFilters, offset = 0, limit = ORDERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['procurement', 'orders', { ...f, offset, limit }],
    queryFn: ({ signal }) => apiList<PurchaseOrder>(`${BASE}/purchase-orders${qs({ search: f.search.trim(), status: f.status, limit, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

/** The orders awaiting a decision (Overview's pending approvals and the Approvals tab read the same list). */
export const pendingOrdersQuery = ordersQuery({ search: '', status: 'pending_approval' }, 0, 50);

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: ['procurement', 'order', id], queryFn: ({ signal }) => apiGet<PurchaseOrder>(`${BASE}/purchase-orders/${id}`, signal) });

export const requisitionsQuery = queryOptions({
  queryKey: ['procurement', 'requisitions'],
  queryFn: ({ signal }) => apiList<Requisition>(`${BASE}/requisitions${qs({ limit: 20 })}`, signal),
});

export const deliveriesQuery = (orderId?: number) =>
  queryOptions({
    queryKey: ['procurement', 'deliveries', orderId ?? 'recent'],
    queryFn: ({ signal }) => apiList<Delivery>(`${BASE}/deliveries${qs({ orderId, limit: orderId ? 50 : 5 })}`, signal),
  });

export const invoicesQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['procurement', 'invoices', orderId],
    queryFn: ({ signal }) => apiList<SupplierInvoice>(`${BASE}/invoices${qs({ orderId, limit: 50 })}`, signal),
  });

export const thresholdsQuery = queryOptions({ queryKey: ['procurement', 'thresholds'], queryFn: ({ signal }) => apiGet<Threshold[]>(`${BASE}/thresholds`, signal) });

/** The annual procurement plan of a fiscal year (blank: the server's current one), one facility's or all within reach. */
export type PlanFilters = { fiscalYear: string; facilityId: string };
export const planQuery = (f: PlanFilters, offset = 0, limit = PLAN_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['procurement', 'plan', { ...f, offset, limit }],
    queryFn: ({ signal }) => apiList<PlanLine>(`${BASE}/plan${qs({ fiscalYear: f.fiscalYear, facilityId: f.facilityId, limit, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const pendingBillsQuery = queryOptions({ queryKey: ['procurement', 'pending-bills'], queryFn: ({ signal }) => apiGet<PendingBills>(`${BASE}/pending-bills`, signal) });

/** The Reports tab's order figures for a fiscal year (blank: the current one), counted by the server over every order. */
export const summaryQuery = (fiscalYear: string) =>
  queryOptions({
    queryKey: ['procurement', 'summary', fiscalYear],
    queryFn: ({ signal }) => apiGet<ProcurementSummary>(`${BASE}/reports/summary${qs({ fiscalYear: fiscalYear || undefined })}`, signal),
    placeholderData: keepPreviousData,
  });

/** The Reports tab's expiry card: the stock's expiry totals and the five batches that expire first. */
export const expiryQuery = queryOptions({
  queryKey: ['inventory', 'expiring', 'procurement-report'],
  queryFn: ({ signal }) => apiGet<ExpiringReport>(`/api/inventory/expiring${qs({ limit: 5 })}`, signal),
});

/** How many write-offs have been approved (the card's wastage count; the list is Inventory's). */
export const approvedWriteOffsQuery = queryOptions({
  queryKey: ['inventory', 'write-offs', 'procurement-report'],
  queryFn: ({ signal }) => apiList<WriteOff>(`/api/inventory/write-offs${qs({ status: 'approved', limit: 1 })}`, signal),
});

/** After a change: procurement's figures, and the ledger's and the stock's (a delivery, an invoice and a payment post). */
function useRefresh(more: readonly string[] = []) {
  const client = useQueryClient();
  return () => Promise.all(['procurement', ...more].map((key) => client.invalidateQueries({ queryKey: [key] })));
}

export function useCreateOrder() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateOrderBody) => apiPost<PurchaseOrder>(`${BASE}/purchase-orders`, body), onSuccess: refresh });
}

export type OrderStep = ({ id: number; action: 'submit' | 'approve' } & OrderReferencesBody) | { id: number; action: 'reject' | 'cancel'; reason: string } | { id: number; action: 'in-transit' };
export function useOrderStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action, ...body }: OrderStep) => apiPost<PurchaseOrder>(`${BASE}/purchase-orders/${id}/${action}`, body),
    // A refusal refreshes too: an order decided meanwhile is then shown as it stands.
    onSettled: refresh,
  });
}

export function useCreatePlanLine() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreatePlanLineBody) => apiPost<PlanLine>(`${BASE}/plan`, body), onSuccess: refresh });
}

/** A new row of the threshold matrix from a date: the server answers with the whole matrix, shown at once. */
export function useCreateThreshold() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateThresholdBody) => apiPost<Threshold[]>(`${BASE}/thresholds`, body),
    onSuccess: (rows) => {
      client.setQueryData(thresholdsQuery.queryKey, rows);
      return refresh();
    },
  });
}

export function useCreateRequisition() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateRequisitionBody) => apiPost<Requisition>(`${BASE}/requisitions`, body), onSuccess: refresh });
}

export function useSaveSupplier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateSupplierBody | UpdateSupplierBody }) =>
      id === null ? apiPost<Supplier>(`${BASE}/suppliers`, body) : apiPatch<Supplier>(`${BASE}/suppliers/${id}`, body),
    onSuccess: refresh,
  });
}

export function useImportCatalog(supplierId: number, effectiveFrom: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => apiPost<CatalogImport>(`${BASE}/catalog/import`, { supplierId, csv, effectiveFrom: effectiveFrom || undefined, dryRun }),
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}

export function useRecordDelivery() {
  const refresh = useRefresh(['inventory', 'accounting']);
  return useMutation({ mutationFn: ({ orderId, body }: { orderId: number; body: CreateDeliveryBody }) => apiPost<Delivery>(`${BASE}/purchase-orders/${orderId}/deliveries`, body), onSuccess: refresh });
}

export function useSaveInvoice() {
  const refresh = useRefresh(['accounting']);
  return useMutation({
    mutationFn: (input: { id: null; body: CreateInvoiceBody } | { id: number; body: CorrectInvoiceBody }) =>
      input.id === null ? apiPost<SupplierInvoice>(`${BASE}/invoices`, input.body) : apiPatch<SupplierInvoice>(`${BASE}/invoices/${input.id}`, input.body),
    onSuccess: refresh,
  });
}

export function usePay() {
  const refresh = useRefresh(['accounting']);
  return useMutation({ mutationFn: (body: CreatePaymentBody) => apiPost<SupplierPayment>(`${BASE}/payments`, body), onSuccess: refresh });
}
