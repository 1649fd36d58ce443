// The payroll's CSV imports (Import Timesheet, the salary scale): a file pasted or chosen, a preview first — a dry run
// that writes nothing and names every wrong line — then Import; a file with any wrong line imports nothing. Each
// import brings its own strings (under `payroll.<strings>`: title, description, rules, issues, clean, caption,
// done, doneBody) and the table its preview rows make.
import type { UseMutationResult } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TIMESHEET_CSV } from '../../../shared/payroll';
import { CsvSourceField } from '../../components/forms/csv-source-field';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { toast } from '../../components/ui/use-toast';
import { formatNumber } from '../../lib/locale-format';
import { payrollErrorText, payrollMessage } from './payroll-labels';

type Preview = { dryRun: boolean; rows: readonly unknown[]; issues: readonly { path: string; message: string }[] };

export function CsvImportDialog<P extends Preview>({
  id,
  strings,
  columns,
  mutation,
  children,
  onClose,
}: {
  id: string;
  /** The import's strings, under payroll.<strings>. */
  strings: 'timesheet' | 'scaleImport';
  columns: readonly string[];
  mutation: UseMutationResult<P, Error, { csv: string; dryRun: boolean }>;
  /** The preview's rows as a table. */
  children: (preview: P) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const s = (key: string, options?: Record<string, unknown>) => t(`payroll.${strings}.${key}`, options);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<P | null>(null);
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
          toast({ title: s('done', { count: result.rows.length, n: formatNumber(result.rows.length) }), description: s('doneBody') });
          onClose();
        },
        onError: (error) => setFailure(payrollErrorText(t, error)),
      },
    );
  };
  const ready = preview !== null && preview.issues.length === 0 && preview.rows.length > 0;
  return (
    <FormDialog pending={pending} onClose={onClose} title={s('title')} description={s('description')} className="max-w-3xl">
      <div className="grid gap-4">
        <CsvSourceField id={id} columns={columns} csv={csv} onChange={change} disabled={pending} tooBig={tooBig ? t('payroll.timesheet.tooBig') : null} />
        <p className="text-xs text-muted-foreground">{s('rules')}</p>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {preview ? (
          <div className="grid gap-3" data-testid={`${id}-preview`} aria-live="polite">
            {preview.issues.length > 0 ? (
              <div role="alert" className="grid gap-1 rounded-md border border-destructive p-3 text-sm">
                <p className="font-semibold text-destructive">{s('issues', { count: preview.issues.length, n: formatNumber(preview.issues.length) })}</p>
                <ul className="grid max-h-48 list-disc gap-0.5 overflow-y-auto pl-5 text-destructive" data-testid={`${id}-issues`}>
                  {preview.issues.map((issue, i) => (
                    <li key={`${issue.path}-${i}`}>{payrollMessage(issue.message)}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-green-800">{s('clean', { count: preview.rows.length, n: formatNumber(preview.rows.length) })}</p>
            )}
            {preview.rows.length > 0 ? children(preview) : null}
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
