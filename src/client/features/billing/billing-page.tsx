// SPEC.md §2.8 Billing & Payments: Create Invoice, the four cards, the filter row, the invoices table, and the
// Process Payment and invoice details dialogs. The search lives in component state, never in the URL (a patient's
// name must not end up in browser history or server logs, DESIGN.md §1.4).
import './billing.strings';
import { useQuery } from '@tanstack/react-query';
import { FilePlus2, Receipt } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOnline } from '../../components/offline-banner';
import { useTranslation } from 'react-i18next';
import { NotForRole } from '../../components/data/not-for-role';
import type { BillingRecord, ListBillingQuery } from '../../../shared/billing';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useStaff } from '../../app/use-staff';
import { facilitiesQuery } from '../facilities';
import { INVOICE_PAGE_SIZE, invoicesQuery } from './billing.api';
import { BillingCards } from './billing-cards';
import { BillingFilters, type FilterValues } from './billing-filters';
import { billingError } from './billing-labels';
import { InvoicesTable } from './invoices-table';
import { formatNumber } from '../../lib/locale-format';

const CreateInvoiceDialog = lazy(() => import('./create-invoice-dialog').then((m) => ({ default: m.CreateInvoiceDialog })));
const ProcessPaymentDialog = lazy(() => import('./process-payment-dialog').then((m) => ({ default: m.ProcessPaymentDialog })));
const InvoiceDetailsDialog = lazy(() => import('./invoice-details-dialog').then((m) => ({ default: m.InvoiceDetailsDialog })));
const PaymentsReview = lazy(() => import('./payments-review').then((m) => ({ default: m.PaymentsReview })));

export function BillingPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  // Invoices name patients: roles without billing:read (DESIGN.md §7) see why, and nothing is asked of the server.
  if (staff.role && !staff.may('billing:read')) {
    return <NotForRole title={t('billing.title')} subtitle={t('billing.subtitle')} note={t('billing.table.forbidden')} testId="billing-forbidden" />;
  }
  return <BillingDesk />;
}

function BillingDesk() {
  const { t } = useTranslation();
  const staff = useStaff();
  const { facilityId: shellFacility } = useSelectedFacility();
  // The shell's Current Facility, when the reader's billing grant reaches it; else every facility it reaches
  // (a desk whose Current Facility is elsewhere still sees its own facility's invoices, not a refusal).
  const shellRecord = useQuery(facilitiesQuery).data?.find((f) => f.id === shellFacility);
  const scope = shellRecord && !staff.reaches('billing:read', shellRecord) ? undefined : scopeOf(shellFacility);
  const [filters, setFilters] = useState<FilterValues>(() => ({ search: '', status: '', paymentMethod: '', facility: scope ? String(scope) : '' }));
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<BillingRecord | null>(null);
  const [viewing, setViewing] = useState<BillingRecord | null>(null);
  // A new Current Facility in the shell starts the filters again from it.
  const [shellSeen, setShellSeen] = useState(shellFacility);
  if (shellSeen !== shellFacility) {
    setShellSeen(shellFacility);
    setFilters({ search: '', status: '', paymentMethod: '', facility: scope ? String(scope) : '' });
    setOffset(0);
  }

  // The selects hold the shared lists' values, or '' for all of them.
  const query = useQuery(
    invoicesQuery({
      search: filters.search,
      status: (filters.status || undefined) as ListBillingQuery['status'],
      paymentMethod: (filters.paymentMethod || undefined) as ListBillingQuery['paymentMethod'],
      facilityId: filters.facility ? Number(filters.facility) : undefined,
      offset,
    }),
  );
  const canWrite = staff.may('billing:write');
  const online = useOnline();
  // At the desk online: the device keeps receipt numbers for cash taken if the link drops (issue 34).
  useEffect(() => {
    if (canWrite && online) void import('./billing.offline').then((m) => m.keepReceiptNumbers()).catch(() => undefined);
  }, [canWrite, online]);
  const filtered = filters.search !== '' || filters.status !== '' || filters.paymentMethod !== '' || filters.facility !== '';
  const total = query.data?.total;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('billing.title')}</h1>
          <p className="text-muted-foreground">{t('billing.subtitle')}</p>
        </div>
        {canWrite ? (
          <Button onClick={() => setCreating(true)}>
            <FilePlus2 aria-hidden="true" />
            {t('billing.createInvoice')}
          </Button>
        ) : null}
      </div>

      {online ? null : (
        <p className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" data-testid="billing-offline-note">
          {t('billing.offlineNote')}
        </p>
      )}
      <BillingCards scope={scope} />

      {/* M-Pesa payments held for review, for finance to resolve (issue 30 item 1): shown only when there are some. */}
      {staff.may('payments:resolve') ? (
        <Suspense fallback={null}>
          <PaymentsReview />
        </Suspense>
      ) : null}

      <BillingFilters
        key={shellFacility}
        initial={{ search: '', status: '', paymentMethod: '', facility: scope ? String(scope) : '' }}
        onSearch={(values) => {
          setFilters(values);
          setOffset(0);
        }}
      />

      <ListCard
        title={total === undefined ? t('billing.table.title') : t('billing.table.titleCount', { total: formatNumber(total) })}
        icon={Receipt}
        query={query}
        errorMessage={(error) =>
          error instanceof ApiError && error.status === 403 ? t('billing.table.forbidden') : t('common.loadError', { message: billingError(error, t('common.error')) })
        }
        paging={{ label: t('billing.table.pagination'), offset, pageSize: INVOICE_PAGE_SIZE, onOffset: setOffset }}
        empty={
          <EmptyState
            icon={Receipt}
            title={t('billing.table.emptyTitle')}
            hint={filtered ? t('billing.table.emptyFiltered') : t('billing.table.emptyNone')}
            action={
              canWrite ? (
                <Button onClick={() => setCreating(true)}>
                  <FilePlus2 aria-hidden="true" />
                  {t('billing.createInvoice')}
                </Button>
              ) : null
            }
          />
        }
      >
        <InvoicesTable rows={query.data?.rows} loading={query.isPending} canWrite={canWrite} onView={setViewing} onPay={setPaying} />
      </ListCard>

      <Suspense fallback={null}>
        {creating ? <CreateInvoiceDialog open={creating} onOpenChange={setCreating} /> : null}
        {paying ? <ProcessPaymentDialog invoice={paying} open onOpenChange={(open) => (open ? undefined : setPaying(null))} /> : null}
        {viewing ? (
          <InvoiceDetailsDialog
            invoiceId={viewing.id}
            open
            canWrite={canWrite}
            onOpenChange={(open) => (open ? undefined : setViewing(null))}
            onPay={(b) => {
              setViewing(null);
              setPaying(b);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
