// Medical Inventory's calls (SPEC.md §2.15, §7; DESIGN.md §6): the bounded stock list, the cards, an item's
// ledger and batches, adding an item and recording a movement (Update Stock); the expiring and reorder lists, and
// write-offs asked for and decided (issue 28 item 5).
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateInventoryItemInput,
  CreateWriteOffInput,
  ExpiringReport,
  InventoryBatch,
  InventoryItem,
  InventoryStats,
  ListInventoryQuery,
  ReorderLine,
  StockMovement,
  StockMovementInput,
  StockMovementResult,
  WriteOff,
  WriteOffStatus,
} from '../../../shared/inventory';
import { ApiError, apiGet, apiList, apiPost, qs } from '../../lib/api-client';

export const INVENTORY_PAGE_SIZE = 50;
export const MOVEMENTS_PAGE_SIZE = 20;

/** GET /api/inventory's query (shared/inventory), the page size aside. */
export type InventoryFilters = Omit<ListInventoryQuery, 'limit'>;

export const inventoryListQuery = ({ search, facilityId, category, status, offset }: InventoryFilters) =>
  queryOptions({
    queryKey: ['inventory', 'list', { search, facilityId: facilityId ?? null, category: category ?? null, status: status ?? null, offset }],
    queryFn: ({ signal }) => apiList<InventoryItem>(`/api/inventory${qs({ search, facilityId, category, status, limit: INVENTORY_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const inventoryStatsQuery = (facilityId?: number) =>
  queryOptions({
    queryKey: ['inventory', 'stats', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<InventoryStats>(`/api/inventory/stats${qs({ facilityId })}`, signal),
  });

export const movementsQuery = (itemId: number, offset: number) =>
  queryOptions({
    queryKey: ['inventory', 'movements', itemId, offset],
    queryFn: ({ signal }) => apiList<StockMovement>(`/api/inventory/${itemId}/movements${qs({ limit: MOVEMENTS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const batchesQuery = (itemId: number) =>
  queryOptions({
    queryKey: ['inventory', 'batches', itemId],
    queryFn: ({ signal }) => apiGet<InventoryBatch[]>(`/api/inventory/${itemId}/batches`, signal),
  });

export const VIEW_PAGE_SIZE = 50;

/** Expired and soon-expiring batches; `days` blank: the county's warning (the supply setting). */
export const expiringQuery = ({ facilityId, days, offset }: { facilityId?: number; days?: number; offset: number }) =>
  queryOptions({
    queryKey: ['inventory', 'expiring', { facilityId: facilityId ?? null, days: days ?? null, offset }],
    queryFn: ({ signal }) => apiGet<ExpiringReport>(`/api/inventory/expiring${qs({ facilityId, days, limit: VIEW_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const reorderQuery = ({ facilityId, offset }: { facilityId?: number; offset: number }) =>
  queryOptions({
    queryKey: ['inventory', 'reorder', { facilityId: facilityId ?? null, offset }],
    queryFn: ({ signal }) => apiList<ReorderLine>(`/api/inventory/reorder${qs({ facilityId, limit: VIEW_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const writeOffsQuery = ({ facilityId, status, offset }: { facilityId?: number; status?: WriteOffStatus; offset: number }) =>
  queryOptions({
    queryKey: ['inventory', 'write-offs', { facilityId: facilityId ?? null, status: status ?? null, offset }],
    queryFn: ({ signal }) => apiList<WriteOff>(`/api/inventory/write-offs${qs({ facilityId, status, limit: VIEW_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

/**
 * A stock change shows everywhere at once: the list and cards, the bell and the dashboard's System Alerts (both
 * read /api/notifications, which reads current stock), and the dashboard feed for deliveries.
 */
function refreshAfterStockChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['inventory'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    queryClient.invalidateQueries({ queryKey: ['activities'] }),
  ]);
}

/** SPEC.md §7: after an item is added the inventory refreshes. */
export function useCreateInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInventoryItemInput) => apiPost<InventoryItem>('/api/inventory', input),
    onSuccess: () => refreshAfterStockChange(queryClient),
  });
}

export function useRecordMovement(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockMovementInput) => apiPost<StockMovementResult>(`/api/inventory/${itemId}/movements`, input),
    onSuccess: () => refreshAfterStockChange(queryClient),
    // A refusal for lack of stock may mean someone else issued first: show the balance as it is now.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refreshAfterStockChange(queryClient) : undefined),
  });
}

/** Asks for a batch's stock to be written off: nothing moves until another person approves it. */
export function useRequestWriteOff(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWriteOffInput) => apiPost<WriteOff>(`/api/inventory/${itemId}/write-offs`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inventory', 'write-offs'] }),
  });
}

/** Approves (the stock leaves its batch) or rejects (with the reason) a write-off. */
export function useDecideWriteOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiPost<WriteOff>(`/api/inventory/write-offs/${id}/${decision}`, decision === 'reject' ? { reason } : {}),
    onSuccess: () => refreshAfterStockChange(queryClient),
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refreshAfterStockChange(queryClient) : undefined),
  });
}
