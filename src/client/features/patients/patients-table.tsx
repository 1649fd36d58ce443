// SPEC.md §2.6 registry table: Patient Details, Age/Gender, Contact, Facility, Last Visit, Actions.
import { Eye, FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ageInYears, countyDate, displayPhone } from '../../../shared/format';
import type { Patient } from '../../../shared/schemas/patient';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { fullName, genderName, lastVisitText } from './patient-labels';

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
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHead key={c} className={c === 'actions' ? 'text-right' : undefined}>
              {t(`patients.columns.${c}`)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: 5 }, (_, i) => (
              <TableRow key={i} data-testid="patient-skeleton">
                {COLUMNS.map((c) => (
                  <TableCell key={c}>
                    <Skeleton className="h-4 w-24" />
                  </TableCell>
                ))}
              </TableRow>
            ))
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
                  <TableCell>{p.facilityName}</TableCell>
                  <TableCell>{p.lastVisitAt ? lastVisitText(t, p.lastVisitAt, now) : <span className="text-muted-foreground">{t('patients.lastVisit.never')}</span>}</TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" aria-label={t('patients.page.viewDetails', { name })} title={t('patients.page.viewDetails', { name })} onClick={() => onView(p)}>
                        <Eye aria-hidden="true" />
                      </Button>
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
