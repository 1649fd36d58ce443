// The words clinicians type to find a diagnosis (issue 31), in English and Kiswahili, and the ICD-11 code each finds:
// the bundled ones and the county's own. An HMIS role adds a term, removes one the county added, hides a bundled
// one that finds the wrong code here and restores it; the others read the list. Kept small: the route is at its
// weight budget (DESIGN.md §10), so a change shows in the list itself, and a refusal under its field or as a toast.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDiagnosisSynonymSchema, type AddDiagnosisSynonymForm } from '../../../../shared/medical-records';
import { ListError } from '../../../components/data/list-error';
import { FormField, fieldAria } from '../../../components/forms/form-field';
import { useSchemaForm } from '../../../components/forms/use-schema-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { CodeSearchInput } from './code-search-input';
import { diagnosisTermsQuery, useChangeDiagnosisTerm, type TermChange } from './diagnosis-terms.api';
import { errorText } from './settings-labels';

/** Each language by its own name, as the language menu writes it. */
const LANGUAGE_NAMES = { en: 'English', sw: 'Kiswahili' } as const;
/** The contract's messages on a code's shape (shared/medical-records): the server's own come worded. */
const CODE_SHAPE = /^(Not an ICD|An ICD|An ext|A term)/;

export function DiagnosisTermsSection({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const terms = useQuery(diagnosisTermsQuery);
  const change = useChangeDiagnosisTerm();
  const [filter, setFilter] = useState('');
  const titleId = useId();
  const q = filter.trim().toLowerCase();
  const shown = (terms.data ?? []).filter((s) => `${s.term} ${s.code} ${s.title}`.toLowerCase().includes(q));
  const failed = (error: Error) => toast({ variant: 'destructive', title: t('reportsSettings.terms.failed'), description: errorText(t, error) });
  const run = (c: TermChange) => change.mutate(c, { onError: failed });

  return (
    <section aria-labelledby={titleId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('reportsSettings.terms.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reportsSettings.terms.intro')}</p>
      </div>
      {canConfigure ? <AddTerm change={change} failed={failed} /> : null}
      <Input type="search" aria-label={t('reportsSettings.terms.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
      {terms.error ? (
        <ListError message={t('common.loadError', { message: errorText(t, terms.error) })} onRetry={() => void terms.refetch()} retrying={terms.isFetching} />
      ) : terms.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reportsSettings.terms.noMatch')}</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {shown.map((s) => {
            const action = s.source === 'county' ? 'remove' : s.hidden ? 'restore' : 'hide';
            const pair = { term: s.term, code: s.code };
            return (
              <li key={`${s.source}:${s.term}:${s.code}`} className="flex flex-wrap items-center gap-2 p-2">
                <span className={s.hidden ? 'font-medium line-through' : 'font-medium'}>{s.term}</span>
                <span className="text-xs uppercase text-muted-foreground">{s.language}</span>
                <span className="min-w-0 flex-1">
                  → <span className="font-mono">{s.code}</span> {s.title}
                </span>
                <Badge variant={s.source === 'county' ? 'info' : s.hidden ? 'warning' : 'secondary'}>{t(`reportsSettings.terms.${s.hidden ? 'hidden' : s.source}`)}</Badge>
                {canConfigure ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={change.isPending}
                    aria-label={t('reportsSettings.terms.actionLabel', { action: t(`reportsSettings.terms.${action}`), ...pair })}
                    onClick={() => run(action === 'hide' ? { hide: pair } : { remove: s.id! })}
                  >
                    {t(`reportsSettings.terms.${action}`)}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const EMPTY: AddDiagnosisSynonymForm = { term: '', code: '', language: 'en' };

function AddTerm({ change, failed }: { change: ReturnType<typeof useChangeDiagnosisTerm>; failed: (error: Error) => void }) {
  const { t } = useTranslation();
  const { values, set, errors, addErrors, submit, reset } = useSchemaForm(addDiagnosisSynonymSchema, () => EMPTY);
  // The contract's own messages are English: said here in the reader's words. A server's keyed one comes worded.
  const message = (name: 'term' | 'code') => {
    const text = errors[name];
    if (!text) return undefined;
    if (values[name].trim() === '') return t(`reportsSettings.terms.${name}Required`);
    if (text.startsWith('Term must be at most')) return t('reportsSettings.terms.termTooLong');
    return CODE_SHAPE.test(text) ? t('reportsSettings.terms.codeInvalid') : text;
  };
  return (
    <form
      noValidate
      className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto_auto]"
      onSubmit={submit((input) =>
        change.mutate(
          { add: input },
          {
            onSuccess: () => reset(EMPTY),
            onError: (error) =>
              // A refusal of a field shows under it (a term the list has already: under the term).
              error instanceof ApiError && (error.status === 400 || error.status === 409)
                ? addErrors(error.status === 409 ? { term: error.message.replace(/^409: /, '') } : error.fieldErrors())
                : failed(error),
          },
        ),
      )}
    >
      <FormField id="term-new" label={t('reportsSettings.terms.term')} error={message('term')} required>
        <Input {...fieldAria('term-new', message('term'))} data-field="term" value={values.term} onChange={(e) => set('term', e.target.value)} />
      </FormField>
      <CodeSearchInput id="term-code" label={t('reportsSettings.terms.code')} hint="" error={message('code')} field="code" value={values.code} onChange={(v) => set('code', v)} />
      <FormField id="term-language" label={t('reportsSettings.terms.language')}>
        <NativeSelect id="term-language" value={values.language} onChange={(e) => set('language', e.target.value as 'en' | 'sw')}>
          <option value="en">{LANGUAGE_NAMES.en}</option>
          <option value="sw">{LANGUAGE_NAMES.sw}</option>
        </NativeSelect>
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={change.isPending}>
        {t('reportsSettings.terms.add')}
      </Button>
    </form>
  );
}
