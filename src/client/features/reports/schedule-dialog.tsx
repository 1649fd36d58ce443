// Schedule Report (SPEC.md §2.16 shows it unwired): a monthly schedule generates the chosen MOH forms (705A, 705B,
// 717) on the 1st of each month for the month before, for one facility, a sub-county or the county (as far as the
// role reaches). The dialog also lists the schedules there are, each paused or resumed in place.
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Loader2, Pause, Play } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf as grantOf } from '../../../shared/access';
import { SCHEDULABLE, type Schedule } from '../../../shared/reports';
import { useStaff } from '../../app/use-staff';
import { ListError } from '../../components/data/list-error';
import { FieldError, FormAlert } from '../../components/forms/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMonth } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { checkSchedule, scheduleBody, scopeError, type FieldErrors, type ScheduleValues } from './generate-form';
import { formCode } from './report-catalogue';
import { errorText, scopeText, validationText } from './report-labels';
import { initialScope, reachableFacilities, reachableSubcounties, scheduleInReach, scopeChoices } from './report-scope';
import { schedulesQuery, useCreateSchedule, useSetScheduleActive } from './reports.api';
import { ScopeFields } from './scope-fields';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; preferredFacility: number | undefined };

export function ScheduleDialog({ open, onOpenChange, preferredFacility }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('reports.schedule.title')}</DialogTitle>
          <DialogDescription>{t('reports.schedule.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <div className="grid gap-6">
            <ScheduleForm preferredFacility={preferredFacility} onDone={() => onOpenChange(false)} />
            <ScheduleList />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({ preferredFacility, onDone }: { preferredFacility: number | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const create = useCreateSchedule();
  const grant = grantOf(staff.role, 'reports:generate');
  const place = { facilityId: staff.facilityId, subcounty: staff.subcounty };
  const reachable = reachableFacilities(facilities.data, grant, place);
  const [values, setValues] = useState<ScheduleValues>(() => ({ reports: [...SCHEDULABLE], ...initialScope(grant, place, reachable, preferredFacility) }));
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const effective = touched || values.facilityId !== '' || reachable.length === 0 ? values : { ...values, ...initialScope(grant, place, reachable, preferredFacility) };
  const errors = { ...(submitted ? checkSchedule(effective) : {}), ...serverErrors };

  if (grant === null) {
    return (
      <p role="note" className="rounded-md border bg-muted/60 p-3 text-sm" data-testid="schedule-not-allowed">
        {t('reports.schedule.notAllowed')}
      </p>
    );
  }

  const set = (patch: Partial<ScheduleValues>) => {
    setValues({ ...effective, ...patch });
    setTouched(true);
    setServerErrors({});
    setRefusal(null);
  };
  const toggle = (form: string, on: boolean) => set({ reports: SCHEDULABLE.filter((f) => (f === form ? on : effective.reports.includes(f))) });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    if (Object.keys(checkSchedule(effective)).length > 0) return;
    create.mutate(scheduleBody(effective), {
      onSuccess: (schedule) => {
        toast({ title: t('reports.schedule.createdTitle'), description: t('reports.schedule.createdBody', { scope: scopeText(t, schedule.scope), date: formatDate(schedule.nextRunOn) }) });
        onDone();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors() : {};
        if (Object.keys(fields).length > 0) setServerErrors(fields);
        else setRefusal(errorText(error, t('common.error')));
      },
    });
  };

  const formsError = validationText(errors.reports);
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <fieldset disabled={create.isPending} className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={formsError ? 'schedule-forms-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('reports.schedule.forms')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {SCHEDULABLE.map((form) => (
              <label key={form} className="flex min-h-10 items-center gap-2 text-sm sm:min-h-0">
                <input type="checkbox" className="h-4 w-4 accent-primary" checked={effective.reports.includes(form)} onChange={(e) => toggle(form, e.target.checked)} />
                <span>
                  {formCode(form)} <span className="text-muted-foreground">— {t(`reports.schedule.formNames.${form}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="schedule-forms" message={formsError} />
        </fieldset>
        <ScopeFields
          idPrefix="schedule"
          value={effective}
          onChange={set}
          choices={scopeChoices(grant)}
          facilities={reachable}
          facilitiesLoading={facilities.isPending}
          subcounties={reachableSubcounties(grant, place)}
          error={validationText(scopeError(errors, effective.scope))}
        />
      </fieldset>
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="schedule-refusal">
          {refusal}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CalendarClock aria-hidden="true" />}
          {create.isPending ? t('reports.schedule.submitting') : t('reports.schedule.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ScheduleList() {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery(schedulesQuery);
  const setActive = useSetScheduleActive();
  const [refusal, setRefusal] = useState<string | null>(null);
  const may = staff.may('reports:generate');
  const facilities = useQuery(facilitiesQuery);
  // Pausing is generating's permission within its reach (reports.schedules.ts checks the same on the server).
  const grant = grantOf(staff.role, 'reports:generate');
  const inReach = (s: Schedule) => scheduleInReach(s, grant, { facilityId: staff.facilityId, subcounty: staff.subcounty }, facilities.data);
  return (
    <section className="grid gap-2" aria-labelledby="schedules-heading">
      <h3 id="schedules-heading" className="font-semibold">
        {t('reports.schedule.existing')}
      </h3>
      {query.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : query.error ? (
        <ListError message={t('common.loadError', { message: errorText(query.error, t('common.error')) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reports.schedule.none')}</p>
      ) : (
        <ul className="grid gap-2" data-testid="schedules">
          {query.data.map((s) => (
            <ScheduleItem
              key={s.id}
              schedule={s}
              blocked={!may ? null : inReach(s) ? null : t('reports.schedule.outOfReach')}
              may={may}
              pending={setActive.isPending && setActive.variables?.id === s.id}
              onToggle={() => {
                setRefusal(null);
                setActive.mutate({ id: s.id, active: !s.active }, { onError: (error) => setRefusal(errorText(error, t('common.error'))) });
              }}
            />
          ))}
        </ul>
      )}
      <FormAlert message={refusal} />
      {!may ? <p className="text-xs text-muted-foreground">{t('reports.schedule.toggleNotAllowed')}</p> : null}
    </section>
  );
}

function ScheduleItem({ schedule: s, may, blocked, pending, onToggle }: { schedule: Schedule; may: boolean; blocked: string | null; pending: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const forms = s.reports.map((r) => formCode(r as (typeof SCHEDULABLE)[number])).join(', ');
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="schedule">
      <div className="grid gap-0.5">
        <p className="font-medium">
          {forms} · {scopeText(t, s.scope)}{' '}
          <Badge variant={s.active ? 'success' : 'secondary'}>{s.active ? t('reports.schedule.active') : t('reports.schedule.paused')}</Badge>
        </p>
        <p className="text-muted-foreground">
          {s.active ? t('reports.schedule.nextRun', { date: formatDate(s.nextRunOn) }) : t('reports.schedule.pausedHint')}
          {' · '}
          {s.lastPeriod ? t('reports.schedule.lastPeriod', { month: formatMonth(s.lastPeriod) }) : t('reports.schedule.notRunYet')}
        </p>
        <p className="text-xs text-muted-foreground">{t('reports.schedule.createdBy', { by: s.createdBy, date: formatDate(s.createdAt) })}</p>
        {blocked ? (
          <p id={`schedule-${s.id}-blocked`} className="text-xs text-muted-foreground">
            {blocked}
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" disabled={!may || blocked !== null || pending} onClick={onToggle} aria-describedby={blocked ? `schedule-${s.id}-blocked` : undefined} aria-label={t(s.active ? 'reports.schedule.pauseOf' : 'reports.schedule.resumeOf', { forms, scope: scopeText(t, s.scope) })}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : s.active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {s.active ? t('reports.schedule.pause') : t('reports.schedule.resume')}
      </Button>
    </li>
  );
}
