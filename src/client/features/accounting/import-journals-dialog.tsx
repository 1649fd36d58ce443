// SPEC.md §2.9 Import Transactions: a CSV file (chosen or pasted) of journal lines grouped by their `journal`
// column. Preview first — a dry run that writes nothing and lists each journal and every problem by its line —
// then Import, which saves the journals as drafts for another officer to approve (POST
// /api/accounting/journals/import). A file with any problem imports nothing (the shared CsvImportDialog).
import { useTranslation } from 'react-i18next';
import { JOURNAL_CSV_COLUMNS, MAX_IMPORT_CHARS, type ImportJournalsResult } from '../../../shared/accounting';
import { formatKesExact, parseTotal } from '../../../shared/money';
import { CsvImportDialog, countVars, type CsvImportText } from '../../components/forms/csv-import-dialog';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { ColumnHeads } from '../../components/data/table-parts';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { RegionTable } from './region-table';
import { accountingError, accountingMessage } from './accounting-labels';
import { useImportJournals } from './accounting.api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onImported: () => void };

export function ImportJournalsDialog({ open, onOpenChange, onImported }: Props) {
  const { t } = useTranslation();
  const mutation = useImportJournals();
  const text: CsvImportText = (key, count) => {
    if (key === 'rules') return '';
    if (key === 'working') return t('accounting.working');
    if (key === 'tooBig') return accountingMessage(`The file must be at most ${MAX_IMPORT_CHARS / 1_000_000} MB`) ?? '';
    return t(`accounting.import.${key}`, count === undefined ? {} : countVars(count));
  };
  return (
    <CsvImportDialog
      id="import"
      open={open}
      columns={JOURNAL_CSV_COLUMNS}
      maxChars={MAX_IMPORT_CHARS}
      text={text}
      ready={(p) => p.journals.length}
      mutation={mutation}
      errorText={accountingError}
      onImported={onImported}
      onClose={() => onOpenChange(false)}
    >
      {(preview) => <ImportPreview result={preview} />}
    </CsvImportDialog>
  );
}

function ImportPreview({ result }: { result: ImportJournalsResult }) {
  const { t } = useTranslation();
  return (
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
  );
}
