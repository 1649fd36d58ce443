// A patient's referrals, in their record (Patient Details dialog): where they were sent, why, when, and how far
// the referral has got. Skeleton → error with retry → empty → list. The read is audited by the server.
import './patient-referrals.strings';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SlotEmpty, SlotListSkeleton, SlotSection } from '../../components/data/slot-states';
import { ReferralStatusBadge, UrgencyBadge, ReferralLoadError } from './referral-labels';
import { patientReferralsQuery } from './patient-referrals.api';
import { formatDate } from '../../lib/locale-format';

export function PatientReferrals({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  return (
    <SlotSection id="patient-referrals-heading" title={t('referrals.patient.title')}>
      <PatientReferralList patientId={patientId} />
    </SlotSection>
  );
}

function PatientReferralList({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useQuery(patientReferralsQuery(patientId));
  if (query.isPending) return <SlotListSkeleton label={t('referrals.patient.loading')} />;
  if (query.isError) {
    return <ReferralLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { rows, total } = query.data;
  if (rows.length === 0) {
    return <SlotEmpty icon={Send}>{t('referrals.patient.empty')}</SlotEmpty>;
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
