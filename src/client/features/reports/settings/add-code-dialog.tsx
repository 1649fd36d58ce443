// Adds an ICD-11 code, or a code prefix, to a row of MOH 705A/705B (POST /api/moh/mappings). The code is found in
// the bundled ICD-11 list or typed by hand (a prefix such as CA40 is rarely a title of its own); it may count only
// when postcoordinated with an extension code (XS25 Severe for Severe pneumonia). The server refuses a code that
// already counts elsewhere on the form and names that row; the message shows under the code.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addRowCodeSchema, type MappingRow, type MohForm } from '../../../../shared/moh';
import { FieldError, FormField, fieldAria } from '../../../components/forms/form-field';
import { useSchemaForm } from '../../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { CodeSearchInput } from './code-search-input';
import { useAddRowCode } from './reports-settings.api';
import { useFocusWhenReady } from './use-focus-when-ready';
import { codeText, errorText, fieldMessage } from './settings-labels';

/**
 * The dialog's form: the shared contract's code and match, and its extension codes as typed ("XS25, XE33Q"), read
 * by the contract's own rule; a bad one is named under the box.
 */
const addCodeFormSchema = z.object({
  code: addRowCodeSchema.shape.code,
  match: addRowCodeSchema.shape.match,
  extensions: z.string().transform((typed, ctx) => {
    const parsed = addRowCodeSchema.shape.withExtension.safeParse(typed.split(/[\s,;]+/).filter(Boolean));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid extension codes' });
    return z.NEVER;
  }),
});
type AddCodeValues = z.input<typeof addCodeFormSchema>;
type AddCodeOutput = z.output<typeof addCodeFormSchema>;

const EMPTY: AddCodeValues = { code: '', match: 'exact', extensions: '' };

type Props = { form: MohForm; row: MappingRow | null; rows: readonly MappingRow[]; onClose: () => void };

export function AddCodeDialog({ form, row, rows, onClose }: Props) {
  const { t } = useTranslation();
  const mutation = useAddRowCode(form);
  return (
    <FormDialog open={row !== null} pending={mutation.isPending} onClose={onClose} title={t('reportsSettings.add.title')} description={row ? t('reportsSettings.add.description', { form, row: row.row, label: row.label }) : null}>
      {/* Mounted while open only: each opening starts empty. */}
      {row ? <AddCodeForm key={row.key} form={form} row={row} rows={rows} mutation={mutation} onDone={onClose} /> : null}
    </FormDialog>
  );
}

type FormProps = { form: MohForm; row: MappingRow; rows: readonly MappingRow[]; mutation: ReturnType<typeof useAddRowCode>; onDone: () => void };

function AddCodeForm({ form, row, rows, mutation, onDone }: FormProps) {
  const { t } = useTranslation();
  const { values, set, errors, addErrors, submit } = useSchemaForm(addCodeFormSchema, (): AddCodeValues => EMPTY);
  // A refusal of no field here (the row, the form), shown above the buttons until the next submit.
  const [rootError, setRootError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const code = values.code;
  // What was typed, once it reads as a code or a prefix: the hints and the summary speak of it, not of a search word.
  const typed = addRowCodeSchema.shape.code.safeParse(code);
  const typedCode = typed.success ? typed.data : null;
  const match = values.match;
  const pending = mutation.isPending;
  const focusWhenReady = useFocusWhenReady<keyof AddCodeValues>(pending, formRef);
  const message = (name: keyof AddCodeValues) => fieldMessage(t, errors[name], rows);
  const rootMessage = fieldMessage(t, rootError, rows);

  const onSubmit = (values: AddCodeOutput) =>
    mutation.mutate(
      { form, rowKey: row.key, code: values.code, match: values.match, withExtension: values.extensions },
      {
        onSuccess: () => {
          toast({ title: t('reportsSettings.add.doneTitle'), description: t('reportsSettings.add.doneBody', { code: codeText(values), row: row.row, label: row.label, form }) });
          onDone();
        },
        onError: (error) => {
          // A refusal the form can place shows there, by the field it concerns; anything else as a toast.
          if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
            // 409: the code already counts on another row; the server names it, the message sits under the code.
            const issues: [keyof AddCodeValues | null, string][] = Object.entries(error.fieldErrors()).map(([path, text]) => [
              path === 'code' || path === 'match' ? path : path.startsWith('withExtension') ? 'extensions' : null,
              text,
            ]);
            if (error.status === 409) issues.unshift(['code', error.message.replace(/^409: /, '')]);
            // The last message of a field is the one shown.
            const placed: Record<string, string> = {};
            for (const [field, text] of issues) if (field) placed[field] = text;
            addErrors(placed);
            const first = issues.find(([field]) => field)?.[0];
            if (first) focusWhenReady(first);
            // An issue of no field here (the row, the form), or a refusal naming none: above the buttons.
            const unplaced = issues.length === 0 || issues.some(([field]) => !field);
            if (unplaced) setRootError(error.message.replace(/^400: /, ''));
            return;
          }
          toast({ variant: 'destructive', title: t('reportsSettings.add.failedTitle'), description: errorText(t, error, rows) });
        },
      },
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        setRootError(undefined);
        submit(onSubmit)(e);
      }}
      className="grid gap-4"
    >
      <fieldset disabled={pending} className="grid min-w-0 gap-4">
        <CodeSearchInput
          id="moh-add-code"
          label={t('reportsSettings.add.code')}
          hint={t('reportsSettings.add.codeHint')}
          error={message('code')}
          field="code"
          value={code}
          onChange={(value) => set('code', value)}
        />

        <fieldset className="grid gap-2" aria-describedby={errors.match ? 'moh-add-match-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('reportsSettings.add.match')}</legend>
          {(['exact', 'prefix'] as const).map((m) => (
            <label key={m} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/40">
              <input
                type="radio"
                value={m}
                className="mt-0.5 h-4 w-4 accent-[var(--color-primary)]"
                name="match"
                data-field="match"
                checked={match === m}
                onChange={() => set('match', m)}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{t(`reportsSettings.add.matchOptions.${m}`)}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`reportsSettings.add.matchHints.${m}`, { code: typedCode ?? (m === 'prefix' ? 'CA40' : 'CA40.0') })}
                </span>
              </span>
            </label>
          ))}
          <FieldError id="moh-add-match" message={message('match')} />
        </fieldset>

        <FormField id="moh-add-extensions" label={t('reportsSettings.add.extensions')} error={message('extensions')}>
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={80}
            placeholder="XS25"
            className="font-mono uppercase placeholder:normal-case"
            {...fieldAria('moh-add-extensions', message('extensions'))}
            aria-describedby={['moh-add-extensions-hint', message('extensions') ? 'moh-add-extensions-error' : ''].filter(Boolean).join(' ')}
            data-field="extensions"
            value={values.extensions}
            onChange={(e) => set('extensions', e.target.value)}
          />
          <p id="moh-add-extensions-hint" className="text-xs text-muted-foreground">
            {t('reportsSettings.add.extensionsHint')}
          </p>
        </FormField>

        {typedCode ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="add-code-summary">
            {t('reportsSettings.add.summary', { code: codeText({ code: typedCode, match }), row: row.row, label: row.label, form })}
          </p>
        ) : null}
        {rootMessage ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {rootMessage}
          </p>
        ) : null}
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onDone} action={t('reportsSettings.add.submit')} running={t('reportsSettings.add.submitting')} />
    </form>
  );
}
