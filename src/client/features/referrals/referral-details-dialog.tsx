// View Details of a referral (SPEC.md §2.14): what was sent and why, its history (each step with who, where and
// when) and the next steps this user may take: 'Mark In Transit', 'Mark Received', 'Cancel Referral'.
import { DetailField } from '../../components/data/detail-field';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReferralStatus } from '../../../shared/referrals';
import { canMoveReferral, type ReferralDetail } from '../../../shared/referrals';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { ReferralHistory } from './referral-history';
import { ReferralStatusBadge, UrgencyBadge, ReferralLoadError } from './referral-labels';
import { ReferralActions } from './referral-actions';
import { referralLetterUrl, referralQuery } from './referrals.api';
import { PrintLink } from '../../components/print-link';
import { formatDate } from '../../lib/locale-format';

type Props = { referralId: number | null; onOpenChange: (open: boolean) => void };

export function ReferralDetailsDialog({ referralId, onOpenChange }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={referralId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('referrals.details.title')}</DialogTitle>
          <DialogDescription>{t('referrals.details.description')}</DialogDescription>
        </DialogHeader>
        {referralId !== null ? <ReferralDetails id={referralId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReferralDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(referralQuery(id));
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    );
  }
  if (query.isError) {
    return <ReferralLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ReferralBody referral={query.data} />;
}

function ReferralBody({ referral: r }: { referral: ReferralDetail }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const user = { role: staff.role, facilityId: staff.facilityId, subcounty: staff.subcounty };
  const allowed = (['in_transit', 'received', 'cancelled'] as const).filter(
    (target: ReferralStatus) => staff.may('referrals:write') && canMoveReferral(user, r, target),
  );
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <ReferralStatusBadge status={r.status} />
        <UrgencyBadge urgency={r.urgencyLevel} />
        <span className="ml-auto">
          <PrintLink href={(lang) => referralLetterUrl(r.id, lang)} label={t('referrals.details.printLetter')} />
        </span>
      </div>
      <dl className="grid gap-2 text-sm">
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.columns.patient')}>
          {r.patientName} <span className="text-muted-foreground">({t('referrals.table.idLine', { nationalId: r.patientNationalId })})</span>
        </DetailField>
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.columns.route')}>
          <span className="inline-flex flex-wrap items-center gap-1">
            {r.fromFacility}
            <ArrowRight aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
            <span className="sr-only">{t('referrals.table.to')}</span>
            {r.toFacility}
          </span>
        </DetailField>
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.form.referralReason')}>{r.referralReason}</DetailField>
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.columns.doctor')}>{r.referringDoctor}</DetailField>
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.columns.date')}>{formatDate(r.referralDate)}</DetailField>
        <DetailField className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-2" label={t('referrals.form.clinicalNotes')}>
          <span className="whitespace-pre-line">{r.clinicalNotes}</span>
        </DetailField>
      </dl>
      <section aria-labelledby="referral-history-heading" className="grid gap-3">
        <h3 id="referral-history-heading" className="text-base font-semibold">
          {t('referrals.details.history')}
        </h3>
        <ReferralHistory events={r.events} />
      </section>
      {allowed.length > 0 ? <ReferralActions referral={r} allowed={allowed} /> : null}
      {allowed.length === 0 && (r.status === 'pending' || r.status === 'in_transit') && staff.may('referrals:write') ? (
        <p className="text-sm text-muted-foreground">{t(`referrals.details.waitingFor.${r.status}`, { from: r.fromFacility, to: r.toFacility })}</p>
      ) : null}
    </div>
  );
}
