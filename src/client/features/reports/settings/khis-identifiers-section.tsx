// The KHIS (DHIS2) identifiers of each form (domain/REPORTING.md "KHIS"): the form's dataSet and, per row, the
// dataElement and categoryOptionCombo its figure is sent under. Only 705A's dataSet was found in public code; the
// rest come from the county's KHIS administrators. A row without a dataElement is not sent; a blank combo sends
// the default one. Save sends the whole form (PUT /api/moh/khis); the server's messages show under their boxes.
// Unsaved changes are not lost quietly: switching forms asks first, and leaving the page warns. "Fetch from KHIS",
// "Import CSV" and "Export CSV" (khis-tools.tsx) fill the form without typing every id (issue 29 item 2).
import { useQuery } from '@tanstack/react-query';
import { Table2 } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KHIS_FORMS, updateKhisMappingSchema, type KhisForm, type KhisSettings, type UpdateKhisMappingInput } from '../../../../shared/moh';
import { EmptyState } from '../../../components/data/empty-state';
import { ListError } from '../../../components/data/list-error';
import { FieldError, fieldAria } from '../../../components/forms/form-field';
import { useSchemaForm } from '../../../components/forms/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/locale-format';
import { cn } from '../../../lib/utils';
import { FormSwitch } from './form-switch';
import { khisValuesOf, placeIssues, rowsSent, type KhisField } from './khis-form';
import { KhisTools } from './khis-tools';
import { khisMappingQuery, useSaveKhisMapping } from './reports-settings.api';
import { useFocusWhenReady } from './use-focus-when-ready';
import { errorText, fieldMessage } from './settings-labels';

/** KHIS's identifier of 705A's dataSet, from public code (domain/REPORTING.md). */
const PUBLIC_705A_DATASET = 'EnZokILHOeN';

