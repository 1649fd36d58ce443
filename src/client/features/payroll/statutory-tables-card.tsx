// The statutory tables (issue 27 item 2; PAYROLL.md "Rates in force"): each table's row in force today, the rows
// scheduled after it and the earlier ones, in the words a payroll officer checks against the Act ("first Ksh 24,000
// at 10 %"). The payroll officer and the director add a row from a date (a Finance Act change, or the proposed 2026
// PAYE bands once enacted); the form starts from the row in force, so a change is a small edit. The server refuses a
// date before this month (pay already worked out keeps its rates) and a second row of a table on one date.
import { useQuery } from '@tanstack/react-query';
import { History, Landmark, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { countyDate } from '../../../shared/county-time';
import { add, formatKES, formatKesExact, isPositive, parseKes, toKes, tryParseKes, ZERO, type Cents } from '../../../shared/money';
import { addStatutoryRateBody, STATUTORY_KINDS, type AddStatutoryRateBody, type StatutoryKind, type StatutoryRate, type StatutoryValues } from '../../../shared/payroll';
import { EmptyState } from '../../components/data/empty-state';
import { ListError } from '../../components/data/list-error';
import { FieldError, FormField, fieldAria, RequiredMark } from '../../components/forms/form-field';
import { focusField, useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { ratesQuery, useAddRate } from './payroll.api';
import { payrollErrorText, payrollMessage } from './payroll-labels';

/** Shillings as the screens show them; to the cent only when a rate has cents. */
const kes = (n: number) => (Number.isInteger(n) ? formatKES(n) : formatKesExact(parseKes(n)));
const pct = (n: number) => formatNumber(n);

type Split = { current: StatutoryRate | undefined; later: StatutoryRate[]; earlier: StatutoryRate[] };

/** A table's rows around today: the one in force, those scheduled after it (soonest first), the earlier (newest first). */
function splitRows(rows: readonly StatutoryRate[], kind: StatutoryKind, today: string): Split {
  const mine = rows.filter((r) => r.kind === kind).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const past = mine.filter((r) => r.effectiveFrom <= today);
  return { current: past.at(-1), later: mine.filter((r) => r.effectiveFrom > today), earlier: past.slice(0, -1).reverse() };
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export function StatutoryTablesCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const canConfigure = staff.may('payroll:configure');
  const rates = useQuery(ratesQuery);
  const [adding, setAdding] = useState(false);
  const today = countyDate(new Date());
  return (
    <Card className={className}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="flex items-center gap-2 text-lg">
            <Landmark aria-hidden="true" className="h-5 w-5" />
            {t('payroll.rates.title')}
          </CardTitle>
          <CardDescription>{t('payroll.rates.description')}</CardDescription>
        </div>
        {canConfigure ? (
          <Button variant="outline" onClick={() => setAdding(true)} disabled={!rates.data}>
            <Plus aria-hidden="true" />
            {t('payroll.rates.add')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {rates.error ? (
          <ListError message={t('common.loadError', { message: rates.error.message })} onRetry={() => void rates.refetch()} retrying={rates.isFetching} />
        ) : !rates.data ? (
          <Skeleton className="h-48 w-full" />
        ) : rates.data.length === 0 ? (
          <EmptyState icon={Landmark} title={t('payroll.rates.empty')} hint={t('payroll.rates.emptyHint')} />
        ) : (
          <div className="grid gap-4 md:grid-cols-2" data-testid="payroll-statutory-tables">
            {STATUTORY_KINDS.map((kind) => (
              <TableSection key={kind} kind={kind} split={splitRows(rates.data, kind, today)} />
            ))}
          </div>
        )}
      </CardContent>
      {adding && rates.data ? <AddRateDialog rows={rates.data} today={today} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

function TableSection({ kind, split: { current, later, earlier } }: { kind: StatutoryKind; split: Split }) {
  const { t } = useTranslation();
  const heading = `payroll-rates-${kind}`;
  return (
    <section aria-labelledby={heading} className="grid min-w-0 content-start gap-3 rounded-md border p-4 text-sm">
      <h3 id={heading} className="font-semibold">
        {t(`payroll.tables.${kind}`)}
      </h3>
      {current ? (
        <RowView row={current} badge={<Badge variant="success">{t('payroll.rates.inForce')}</Badge>} />
      ) : (
        <p className="text-muted-foreground">{t('payroll.rates.noneInForce')}</p>
      )}
      {later.map((row) => (
        <div key={row.id} className="rounded-md border border-dashed p-3">
          <RowView row={row} badge={<Badge variant="info">{t('payroll.rates.scheduled')}</Badge>} />
        </div>
      ))}
      {earlier.length > 0 ? (
        <details className="text-muted-foreground">
          <summary className="cursor-pointer">
            <History aria-hidden="true" className="mx-1 inline h-4 w-4 align-text-bottom" />
            {t('payroll.rates.earlier', { count: earlier.length })}
          </summary>
          <div className="mt-2 grid gap-3">
            {earlier.map((row) => (
              <div key={row.id} className="border-l-2 pl-3">
                <RowView row={row} />
              </div>
            ))}
          </div>
        </details>
      ) : null}
    </section>
  );
}

function RowView({ row, badge }: { row: StatutoryRate; badge?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-1.5" data-testid={`payroll-rate-${row.kind}-${row.effectiveFrom}`}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {badge}
        {t('payroll.rates.from', { date: formatDate(row.effectiveFrom) })}
      </p>
      <ul className="grid list-disc gap-0.5 pl-5 break-words">
        {describeValues(t, row.kind, row.values).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="break-words text-xs text-muted-foreground">
        {t('payroll.rates.sourceLine', { source: row.source })}
        {' · '}
        {row.createdBy ? t('payroll.rates.addedBy', { name: row.createdBy, date: formatDate(row.createdAt) }) : t('payroll.rates.builtIn')}
      </p>
      {row.note ? <p className="break-words text-xs text-muted-foreground">{t('payroll.rates.noteLine', { note: row.note })}</p> : null}
    </div>
  );
}

/** A row's values as sentences, one a line (the API sends them as stored; the contract checked them on the way in). */
function describeValues(t: TFunction, kind: StatutoryKind, raw: Record<string, unknown>): string[] {
  switch (kind) {
    case 'paye': {
      const v = raw as StatutoryValues['paye'];
      return [...describeBands(t, v.bands ?? []), t('payroll.rates.describe.personalRelief', { amount: kes(v.personalRelief) }), t('payroll.rates.describe.insuranceRelief', { percent: pct(v.insuranceReliefPercent), cap: kes(v.insuranceReliefCap) })];
    }
    case 'shif': {
      const v = raw as StatutoryValues['shif'];
      return [t('payroll.rates.describe.shif', { percent: pct(v.percent), minimum: kes(v.minimum) }), treatmentLine(t, v.treatment, v.reliefPercent)];
    }
    case 'ahl': {
      const v = raw as StatutoryValues['ahl'];
      return [t('payroll.rates.describe.ahl', { employee: pct(v.employeePercent), employer: pct(v.employerPercent) }), treatmentLine(t, v.treatment, v.reliefPercent)];
    }
    case 'nssf': {
      const v = raw as StatutoryValues['nssf'];
      return [t('payroll.rates.describe.nssfTiers', { lower: kes(v.lowerLimit), upper: kes(v.upperLimit) }), t('payroll.rates.describe.nssfRates', { employee: pct(v.employeePercent), employer: pct(v.employerPercent) })];
    }
    case 'deductible': {
      const v = raw as StatutoryValues['deductible'];
      return [
        t('payroll.rates.describe.retirementCap', { amount: kes(v.retirementCap) }),
        t('payroll.rates.describe.medicalFundCap', { amount: kes(v.medicalFundCap) }),
        t('payroll.rates.describe.mortgageInterestCap', { amount: kes(v.mortgageInterestCap) }),
      ];
    }
    case 'disability':
      return [t('payroll.rates.describe.disability', { amount: kes((raw as StatutoryValues['disability']).exemptAmount) })];
    case 'nita':
      return [t('payroll.rates.describe.nita', { amount: kes((raw as StatutoryValues['nita']).amount) })];
  }
}

function treatmentLine(t: TFunction, treatment: 'deduction' | 'relief', reliefPercent: number): string {
  return treatment === 'relief' ? t('payroll.rates.describe.relief', { percent: pct(reliefPercent) }) : t('payroll.rates.describe.deduction');
}

/** PAYE's bands as a payroll officer reads them: "First Ksh 24,000 at 10 %", "Next Ksh 8,333 at 25 % (to Ksh 32,333)", "The rest at 35 %". */
function describeBands(t: TFunction, bands: readonly { width: number | null; percent: number }[]): string[] {
  let upTo: Cents = ZERO;
  return bands.map((band, i) => {
    const percent = pct(band.percent);
    if (band.width === null) return i === 0 ? t('payroll.rates.describe.bandAll', { percent }) : t('payroll.rates.describe.bandRest', { percent, from: kes(toKes(upTo)) });
    upTo = add(upTo, parseKes(band.width));
    return i === 0 ? t('payroll.rates.describe.bandFirst', { width: kes(band.width), percent }) : t('payroll.rates.describe.bandNext', { width: kes(band.width), percent, to: kes(toKes(upTo)) });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Add table row

type NumberField = { name: string; type: 'amount' | 'percent' };
type Field = NumberField | { name: 'treatment'; type: 'treatment' };

/** Each table's fields besides PAYE's bands, in the contract's names (shared/payroll/contracts.ts statutoryValuesSchemas). */
const FIELDS: Record<StatutoryKind, readonly Field[]> = {
  paye: [
    { name: 'personalRelief', type: 'amount' },
    { name: 'insuranceReliefPercent', type: 'percent' },
    { name: 'insuranceReliefCap', type: 'amount' },
  ],
  shif: [
    { name: 'percent', type: 'percent' },
    { name: 'minimum', type: 'amount' },
    { name: 'treatment', type: 'treatment' },
    { name: 'reliefPercent', type: 'percent' },
  ],
  ahl: [
    { name: 'employeePercent', type: 'percent' },
    { name: 'employerPercent', type: 'percent' },
    { name: 'treatment', type: 'treatment' },
    { name: 'reliefPercent', type: 'percent' },
  ],
  nssf: [
    { name: 'lowerLimit', type: 'amount' },
    { name: 'upperLimit', type: 'amount' },
    { name: 'employeePercent', type: 'percent' },
    { name: 'employerPercent', type: 'percent' },
  ],
  deductible: [
    { name: 'retirementCap', type: 'amount' },
    { name: 'medicalFundCap', type: 'amount' },
    { name: 'mortgageInterestCap', type: 'amount' },
  ],
  disability: [{ name: 'exemptAmount', type: 'amount' }],
  nita: [{ name: 'amount', type: 'amount' }],
};

type Band = { width: string; percent: string };
type Values = { kind: StatutoryKind; effectiveFrom: string; source: string; note: string; fields: Record<string, string>; bands: Band[] };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The form's boxes for a table, filled from the row it starts from (the one in force, else the latest). */
function prefill(rows: readonly StatutoryRate[], kind: StatutoryKind, today: string): Pick<Values, 'fields' | 'bands'> {
  const { current, later } = splitRows(rows, kind, today);
  const from = current ?? later.at(-1);
  const values = from?.values ?? {};
  const fields = Object.fromEntries(FIELDS[kind].map((f) => [f.name, f.type === 'treatment' ? text(values[f.name]) || 'deduction' : text(values[f.name])]));
  const stored = kind === 'paye' && Array.isArray(values.bands) ? (values.bands as { width: number | null; percent: number }[]) : [];
  const bands = stored.length > 0 ? stored.map((b) => ({ width: text(b.width), percent: text(b.percent) })) : [{ width: '', percent: '' }];
  return { fields, bands };
}

/** The first of next month: a Finance Act usually takes effect on the first of a month, and never before this one. */
function firstOfNextMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function AddRateDialog({ rows, today, onClose }: { rows: readonly StatutoryRate[]; today: string; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useAddRate();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusBand, setFocusBand] = useState<number | null>(null);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const form = useSchemaForm(
    addStatutoryRateBody,
    (): Values => ({ kind: 'paye', effectiveFrom: firstOfNextMonth(today), source: '', note: '', ...prefill(rows, 'paye', today) }),
    (v) => {
      const fields = Object.fromEntries(FIELDS[v.kind].map((f) => [f.name, v.fields[f.name] ?? '']));
      // The last band takes all the rest: its width is never sent, whatever its box held before a band was removed.
      const bands = v.bands.map((b, i) => ({ width: i === v.bands.length - 1 ? null : b.width, percent: b.percent }));
      return { kind: v.kind, effectiveFrom: v.effectiveFrom, source: v.source, note: v.note, values: v.kind === 'paye' ? { bands, ...fields } : fields };
    },
  );
  const { values, errors } = form;

  useEffect(() => {
    if (focusBand === null) return;
    focusField(formRef.current, `values.bands.${focusBand}.width`);
    setFocusBand(null);
  }, [focusBand]);

  const message = (key: string) => rateMessage(t, key, errors[key]);
  const changeKind = (kind: StatutoryKind) => form.reset({ ...values, kind, ...prefill(rows, kind, today) });
  const setField = (name: string, value: string) => form.set('fields', { ...values.fields, [name]: value }, `values.${name}`);
  const setBand = (i: number, part: keyof Band, value: string) =>
    form.set(
      'bands',
      values.bands.map((b, j) => (j === i ? { ...b, [part]: value } : b)),
      `values.bands.${i}.${part}`,
    );
  // A new band goes before the open one; removing or adding moves the bands' numbers, so their messages go.
  const addBand = () => {
    const at = Math.max(values.bands.length - 1, 0);
    form.set('bands', [...values.bands.slice(0, at), { width: '', percent: '' }, ...values.bands.slice(at)], 'values.bands');
    setFocusBand(at);
  };
  const removeBand = (i: number) =>
    form.set(
      'bands',
      values.bands.filter((_, j) => j !== i),
      'values.bands',
    );

  const onValid = (body: AddStatutoryRateBody) =>
    mutation.mutate(body, {
      onSuccess: (row) => {
        toast({ title: t('payroll.rates.added'), description: t('payroll.rates.addedBody', { table: t(`payroll.tables.${row.kind}`), date: formatDate(row.effectiveFrom) }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.addErrors(error.fieldErrors());
        // A second row of the table on one date: the date is what to change, said in the reader's language.
        const duplicate = error instanceof ApiError && error.status === 409 ? t('payroll.rates.duplicateDate', { table: t(`payroll.tables.${body.kind}`), date: formatDate(body.effectiveFrom) }) : null;
        if (duplicate) form.addErrors({ effectiveFrom: duplicate });
        toast({ variant: 'destructive', title: t('payroll.rates.failed'), description: duplicate ? `409: ${duplicate}` : errorText(t, error) });
      },
    });

  const numberBox = (f: Field) => {
    const id = `payroll-rate-${f.name}`;
    const error = message(`values.${f.name}`);
    const label = t(`payroll.rates.fields.${f.name}`);
    if (f.type === 'treatment') {
      return (
        <FormField key={f.name} id={id} label={label} error={error} required>
          <NativeSelect value={values.fields[f.name] ?? ''} data-field={`values.${f.name}`} onChange={(e) => setField(f.name, e.target.value)} {...fieldAria(id, error)}>
            <option value="deduction">{t('payroll.rates.treatments.deduction')}</option>
            <option value="relief">{t('payroll.rates.treatments.relief')}</option>
          </NativeSelect>
        </FormField>
      );
    }
    return (
      <FormField key={f.name} id={id} label={label} error={error} required>
        <Input
          type="number"
          min="0"
          max={f.type === 'percent' ? '100' : undefined}
          step="0.01"
          inputMode="decimal"
          autoComplete="off"
          value={values.fields[f.name] ?? ''}
          data-field={`values.${f.name}`}
          onChange={(e) => setField(f.name, e.target.value)}
          {...fieldAria(id, error)}
        />
      </FormField>
    );
  };

  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('payroll.rates.add')} description={t('payroll.rates.addDescription')} className="sm:max-w-2xl">
      <form ref={formRef} noValidate onSubmit={form.submit(onValid)} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
          <FormField id="payroll-rate-kind" label={t('payroll.rates.table')} error={message('kind')} required>
            <NativeSelect value={values.kind} data-field="kind" onChange={(e) => changeKind(e.target.value as StatutoryKind)} {...fieldAria('payroll-rate-kind', message('kind'))}>
              {STATUTORY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`payroll.tables.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="payroll-rate-effectiveFrom" label={t('payroll.rates.effectiveFrom')} error={message('effectiveFrom')} required>
            <DateInput
              min={firstOfMonth}
              value={values.effectiveFrom}
              data-field="effectiveFrom"
              onChange={(iso) => form.set('effectiveFrom', iso)}
              {...fieldAria('payroll-rate-effectiveFrom', message('effectiveFrom'))}
            />
          </FormField>

          {values.kind === 'paye' ? <BandsEditor bands={values.bands} message={message} onChange={setBand} onAdd={addBand} onRemove={removeBand} /> : null}
          {FIELDS[values.kind].map(numberBox)}

          <FormField id="payroll-rate-source" label={t('payroll.rates.source')} error={message('source')} required className="sm:col-span-2">
            <Input
              value={values.source}
              maxLength={300}
              placeholder={t('payroll.rates.sourcePlaceholder')}
              data-field="source"
              autoComplete="off"
              onChange={(e) => form.set('source', e.target.value)}
              {...fieldAria('payroll-rate-source', message('source'))}
            />
          </FormField>
          <FormField id="payroll-rate-note" label={t('payroll.rates.note')} error={message('note')} className="sm:col-span-2">
            <Textarea value={values.note} maxLength={500} data-field="note" onChange={(e) => form.set('note', e.target.value)} {...fieldAria('payroll-rate-note', message('note'))} />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('payroll.rates.save')} running={t('payroll.rates.saving')} />
      </form>
    </FormDialog>
  );
}

type BandsProps = {
  bands: Band[];
  message: (key: string) => string | undefined;
  onChange: (i: number, part: keyof Band, value: string) => void;
  onAdd: () => void;
  onRemove: (i: number) => void;
};

/** PAYE's bands, one a line: a width and a rate, the last band open (it takes all the rest). */
function BandsEditor({ bands, message, onChange, onAdd, onRemove }: BandsProps) {
  const { t } = useTranslation();
  const listError = message('values.bands');
  // Where each band starts and ends, while the widths above it read as amounts.
  let from: Cents | null = ZERO;
  const ranges = bands.map((b, i) => {
    const start = from;
    const width = i === bands.length - 1 ? null : tryWidth(b.width);
    from = start !== null && width !== null ? add(start, width) : null;
    if (start === null) return '';
    if (i === bands.length - 1) return t('payroll.rates.bandAbove', { from: kes(toKes(start)) });
    return from === null ? '' : t('payroll.rates.bandRange', { from: kes(toKes(start)), to: kes(toKes(from)) });
  });
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3 sm:col-span-2" aria-describedby={listError ? 'payroll-rate-bands-error' : 'payroll-rate-bands-hint'}>
      <legend className="px-1 text-sm font-semibold">
        {t('payroll.rates.bands')}
        <RequiredMark />
      </legend>
      <p id="payroll-rate-bands-hint" className="text-xs text-muted-foreground">
        {t('payroll.rates.bandsHint')}
      </p>
      <div aria-hidden="true" className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] gap-2 text-xs font-medium text-muted-foreground">
        <span>{t('payroll.rates.bandWidthColumn')}</span>
        <span>{t('payroll.rates.bandPercentColumn')}</span>
      </div>
      <ol className="grid gap-3">
        {bands.map((band, i) => {
          const n = i + 1;
          const open = i === bands.length - 1;
          const widthId = `payroll-rate-band-${i}-width`;
          const percentId = `payroll-rate-band-${i}-percent`;
          const widthError = open ? undefined : message(`values.bands.${i}.width`);
          const percentError = message(`values.bands.${i}.percent`);
          return (
            <li key={i} className="grid gap-1">
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-start gap-2">
                <div className="grid min-w-0 gap-1">
                  {open ? (
                    <p className="flex h-10 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground">{t('payroll.rates.bandRest')}</p>
                  ) : (
                    <>
                      <Label htmlFor={widthId} className="sr-only">
                        {t('payroll.rates.bandWidth', { n })}
                      </Label>
                      <Input
                        type="number"
                        min="0"
                        step="0.01"
                        inputMode="decimal"
                        autoComplete="off"
                        value={band.width}
                        data-field={`values.bands.${i}.width`}
                        onChange={(e) => onChange(i, 'width', e.target.value)}
                        {...fieldAria(widthId, widthError)}
                      />
                      <FieldError id={widthId} message={widthError} />
                    </>
                  )}
                </div>
                <div className="grid min-w-0 gap-1">
                  <Label htmlFor={percentId} className="sr-only">
                    {t('payroll.rates.bandPercent', { n })}
                  </Label>
                  <Input
                    type="number"
                    min="0"
                    max="100"
                    step="0.01"
                    inputMode="decimal"
                    autoComplete="off"
                    value={band.percent}
                    data-field={`values.bands.${i}.percent`}
                    onChange={(e) => onChange(i, 'percent', e.target.value)}
                    {...fieldAria(percentId, percentError)}
                  />
                  <FieldError id={percentId} message={percentError} />
                </div>
                <Button variant="ghost" size="icon" aria-label={t('payroll.rates.removeBand', { n })} disabled={bands.length === 1} onClick={() => onRemove(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {ranges[i] ? <p className="text-xs text-muted-foreground">{ranges[i]}</p> : null}
            </li>
          );
        })}
      </ol>
      <FieldError id="payroll-rate-bands" message={listError} />
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onAdd} disabled={bands.length >= 12}>
        <Plus aria-hidden="true" />
        {t('payroll.rates.addBand')}
      </Button>
    </fieldset>
  );
}

/** A band's width as typed, when it reads as an amount above nothing (the ranges shown under the bands). */
function tryWidth(value: string): Cents | null {
  const width = value.trim() === '' ? null : tryParseKes(value);
  return width !== null && isPositive(width) ? width : null;
}

/**
 * A message in the reader's language: the table's own map, then Payroll's. A band with no width comes back from the
 * contract as zod's bare "Invalid input" (the width is an amount or, for the last band alone, empty): it is said here.
 */
function rateMessage(t: TFunction, key: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'Invalid input' && /^values\.bands\.\d+\.width$/.test(key)) return t('payroll.rates.bandWidthMissing');
  const known = knownMessage('payroll.rates.messages', message);
  return known === message ? payrollMessage(message) : known;
}

/** An error as SPEC.md §8 shows it ("status: text"), its text translated when known. */
function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return payrollErrorText(t, error);
  const prefix = `${error.status}: `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return `${prefix}${rateMessage(t, '', text) ?? text}`;
}
