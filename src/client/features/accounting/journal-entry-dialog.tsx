// SPEC.md §2.9 Create Journal Entry, as a multi-line entry (issue 14): date, description, reference, then lines
// of account (a searchable list of the active posting accounts), debit, credit, facility, fund and cost centre,
// with running totals that say plainly whether the entry balances. Checked with the shared createJournalSchema (the
// spec's messages: 'Date is required', 'Description is required', 'Account is required'); the server checks the
// same and more (closed month, scope). What was typed stays on any refusal. Saved as a draft for an approver.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COST_CENTRES, createJournalSchema, FUNDS, lineTotals, MAX_JOURNAL_LINES, type Account, type CreateJournalInput } from '../../../shared/accounting';
import { countyDate } from '../../../shared/county-time';
import { formatKesExact, subtract } from '../../../shared/money';
import { scopeOf as grantScope, reaches } from '../../../shared/access';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { facilitiesQuery } from '../facilities';
import { blankLine, journalInput, postingAccounts, type JournalValues, type LineValues } from './accounting-logic';
import { accountingError, accountingMessage, accountName } from './accounting-labels';
import { accountsQuery, useCreateJournal } from './accounting.api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onSaved?: () => void };

export function JournalEntryDialog({ open, onOpenChange, onSaved }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateJournal();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('accounting.entry.title')} description={t('accounting.entry.description')} className="max-w-5xl">
      <JournalEntryForm
        mutation={mutation}
        onDone={(saved) => {
          onOpenChange(false);
          if (saved) onSaved?.();
        }}
      />
    </FormDialog>
  );
}

/** "1110 · Cash at bank – KCB": what the account box shows and the list offers, in the reader's language. */
const accountText = (a: Pick<Account, 'code' | 'name'> & { nameSw?: string | null }) => `${a.code} · ${accountName(a)}`;

