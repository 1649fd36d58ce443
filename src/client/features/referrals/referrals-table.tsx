// SPEC.md §2.14 table: Patient (name, ID), From → To, Reason, Urgency, Status, Referring Doctor, Date, View Details.
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Referral } from '../../../shared/referrals';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { ReferralStatusBadge, UrgencyBadge } from './referral-labels';
import { formatDate } from '../../lib/locale-format';

const COLUMNS = ['patient', 'route', 'reason', 'urgency', 'status', 'doctor', 'date', 'actions'] as const;
const SKELETON_ROWS = 5;

type Props = { rows: Referral[] | undefined; loading: boolean; caption: string; onView: (r: Referral) => void };

export function ReferralsTable({ rows, loading, caption, onView }: Props) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`referrals.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS.length} testId="referral-skeleton" className="h-4 w-20" />
          : rows?.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <p className="font-medium">{r.patientName}</p>
                  <p className="text-xs text-muted-foreground">{t('referrals.table.idLine', { nationalId: r.patientNationalId })}</p>
                </TableCell>
                <TableCell>
                  <p>{r.fromFacility}</p>
                  <p className="flex items-center gap-1 text-xs text-muted-foreground">
                    <ArrowRight aria-hidden="true" className="h-3 w-3" />
                    <span className="sr-only">{t('referrals.table.to')}</span>
                    {r.toFacility}
                  </p>
                </TableCell>
                <TableCell className="max-w-56">
                  <p className="line-clamp-2">{r.referralReason}</p>
                </TableCell>
                <TableCell>
                  <UrgencyBadge urgency={r.urgencyLevel} />
                </TableCell>
                <TableCell>
                  <ReferralStatusBadge status={r.status} />
                </TableCell>
                <TableCell>{r.referringDoctor}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={r.referralDate}>{formatDate(r.referralDate)}</time>
                </TableCell>
                <TableCell className="text-right">
                  <Button variant="outline" size="sm" aria-label={t('referrals.table.viewDetailsOf', { name: r.patientName })} onClick={() => onView(r)}>
                    {t('referrals.table.viewDetails')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
