// A patient's referrals, in their record (Patient Details dialog): where they were sent, why, when, and how far
// the referral has got. Skeleton → error with retry → empty → list. The read is audited by the server.
import './patient-referrals.strings';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { ReferralStatusBadge, UrgencyBadge, ReferralLoadError } from './referral-labels';
import { patientReferralsQuery } from './patient-referrals.api';
import { formatDate } from '../../lib/locale-format';

export function PatientReferrals({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-3" aria-labelledby="patient-referrals-heading">
      <h3 id="patient-referrals-heading" className="text-base font-semibold">
        {t('referrals.patient.title')}
      </h3>
      <PatientReferralList patientId={patientId} />
    </section>
  );
}

function PatientReferralList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientReferralsQuery(patientId));
  if (query.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label={t('referrals.patient.loading')}>
        {Array.from({ length: 2 }, (_, i) => (
          <li key={i} className="grid gap-2 rounded-md border p-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return <ReferralLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { rows, total } = query.data;
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        <Send aria-hidden="true" className="h-8 w-8" />
        <p>{t('referrals.patient.empty')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3" aria-label={t('referrals.patient.title')}>
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="patient-referral">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="flex flex-wrap items-center gap-1 font-semibold">
                {r.fromFacility}
                <ArrowRight aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
                <span className="sr-only">{t('referrals.table.to')}</span>
                {r.toFacility}
              </p>
              <div className="flex flex-wrap gap-1">
                <UrgencyBadge urgency={r.urgencyLevel} />
                <ReferralStatusBadge status={r.status} />
              </div>
            </div>
            <p>{r.referralReason}</p>
            <p className="text-muted-foreground">{t('referrals.patient.meta', { date: formatDate(r.referralDate), doctor: r.referringDoctor })}</p>
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-xs text-muted-foreground">{t('referrals.patient.latest', { count: rows.length, total })}</p> : null}
    </div>
  );
}
