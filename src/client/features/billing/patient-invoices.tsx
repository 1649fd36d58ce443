// A patient's invoices, in their record (Patient Details dialog): what was billed, when and where, for how much,
// what the patient still owes and the invoice's status — only the invoices of the reader's own scope (a billing desk
// sees its facility's). Skeleton → error with retry → empty → list. The read is audited by the server.
import './patient-invoices.strings';
import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { patientDue } from '../../../shared/billing';
import { formatKES, toKes } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { SlotEmpty, SlotListSkeleton, SlotSection } from '../../components/data/slot-states';
import { formatDate } from '../../lib/locale-format';
import { BillingPanelError } from './billing-panel-error';
import { serviceName, STATUS_BADGE, statusName } from './billing-labels';
import { patientInvoicesQuery } from './patient-invoices.api';

export function PatientInvoices({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  return (
    <SlotSection id="patient-invoices-heading" title={t('billing.patient.title')}>
      <PatientInvoiceList patientId={patientId} />
    </SlotSection>
  );
}

function PatientInvoiceList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientInvoicesQuery(patientId));
  if (query.isPending) return <SlotListSkeleton label={t('billing.patient.loading')} />;
  if (query.isError) {
    return <BillingPanelError what={t('billing.patient.title')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { rows, total } = query.data;
  if (rows.length === 0) {
    return <SlotEmpty icon={ReceiptText}>{t('billing.patient.empty')}</SlotEmpty>;
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3" aria-label={t('billing.patient.title')}>
        {rows.map((b) => (
          <li key={b.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="patient-invoice" data-invoice={b.invoiceNumber}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold">
                {b.invoiceNumber} · {serviceName(t, b.serviceType)}
              </p>
              <Badge variant={STATUS_BADGE[b.status]} className="whitespace-nowrap" data-status={b.status}>
                {statusName(t, b.status)}
              </Badge>
            </div>
            <p>
              {formatKES(b.amount)}
              {b.status === 'pending' || b.status === 'overdue' ? <span className="text-muted-foreground"> · {t('billing.patient.owes', { amount: formatKES(toKes(patientDue(b))) })}</span> : null}
            </p>
            <p className="text-muted-foreground">{t('billing.patient.meta', { date: formatDate(b.createdAt), facility: b.facilityName })}</p>
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('billing.patient.latest', { count: rows.length, total })}</p> : null}
    </div>
  );
}
