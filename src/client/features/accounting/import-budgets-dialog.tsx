// The county's budget file for a fiscal year (POST /api/accounting/budgets/import): facility_mfl_code, account_code,
// amount, a blank MFL code for the county level. Preview first — a dry run that writes nothing, giving each
// facility's number of lines and total (a county's file holds thousands of lines), or every wrong line by its
// number — then Import, which replaces the budget of each facility in the file (the others keep theirs). A file with
// any wrong line imports nothing.
import { useTranslation } from 'react-i18next';
import { MAX_BUDGET_CSV } from '../../../shared/accounting';
import { formatKesExact, parseTotal, totalOf } from '../../../shared/money';
import { CsvImportDialog, countVars } from '../../components/forms/csv-import-dialog';
import { ColumnHeads } from '../../components/data/table-parts';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { RegionTable } from './region-table';
import { accountingError } from './accounting-labels';
import { useImportBudgets } from './accounting.api';
import { budgetMessage } from './budgets-logic';

export function ImportBudgetsDialog({ fiscalYear, onClose }: { fiscalYear: string; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportBudgets(fiscalYear);
  return (
    <CsvImportDialog
      id="budget-import"
      columns={['facility_mfl_code', 'account_code', 'amount']}
      maxChars={MAX_BUDGET_CSV}
      text={(key, count) =>
        key === 'rules' || key === 'doneBody'
          ? ''
          : key === 'working' || key === 'done'
            ? t(key === 'done' ? 'accounting.budgets.saved' : 'accounting.working')
            : t(`accounting.${['preview', 'previewFirst', 'submit', 'issues'].includes(key) ? 'import' : 'budgets.importDialog'}.${key}`, { year: fiscalYear, ...(count === undefined ? {} : countVars(count)) })
      }
      ready={(p) => p.lines.length}
      mutation={mutation}
      issueText={budgetMessage}
      errorText={accountingError}
      onClose={onClose}
    >
      {(preview) => (
        <RegionTable label={t('accounting.budgets.importDialog.title', { year: fiscalYear })} tall>
          <ColumnHeads columns={['entry.facility', 'import.columnsTable.lines', 'budgets.amount'] as const} label={(c) => t(`accounting.${c}`)} className={(c) => (c === 'entry.facility' ? undefined : 'text-right')} />
          <TableBody>
            {preview.facilityIds.map((id) => {
              const mine = preview.lines.filter((l) => l.facilityId === id);
              return (
                <TableRow key={id ?? 0} data-testid="budget-import-place">
                  <TableCell>{mine[0]?.facilityName ?? t('accounting.entry.countyLevel')}</TableCell>
                  <TableCell className="text-right">{mine.length}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKesExact(totalOf(mine.map((l) => parseTotal(l.amount))))}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </RegionTable>
      )}
    </CsvImportDialog>
  );
}
