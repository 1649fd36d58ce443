// Generate a report (POST /api/reports): which report, for whom (as far as the role reaches), and when — a month for
// the monthly MOH forms (last month by default), days for the others (a register at most 31). The answer is the
// report, processing; it joins Recent Reports at once and is followed there until it completes or fails. A report
// that waits for data the county does not record yet says which, and offers no Generate button.
import { useQuery } from '@tanstack/react-query';
import { Info, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf as grantOf } from '../../../shared/access';
import { countyDate } from '../../../shared/county-time';
import { MAX_RANGE_DAYS, MAX_REGISTER_DAYS, REPORT_CATALOGUE, REPORT_TYPES, type ReportDetail, type ReportKind } from '../../../shared/reports';
import { useStaff } from '../../app/use-staff';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { checkGenerate, generateBody, initialGenerateValues, scopeError, type FieldErrors, type GenerateValues } from './generate-form';
import { entryOf } from './report-catalogue';
import { errorText, reportName, validationText } from './report-labels';
import { initialScope, reachableFacilities, reachableSubcounties, scopeChoices } from './report-scope';
import { useGenerateReport } from './reports.api';
import { ScopeFields } from './scope-fields';

export type GenerateRequest = { kind: ReportKind; khis?: boolean };

type Props = {
  request: GenerateRequest | null;
  onClose: () => void;
  onRequested: (report: ReportDetail) => void;
  /** The facility the list is filtered to: the form starts there when the role reaches it. */
  preferredFacility: number | undefined;
};

export function GenerateReportDialog({ request, onClose, onRequested, preferredFacility }: Props) {
  const { t } = useTranslation();
  const mutation = useGenerateReport();
  return (
    <FormDialog open={request !== null} pending={mutation.isPending} onClose={onClose} title={t('reports.generate.title')} description={t('reports.generate.description')} className="max-w-xl">
      {/* Mounted while open only: each opening starts from the report chosen and the list's facility. */}
      {request ? <GenerateForm key={request.kind} request={request} mutation={mutation} preferredFacility={preferredFacility} onClose={onClose} onRequested={onRequested} /> : null}
    </FormDialog>
  );
}

type FormProps = Omit<Props, 'request'> & { request: GenerateRequest; mutation: ReturnType<typeof useGenerateReport> };

