// SPEC.md §2.6 Medical Records of one patient: skeleton of 3 rows → error with retry → 'No medical records found' → records.
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText, lastVisitText } from './patient-labels';
import { patientRecordsQuery, visitSummaryUrl } from './patients.api';
import { PrintLink } from '../../components/print-link';
import { formatDate } from '../../lib/locale-format';

export function MedicalRecordsList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const records = useQuery(patientRecordsQuery(patientId));

  if (records.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label={t('patients.details.loadingRecords')}>
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="grid gap-2 rounded-md border p-3" data-testid="record-skeleton">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (records.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive p-3 text-sm">
        <p className="text-destructive">{t('common.loadError', { message: errorText(t, records.error, t('common.error')) })}</p>
        <Button variant="outline" size="sm" onClick={() => void records.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const { rows, total } = records.data;
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="h-8 w-8" />
        <p>{t('patients.details.noRecords')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3" aria-label={t('patients.details.records')}>
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h4 className="font-semibold">{r.chiefComplaint}</h4>
                <p className="text-muted-foreground">{t('patients.details.visitAt', { date: formatDate(r.visitDate), facility: r.facilityName })}</p>
              </div>
              <Badge variant="secondary">{lastVisitText(t, r.visitDate)}</Badge>
            </div>
            <dl className="grid gap-1">
              {(['diagnosis', 'treatment', 'prescription'] as const).map((field) =>
                r[field] ? (
                  <div key={field} className="flex flex-wrap gap-1">
                    <dt className="font-medium">{t(`patients.record.${field}`)}:</dt>
                    <dd className="whitespace-pre-line">{r[field]}</dd>
                  </div>
                ) : null,
              )}
              {r.followUpDate ? (
                <div className="flex flex-wrap items-center gap-1">
                  <dt className="flex items-center gap-1 font-medium">
                    <CalendarClock aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
                    {t('patients.record.followUpDate')}:
                  </dt>
                  <dd>{formatDate(r.followUpDate)}</dd>
                </div>
              ) : null}
            </dl>
            <div>
              <PrintLink
                size="sm"
                href={(lang) => visitSummaryUrl(r.id, lang)}
                label={t('patients.details.printSummary')}
                ariaLabel={t('patients.details.printSummaryOf', { date: formatDate(r.visitDate) })}
              />
            </div>
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('patients.details.latestRecords', { count: rows.length, total })}</p> : null}
    </div>
  );
}
