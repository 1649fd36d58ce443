// A CSV file to import, chosen from the device or pasted (a phone's file picker, a spreadsheet's copied cells): the
// columns the file takes, a file input and a text box showing what will be sent. Used by every import dialog
// (journals, bank statements, timesheets), each with its own ids and words.
import { useTranslation } from 'react-i18next';
import { Input, Textarea } from '../ui/input';
import { Label } from '../ui/label';

type Props = {
  /** The ids' stem: `${id}-file` and `${id}-csv`. */
  id: string;
  /** The header the file takes, shown so an officer can set a spreadsheet's columns. */
  columns: readonly string[];
  csv: string;
  onChange: (csv: string, fileName: string | null) => void;
  disabled?: boolean;
  /** Rows of the text box. */
  rows?: number;
  /** Said under the text box when the text is over the limit (the server refuses it: 400). */
  tooBig?: string | null;
  className?: string;
};

export function CsvSourceField({ id, columns, csv, onChange, disabled, rows = 6, tooBig, className = 'grid gap-4' }: Props) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <p className="text-sm">
        {t('common.csv.columns')} <code className="break-all rounded bg-muted px-1 text-xs">{columns.join(',')}</code>
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>{t('common.csv.file')}</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((text) => onChange(text, file.name));
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-csv`}>{t('common.csv.paste')}</Label>
        <Textarea id={`${id}-csv`} rows={rows} className="font-mono text-xs" spellCheck={false} value={csv} disabled={disabled} onChange={(e) => onChange(e.target.value, null)} />
        {tooBig ? <p className="text-sm text-destructive">{tooBig}</p> : null}
      </div>
    </div>
  );
}
