// A patient's invoices (GET /api/billing?patientId=, an audited read within the reader's scope), for Patient
// Details' billing slot: a file of its own, so the registry, which shows them, does not carry the billing screen's
// other calls.
import { queryOptions } from '@tanstack/react-query';
import type { BillingRecord } from '../../../shared/billing';
import { apiList, qs } from '../../lib/api-client';

const PATIENT_INVOICES_PAGE_SIZE = 20;

export const patientInvoicesQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['billing', 'patient', patientId],
    queryFn: ({ signal }) => apiList<BillingRecord>(`/api/billing${qs({ patientId, limit: PATIENT_INVOICES_PAGE_SIZE })}`, signal),
  });
