// SPEC.md §2.12 table: Staff Member, Role, Facility Assignment, Contact (email, masked phone), Status, Join Date
// (en-GB), Actions. The phone arrives masked from the server: the directory never holds a full number.
import { ColumnHeads, ScrollTable, SkeletonRows } from '../../components/data/table-parts';
import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../shared/staff';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { roleName } from '../../lib/labels';
import { initials } from '../../lib/utils';
import { fullName } from './staff-labels';
import { formatDate } from '../../lib/locale-format';

const COLUMNS = ['staffMember', 'role', 'facility', 'contact', 'status', 'joinDate', 'actions'] as const;
export const STAFF_SKELETON_ROWS = 5;

export { ScrollTable };

type Props = {
  rows: StaffMember[] | undefined;
  loading: boolean;
  onChangeStatus: (member: StaffMember) => void;
  /** Sends the account a new temporary password by SMS (its owner has not yet chosen their own). */
  onSendPassword: (member: StaffMember) => void;
};

export function StaffTable({ rows, loading, onChangeStatus, onSendPassword }: Props) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={t('staff.table.caption')}>
      <caption className="sr-only">{t('staff.table.caption')}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`staff.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={STAFF_SKELETON_ROWS} columns={COLUMNS.length} testId="staff-skeleton" className="h-4 w-24" />
          : rows?.map((m) => <StaffRow key={m.id} member={m} onChangeStatus={onChangeStatus} onSendPassword={onSendPassword} />)}
      </TableBody>
    </ScrollTable>
  );
}

function StaffRow({ member: m, onChangeStatus, onSendPassword }: { member: StaffMember } & Pick<Props, 'onChangeStatus' | 'onSendPassword'>) {
  const { t } = useTranslation();
  const name = fullName(m);
  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
            {initials(m.firstName, m.lastName)}
          </span>
          <span className="font-medium">{name}</span>
        </div>
      </TableCell>
      <TableCell>
        <p>{roleName(t, m.role)}</p>
        {m.pendingRole ? <p className="text-xs text-muted-foreground">{t('staff.table.pendingRole', { role: roleName(t, m.pendingRole) })}</p> : null}
      </TableCell>
      <TableCell>
        {m.facilityName ? (
          <>
            <p>{m.facilityName}</p>
            {m.facilityLevel !== null ? (
              <p className="text-xs text-muted-foreground">{t('staff.table.facilityLine', { level: m.facilityLevel, location: m.facilityLocation ?? '' })}</p>
            ) : null}
          </>
        ) : (
          <span className="text-muted-foreground">{t('staff.table.noFacility')}</span>
        )}
      </TableCell>
      <TableCell>
        <p>
          {/* Long county emails wrap after the @, not mid-word. */}
          {m.email.split('@')[0]}@<wbr />
          {m.email.split('@').slice(1).join('@')}
        </p>
        {m.maskedPhone ? (
          <p className="text-xs text-muted-foreground">
            <span aria-hidden="true">{m.maskedPhone}</span>
            <span className="sr-only">{t('staff.table.maskedPhone', { phone: m.maskedPhone.replace(/•+/g, '…') })}</span>
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{t('staff.table.noPhone')}</p>
        )}
      </TableCell>
      <TableCell>
        {m.awaitingConfirmation ? (
          <Badge variant="info">{t('staff.status.awaitingConfirmation')}</Badge>
        ) : (
          <Badge variant={m.isActive ? 'success' : 'warning'}>{t(m.isActive ? 'staff.status.active' : 'staff.status.inactive')}</Badge>
        )}
        {m.awaitingFirstSignIn ? <p className="mt-1 text-xs text-muted-foreground">{t('staff.status.awaitingFirstSignIn')}</p> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{m.joinedAt ? formatDate(m.joinedAt) : <span className="text-muted-foreground">{t('common.notProvided')}</span>}</TableCell>
      <TableCell className="text-right">
        {m.canChangeStatus || m.canSendPassword ? (
          <div className="flex flex-wrap justify-end gap-2">
            {m.canSendPassword ? (
              <Button variant="outline" size="sm" aria-label={t('staff.actions.sendPasswordNamed', { name })} onClick={() => onSendPassword(m)}>
                <KeyRound aria-hidden="true" />
                {t('staff.actions.sendPassword')}
              </Button>
            ) : null}
            {m.canChangeStatus ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={t(m.isActive ? 'staff.actions.deactivateNamed' : 'staff.actions.reactivateNamed', { name })}
            onClick={() => onChangeStatus(m)}
          >
            {m.isActive ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
            {t(m.isActive ? 'staff.actions.deactivate' : 'staff.actions.reactivate')}
          </Button>
            ) : null}
          </div>
        ) : (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              —
            </span>
            <span className="sr-only">{t('staff.actions.none')}</span>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
