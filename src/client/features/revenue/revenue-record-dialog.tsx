// View Details (§2.7): everything the records call gives for one invoice; read-only (payments are taken on /billing).
import { DetailField } from '../../components/data/detail-field';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { RevenueRecord } from '../../../shared/revenue';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { formatDateTime, insurerName, paymentMethodName, serviceName, statusName, statusVariant } from './revenue-labels';
import { formatDate } from '../../lib/locale-format';

export function RevenueRecordDialog({ record, onClose }: { record: RevenueRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {record ? (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6">{t('revenue.details.title', { invoice: record.invoiceNumber })}</DialogTitle>
              <DialogDescription>{t('revenue.details.description')}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <DetailField label={t('revenue.details.patient')}>{record.patientName}</DetailField>
              <DetailField label={t('revenue.details.nationalId')}>{record.nationalId}</DetailField>
              <DetailField label={t('revenue.columns.service')}>{serviceName(t, record.serviceType)}</DetailField>
              <DetailField label={t('revenue.columns.facility')}>{record.facilityName}</DetailField>
              <DetailField label={t('revenue.columns.amount')}>{formatKES(record.amount)}</DetailField>
              <DetailField label={t('revenue.details.patientPayable')}>{formatKES(record.patientPayable)}</DetailField>
              <DetailField label={t('revenue.columns.paymentMethod')}>{paymentMethodName(t, record.paymentMethod)}</DetailField>
              <DetailField label={t('revenue.details.insurance')}>
                {record.insuranceProvider
                  ? t('revenue.details.coverage', { insurer: insurerName(t, record.insuranceProvider), percent: record.insuranceCoveragePercent })
                  : t('revenue.details.noInsurance')}
              </DetailField>
              <DetailField label={t('revenue.columns.status')}>
                <Badge variant={statusVariant(record.status)}>{statusName(t, record.status)}</Badge>
                {record.statusReason ? <span className="mt-1 block font-normal text-muted-foreground">{record.statusReason}</span> : null}
              </DetailField>
              <DetailField label={t('revenue.details.invoiceDate')}>{formatDateTime(record.createdAt)}</DetailField>
              <DetailField label={t('revenue.details.dueDate')}>{record.dueDate ? formatDate(record.dueDate) : t('common.notSpecified')}</DetailField>
              <DetailField label={t('revenue.details.paidAt')}>{record.paidAt ? formatDateTime(record.paidAt) : t('revenue.details.notPaid')}</DetailField>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
