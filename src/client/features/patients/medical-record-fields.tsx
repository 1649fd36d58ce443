// The clinical fields of a visit, shared by the Add Medical Record dialog (SPEC.md §2.6) and its correction
// (issue 13): the spec's chief complaint, diagnosis, treatment, prescription, notes and follow-up date, and the
// coded visit around them (visit type, referral in and out, vitals, ICD-11 diagnoses). Every section is always
// open, so a message under any field is in sight; on a phone the short vitals sit two to a row.
import { X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ageInYears, countyClockTime } from '../../../shared/county-time';
import {
  CASE_TYPES,
  MAX_DIAGNOSES,
  REFERRAL_PLACES,
  VISIT_OUTCOMES,
  VITALS,
  VITAL_KEYS,
  ageInMonths,
  FLAGGED_VITALS,
  vitalFlag,
  type FlaggedVital,
  type VitalRange,
  type CaseType,
  type CorrectMedicalRecordForm,
  type CreateMedicalRecordForm,
  type DiagnosisOption,
  type MedicalRecord,
  type ReferralPlace,
  type VisitOutcome,
  type VisitType,
  type VitalKey,
} from '../../../shared/medical-records';
import { FieldError, FormField, fieldAria } from '../../components/forms/form-field';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { toast, toastDrawn } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { formatNumber } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { DiagnosisPicker } from './diagnosis-picker';
import { validationText } from './patient-labels';

type Coded = 'visitType' | 'vitals' | 'diagnoses' | 'referredFrom' | 'referredTo' | 'outcome' | 'deathTime';

/**
 * What the form holds: the contracts' input (createMedicalRecordSchema, correctMedicalRecordSchema) as inputs
 * hold it, every vital as typed text and each diagnosis with its title to show. One shape for both dialogs: each
 * schema strips what is not its own (a new visit's reason, a correction's patient and facility).
 */
export type RecordFormValues = Omit<CreateMedicalRecordForm, Coded | 'visitDate'> &
  Pick<CorrectMedicalRecordForm, 'reason' | 'version'> & {
    visitType: VisitType | '';
    referredFrom: ReferralPlace | '';
    referredTo: ReferralPlace | '';
    outcome: VisitOutcome | '';
    deathTime: string;
    vitals: Record<VitalKey, string>;
    diagnoses: (DiagnosisOption & { caseType: CaseType })[];
  };

const noVitals = (): Record<VitalKey, string> => Object.fromEntries(VITAL_KEYS.map((k) => [k, ''])) as Record<VitalKey, string>;

/** A new visit: nothing typed, the visit type left to the server's OPD rule. */
export function emptyRecordValues(patientId: number, facilityId: number): RecordFormValues {
  return {
    patientId,
    facilityId,
    chiefComplaint: '',
    diagnosis: '',
    treatment: '',
    prescription: '',
    notes: '',
    followUpDate: '',
    visitType: '',
    referredFrom: '',
    referredTo: '',
    outcome: '',
    deathTime: '',
    vitals: noVitals(),
    diagnoses: [],
    reason: '',
    version: 0,
  };
}

/** A recorded visit as the correction form starts from it, with the version it was read at. */
export function recordValuesOf(r: MedicalRecord): RecordFormValues {
  return {
    patientId: r.patientId,
    facilityId: r.facilityId,
    chiefComplaint: r.chiefComplaint,
    diagnosis: r.diagnosis ?? '',
    treatment: r.treatment ?? '',
    prescription: r.prescription ?? '',
    notes: r.notes ?? '',
    followUpDate: r.followUpDate ?? '',
    visitType: r.visitType,
    referredFrom: r.referredFrom ?? '',
    referredTo: r.referredTo ?? '',
    outcome: r.outcome ?? '',
    // The time of death as the county's clock read it (HH:MM).
    deathTime: r.outcomeAt ? countyClockTime(r.outcomeAt) : '',
    vitals: Object.fromEntries(VITAL_KEYS.map((k) => [k, r.vitals[k] === null ? '' : String(r.vitals[k])])) as Record<VitalKey, string>,
    diagnoses: r.diagnoses.map((d) => ({ code: d.code, title: d.title, caseType: d.caseType })),
    reason: '',
    version: r.version,
  };
}

/**
 * The contract's schema as the form's resolver. A decimal comma ("38,5", as some phone keyboards type it) is
 * read as the point the contract takes.
 */
