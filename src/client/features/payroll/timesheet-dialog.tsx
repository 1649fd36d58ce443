// Import Timesheet (SPEC.md §2.10's button, wired: issue 27 item 2): a CSV file of the month's overtime and casual
// days (personal_number, period, overtime_hours, rest_day_hours, casual_days). Preview first — a dry run that writes
// nothing and names every wrong line — then Import; a file with any wrong line imports nothing. The month's run is
// then processed (again) to pay them.
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TIMESHEET_CSV, TIMESHEET_COLUMNS, type TimesheetImport } from '../../../shared/payroll';
import { CsvSourceField } from '../../components/forms/csv-source-field';
import { ScrollTable } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { formatMonth, formatNumber } from '../../lib/locale-format';
import { useImportTimesheet } from './payroll.api';
import { payrollErrorText, payrollMessage } from './payroll-labels';

export function TimesheetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportTimesheet();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<TimesheetImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = mutation.isPending;
  const tooBig = csv.length > MAX_TIMESHEET_CSV;
  const change = (text: string) => {
    setCsv(text);
    setPreview(null);
    setFailure(null);
  };
  const run = (dryRun: boolean) => {
    setFailure(null);
    mutation.mutate(
      { csv, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun) return setPreview(result);
          toast({ title: t('payroll.timesheet.done', { count: result.rows.length, n: formatNumber(result.rows.length) }), description: t('payroll.timesheet.doneBody') });
          onClose();
        },
        onError: (error) => setFailure(payrollErrorText(t, error)),
      },
    );
  };
  const ready = preview !== null && preview.issues.length === 0 && preview.rows.length > 0;
  return (
    <FormDialog pending={pending} onClose={onClose} title={t('payroll.timesheet.title')} description={t('payroll.timesheet.description')} className="max-w-3xl">
      <div className="grid gap-4">
        <CsvSourceField id="payroll-timesheet" columns={TIMESHEET_COLUMNS} csv={csv} onChange={change} disabled={pending} tooBig={tooBig ? t('payroll.timesheet.tooBig') : null} />
        <p className="text-xs text-muted-foreground">{t('payroll.timesheet.rules')}</p>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {preview ? (
          <div className="grid gap-3" data-testid="payroll-timesheet-preview" aria-live="polite">
            {preview.issues.length > 0 ? (
              <div role="alert" className="grid gap-1 rounded-md border border-destructive p-3 text-sm">
                <p className="font-semibold text-destructive">{t('payroll.timesheet.issues', { count: preview.issues.length, n: formatNumber(preview.issues.length) })}</p>
                <ul className="grid max-h-48 list-disc gap-0.5 overflow-y-auto pl-5 text-destructive" data-testid="payroll-timesheet-issues">
                  {preview.issues.map((issue, i) => (
                    <li key={`${issue.path}-${i}`}>{payrollMessage(issue.message)}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-green-800">{t('payroll.timesheet.clean', { count: preview.rows.length, n: formatNumber(preview.rows.length) })}</p>
            )}
            {preview.rows.length > 0 ? (
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
            ) : null}
          </div>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={() => run(true)} disabled={pending || csv.trim() === '' || tooBig}>
          {t('payroll.timesheet.preview')}
        </Button>
        <Button onClick={() => run(false)} disabled={pending || !ready} title={ready ? undefined : t('payroll.timesheet.previewFirst')}>
          <FileUp aria-hidden="true" />
          {pending ? t('payroll.current.working') : t('payroll.timesheet.submit')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
