// The salary scale (issue 27 item 2): each job group's basic and the allowances all its holders draw, as in force
// today, with the rows that take effect later; a payroll officer or the director adds a row from a month (never
// before this one: pay already worked out would no longer match it), or imports the scale from a CSV file. The
// allowance columns are those the scale pays, named as the county's allowance list names them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { addSalaryScaleBody, SALARY_SCALE_COLUMNS, type AddSalaryScaleBody, type AllowanceType, type SalaryScaleRow } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { ListError } from '../../components/data/list-error';
import { ScrollTable } from '../../components/data/table-parts';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { formatDate } from '../../lib/locale-format';
import { CsvImportDialog } from '../../components/forms/csv-import-dialog';
import { allowanceTypesQuery, useImportSalaryScale } from './payroll.api';
import { allowanceName, payrollErrorText, payrollImport, payrollMessage } from './payroll-labels';

/** The allowance codes some rows pay, in the allowance list's order; each with its name on the list. */
function allowanceColumns(rows: readonly SalaryScaleRow[], types: readonly AllowanceType[]): { code: string; label: string }[] {
  const paid = new Set(rows.flatMap((r) => Object.keys(r.allowances)));
  const listed = types.filter((a) => paid.has(a.code)).map((a) => ({ code: a.code, label: a.label }));
  return [...listed, ...[...paid].filter((c) => !types.some((a) => a.code === c)).map((code) => ({ code, label: code }))];
}