export function KhisIdentifiersSection({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<KhisForm>('705A');
  const [dirty, setDirty] = useState(false);
  // A switch to another form that waits on "discard your changes?".
  const [asked, setAsked] = useState<KhisForm | null>(null);
  // Bumped when the saved identifiers change under the form (confirmed from KHIS, imported): it starts again from them.
  const [version, setVersion] = useState(0);
  const mapping = useQuery(khisMappingQuery(form));
  const titleId = useId();
  useLeaveWarning(dirty);

  const switchTo = (next: KhisForm) => (next === form ? undefined : dirty ? setAsked(next) : setForm(next));

  return (
    <section aria-labelledby={titleId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('reportsSettings.khis.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reportsSettings.khis.intro', { dataSet: PUBLIC_705A_DATASET })}</p>
      </div>
      <FormSwitch label={t('reportsSettings.khis.formSwitch')} forms={KHIS_FORMS} value={form} onChange={switchTo} />

      {mapping.error ? (
        <ListError message={t('common.loadError', { message: errorText(t, mapping.error) })} onRetry={() => void mapping.refetch()} retrying={mapping.isFetching} />
      ) : mapping.isPending ? (
        <div className="grid gap-2" data-testid="khis-skeleton">
          <Skeleton className="h-10 w-64 max-w-full" />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : (
        <KhisMappingForm key={`${form}:${version}`} mapping={mapping.data} canConfigure={canConfigure} onDirtyChange={setDirty} onReplaced={() => setVersion((v) => v + 1)} />
      )}

      <Dialog open={asked !== null} onOpenChange={(open) => (open ? undefined : setAsked(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('reportsSettings.khis.discardTitle')}</DialogTitle>
            <DialogDescription>{t('reportsSettings.khis.discardBody', { form })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsked(null)}>
              {t('reportsSettings.khis.keepEditing')}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                if (asked) setForm(asked);
                setDirty(false);
                setAsked(null);
              }}
            >
              {t('reportsSettings.khis.discardAndSwitch', { form: asked ?? '' })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** The browser asks before a reload or a closed tab throws typed identifiers away. */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

type FormProps = { mapping: KhisSettings; canConfigure: boolean; onDirtyChange: (dirty: boolean) => void; onReplaced: () => void };

function KhisMappingForm({ mapping, canConfigure, onDirtyChange, onReplaced }: FormProps) {
  const { t } = useTranslation();
  const mutation = useSaveKhisMapping();
  // The shared contract turns blank boxes into null and checks each identifier's shape (a letter, ten letters or digits).
  const { values, set, errors, addErrors, submit, reset, dirty: isDirty } = useSchemaForm(updateKhisMappingSchema, () => khisValuesOf(mapping));
  const rows = values.rows;
  const setRow = (i: number, key: 'dataElement' | 'categoryOptionCombo', value: string) =>
    // Only that box's message from the server goes: the other rows' stay until they change.
    set('rows', rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)), `rows.${i}.${key}`);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = mutation.isPending;
  const focusWhenReady = useFocusWhenReady<KhisField>(pending, formRef);
  const readOnly = !canConfigure;
  const refs = mapping.rows.map((r) => ({ key: r.key, label: r.label }));
  const message = (text: string | undefined) => fieldMessage(t, text, refs);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = (input: UpdateKhisMappingInput) => {
    setUnplaced([]);
    mutation.mutate(input, {
      onSuccess: (saved) => {
        reset(khisValuesOf(saved));
        toast({ title: t('reportsSettings.khis.savedTitle'), description: t('reportsSettings.khis.savedBody', { form: saved.form, sent: formatNumber(rowsSent(khisValuesOf(saved).rows)), total: formatNumber(saved.rows.length) }) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const { fields, other } = placeIssues(error.fieldErrors());
          addErrors(Object.fromEntries(fields));
          if (fields[0]) focusWhenReady(fields[0][0]);
          setUnplaced(other);
        }
        toast({ variant: 'destructive', title: t('reportsSettings.khis.failedTitle'), description: errorText(t, error, refs) });
      },
    });
  };

  const discard = () => {
    reset();
    setUnplaced([]);
  };

  const dataSetError = message(errors.dataSet);
  const total = mapping.rows.length;

  if (total === 0) return <EmptyState icon={Table2} title={t('reportsSettings.khis.emptyTitle')} hint={t('reportsSettings.khis.emptyHint', { form: mapping.form })} />;

  return (
    <form ref={formRef} noValidate onSubmit={submit(onSubmit)} className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-label={t('reportsSettings.khis.formLabel', { form: mapping.form })}>
      <fieldset disabled={pending} className="grid min-w-0 gap-4">
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="khis-dataset">{t('reportsSettings.khis.dataSet')}</Label>
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={11}
            readOnly={readOnly}
            className="font-mono"
            placeholder={t('reportsSettings.khis.dataSetPlaceholder')}
            {...fieldAria('khis-dataset', dataSetError)}
            aria-describedby={['khis-dataset-hint', dataSetError ? 'khis-dataset-error' : ''].filter(Boolean).join(' ')}
            data-field="dataSet"
            value={values.dataSet}
            onChange={(e) => set('dataSet', e.target.value)}
          />
          <p id="khis-dataset-hint" className="text-xs text-muted-foreground">
            {mapping.form === '705A' ? t('reportsSettings.khis.dataSetHint705A', { dataSet: PUBLIC_705A_DATASET }) : t('reportsSettings.khis.dataSetHint')}
          </p>
          <FieldError id="khis-dataset" message={dataSetError} />
        </div>

        <KhisTools
          form={mapping.form}
          server={mapping.khisServer ?? null}
          canConfigure={canConfigure}
          values={values}
          dirty={isDirty}
          busy={pending}
          onDataSetError={(text) => {
            addErrors({ dataSet: text });
            focusWhenReady('dataSet');
          }}
          onReplaced={onReplaced}
        />

        <p className="text-sm text-muted-foreground" data-testid="khis-sent-count">
          {t('reportsSettings.khis.sentCount', { sent: formatNumber(rowsSent(rows)), total: formatNumber(total), combo: mapping.defaultCategoryOptionCombo })}
        </p>

        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[20rem] table-fixed text-sm">
            <caption className="sr-only">{t('reportsSettings.khis.tableCaption', { form: mapping.form })}</caption>
            <colgroup>
              <col className="w-[38%] sm:w-auto" />
              <col className="w-[31%] sm:w-48" />
              <col className="w-[31%] sm:w-48" />
            </colgroup>
            <thead className="bg-muted/50 text-left text-xs">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  {t('reportsSettings.khis.row')}
                </th>
                <th scope="col" className="px-1 py-2 font-semibold sm:px-2">
                  dataElement
                </th>
                <th scope="col" className="px-1 py-2 font-semibold sm:px-2">
                  categoryOption
                  <wbr />
                  Combo
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {mapping.rows.map((row, i) => {
                const elementError = message(errors[`rows.${i}.dataElement`]);
                const comboError = message(errors[`rows.${i}.categoryOptionCombo`]);
                const elementId = `khis-row-${i}-element`;
                const comboId = `khis-row-${i}-combo`;
                const blank = (rows[i]?.dataElement ?? '').trim() === '';
                const cell = 'h-9 scroll-mb-32 px-2 font-mono text-xs sm:text-sm';
                return (
                  <Fragment key={row.key}>
                    <tr data-testid="khis-row" className={cn((elementError || comboError) && 'border-b-0', blank && 'text-muted-foreground')}>
                      <th scope="row" className="px-2 py-1.5 text-left align-top text-xs font-normal sm:px-3 sm:text-sm">
                        <span className={cn(!blank && 'text-foreground')}>{row.label}</span>
                      </th>
                      <td className="px-1 py-1.5 align-top sm:px-2">
                        <Input
                          autoComplete="off"
                          spellCheck={false}
                          maxLength={11}
                          readOnly={readOnly}
                          className={cell}
                          placeholder={t('reportsSettings.khis.notSent')}
                          aria-label={t('reportsSettings.khis.dataElementFor', { label: row.label })}
                          {...fieldAria(elementId, elementError)}
                          data-field={`rows.${i}.dataElement`}
                          value={rows[i]?.dataElement ?? ''}
                          onChange={(e) => setRow(i, 'dataElement', e.target.value)}
                        />
                      </td>
                      <td className="px-1 py-1.5 align-top sm:px-2">
                        <Input
                          autoComplete="off"
                          spellCheck={false}
                          maxLength={11}
                          readOnly={readOnly}
                          className={cell}
                          placeholder={t('reportsSettings.khis.defaultCombo')}
                          aria-label={t('reportsSettings.khis.comboFor', { label: row.label, combo: mapping.defaultCategoryOptionCombo })}
                          {...fieldAria(comboId, comboError)}
                          data-field={`rows.${i}.categoryOptionCombo`}
                          value={rows[i]?.categoryOptionCombo ?? ''}
                          onChange={(e) => setRow(i, 'categoryOptionCombo', e.target.value)}
                        />
                      </td>
                    </tr>
                    {/* A refusal takes the row's whole width under its boxes (each message names its box): a phone's narrow cell would break it word by word. */}
                    {elementError || comboError ? (
                      <tr>
                        <td colSpan={3} className="px-2 pb-2 pt-0 sm:px-3">
                          <FieldError id={elementId} message={elementError} />
                          <FieldError id={comboId} message={comboError} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      {unplaced.length > 0 ? (
        <div role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {unplaced.map((text) => (
            <p key={text}>{message(text)}</p>
          ))}
        </div>
      ) : null}

      {canConfigure ? (
        // Sticky while there is something to save, so Save stays in reach down a long form; out of the way otherwise.
        <div
          className={cn('z-10 grid gap-2 rounded-md border bg-background/95 p-3 shadow-sm backdrop-blur sm:flex sm:items-center sm:justify-between', isDirty && 'sticky bottom-2')}
          data-testid="khis-save-bar"
        >
          <p className={cn('text-sm', isDirty ? 'font-medium text-foreground' : 'text-muted-foreground')} aria-live="polite">
            {isDirty ? t('reportsSettings.khis.unsaved') : t('reportsSettings.khis.allSaved')}
          </p>
          <div className="flex flex-wrap gap-2 sm:flex-row-reverse">
            <Button type="submit" disabled={!isDirty || pending}>
              {pending ? t('reportsSettings.khis.saving') : t('reportsSettings.khis.save', { form: mapping.form })}
            </Button>
            <Button variant="outline" onClick={discard} disabled={!isDirty || pending}>
              {t('reportsSettings.khis.discard')}
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
