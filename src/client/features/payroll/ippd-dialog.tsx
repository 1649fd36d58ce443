// Compare with IPPD (PAYROLL.md "The county context"): the county's official register for the month, as CSV, beside
// this run — who is only in the register, who only on the run, and whose basic, gross, PAYE or net differs. Nothing
// is written; the differences can be downloaded for the HR office.
import { useMutation } from '@tanstack/react-query';
import { Download, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IPPD_COLUMNS, MAX_TIMESHEET_CSV, type IppdComparison } from '../../../shared/payroll';
import { formatKES, formatKesExact, parseKes } from '../../../shared/money';
import { CsvSourceField } from '../../components/forms/csv-source-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { apiPost } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { formatNumber } from '../../lib/locale-format';
import { payrollErrorText, payrollMessage } from './payroll-labels';
import { ippdDifferencesCsv, ippdDifferencesFileName } from './ippd-csv';

export function IppdDialog({ runId, title, onClose }: { runId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const compare = useMutation({ mutationFn: (text: string) => apiPost<IppdComparison>(`/api/payroll/runs/${runId}/ippd`, { csv: text }) });
  const c = compare.data;
  // Both to the cent when either has cents: a difference of 50 cents must not read as two equal amounts.
  const pair = (register: number | null, run: number | null) => {
    const exact = [register, run].some((n) => n !== null && !Number.isInteger(n));
    const money = (n: number | null) => (n === null ? '—' : exact ? formatKesExact(parseKes(n)) : formatKES(n));
    return { register: money(register), run: money(run) };
  };
  const totalsText = (result: IppdComparison) => {
    const gross = pair(result.totals.register.gross, result.totals.run.gross);
    const net = pair(result.totals.register.net, result.totals.run.net);
    return { registerGross: gross.register, runGross: gross.run, registerNet: net.register, runNet: net.run };
  };
  const download = (result: IppdComparison) => downloadText(ippdDifferencesCsv(result), ippdDifferencesFileName(result));
  return (
    <FormDialog pending={compare.isPending} onClose={onClose} title={t('payroll.ippd.title')} description={t('payroll.ippd.description', { run: title })} className="max-w-3xl">
      <div className="grid gap-4">
        <CsvSourceField id="payroll-ippd" columns={IPPD_COLUMNS} csv={csv} onChange={(text) => {
            setCsv(text);
            compare.reset();
          }} disabled={compare.isPending} tooBig={csv.length > MAX_TIMESHEET_CSV ? t('payroll.timesheet.tooBig') : null} />
        {compare.error ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {payrollErrorText(t, compare.error)}
          </p>
        ) : null}
        {c ? (
          <div className="grid gap-3 text-sm" data-testid="payroll-ippd-result" aria-live="polite">
            {c.issues.length > 0 ? (
              <ul role="alert" className="grid max-h-48 list-disc gap-0.5 overflow-y-auto rounded-md border border-destructive p-3 pl-8 text-destructive">
                {c.issues.map((issue, i) => (
                  <li key={i}>{payrollMessage(issue.message)}</li>
                ))}
              </ul>
            ) : (
              <>
                <p>{t('payroll.ippd.summary', { register: formatNumber(c.registerLines), run: formatNumber(c.runLines), matched: formatNumber(c.matched), differences: formatNumber(c.differences.length) })}</p>
                <p className="text-muted-foreground">
                  {t('payroll.ippd.totals', totalsText(c))}
                </p>
                <ul className="grid max-h-80 gap-2 overflow-y-auto" data-testid="payroll-ippd-differences">
                  {c.differences.map((d) => (
                    <li key={`${d.kind}-${d.personalNumber}`} className="grid gap-1 rounded-md border p-2">
                      <span className="flex flex-wrap items-center gap-2">
                        <Badge variant={d.kind === 'differs' ? 'warning' : 'secondary'}>{t(`payroll.ippd.kinds.${d.kind}`)}</Badge>
                        <span className="font-medium">{d.name || '—'}</span>
                        <span className="text-xs text-muted-foreground">
                          {d.personalNumber}
                          {d.registerNumber ? ` · ${t('payroll.ippd.registerNumber', { number: d.registerNumber })}` : ''}
                          {d.line === null ? '' : ` · ${t('payroll.ippd.line', { line: d.line })}`}
                        </span>
                      </span>
                      <span className="text-xs">
                        {d.figures.map((f) => t('payroll.ippd.figure', { figure: t(`payroll.ippd.figures.${f.figure}`), ...pair(f.register, f.run) })).join(' · ')}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={compare.isPending}>
          {t('common.close')}
        </Button>
        {c && c.differences.length > 0 ? (
          <Button variant="outline" onClick={() => download(c)}>
            <Download aria-hidden="true" />
            {t('payroll.ippd.download')}
          </Button>
        ) : null}
        <Button onClick={() => compare.mutate(csv)} disabled={compare.isPending || csv.trim() === '' || csv.length > MAX_TIMESHEET_CSV}>
          <Scale aria-hidden="true" />
          {compare.isPending ? t('payroll.current.working') : t('payroll.ippd.compare')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
