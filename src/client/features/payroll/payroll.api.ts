// Payroll Management's calls (issue 27 item 8): the runs within the reader's reach and one run's totals and a page of
// its lines; Process Payroll, submit, approve and reject; the employee register, its departments and one employee's
// history and own pay items; Tax Compliance; the timesheet import. Each change refreshes what it moves (the ledger's
// screens too: an approval posts a journal).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddPayItemBody,
  AddStatutoryRateBody,
  AllowanceType,
  Compliance,
  CreateEmployeeBody,
  CreateRunBody,
  Delegation,
  Department,
  Employee,
  EmployeeDetail,
  PayItem,
  PayRun,
  RunDetail,
  SalaryScaleImport,
  StatutoryRate,
  TimesheetImport,
} from '../../../shared/payroll';
import { apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const LINES_PAGE_SIZE = 25;
export const EMPLOYEES_PAGE_SIZE = 25;

export const runsQuery = queryOptions({
  queryKey: ['payroll', 'runs'],
  queryFn: ({ signal }) => apiGet<PayRun[]>('/api/payroll/runs', signal),
});

/** One run's totals alone (by department, what it owes): no one's line is read. */
export const runTotalsQuery = (id: number) =>
  queryOptions({
    queryKey: ['payroll', 'run', id, 'totals'],
    queryFn: ({ signal }) => apiGet<RunDetail>(`/api/payroll/runs/${id}?limit=0`, signal),
  });

export type LineFilters = { search: string; only: '' | 'exceptions' | 'changes' };

/** One run's totals, and for the payroll roles a page of its lines. */
export const runQuery = (id: number, filters: LineFilters = { search: '', only: '' }, offset = 0) =>
  queryOptions({
    queryKey: ['payroll', 'run', id, { ...filters, offset }],
    queryFn: ({ signal }) => apiGet<RunDetail>(`/api/payroll/runs/${id}${qs({ search: filters.search.trim(), only: filters.only, limit: LINES_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const complianceQuery = (period?: string) =>
  queryOptions({
    queryKey: ['payroll', 'compliance', period ?? 'latest'],
    queryFn: ({ signal }) => apiGet<Compliance>(`/api/payroll/compliance${qs({ period })}`, signal),
  });

export type EmployeeFilters = { search: string; departmentId: string };

export const employeesQuery = (f: EmployeeFilters, offset: number) =>
  queryOptions({
    queryKey: ['payroll', 'employees', { ...f, offset }],
    queryFn: ({ signal }) =>
      apiList<Employee>(`/api/payroll/employees${qs({ search: f.search.trim(), departmentId: f.departmentId, limit: EMPLOYEES_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const employeeQuery = (id: number) =>
  queryOptions({
    queryKey: ['payroll', 'employee', id],
    queryFn: ({ signal }) => apiGet<EmployeeDetail>(`/api/payroll/employees/${id}`, signal),
  });

export const departmentsQuery = queryOptions({
  queryKey: ['payroll', 'departments'],
  queryFn: ({ signal }) => apiGet<Department[]>('/api/payroll/departments', signal),
  staleTime: 5 * 60_000,
});

/** An employee's own allowances and voluntary deductions, current and ended (the server audits the read). */
export const payItemsQuery = (employeeId: number) =>
  queryOptions({
    queryKey: ['payroll', 'employee', employeeId, 'items'],
    queryFn: ({ signal }) => apiGet<PayItem[]>(`/api/payroll/employees/${employeeId}/items`, signal),
  });

/** The allowance kinds the county pays (its configuration: changes rarely). */
export const allowanceTypesQuery = queryOptions({
  queryKey: ['payroll', 'allowance-types'],
  queryFn: ({ signal }) => apiGet<AllowanceType[]>('/api/payroll/allowance-types', signal),
  staleTime: 5 * 60_000,
});

/** After a change: every payroll figure, and the ledger's (an approval posts a journal). */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['payroll'] }), client.invalidateQueries({ queryKey: ['accounting'] })]);
}

export function useProcessRun() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateRunBody) => apiPost<RunDetail>('/api/payroll/runs', body), onSuccess: refresh });
}

export function useRunDecision() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'submit' | 'approve' | 'reject'; reason?: string }) =>
      apiPost<RunDetail>(`/api/payroll/runs/${id}/${action}`, action === 'reject' ? { reason } : {}),
    onSuccess: refresh,
  });
}

export function useAddEmployee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateEmployeeBody) => apiPost<EmployeeDetail>('/api/payroll/employees', body), onSuccess: refresh });
}

export function useChangeEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => apiPatch<EmployeeDetail>(`/api/payroll/employees/${id}`, body),
    onSuccess: refresh,
  });
}

export function useImportTimesheet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => apiPost<TimesheetImport>('/api/payroll/timesheets/import', { csv, dryRun }),
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}

/** The salary scale from a CSV file (a dry run previews it); the scale moves no journal. */
export function useImportSalaryScale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => apiPost<SalaryScaleImport>('/api/payroll/salary-scale/import', { csv, dryRun }),
    onSuccess: (result) => (result.dryRun ? undefined : client.invalidateQueries({ queryKey: ['payroll', 'salary-scale'] })),
  });
}

/** A pay item moves no journal: only Payroll's figures are refreshed. */
export function useAddPayItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, body }: { employeeId: number; body: AddPayItemBody }) => apiPost<PayItem>(`/api/payroll/employees/${employeeId}/items`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payroll'] }),
  });
}

export function useStopPayItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, toPeriod, reason }: { id: number; toPeriod: string; reason: string }) => apiPatch<PayItem>(`/api/payroll/pay-items/${id}`, { toPeriod, reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payroll'] }),
  });
}

// The statutory tables and the director's delegations (the Overview's two cards, for the payroll roles).

/** Every row of every statutory table (PAYE, SHIF, …), by table and date, with who added it. */
export const ratesQuery = queryOptions({
  queryKey: ['payroll', 'rates'],
  queryFn: ({ signal }) => apiGet<StatutoryRate[]>('/api/payroll/rates', signal),
});

/** A new row of one table from its date: every figure worked out from then on changes, so all of Payroll refreshes. */
export function useAddRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: AddStatutoryRateBody) => apiPost<StatutoryRate>('/api/payroll/rates', body), onSuccess: () => client.invalidateQueries({ queryKey: ['payroll'] }) });
}

/** The director's delegations of a facility's own runs to its in-charge, live first. */
export const delegationsQuery = queryOptions({
  queryKey: ['payroll', 'delegations'],
  queryFn: ({ signal }) => apiGet<Delegation[]>('/api/payroll/delegations', signal),
});

export function useDelegate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (facilityId: number) => apiPost<Delegation>('/api/payroll/delegations', { facilityId }), onSuccess: () => client.invalidateQueries({ queryKey: ['payroll'] }) });
}

/** Refreshes after a refusal too: a delegation revoked meanwhile (409) is then listed as it stands. */
export function useRevokeDelegation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => apiPost<Delegation>(`/api/payroll/delegations/${id}/revoke`, {}), onSettled: () => client.invalidateQueries({ queryKey: ['payroll'] }) });
}
