// "Import CSV" for a form's KHIS identifiers (issue 29 item 2): a file as "Export CSV" writes it (or with at least
// rowKey and dataElement), previewed first — every wrong line named — then imported whole; a file with any wrong line
// imports nothing. The preview says what each line does to its row. Loaded when opened, not with the screen.
import { useTranslation } from 'react-i18next';
import { KHIS_CSV_COLUMNS, MAX_KHIS_CSV, type KhisForm, type KhisImport } from '../../../../shared/moh';
import { ScrollTable } from '../../../components/data/table-parts';
import { countVars, CsvImportDialog, type CsvImportText } from '../../../components/forms/csv-import-dialog';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useImportKhisMapping } from './reports-settings.api';
import { errorText, messageText } from './settings-labels';

const CHANGE_BADGE: Record<KhisImport['rows'][number]['change'], NonNullable<BadgeProps['variant']>> = { new: 'success', changed: 'info', cleared: 'warning', same: 'outline' };

export function KhisImportDialog({ form, onImported, onClose }: { form: KhisForm; onImported: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportKhisMapping(form);
  const text: CsvImportText = (key, count) => t(`reportsSettings.khis.import.${key}`, { form, ...(count === undefined ? {} : countVars(count)) });
  return (
    <CsvImportDialog
      id="khis-import"
      columns={KHIS_CSV_COLUMNS}
      maxChars={MAX_KHIS_CSV}
      text={text}
      ready={(p: KhisImport) => p.rows.length}
      mutation={mutation}
      issueText={(m) => messageText(t, m)}
      errorText={(e) => errorText(t, e)}
      onImported={onImported}
      onClose={onClose}
    >
      {(preview) => (
        <div className="grid gap-2">
          {preview.dataSetChanged ? <p className="text-sm">{t('reportsSettings.khis.import.dataSetChange', { dataSet: preview.dataSet ?? '—' })}</p> : null}
          <div className="max-h-72 overflow-y-auto">
            <ScrollTable label={t('reportsSettings.khis.import.caption', { form })}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('reportsSettings.khis.import.line')}</TableHead>
                  <TableHead>{t('reportsSettings.khis.row')}</TableHead>
                  <TableHead>dataElement</TableHead>
                  <TableHead>categoryOptionCombo</TableHead>
                  <TableHead>{t('reportsSettings.khis.import.change')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.rows.map((r) => (
                  <TableRow key={r.line} data-testid="khis-import-row">
                    <TableCell className="tabular-nums">{r.line}</TableCell>
                    <TableCell>{r.label}</TableCell>
                    <TableCell className="font-mono text-xs">{r.dataElement ?? '—'}</TableCell>
                    <TableCell className="font-mono text-xs">{r.categoryOptionCombo ?? '—'}</TableCell>
                    <TableCell>
                      <Badge variant={CHANGE_BADGE[r.change]}>{t(`reportsSettings.khis.import.changes.${r.change}`)}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          </div>
        </div>
      )}
    </CsvImportDialog>
  );
}