export function recordResolver<S extends z.ZodType>(schema: S): Resolver<RecordFormValues, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<RecordFormValues, unknown, z.output<S>>;
  return (values, context, options) => {
    const vitals = Object.fromEntries(VITAL_KEYS.map((k) => [k, values.vitals[k].trim().replace(',', '.')])) as Record<VitalKey, string>;
    return resolve({ ...values, vitals }, context, options);
  };
}

const TEXT_FIELDS = ['chiefComplaint', 'diagnosis', 'treatment', 'prescription', 'notes', 'followUpDate', 'facilityId', 'visitType', 'referredFrom', 'referredTo', 'outcome', 'deathTime', 'reason'];
const VITAL_PATH = new RegExp(`^vitals\\.(${VITAL_KEYS.join('|')})$`);
const DIAGNOSIS_PATH = /^diagnoses(\.\d+\.(code|caseType))?$/;

/**
 * A 400's issues under the fields they name ("vitals.temperature", "diagnoses.2.code"); the form keeps what was
 * typed. The first field named takes the focus once the form is enabled again: while the request was pending its
 * fieldset was disabled, and a disabled input cannot take the focus.
 */
export function useServerIssues<TOut>(form: UseFormReturn<RecordFormValues, unknown, TOut>, pending: boolean): (error: unknown) => void {
  const [focus, setFocus] = useState<FieldPath<RecordFormValues> | null>(null);
  const { setError, setFocus: focusField } = form;
  useEffect(() => {
    if (pending || focus === null) return;
    focusField(focus);
    setFocus(null);
  }, [pending, focus, focusField]);
  return (error) => {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    const named = Object.entries(error.fieldErrors()).filter(([path]) => TEXT_FIELDS.includes(path) || VITAL_PATH.test(path) || DIAGNOSIS_PATH.test(path));
    for (const [path, message] of named) setError(path as FieldPath<RecordFormValues>, { type: 'server', message });
    if (named[0]) setFocus(named[0][0] as FieldPath<RecordFormValues>);
  };
}

/** SPEC.md §8/§9: a logged-out user is sent to sign in again after 500 ms. */
const LOGIN_REDIRECT_DELAY = 500;

/** SPEC.md §8: a record call answered 401 Unauthorized tells the user and sends them to sign in; whether it was one. */
export function sendToSignInIfLoggedOut(t: TFunction, error: unknown): boolean {
  if (!(error instanceof ApiError && error.status === 401 && error.message.includes('Unauthorized'))) return false;
  const id = toast({ variant: 'destructive', title: t('patients.record.unauthorizedTitle'), description: t('patients.record.unauthorizedBody') });
  // The 500 ms count from when the toast is on screen: the first toast of a page waits for the Toaster's code.
  void toastDrawn(id).then(() => setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_DELAY));
  return true;
}

/** The patient's age in whole months on the visit's day, for the vitals' ranges; null when the birth date is not read yet. */
export function ageMonthsOn(dateOfBirth: string | undefined, visitDay: string): number | null {
  return dateOfBirth === undefined ? null : ageInMonths(dateOfBirth, visitDay);
}

/** MUAC is measured on children under five (MOH 204A), on their age on the day of the visit. */
export function isUnderFive(dateOfBirth: string | undefined, visitDay: string): boolean {
  return dateOfBirth !== undefined && ageInYears(dateOfBirth, visitDay) < 5;
}

/** A field's accessible description: its hint, then its message. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A typed vital outside the normal range for the age (shared/medical-records/vital-ranges.ts): flagged, never refused. */
function typedFlag(k: VitalKey, typed: string, ageMonths: number | null) {
  if (!(FLAGGED_VITALS as readonly string[]).includes(k) || !/^\s*\d+([.,]\d+)?\s*$/.test(typed)) return null;
  return vitalFlag(k as FlaggedVital, Number(typed.trim().replace(',', '.')), ageMonths);
}