function GenerateForm({ request, mutation, preferredFacility, onClose, onRequested }: FormProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const grant = grantOf(staff.role, 'reports:generate');
  const place = { facilityId: staff.facilityId, subcounty: staff.subcounty };
  const reachable = reachableFacilities(facilities.data, grant, place);
  const today = countyDate(new Date());
  const [values, setValues] = useState<GenerateValues>(() => initialGenerateValues(request.kind, initialScope(grant, place, reachable, preferredFacility), today));
  // The list of facilities may arrive after the form opened: the scope then starts where it would have.
  const [scopeTouched, setScopeTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const effective: GenerateValues = scopeTouched || values.facilityId !== '' || reachable.length === 0 ? values : { ...values, ...initialScope(grant, place, reachable, preferredFacility) };
  const entry = entryOf(effective.report)!;
  const monthly = entry.shape === 'monthly';
  const errors: FieldErrors = { ...(submitted ? checkGenerate(effective, new Date()) : {}), ...serverErrors };
  const message = (field: string) => validationText(errors[field]);
  const mayGenerate = grant !== null;
  const blockedByRecords = entry.namesPatients === true && !staff.may('records:read');
  const canSubmit = mayGenerate && !entry.needs && !blockedByRecords;

  const set = (patch: Partial<GenerateValues>) => {
    setValues((prev) => ({ ...(scopeTouched ? prev : effective), ...patch }));
    if ('scope' in patch || 'facilityId' in patch || 'subcounty' in patch) setScopeTouched(true);
    setServerErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !(k in patch) && !(k === 'facilityId' && 'scope' in patch))));
    setRefusal(null);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setRefusal(null);
    const found = checkGenerate(effective, new Date());
    if (Object.keys(found).length > 0) {
      e.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    mutation.mutate(generateBody(effective), {
      onSuccess: (report) => {
        toast({ title: t('reports.generate.requestedTitle'), description: t('reports.generate.requestedBody', { report: reportName(t, report.name, report.kind) }) });
        onRequested(report);
        onClose();
      },
      onError: (error) => {
        // 400 names its fields (an unknown facility, a month in the future, a report not generated yet); 403 a
        // scope beyond the role's grant: shown in the dialog, which stays open with what was chosen.
        const fields = error instanceof ApiError ? error.fieldErrors() : {};
        if (Object.keys(fields).length > 0) setServerErrors(fields);
        else setRefusal(errorText(error, t('reports.generate.failed')));
      },
    });
  };

  const pending = mutation.isPending;
  const scopeMessage = validationText(scopeError(errors, effective.scope));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField id="gen-report" label={t('reports.generate.report')} error={message('report')}>
        <NativeSelect {...fieldAria('gen-report', message('report'))} value={effective.report} onChange={(e) => set({ report: e.target.value as ReportKind })} disabled={pending}>
          {REPORT_TYPES.map((type) => (
            <optgroup key={type} label={t(`reports.cards.titles.${type}`)}>
              {REPORT_CATALOGUE.filter((r) => r.type === type).map((r) => (
                <option key={r.kind} value={r.kind}>
                  {t(`reports.kinds.${r.kind}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </FormField>

      {entry.needs ? null : (
        <p className="text-sm text-muted-foreground" data-testid="gen-shape">
          {monthly ? t('reports.generate.monthlyHint') : entry.namesPatients ? t('reports.generate.registerHint', { max: MAX_REGISTER_DAYS }) : t('reports.generate.rangeHint', { max: MAX_RANGE_DAYS })}
        </p>
      )}
      {request.khis && monthly ? <Note>{t('reports.generate.khisHint')}</Note> : null}

      {entry.needs ? (
        <div role="note" className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="gen-needs">
          <p className="font-medium">{t('reports.generate.needsTitle')}</p>
          <p>{t(`reports.needs.${entry.kind}`, { defaultValue: entry.needs })}</p>
        </div>
      ) : !mayGenerate ? (
        <Note testId="gen-not-allowed">{t('reports.generate.notAllowed')}</Note>
      ) : blockedByRecords ? (
        <Note testId="gen-not-allowed">{t('reports.generate.namesPatientsNotAllowed')}</Note>
      ) : (
        <fieldset disabled={pending} className="grid gap-4">
          {entry.namesPatients ? <Note>{t('reports.generate.namesPatients')}</Note> : null}
          <ScopeFields
            idPrefix="gen"
            value={effective}
            onChange={set}
            choices={scopeChoices(grant)}
            facilities={reachable}
            facilitiesLoading={facilities.isPending}
            subcounties={reachableSubcounties(grant, place)}
            error={scopeMessage}
          />
          {monthly ? (
            <FormField id="gen-period" label={t('reports.generate.month')} error={message('period')} className="sm:max-w-60">
              <Input type="month" max={today.slice(0, 7)} value={effective.period} onChange={(e) => set({ period: e.target.value })} {...fieldAria('gen-period', message('period'))} />
            </FormField>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="gen-start" label={t('reports.generate.startDate')} error={message('startDate')}>
                <DateInput max={today} value={effective.startDate} onChange={(startDate) => set({ startDate })} {...fieldAria('gen-start', message('startDate'))} />
              </FormField>
              <FormField id="gen-end" label={t('reports.generate.endDate')} error={message('endDate')}>
                <DateInput max={today} value={effective.endDate} onChange={(endDate) => set({ endDate })} {...fieldAria('gen-end', message('endDate'))} />
              </FormField>
            </div>
          )}
        </fieldset>
      )}
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="gen-refusal">
          {refusal}
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {canSubmit ? t('common.cancel') : t('common.close')}
        </Button>
        {canSubmit ? (
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {pending ? t('reports.generate.submitting') : t('reports.generate.submit')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}

function Note({ children, testId }: { children: string; testId?: string }) {
  return (
    <p role="note" className="flex gap-2 rounded-md border bg-muted/60 p-3 text-sm" data-testid={testId}>
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
