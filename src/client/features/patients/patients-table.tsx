// SPEC.md §2.6 registry table: Patient Details, Age/Gender, Contact, Facility, Last Visit, Actions.
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Eye, FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { ageInYears, countyDate } from '../../../shared/county-time';
import type { Patient } from '../../../shared/patients';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { fullName, genderName, lastVisitText } from './patient-labels';
import { isWaiting } from './patients.offline';

type Props = {
  rows: Patient[] | undefined;
  loading: boolean;
  canAddRecord: boolean;
  onView: (p: Patient) => void;
  onAddRecord: (p: Patient) => void;
};

const COLUMNS = ['details', 'ageGender', 'contact', 'facility', 'lastVisit', 'actions'] as const;

export function PatientsTable({ rows, loading, canAddRecord, onView, onAddRecord }: Props) {
  const { t } = useTranslation();
  const today = countyDate(new Date());
  const now = new Date();
  return (
    <Table>
      <caption className="sr-only">{t('patients.page.tableCaption')}</caption>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`patients.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
      <TableBody>
        {loading
          ? <SkeletonRows rows={5} columns={COLUMNS.length} testId="patient-skeleton" className="h-4 w-24" />
          : rows?.map((p) => {
              const name = fullName(p);
              return (
                <TableRow key={p.id}>
                  <TableCell>
                    <p className="font-medium">{name}</p>
                    <p className="text-xs text-muted-foreground">{t('patients.page.idLine', { nationalId: p.nationalId })}</p>
                  </TableCell>
                  <TableCell>
                    <p>{t('patients.page.age', { count: ageInYears(p.dateOfBirth, today) })}</p>
                    <p className="text-xs text-muted-foreground">{genderName(t, p.gender)}</p>
                  </TableCell>
                  <TableCell>{p.phoneNumber ? displayPhone(p.phoneNumber) : <span className="text-muted-foreground">{t('common.notProvided')}</span>}</TableCell>
                  <TableCell>
                    {isWaiting(p) ? (
                      <span className="rounded bg-yellow-100 px-1.5 py-0.5 text-xs font-medium text-yellow-900" data-testid="waiting-patient">
                        {t('offlineWork.waitingBadge')}
                      </span>
                    ) : (
                      p.facilityName
                    )}
                  </TableCell>
                  <TableCell>{p.lastVisitAt ? lastVisitText(t, p.lastVisitAt, now) : <span className="text-muted-foreground">{t('patients.lastVisit.never')}</span>}</TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      {/* A registration still on this device has no details on the server to show yet. */}
                      {isWaiting(p) ? null : (
                        <Button variant="ghost" size="icon" aria-label={t('patients.page.viewDetails', { name })} title={t('patients.page.viewDetails', { name })} onClick={() => onView(p)}>
                          <Eye aria-hidden="true" />
                        </Button>
                      )}
                      {canAddRecord ? (
                        <Button variant="ghost" size="icon" aria-label={t('patients.page.addRecord', { name })} title={t('patients.page.addRecord', { name })} onClick={() => onAddRecord(p)}>
                          <FilePlus2 aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );
}