/** A normal range as a clinician reads it: "60–100", "≥ 94", "≤ 37.4". */
function rangeText(range: VitalRange): string {
  if (range.min !== null && range.max !== null) return `${formatNumber(range.min)}–${formatNumber(range.max)}`;
  return range.min !== null ? `≥ ${formatNumber(range.min)}` : `≤ ${formatNumber(range.max ?? 0)}`;
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={cn('grid min-w-0 gap-3 rounded-md border p-3 sm:gap-4 sm:p-4', className)}>
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

type FieldsProps<TOut> = {
  form: UseFormReturn<RecordFormValues, unknown, TOut>;
  /** Makes the ids unique when two forms are on the page (a correction opened over a record list). */
  prefix: string;
  /** MUAC is asked for (a child under five, or a visit that already has one). */
  showMuac: boolean;
  /** A new visit may leave its type to the server's OPD rule; a correction keeps the type the visit has. */
  visitTypeByRule: boolean;
  /** The patient's age in months on the visit's day (null: not known): a vital outside its range for it is flagged. */
  ageMonths: number | null;
  /** The patient's sex: the diagnosis search leaves out the codes that cannot apply to it. */
  sex?: string;
};

export function RecordFields<TOut>({ form, prefix, showMuac, visitTypeByRule, ageMonths, sex }: FieldsProps<TOut>) {
  const { t } = useTranslation();
  const { register, control, formState, watch } = form;
  const outcome = watch('outcome');
  const errors = formState.errors;
  const diagnoses = useFieldArray({ control, name: 'diagnoses' });
  const id = (name: string) => `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (name: Exclude<keyof RecordFormValues, 'vitals' | 'diagnoses'>) => validationText(errors[name]?.message);
  const vitalMessage = (k: VitalKey) => validationText(errors.vitals?.[k]?.message);
  const diagnosesMessage = validationText(errors.diagnoses?.root?.message ?? errors.diagnoses?.message);
  const picked = diagnoses.fields.map((d) => d.code);

  const textarea = (name: 'diagnosis' | 'treatment' | 'prescription', hint?: string) => (
    <FormField id={id(name)} label={t(`patients.record.${name}`)} error={message(name)}>
      <Textarea
        className="min-h-16"
        {...fieldAria(id(name), message(name))}
        aria-describedby={describedBy(hint && `${id(name)}-hint`, message(name) && `${id(name)}-error`)}
        {...register(name)}
      />
      {hint ? (
        <p id={`${id(name)}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </FormField>
  );

  const place = (name: 'referredFrom' | 'referredTo') => (
    <FormField id={id(name)} label={t(`patients.record.${name}`)} error={message(name)}>
      <NativeSelect {...fieldAria(id(name), message(name))} {...register(name)}>
        <option value="">{t('patients.referralPlace.none')}</option>
        {REFERRAL_PLACES.map((p) => (
          <option key={p} value={p}>
            {t(`patients.referralPlace.${p}`)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );

  return (
    <>
      <FormField id={id('chiefComplaint')} label={t('patients.record.chiefComplaint')} error={message('chiefComplaint')} required>
        <Textarea aria-required="true" {...fieldAria(id('chiefComplaint'), message('chiefComplaint'))} {...register('chiefComplaint')} />
      </FormField>

      <Section title={t('patients.record.visitSection')} className="sm:grid-cols-3">
        <FormField id={id('visitType')} label={t('patients.record.visitType')} error={message('visitType')}>
          <NativeSelect
            {...fieldAria(id('visitType'), message('visitType'))}
            aria-describedby={describedBy(visitTypeByRule && `${id('visitType')}-hint`, message('visitType') && `${id('visitType')}-error`)}
            {...register('visitType')}
          >
            {visitTypeByRule ? <option value="">{t('patients.record.visitTypeByRule')}</option> : null}
            <option value="new">{t('patients.visitType.new')}</option>
            <option value="revisit">{t('patients.visitType.revisit')}</option>
          </NativeSelect>
        </FormField>
        {place('referredFrom')}
        {place('referredTo')}
        {visitTypeByRule ? (
          <p id={`${id('visitType')}-hint`} className="-mt-1 text-xs text-muted-foreground sm:col-span-3">
            {t('patients.record.visitTypeHint')}
          </p>
        ) : null}
        <FormField id={id('outcome')} label={t('patients.record.outcome')} error={message('outcome')}>
          <NativeSelect {...fieldAria(id('outcome'), message('outcome'))} {...register('outcome')}>
            <option value="">{t('patients.record.outcomeNone')}</option>
            {VISIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`patients.outcome.${o}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {outcome === 'died' ? (
          <FormField id={id('deathTime')} label={t('patients.record.deathTime')} error={message('deathTime')} required>
            <Input
              type="time"
              aria-required="true"
              {...fieldAria(id('deathTime'), message('deathTime'))}
              aria-describedby={describedBy(`${id('deathTime')}-hint`, message('deathTime') && `${id('deathTime')}-error`)}
              {...register('deathTime')}
            />
            <p id={`${id('deathTime')}-hint`} className="text-xs text-muted-foreground">
              {t('patients.record.deathTimeHint')}
            </p>
          </FormField>
        ) : null}
      </Section>

      <Section title={t('patients.record.vitalsSection')} className="grid-cols-2 sm:grid-cols-3">
        {VITAL_KEYS.filter((k) => k !== 'muac' || showMuac).map((k) => {
          const fieldId = id(`vitals.${k}`);
          const error = vitalMessage(k);
          const flag = error ? null : typedFlag(k, watch(`vitals.${k}`), ageMonths);
          return (
            <FormField key={k} id={fieldId} label={t(`patients.vitals.${k}`)} error={error} className="content-start">
              <div className="relative">
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  className="pr-14"
                  {...fieldAria(fieldId, error)}
                  aria-describedby={describedBy(`${fieldId}-unit`, error && `${fieldId}-error`, flag !== null && `${fieldId}-flag`)}
                  {...register(`vitals.${k}`)}
                />
                <span id={`${fieldId}-unit`} className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                  {VITALS[k].unit}
                </span>
              </div>
              {flag ? (
                <p id={`${fieldId}-flag`} className="text-xs font-medium text-amber-800" data-testid="vital-flag">
                  {t('patients.record.vitalFlag', { flag: t(`patients.vitalFlag.${flag.flag}`), range: rangeText(flag.range) })}
                </p>
              ) : null}
            </FormField>
          );
        })}
      </Section>

      <Section title={t('patients.record.diagnosesSection')}>
        <DiagnosisPicker
          id={id('diagnosisSearch')}
          picked={picked}
          full={diagnoses.fields.length >= MAX_DIAGNOSES}
          onPick={(d) => diagnoses.append({ code: d.code, title: d.title, caseType: 'new' }, { shouldFocus: false })}
          error={diagnosesMessage}
          sex={sex}
          ageMonths={ageMonths}
        />
        {diagnoses.fields.length > 0 ? (
          <ul className="grid gap-2" aria-label={t('patients.record.diagnosesPicked')}>
            {diagnoses.fields.map((d, i) => {
              const codeError = validationText(errors.diagnoses?.[i]?.code?.message ?? errors.diagnoses?.[i]?.caseType?.message);
              const rowId = id(`diagnoses.${i}`);
              return (
                <li
                  key={d.id}
                  data-testid="picked-diagnosis"
                  className={cn('grid gap-2 rounded-md border p-2 sm:flex sm:flex-wrap sm:items-center', codeError && 'border-destructive')}
                  aria-describedby={codeError ? `${rowId}-error` : undefined}
                >
                  <p className="min-w-0 flex-1 text-sm">
                    <span className="font-mono font-semibold">{d.code}</span> {d.title}
                  </p>
                  <div className="flex items-center justify-between gap-2">
                    <div role="radiogroup" aria-label={t('patients.record.caseOf', { code: d.code })} className="inline-flex rounded-md border p-0.5">
                      {CASE_TYPES.map((c) => (
                        <label key={c} className="relative">
                          <input type="radio" value={c} className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0" {...register(`diagnoses.${i}.caseType`)} />
                          <span className="block rounded px-3 py-1.5 text-sm peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
                            {t(`patients.caseType.${c}`)}
                          </span>
                        </label>
                      ))}
                    </div>
                    <Button variant="ghost" size="icon" aria-label={t('patients.record.removeDiagnosis', { code: d.code, title: d.title })} onClick={() => diagnoses.remove(i)}>
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                  {codeError ? (
                    <div className="sm:basis-full">
                      <FieldError id={rowId} message={codeError} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {textarea('diagnosis', t('patients.record.diagnosisNotesHint'))}
      </Section>

      {textarea('treatment')}
      {textarea('prescription')}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('notes')} label={t('patients.record.notes')} error={message('notes')}>
          <Textarea className="min-h-16" {...fieldAria(id('notes'), message('notes'))} {...register('notes')} />
        </FormField>
        <FormField id={id('followUpDate')} label={t('patients.record.followUpDate')} error={message('followUpDate')}>
          <Controller
            control={control}
            name="followUpDate"
            render={({ field }) => (
              <DateInput {...fieldAria(id('followUpDate'), message('followUpDate'))} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} />
            )}
          />
        </FormField>
      </div>
    </>
  );
}