function JournalEntryForm({ mutation, onDone }: { mutation: ReturnType<typeof useCreateJournal>; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const listId = useId();
  const accounts = useQuery(accountsQuery({}));
  const facilities = useQuery(facilitiesQuery);
  const postScope = grantScope(staff.role, 'finance:post');
  const place = { facilityId: staff.facilityId, subcounty: staff.subcounty };
  // A county-wide officer may post at the county level (no facility); anyone else posts for facilities they reach.
  const countyLevel = postScope === 'county';
  const lineFacilities = facilities.data?.filter((f) => reaches(postScope, place, f));
  const defaultFacility = countyLevel ? null : staff.facilityId;
  const usable = accounts.data ? postingAccounts(accounts.data) : [];
  const byCode = new Map(usable.map((a) => [a.code, a]));
  // The account box holds what was typed: its leading code names the account ("1110", "1110 · Cash at bank").
  const [accountTyped, setAccountTyped] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const form = useSchemaForm(
    createJournalSchema,
    (): JournalValues => ({ date: countyDate(new Date()), description: '', reference: '', lines: [blankLine(defaultFacility), blankLine(defaultFacility)] }),
    (v) => journalInput(v) as unknown as Record<string, unknown>,
  );
  const { values, errors, set } = form;
  const message = (path: string) => accountingMessage(errors[path]);
  const totals = lineTotals(values.lines);
  const difference = subtract(totals.debits, totals.credits);
  const pending = mutation.isPending;
  const typedAny = values.lines.some((l) => l.debit !== '' || l.credit !== '');

  const setLine = (index: number, patch: Partial<LineValues>, field: keyof LineValues) =>
    set(
      'lines',
      values.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)),
      `lines.${index}.${field}`,
    );

  const onValid = (data: CreateJournalInput) => {
    setFailure(null);
    mutation.mutate(data, {
      onSuccess: (journal) => {
        toast({ title: t('accounting.entry.saved'), description: t('accounting.entry.savedBody', { number: journal.number }) });
        onDone(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 400 || error.status === 409)) form.addErrors(error.fieldErrors());
        setFailure(accountingError(error));
      },
    });
  };

  const options = (list: readonly string[], label: (v: string) => string) =>
    list.map((v) => (
      <option key={v} value={v}>
        {label(v)}
      </option>
    ));

  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="journal-entry-failure">
          {t('accounting.entry.failed')}: {failure}
        </p>
      ) : null}
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-3">
        <FormField id="je-date" label={t('accounting.entry.date')} error={message('date')} required>
          <DateInput data-field="date" aria-required="true" {...fieldAria('je-date', message('date'))} value={values.date} onChange={(iso) => set('date', iso)} />
        </FormField>
        <FormField id="je-description" label={t('accounting.entry.descriptionField')} error={message('description')} required className="sm:col-span-2">
          <Input
            data-field="description"
            aria-required="true"
            maxLength={300}
            placeholder={t('accounting.entry.descriptionPlaceholder')}
            {...fieldAria('je-description', message('description'))}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </FormField>
        <FormField id="je-reference" label={t('accounting.entry.reference')} error={message('reference')}>
          <Input data-field="reference" maxLength={60} placeholder={t('accounting.entry.referencePlaceholder')} {...fieldAria('je-reference', message('reference'))} value={values.reference} onChange={(e) => set('reference', e.target.value)} />
        </FormField>
      </fieldset>

      <datalist id={listId}>
        {usable.map((a) => (
          <option key={a.code} value={accountText(a)} />
        ))}
      </datalist>

      <fieldset disabled={pending} className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('accounting.entry.lines')}</legend>
        {accounts.error ? <p className="text-sm text-destructive">{t('common.loadError', { message: accounts.error.message })}</p> : null}
        {values.lines.map((line, i) => {
          const id = (f: string) => `je-${line.key}-${f}`;
          const typed = accountTyped[line.key] ?? (line.accountCode ? accountText(byCode.get(line.accountCode) ?? { code: line.accountCode, name: '' }) : '');
          const chosen = byCode.get(line.accountCode);
          return (
            <div key={line.key} role="group" aria-label={t('accounting.entry.lineLabel', { n: i + 1 })} className="grid gap-3 rounded-md border p-3 sm:grid-cols-12" data-testid="journal-line">
              <FormField id={id('account')} label={t('accounting.entry.account')} error={message(`lines.${i}.accountCode`)} required className="sm:col-span-4">
                <Input
                  list={listId}
                  autoComplete="off"
                  data-field={`lines.${i}.accountCode`}
                  aria-required="true"
                  placeholder={t('accounting.entry.accountPlaceholder')}
                  {...fieldAria(id('account'), message(`lines.${i}.accountCode`))}
                  value={typed}
                  onChange={(e) => {
                    const text = e.target.value;
                    setAccountTyped((prev) => ({ ...prev, [line.key]: text }));
                    // A leading code names the account; else an account's exact name does.
                    const code = /^\s*(\d{4,6})\b/.exec(text)?.[1] ?? usable.find((a) => [a.name, a.nameSw].some((n) => n?.toLowerCase() === text.trim().toLowerCase()))?.code ?? '';
                    setLine(i, { accountCode: code }, 'accountCode');
                  }}
                />
                <p className={cn('text-xs', chosen || !line.accountCode ? 'text-muted-foreground' : 'text-destructive')} data-testid="journal-line-account">
                  {chosen ? accountName(chosen) : line.accountCode ? t('accounting.entry.unknownAccount') : t('accounting.entry.accountHint')}
                </p>
              </FormField>
              <FormField id={id('debit')} label={t('accounting.entry.debit')} error={message(`lines.${i}.debit`)} className="sm:col-span-2">
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  data-field={`lines.${i}.debit`}
                  {...fieldAria(id('debit'), message(`lines.${i}.debit`))}
                  value={line.debit}
                  onChange={(e) => setLine(i, { debit: e.target.value }, 'debit')}
                />
              </FormField>
              <FormField id={id('credit')} label={t('accounting.entry.credit')} error={message(`lines.${i}.credit`)} className="sm:col-span-2">
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  data-field={`lines.${i}.credit`}
                  {...fieldAria(id('credit'), message(`lines.${i}.credit`))}
                  value={line.credit}
                  onChange={(e) => setLine(i, { credit: e.target.value }, 'credit')}
                />
              </FormField>
              <FormField id={id('facility')} label={t('accounting.entry.facility')} error={message(`lines.${i}.facilityId`)} className="sm:col-span-4">
                <NativeSelect data-field={`lines.${i}.facilityId`} {...fieldAria(id('facility'), message(`lines.${i}.facilityId`))} value={line.facilityId} onChange={(e) => setLine(i, { facilityId: e.target.value }, 'facilityId')}>
                  {countyLevel ? <option value="">{t('accounting.entry.countyLevel')}</option> : null}
                  {!lineFacilities && line.facilityId ? <option value={line.facilityId}>{t('common.loading')}</option> : null}
                  {lineFacilities?.map((f) => (
                    <option key={f.id} value={String(f.id)}>
                      {f.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id('fund')} label={t('accounting.entry.fund')} error={message(`lines.${i}.fund`)} className="sm:col-span-3">
                <NativeSelect data-field={`lines.${i}.fund`} {...fieldAria(id('fund'), message(`lines.${i}.fund`))} value={line.fund} onChange={(e) => setLine(i, { fund: e.target.value as LineValues['fund'] }, 'fund')}>
                  {options(FUNDS, (f) => t(`accounting.funds.${f}`))}
                </NativeSelect>
              </FormField>
              <FormField id={id('costCentre')} label={t('accounting.entry.costCentre')} error={message(`lines.${i}.costCentre`)} className="sm:col-span-3">
                <NativeSelect
                  data-field={`lines.${i}.costCentre`}
                  {...fieldAria(id('costCentre'), message(`lines.${i}.costCentre`))}
                  value={line.costCentre}
                  onChange={(e) => setLine(i, { costCentre: e.target.value as LineValues['costCentre'] }, 'costCentre')}
                >
                  <option value="">{t('accounting.entry.noCostCentre')}</option>
                  {options(COST_CENTRES, (c) => t(`accounting.costCentres.${c}`))}
                </NativeSelect>
              </FormField>
              <FormField id={id('memo')} label={t('accounting.entry.memo')} error={message(`lines.${i}.memo`)} className="sm:col-span-5">
                <Input maxLength={200} data-field={`lines.${i}.memo`} {...fieldAria(id('memo'), message(`lines.${i}.memo`))} value={line.memo} onChange={(e) => setLine(i, { memo: e.target.value }, 'memo')} />
              </FormField>
              <div className="flex items-end sm:col-span-1 sm:justify-end">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('accounting.entry.removeLine', { n: i + 1 })}
                  title={values.lines.length <= 2 ? t('accounting.entry.twoLinesAtLeast') : t('accounting.entry.removeLine', { n: i + 1 })}
                  disabled={values.lines.length <= 2}
                  onClick={() => set('lines', values.lines.filter((_, j) => j !== i), 'lines')}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button variant="outline" size="sm" disabled={values.lines.length >= MAX_JOURNAL_LINES} onClick={() => set('lines', [...values.lines, blankLine(defaultFacility, values.lines.at(-1)?.fund)], 'lines')}>
            <Plus aria-hidden="true" />
            {t('accounting.entry.addLine')}
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-4" aria-live="polite" data-testid="journal-totals">
        <p>
          <span className="text-muted-foreground">{t('accounting.entry.totalDebits')}: </span>
          <span className="font-semibold tabular-nums" data-testid="journal-total-debits">
            {formatKesExact(totals.debits)}
          </span>
        </p>
        <p>
          <span className="text-muted-foreground">{t('accounting.entry.totalCredits')}: </span>
          <span className="font-semibold tabular-nums" data-testid="journal-total-credits">
            {formatKesExact(totals.credits)}
          </span>
        </p>
        <p>
          <span className="text-muted-foreground">{t('accounting.entry.difference')}: </span>
          <span className="font-semibold tabular-nums">{formatKesExact(difference)}</span>
        </p>
        <p className={cn('flex items-center gap-1 font-semibold', totals.balanced && typedAny ? 'text-green-700' : 'text-destructive')} data-testid="journal-balance-state">
          {totals.balanced && typedAny ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <TriangleAlert aria-hidden="true" className="h-4 w-4" />}
          {totals.balanced && typedAny ? t('accounting.entry.balanced') : typedAny ? t('accounting.entry.mustBalance') : t('accounting.entry.enterAmounts')}
        </p>
        {message('lines') ? (
          <p role="alert" className="text-destructive sm:col-span-4" data-testid="journal-lines-error">
            {message('lines')}
          </p>
        ) : null}
      </div>

      <FormDialogFooter pending={pending} onCancel={() => onDone(false)} action={t('accounting.entry.submit')} running={t('accounting.working')} />
    </form>
  );
}
