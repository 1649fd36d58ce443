// The salary scale (issue 27 item 2): each job group's basic and the allowances all its holders draw, as in force
// today, with the rows that take effect later; a payroll officer or the director adds a row from a month (never
// before this one: pay already worked out would no longer match it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { addSalaryScaleBody, type AddSalaryScaleBody, type SalaryScaleRow } from '../../../shared/payroll';
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
import { payrollErrorText, payrollMessage } from './payroll-labels';

const ALLOWANCES = ['house', 'commuter', 'risk'] as const;

export function SalaryScaleCard({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const scale = useQuery({ queryKey: ['payroll', 'salary-scale'], queryFn: ({ signal }) => apiGet<SalaryScaleRow[]>('/api/payroll/salary-scale', signal) });
  const [adding, setAdding] = useState(false);
  const today = countyDate(new Date());
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
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('payroll.scale.add')}
          </Button>
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
                {ALLOWANCES.map((a) => (
                  <TableHead key={a} className="text-right">
                    {t(`payroll.scale.allowances.${a}`)}
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
                  {ALLOWANCES.map((a) => (
                    <TableCell key={a} className="whitespace-nowrap text-right tabular-nums">
                      {current?.allowances[a] === undefined ? '—' : formatKES(current.allowances[a])}
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
      {adding ? <AddScaleRowDialog onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

type Values = { jobGroup: string; effectiveFrom: string; basic: string; house: string; commuter: string; risk: string };

function AddScaleRowDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const month = countyDate(new Date()).slice(0, 7);
  const mutation = useMutation({
    mutationFn: (body: AddSalaryScaleBody) => apiPost<SalaryScaleRow>('/api/payroll/salary-scale', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payroll', 'salary-scale'] }),
  });
  const form = useSchemaForm(
    addSalaryScaleBody,
    (): Values => ({ jobGroup: '', effectiveFrom: month, basic: '', house: '', commuter: '', risk: '' }),
    (v) => ({
      jobGroup: v.jobGroup,
      effectiveFrom: v.effectiveFrom ? `${v.effectiveFrom}-01` : '',
      basic: v.basic === '' ? undefined : Number(v.basic),
      allowances: Object.fromEntries(ALLOWANCES.filter((a) => v[a].trim() !== '').map((a) => [a, Number(v[a])])),
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
  const box = (name: keyof Values, label: string, props: Record<string, string> = {}) => {
    // An allowance's message is under allowances.<code> in the contract.
    const error = message((ALLOWANCES as readonly string[]).includes(name) ? `allowances.${name}` : name);
    return (
      <FormField id={`payroll-scale-${name}`} label={label} error={error} required={['jobGroup', 'effectiveFrom', 'basic'].includes(name)}>
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
          {box('basic', t('payroll.columns.basic'), { type: 'number', min: '0', step: '0.01', inputMode: 'decimal' })}
          {ALLOWANCES.map((a) => box(a, t(`payroll.scale.allowances.${a}`), { type: 'number', min: '0', step: '0.01', inputMode: 'decimal' }))}
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.scale.save')} running={t('payroll.employee.saving')} />
      </form>
    </FormDialog>
  );
}
