// Choosing a statement file's columns (issue 29 item 1): one select per field, filled from the header row the
// preview found, the order of its dates, and a name to keep the choice as a profile for the bank's next file.
import { useTranslation } from 'react-i18next';
import { BANK_COLUMN_FIELDS, DATE_ORDERS, MAX_PROFILE_NAME, type BankColumnField, type BankStatementKind, type DateOrder } from '../../../shared/accounting';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The columns as the selects hold them: '' for a field the file has no column for. */
export type ColumnsDraft = Record<BankColumnField, string>;

export const emptyColumns = (): ColumnsDraft => Object.fromEntries(BANK_COLUMN_FIELDS.map((f) => [f, ''])) as ColumnsDraft;

/** The fields a kind of statement uses (a bank's export has no transaction status). */
const fieldsOf = (kind: BankStatementKind) => BANK_COLUMN_FIELDS.filter((f) => kind === 'mpesa' || f !== 'status');

type Props = {
  kind: BankStatementKind;
  /** The header row's cells, as the preview answered them. */
  headers: readonly string[];
  columns: ColumnsDraft;
  dateOrder: DateOrder;
  saveAs: string;
  disabled?: boolean;
  onColumns: (columns: ColumnsDraft) => void;
  onDateOrder: (order: DateOrder) => void;
  onSaveAs: (name: string) => void;
};

export function StatementColumns({ kind, headers, columns, dateOrder, saveAs, disabled, onColumns, onDateOrder, onSaveAs }: Props) {
  const { t } = useTranslation();
  // A column chosen before (a profile's) that this file's header lacks stays listed, so the select shows it.
  const options = (f: BankColumnField) => (columns[f] !== '' && !headers.includes(columns[f]) ? [columns[f], ...headers] : headers);
  return (
    <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2" data-testid="recon-columns">
      <legend className="px-1 text-sm font-semibold">{t('accounting.recon.profile.columnsTitle')}</legend>
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('accounting.recon.profile.columnsHint')}</p>
      {fieldsOf(kind).map((f) => (
        <div key={f} className="grid gap-1.5">
          <Label htmlFor={`recon-col-${f}`}>{t(`accounting.recon.profile.fields.${kind === 'mpesa' && f === 'reference' ? 'receipt' : f}`)}</Label>
          <NativeSelect id={`recon-col-${f}`} value={columns[f]} disabled={disabled} onChange={(e) => onColumns({ ...columns, [f]: e.target.value })}>
            <option value="">{t('accounting.recon.profile.none')}</option>
            {options(f).map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor="recon-date-order">{t('accounting.recon.profile.dateOrder')}</Label>
        <NativeSelect id="recon-date-order" value={dateOrder} disabled={disabled} onChange={(e) => onDateOrder(e.target.value as DateOrder)}>
          {DATE_ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(`accounting.recon.profile.dateOrders.${o}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor="recon-save-as">{t('accounting.recon.profile.saveAs')}</Label>
        <Input id="recon-save-as" value={saveAs} maxLength={MAX_PROFILE_NAME} disabled={disabled} placeholder={t('accounting.recon.profile.saveAsPlaceholder')} onChange={(e) => onSaveAs(e.target.value)} />
      </div>
    </fieldset>
  );
}