export function SalaryScaleCard({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const scale = useQuery({ queryKey: ['payroll', 'salary-scale'], queryFn: ({ signal }) => apiGet<SalaryScaleRow[]>('/api/payroll/salary-scale', signal) });
  const types = useQuery(allowanceTypesQuery);
  const [open, setOpen] = useState<'add' | 'import' | null>(null);
  const today = countyDate(new Date());
  const columns = allowanceColumns(scale.data ?? [], types.data ?? []).map((a) => ({ code: a.code, label: allowanceName(t, a) }));
  // Per job group: the row in force today, and any that take effect later.
  const groups = [...new Set((scale.data ?? []).map((r) => r.jobGroup))].map((group) => {
    const rows = (scale.data ?? []).filter((r) => r.jobGroup === group);
    return { group, current: rows.filter((r) => r.effectiveFrom <= today).at(-1), later: rows.filter((r) => r.effectiveFrom > today) };
  });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2 text-lg">
            <Scale aria-hidden="true" className="h-5 w-5" />
            {t('payroll.scale.title')}
          </CardTitle>
          <CardDescription>{t('payroll.scale.description')}</CardDescription>
        </div>
        {canConfigure ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setOpen('import')}>
              <FileUp aria-hidden="true" />
              {t('payroll.scaleImport.open')}
            </Button>
            <Button variant="outline" onClick={() => setOpen('add')}>
              <Plus aria-hidden="true" />
              {t('payroll.scale.add')}
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {scale.error ? (
          <ListError message={t('common.loadError', { message: scale.error.message })} onRetry={() => void scale.refetch()} retrying={scale.isFetching} />
        ) : !scale.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ScrollTable label={t('payroll.scale.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('payroll.columns.jobGroup')}</TableHead>
                <TableHead className="text-right">{t('payroll.columns.basic')}</TableHead>
                {columns.map((a) => (
                  <TableHead key={a.code} className="text-right">
                    {a.label}
                  </TableHead>
                ))}
                <TableHead>{t('payroll.scale.from')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody data-testid="payroll-salary-scale">
              {groups.map(({ group, current, later }) => (
                <TableRow key={group}>
                  <TableCell className="font-medium">{group}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{current ? formatKES(current.basic) : '—'}</TableCell>
                  {columns.map(({ code }) => (
                    <TableCell key={code} className="whitespace-nowrap text-right tabular-nums">
                      {current?.allowances[code] === undefined ? '—' : formatKES(current.allowances[code])}
                    </TableCell>
                  ))}
                  <TableCell className="whitespace-nowrap">
                    {current ? formatDate(current.effectiveFrom) : '—'}
                    {later.map((l) => (
                      <span key={l.id} className="block text-xs text-muted-foreground">
                        {t('payroll.scale.later', { date: formatDate(l.effectiveFrom), basic: formatKES(l.basic) })}
                      </span>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </CardContent>
      {open === 'add' ? <AddScaleRowDialog allowances={(types.data ?? []).filter((a) => a.isActive)} onClose={() => setOpen(null)} /> : null}
      {open === 'import' ? <ImportScaleDialog types={types.data ?? []} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}

type Values = { jobGroup: string; effectiveFrom: string; basic: string; allowances: Record<string, string> };

function AddScaleRowDialog({ allowances, onClose }: { allowances: readonly AllowanceType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const month = countyDate(new Date()).slice(0, 7);
  const mutation = useMutation({
    mutationFn: (body: AddSalaryScaleBody) => apiPost<SalaryScaleRow>('/api/payroll/salary-scale', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payroll', 'salary-scale'] }),
  });
  const form = useSchemaForm(
    addSalaryScaleBody,
    (): Values => ({ jobGroup: '', effectiveFrom: month, basic: '', allowances: {} }),
    (v) => ({
      jobGroup: v.jobGroup,
      effectiveFrom: v.effectiveFrom ? `${v.effectiveFrom}-01` : '',
      basic: v.basic === '' ? undefined : Number(v.basic),
      allowances: Object.fromEntries(Object.entries(v.allowances).flatMap(([code, amount]) => (amount.trim() === '' ? [] : [[code, Number(amount)]]))),
    }),
  );
  const message = (k: string) => payrollMessage(form.errors[k]);
  const onValid = (body: AddSalaryScaleBody) =>
    mutation.mutate(body, {
      onSuccess: (row) => {
        toast({ title: t('payroll.scale.added'), description: t('payroll.scale.addedBody', { group: row.jobGroup, date: formatDate(row.effectiveFrom) }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && [400, 409].includes(error.status)) form.addErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('payroll.scale.failed'), description: payrollErrorText(t, error) });
      },
    });
  const money = { type: 'number', min: '0', step: '0.01', inputMode: 'decimal' as const };
  const box = (name: 'jobGroup' | 'effectiveFrom' | 'basic', label: string, props: Record<string, string> = {}) => {
    const error = message(name);
    return (
      <FormField id={`payroll-scale-${name}`} label={label} error={error} required>
        <Input value={form.values[name]} data-field={name} autoComplete="off" onChange={(e) => form.set(name, e.target.value)} {...props} {...fieldAria(`payroll-scale-${name}`, error)} />
      </FormField>
    );
  };
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.scale.add')} description={t('payroll.scale.addDescription')}>
      <form noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
          {box('jobGroup', t('payroll.columns.jobGroup'), { maxLength: '2' })}
          {box('effectiveFrom', t('payroll.scale.from'), { type: 'month', min: month })}
          {box('basic', t('payroll.columns.basic'), money)}
          {allowances.map((a) => {
            // An allowance's message is under allowances.<code> in the contract.
            const error = message(`allowances.${a.code}`);
            const id = `payroll-scale-${a.code}`;
            return (
              <FormField key={a.code} id={id} label={allowanceName(t, a)} error={error}>
                <Input
                  value={form.values.allowances[a.code] ?? ''}
                  data-field={`allowances.${a.code}`}
                  autoComplete="off"
                  onChange={(e) => form.set('allowances', { ...form.values.allowances, [a.code]: e.target.value }, `allowances.${a.code}`)}
                  {...money}
                  {...fieldAria(id, error)}
                />
              </FormField>
            );
          })}
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.scale.save')} running={t('payroll.employee.saving')} />
      </form>
    </FormDialog>
  );
}

/** The scale from a CSV file: job_group, effective_from, basic and a column per allowance on the list. */
function ImportScaleDialog({ types, onClose }: { types: readonly AllowanceType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportSalaryScale();
  const active = types.filter((a) => a.isActive).map((a) => a.code);
  return (
    <CsvImportDialog
      id="payroll-scale-import"
      columns={[...SALARY_SCALE_COLUMNS, ...active]}
      mutation={mutation}
      {...payrollImport(t, 'scaleImport')}
      onClose={onClose}
    >
      {(preview) => (
        <ScrollTable label={t('payroll.scaleImport.caption')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('payroll.timesheet.line')}</TableHead>
              <TableHead>{t('payroll.columns.jobGroup')}</TableHead>
              <TableHead>{t('payroll.scale.from')}</TableHead>
              <TableHead className="text-right">{t('payroll.columns.basic')}</TableHead>
              {preview.allowances.map((code) => (
                <TableHead key={code} className="text-right">
                  {allowanceName(t, types.find((a) => a.code === code) ?? { code, label: code })}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell className="font-medium">{r.jobGroup}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(r.effectiveFrom)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(r.basic)}</TableCell>
                {preview.allowances.map((code) => (
                  <TableCell key={code} className="whitespace-nowrap text-right tabular-nums">
                    {r.allowances[code] === undefined ? '—' : formatKES(r.allowances[code])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </CsvImportDialog>
  );
}
