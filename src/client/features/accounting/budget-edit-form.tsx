// Editing a facility-year's budget (or the county level's) on the Budgets tab: each line an account — one of the
// active revenue and expense accounts that are not headings, each once — and its amount; lines added and removed.
// Saved whole by PUT /api/accounting/budgets, which checks it (putBudgetsSchema and the chart): a refusal shows each
// message under the field it names, and what was typed stays. The contract is not run here as well: the route's
// JavaScript budget (DESIGN.md §10) has no room for it, and the server's answer is the same words.
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BUDGET_LINES, type Account, type BudgetLine } from '../../../shared/accounting';
import { FormAlert, FormField, fieldAria } from '../../components/forms/form-field';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { accountingError, accountName } from './accounting-labels';
import { usePutBudgets } from './accounting.api';
import { budgetableAccounts, budgetInput, budgetLineValues, budgetMessage, type BudgetLineValues } from './budgets-logic';

type Props = { fiscalYear: string; facilityId: number | null; lines: readonly BudgetLine[]; accounts: readonly Account[]; onDone: () => void };

export function BudgetEditForm({ fiscalYear, facilityId, lines, accounts, onDone }: Props) {
  const { t } = useTranslation();
  const mutation = usePutBudgets();
  const [values, setValues] = useState(() => lines.map(budgetLineValues));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const usable = budgetableAccounts(accounts);
  // An account already budgeted stays offered even if the chart has since closed it (the server then says why).
  const offered = [...usable, ...lines.filter((l) => !usable.some((a) => a.code === l.accountCode)).map((l) => ({ code: l.accountCode, name: l.accountName, nameSw: l.accountNameSw }))];
  const pending = mutation.isPending;
  const message = (path: string) => (errors[path] ? budgetMessage(errors[path]) : undefined);

  /** The lines as changed; the server's message on the field that changed (or on every line, when one goes) is dropped. */
  const change = (next: BudgetLineValues[], field: string) => {
    setValues(next);
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith(field))));
  };
  const setLine = (i: number, patch: Partial<BudgetLineValues>, field: keyof BudgetLineValues) =>
    change(
      values.map((l, j) => (j === i ? { ...l, ...patch } : l)),
      `lines.${i}.${field}`,
    );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    mutation.mutate(budgetInput(fiscalYear, facilityId, values), {
      onSuccess: () => {
        toast({ title: t('accounting.budgets.saved') });
        onDone();
      },
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 400 ? error.fieldErrors() : {};
        setErrors(fields);
        setFailure(Object.keys(fields).some((k) => k.startsWith('lines.')) ? t('accounting.budgets.fixLines') : accountingError(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 print:hidden" data-testid="budget-form">
      <FormAlert message={failure} />
      {values.map((line, i) => {
        const id = (f: string) => `budget-${line.key}-${f}`;
        return (
          <fieldset key={line.key} disabled={pending} aria-label={t('accounting.entry.lineLabel', { n: i + 1 })} className="grid gap-3 rounded-md border p-3 sm:grid-cols-12" data-testid="budget-line">
            <FormField id={id('account')} label={t('accounting.entry.account')} error={message(`lines.${i}.accountCode`)} required className="sm:col-span-7">
              <NativeSelect data-field={`lines.${i}.accountCode`} aria-required="true" {...fieldAria(id('account'), message(`lines.${i}.accountCode`))} value={line.accountCode} onChange={(e) => setLine(i, { accountCode: e.target.value }, 'accountCode')}>
                <option value="">{t('accounting.entry.accountHint')}</option>
                {offered
                  .filter((a) => a.code === line.accountCode || !values.some((l) => l.accountCode === a.code))
                  .map((a) => (
                    <option key={a.code} value={a.code}>{`${a.code} · ${accountName(a)}`}</option>
                  ))}
              </NativeSelect>
            </FormField>
            <FormField id={id('amount')} label={t('accounting.budgets.amount')} error={message(`lines.${i}.amount`)} required className="sm:col-span-4">
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                aria-required="true"
                data-field={`lines.${i}.amount`}
                {...fieldAria(id('amount'), message(`lines.${i}.amount`))}
                value={line.amount}
                onChange={(e) => setLine(i, { amount: e.target.value }, 'amount')}
              />
            </FormField>
            <div className="flex items-end sm:col-span-1 sm:justify-end">
              <Button variant="ghost" size="icon" aria-label={t('accounting.entry.removeLine', { n: i + 1 })} onClick={() => change(values.filter((_, j) => j !== i), 'lines')}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </fieldset>
        );
      })}
      <FormAlert message={message('lines')} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" size="sm" disabled={pending || values.length >= Math.min(MAX_BUDGET_LINES, usable.length)} onClick={() => change([...values, budgetLineValues()], 'lines.none')}>
          <Plus aria-hidden="true" />
          {t('accounting.entry.addLine')}
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t('accounting.working') : t('accounting.budgets.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
