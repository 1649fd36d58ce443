// A CSV import (Import Transactions, Import Timesheet, the salary scale): a file chosen or pasted, a preview first —
// a dry run that writes nothing and names every wrong line — then Import; a file with any wrong line imports nothing.
// Each import brings its words (`text`), how many lines its preview has ready, and the table its preview makes.
import type { UseMutationResult } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/locale-format';
import { Button } from '../ui/button';
import { DialogFooter } from '../ui/dialog';
import { FormDialog } from '../ui/form-dialog';
import { toast } from '../ui/use-toast';
import { CsvSourceField } from './csv-source-field';

type Preview = { issues: readonly { path: string; message: string }[] };
/** The import's words; `issues`, `clean` and `done` are counted (count, with n and formatted to show it). */
export type CsvImportText = (key: 'title' | 'description' | 'rules' | 'tooBig' | 'issues' | 'clean' | 'done' | 'doneBody' | 'preview' | 'previewFirst' | 'submit' | 'working', count?: number) => string;

export const countVars = (count: number) => ({ count, n: formatNumber(count), formatted: formatNumber(count) });

export function CsvImportDialog<P extends Preview>({
  id,
  columns,
  maxChars,
  text,
  ready: readyOf,
  mutation,
  issueText = (m) => m,
  errorText,
  children,
  onImported,
  onClose,
  open,
}: {
  /** The field's id; the preview is `<id>-preview`, its problems `<id>-issues`. */
  id: string;
  columns: readonly string[];
  maxChars: number;
  text: CsvImportText;
  /** How many lines (or journals) the preview has ready to import. */
  ready: (preview: P) => number;
  mutation: UseMutationResult<P, Error, { csv: string; dryRun: boolean }>;
  issueText?: (message: string) => string;
  errorText: (error: unknown) => string;
  /** The preview's table. */
  children: (preview: P) => ReactNode;
  onImported?: () => void;
  onClose: () => void;
  open?: boolean;
}) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<P | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = mutation.isPending;
  const tooBig = csv.length > maxChars;
  const change = (value: string) => {
    setCsv(value);
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
          toast({ title: text('done', readyOf(result)), description: text('doneBody') });
          onImported?.();
          onClose();
        },
        onError: (error) => {
          setFailure(errorText(error));
          // The file was refused as it stands (or the records moved meanwhile): preview it again before importing.
          if (!dryRun) setPreview(null);
        },
      },
    );
  };
  const count = preview ? readyOf(preview) : 0;
  const ready = preview !== null && preview.issues.length === 0 && count > 0;
  const rules = text('rules');
  return (
    <FormDialog open={open} pending={pending} onClose={onClose} title={text('title')} description={text('description')} className="max-w-3xl">
      <div className="grid gap-4">
        <CsvSourceField id={id} columns={columns} csv={csv} onChange={change} disabled={pending} tooBig={tooBig ? text('tooBig') : null} />
        {rules ? <p className="text-xs text-muted-foreground">{rules}</p> : null}
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {preview ? (
          <div className="grid gap-3" data-testid={`${id}-preview`} aria-live="polite">
            {preview.issues.length > 0 ? (
              <div role="alert" className="grid gap-1 rounded-md border border-destructive p-3 text-sm">
                <p className="font-semibold text-destructive">{text('issues', preview.issues.length)}</p>
                <ul className="grid max-h-48 list-disc gap-0.5 overflow-y-auto pl-5 text-destructive" data-testid={`${id}-issues`}>
                  {preview.issues.map((issue, i) => (
                    <li key={`${issue.path}-${i}`}>{issueText(issue.message)}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-green-800">{text('clean', count)}</p>
            )}
            {count > 0 ? children(preview) : null}
          </div>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={() => run(true)} disabled={pending || csv.trim() === '' || tooBig}>
          {text('preview')}
        </Button>
        <Button onClick={() => run(false)} disabled={pending || !ready} title={ready ? undefined : text('previewFirst')}>
          <FileUp aria-hidden="true" />
          {pending ? text('working') : text('submit')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
