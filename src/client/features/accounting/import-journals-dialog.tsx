// SPEC.md §2.9 Import Transactions: a CSV file (chosen or pasted) of journal lines grouped by their `journal`
// column. Preview first — a dry run that writes nothing and lists each journal and every problem by its line —
// then Import, which saves the journals as drafts for another officer to approve (POST
// /api/accounting/journals/import). A file with any problem imports nothing.
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_CSV_COLUMNS, MAX_IMPORT_CHARS, type ImportJournalsResult } from '../../../shared/accounting';
import { formatKesExact, parseTotal } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { CsvSourceField } from '../../components/forms/csv-source-field';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { ColumnHeads } from '../../components/data/table-parts';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { RegionTable } from './region-table';
import { accountingError, accountingMessage } from './accounting-labels';
import { useImportJournals } from './accounting.api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onImported: () => void };

export function ImportJournalsDialog({ open, onOpenChange, onImported }: Props) {
  const { t } = useTranslation();
  const mutation = useImportJournals();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportJournalsResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = mutation.isPending;
  const tooBig = csv.length > MAX_IMPORT_CHARS;

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
          toast({ title: t('accounting.import.done', { count: result.journals.length, formatted: formatNumber(result.journals.length) }), description: t('accounting.import.doneBody') });
          onImported();
          onOpenChange(false);
        },
        onError: (error) => setFailure(accountingError(error)),
      },
    );
  };
  const ready = preview !== null && preview.issues.length === 0 && preview.journals.length > 0;

  return (
    <FormDialog open={open} pending={pending} onClose={() => onOpenChange(false)} title={t('accounting.import.title')} description={t('accounting.import.description')} className="max-w-3xl">
      <div className="grid gap-4">
        <CsvSourceField
          id="import"
          columns={JOURNAL_CSV_COLUMNS}
          csv={csv}
          onChange={change}
          disabled={pending}
          tooBig={tooBig ? accountingMessage(`The file must be at most ${MAX_IMPORT_CHARS / 1_000_000} MB`) : null}
        />
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {preview ? <ImportPreview result={preview} /> : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={() => run(true)} disabled={pending || csv.trim() === '' || tooBig}>
          {t('accounting.import.preview')}
        </Button>
        <Button onClick={() => run(false)} disabled={pending || !ready} title={ready ? undefined : t('accounting.import.previewFirst')}>
          <FileUp aria-hidden="true" />
          {pending ? t('accounting.working') : t('accounting.import.submit')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}

function ImportPreview({ result }: { result: ImportJournalsResult }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3" data-testid="import-preview" aria-live="polite">
      {result.issues.length > 0 ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive p-3 text-sm">
          <p className="font-semibold text-destructive">{t('accounting.import.issues', { count: result.issues.length, formatted: formatNumber(result.issues.length) })}</p>
          <ul className="grid max-h-48 list-disc gap-0.5 overflow-y-auto pl-5 text-destructive" data-testid="import-issues">
            {result.issues.map((issue, i) => (
              <li key={`${issue.path}-${i}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-green-800">{t('accounting.import.clean', { count: result.journals.length, formatted: formatNumber(result.journals.length) })}</p>
      )}
      {result.journals.length > 0 ? (
        <RegionTable label={t('accounting.import.caption')}>
          <caption className="sr-only">{t('accounting.import.caption')}</caption>
          <ColumnHeads columns={['line', 'journal', 'date', 'description', 'lines', 'amount'] as const} label={(c) => t(`accounting.import.columnsTable.${c}`)} className={(c) => (c === 'amount' || c === 'lines' ? 'text-right' : undefined)} />
          <TableBody>
            {result.journals.map((j) => (
              <TableRow key={j.key}>
                <TableCell>{j.lineNo}</TableCell>
                <TableCell className="font-mono text-xs">{j.key}</TableCell>
                <TableCell className="whitespace-nowrap">{j.date ? formatDate(j.date) : ''}</TableCell>
                <TableCell>{j.description}</TableCell>
                <TableCell className="text-right">{formatNumber(j.lineCount)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKesExact(parseTotal(j.totalDebit))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </RegionTable>
      ) : null}
    </div>
  );
}
