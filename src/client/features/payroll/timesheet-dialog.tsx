// Import Timesheet (SPEC.md §2.10's button, wired: issue 27 item 2): a CSV file of the month's overtime and casual
// days (personal_number, period, overtime_hours, rest_day_hours, casual_days). Preview first — a dry run that writes
// nothing and names every wrong line — then Import; a file with any wrong line imports nothing. The month's run is
// then processed (again) to pay them.
import { useTranslation } from 'react-i18next';
import { TIMESHEET_COLUMNS } from '../../../shared/payroll';
import { CsvImportDialog } from '../../components/forms/csv-import-dialog';
import { ScrollTable } from '../../components/data/table-parts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatMonth, formatNumber } from '../../lib/locale-format';
import { useImportTimesheet } from './payroll.api';
import { payrollImport } from './payroll-labels';

export function TimesheetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportTimesheet();
  return (
    <CsvImportDialog
      id="payroll-timesheet"
      columns={TIMESHEET_COLUMNS}
      mutation={mutation}
      {...payrollImport(t, 'timesheet')}
      onClose={onClose}
    >
      {(preview) => (
        <ScrollTable label={t('payroll.timesheet.caption')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('payroll.timesheet.line')}</TableHead>
              <TableHead>{t('payroll.columns.employee')}</TableHead>
              <TableHead>{t('payroll.timesheet.period')}</TableHead>
              <TableHead className="text-right">{t('payroll.timesheet.overtime')}</TableHead>
              <TableHead className="text-right">{t('payroll.timesheet.restDay')}</TableHead>
              <TableHead className="text-right">{t('payroll.timesheet.casualDays')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell>
                  {r.name} <span className="text-xs text-muted-foreground">({r.personalNumber})</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatMonth(r.period)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(r.overtimeHours)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(r.restDayHours)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.casualDays === null ? '—' : formatNumber(r.casualDays)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </CsvImportDialog>
  );
}
