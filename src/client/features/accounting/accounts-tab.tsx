// SPEC.md §2.9 Chart of Accounts: the county's chart as an indented tree (code, name, type, GFS / IFMIS code,
// balance within the chosen books, active), with Add Account and Edit (rename, GFS code, deactivate) for a
// county-wide finance:post holder — the chart is the county's, so a facility officer reads it only. Names and
// descriptions are kept in English and Kiswahili (issue 29 item 5): the reader's language first, the other under it.
import { useQuery } from '@tanstack/react-query';
import { BookText, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, createAccountSchema, updateAccountSchema, type Account, type CreateAccountInput, type UpdateAccountInput } from '../../../shared/accounting';
import { formatKES } from '../../../shared/money';
import { scopeOf } from '../../../shared/access';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { accountTree, type BooksParams } from './accounting-logic';
import { RegionTable } from './region-table';
import { accountingError, accountingMessage, accountName } from './accounting-labels';
import { accountsQuery, useCreateAccount, useUpdateAccount } from './accounting.api';

const COLUMNS = ['code', 'name', 'type', 'gfsCode', 'balance', 'active', 'actions'] as const;

export function AccountsTab({ books }: { books: BooksParams }) {
  const { t, i18n } = useTranslation();
  const sw = i18n.language === 'sw';
  const staff = useStaff();
  const query = useQuery(accountsQuery(books));
  const rows = query.data ? accountTree(query.data) : undefined;
  const canEdit = scopeOf(staff.role, 'finance:post') === 'county';
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const list = { ...query, data: query.data ? { rows: query.data, total: query.data.length } : undefined };

  return (
    <>
      <ListCard
        title={t('accounting.accounts.title')}
        icon={BookText}
        description={canEdit ? t('accounting.accounts.hint') : t('accounting.accounts.readOnly')}
        actions={
          canEdit ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {t('accounting.accounts.add')}
            </Button>
          ) : null
        }
        query={list}
        errorMessage={(error) => t('common.loadError', { message: accountingError(error) })}
        empty={<EmptyState icon={BookText} title={t('accounting.accounts.emptyTitle')} hint={t('accounting.accounts.emptyHint')} />}
      >
        <RegionTable label={t('accounting.accounts.caption')}>
          <caption className="sr-only">{t('accounting.accounts.caption')}</caption>
          <ColumnHeads
            columns={canEdit ? COLUMNS : COLUMNS.filter((c) => c !== 'actions')}
            label={(c) => t(`accounting.accounts.columns.${c}`)}
            className={(c) => (c === 'balance' || c === 'actions' ? 'text-right' : undefined)}
          />
          <TableBody>
            {!rows ? (
              <SkeletonRows testId="account-skeleton" rows={8} columns={canEdit ? COLUMNS.length : COLUMNS.length - 1} className="h-4 w-20" />
            ) : (
              rows.map(({ account: a, depth, heading }) => (
                <TableRow key={a.code} data-testid="account-row" className={cn(heading && 'bg-muted/40 font-semibold', !a.isActive && 'text-muted-foreground')}>
                  <TableCell className="whitespace-nowrap font-mono text-xs">{a.code}</TableCell>
                  <TableCell className="min-w-48">
                    <span style={{ paddingLeft: `${depth * 1.25}rem` }} className="inline-block">
                      {accountName(a)}
                      {/* The name in the other language, when the county has given both. */}
                      {a.nameSw && a.nameSw !== a.name ? (
                        <span className="block text-xs font-normal text-muted-foreground" lang={sw ? 'en' : 'sw'}>
                          {sw ? a.name : a.nameSw}
                        </span>
                      ) : null}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{t(`accounting.types.${a.type}`)}</TableCell>
                  <TableCell className="whitespace-nowrap font-mono text-xs">{a.gfsCode ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{heading ? '' : formatKES(a.balance)}</TableCell>
                  <TableCell>
                    <Badge variant={a.isActive ? 'success' : 'secondary'}>{a.isActive ? t('accounting.accounts.active') : t('accounting.accounts.inactive')}</Badge>
                  </TableCell>
                  {canEdit ? (
                    <TableCell className="text-right">
                      <Button variant="ghost" size="icon" aria-label={t('accounting.accounts.editOf', { code: a.code, name: accountName(a) })} title={t('accounting.accounts.edit')} onClick={() => setEditing(a)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </RegionTable>
      </ListCard>
      {editing === 'new' ? <AddAccountDialog accounts={query.data ?? []} onClose={() => setEditing(null)} /> : null}
      {editing && editing !== 'new' ? <EditAccountDialog account={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function AddAccountDialog({ accounts, onClose }: { accounts: readonly Account[]; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useCreateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(createAccountSchema, () => ({ code: '', name: '', nameSw: '', type: '', parentCode: '', gfsCode: '', description: '', descriptionSw: '' }));
  const { values, set, errors } = form;
  const msg = (k: string) => accountingMessage(errors[k]);
  const parents = accounts.filter((a) => a.type === values.type).sort((a, b) => a.code.localeCompare(b.code));
  const submit = (data: CreateAccountInput) =>
    mutation.mutate(data, {
      onSuccess: (a) => {
        toast({ title: t('accounting.accounts.added', { code: a.code, name: accountName(a) }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.addErrors(error.fieldErrors());
        setFailure(accountingError(error));
      },
    });
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('accounting.accounts.addTitle')} description={t('accounting.accounts.addHint')}>
      <form noValidate className="grid gap-4" onSubmit={form.submit(submit)}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="acc-code" label={t('accounting.accounts.columns.code')} error={msg('code')} required>
            <Input inputMode="numeric" maxLength={6} data-field="code" {...fieldAria('acc-code', msg('code'))} value={values.code} onChange={(e) => set('code', e.target.value)} />
          </FormField>
          <FormField id="acc-type" label={t('accounting.accounts.columns.type')} error={msg('type')} required>
            <NativeSelect data-field="type" {...fieldAria('acc-type', msg('type'))} value={values.type} onChange={(e) => set('type', e.target.value)}>
              <option value="">{t('accounting.accounts.chooseType')}</option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`accounting.types.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="acc-name" label={t('accounting.accounts.columns.name')} error={msg('name')} required className="sm:col-span-2">
            <Input maxLength={120} data-field="name" {...fieldAria('acc-name', msg('name'))} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <FormField id="acc-parent" label={t('accounting.accounts.parent')} error={msg('parentCode')}>
            <NativeSelect data-field="parentCode" {...fieldAria('acc-parent', msg('parentCode'))} value={values.parentCode} onChange={(e) => set('parentCode', e.target.value)}>
              <option value="">{t('accounting.accounts.noParent')}</option>
              {parents.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.code} · {accountName(a)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="acc-gfs" label={t('accounting.accounts.columns.gfsCode')} error={msg('gfsCode')}>
            <Input maxLength={40} data-field="gfsCode" {...fieldAria('acc-gfs', msg('gfsCode'))} value={values.gfsCode} onChange={(e) => set('gfsCode', e.target.value)} />
          </FormField>
          <BilingualFields id="acc" values={values} set={set} msg={msg} />
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('accounting.accounts.addSubmit')} running={t('accounting.working')} />
      </form>
    </FormDialog>
  );
}

function EditAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdateAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(updateAccountSchema, () => ({
    name: account.name,
    nameSw: account.nameSw ?? '',
    gfsCode: account.gfsCode ?? '',
    description: account.description ?? '',
    descriptionSw: account.descriptionSw ?? '',
    isActive: account.isActive,
  }));
  const { values, set, errors } = form;
  const msg = (k: string) => accountingMessage(errors[k]);
  const submit = (data: UpdateAccountInput) =>
    mutation.mutate(
      { id: account.id, input: data },
      {
        onSuccess: (a) => {
          toast({ title: t('accounting.accounts.saved', { code: a.code, name: accountName(a) }) });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.addErrors(error.fieldErrors());
          setFailure(accountingError(error));
        },
      },
    );
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('accounting.accounts.editTitle', { code: account.code })} description={t('accounting.accounts.editHint')}>
      <form noValidate className="grid gap-4" onSubmit={form.submit(submit)}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={mutation.isPending} className="grid gap-4">
          <FormField id="acc-edit-name" label={t('accounting.accounts.columns.name')} error={msg('name')} required>
            <Input maxLength={120} data-field="name" {...fieldAria('acc-edit-name', msg('name'))} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <FormField id="acc-edit-gfs" label={t('accounting.accounts.columns.gfsCode')} error={msg('gfsCode')}>
            <Input maxLength={40} data-field="gfsCode" {...fieldAria('acc-edit-gfs', msg('gfsCode'))} value={values.gfsCode} onChange={(e) => set('gfsCode', e.target.value)} />
          </FormField>
          <BilingualFields id="acc-edit" values={values} set={set} msg={msg} />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={values.isActive}
              disabled={account.isSystem && account.isActive}
              onChange={(e) => set('isActive', e.target.checked)}
            />
            <span>
              {t('accounting.accounts.activeLabel')}
              <span className="block text-xs text-muted-foreground">{account.isSystem ? t('accounting.accounts.systemHint') : t('accounting.accounts.activeHint')}</span>
            </span>
          </label>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('accounting.accounts.save')} running={t('accounting.working')} />
      </form>
    </FormDialog>
  );
}

type BilingualValues = { nameSw: string; description: string; descriptionSw: string };

/** The account's Kiswahili name and its description in both languages: optional, the English name shown without them. */
function BilingualFields({ id, values, set, msg }: { id: string; values: BilingualValues; set: (name: keyof BilingualValues, value: string) => void; msg: (k: string) => string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={`${id}-name-sw`} label={t('accounting.accounts.nameSw')} error={msg('nameSw')} className="sm:col-span-2">
        <Input maxLength={120} lang="sw" data-field="nameSw" {...fieldAria(`${id}-name-sw`, msg('nameSw'))} value={values.nameSw} onChange={(e) => set('nameSw', e.target.value)} />
        <span className="text-xs text-muted-foreground">{t('accounting.accounts.nameSwHint')}</span>
      </FormField>
      <FormField id={`${id}-description`} label={t('accounting.accounts.description')} error={msg('description')} className="sm:col-span-2">
        <Textarea rows={2} maxLength={500} data-field="description" {...fieldAria(`${id}-description`, msg('description'))} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      <FormField id={`${id}-description-sw`} label={t('accounting.accounts.descriptionSw')} error={msg('descriptionSw')} className="sm:col-span-2">
        <Textarea rows={2} maxLength={500} lang="sw" data-field="descriptionSw" {...fieldAria(`${id}-description-sw`, msg('descriptionSw'))} value={values.descriptionSw} onChange={(e) => set('descriptionSw', e.target.value)} />
      </FormField>
    </>
  );
}
