// SPEC.md §2.6 Register New Patient, §5 validation (on submit, then on change), §8 toasts. The shell's Quick
// Patient Registration button lazy-loads this file for its named export.
import './patients.strings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUBCOUNTIES, SUBCOUNTY_WARDS, type Subcounty } from '../../../shared/county';
import { countyDate, wallClock } from '../../../shared/county-time';
import { DAY_FIRST_FORMAT, parseDayFirstDate } from '../../../shared/day-first-date';
import { registerPatientSchema, type RegisterPatientForm, type RegisterPatientInput } from '../../../shared/patients';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { facilitiesQuery } from '../facilities';
import { FieldError, FormField, FormSection, fieldAria } from '../../components/forms/form-field';
import { errorText, validationText } from './patient-labels';
import { useRegisterPatient } from './patients.api';
import { isQueued } from './patients.offline';
import { useStaff } from '../../app/use-staff';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function RegisterPatientDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const mutation = useRegisterPatient();
  return (
    <FormDialog open={open} pending={mutation.isPending} onClose={() => onOpenChange(false)} title={t('patients.register.title')} description={t('patients.register.description')} className="max-w-3xl">
      <RegisterPatientForm mutation={mutation} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FIELDS = [
  'nationalId',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'gender',
  'phoneNumber',
  'subcounty',
  'ward',
  'village',
  'nextOfKin',
  'nextOfKinPhone',
  'facilityId',
] as const satisfies readonly FieldPath<RegisterPatientForm>[];

function emptyForm(facilityId: number): RegisterPatientForm {
  return {
    nationalId: '',
    firstName: '',
    middleName: '',
    lastName: '',
    dateOfBirth: '',
    gender: undefined as unknown as RegisterPatientForm['gender'],
    phoneNumber: '',
    subcounty: '',
    ward: '',
    village: '',
    nextOfKin: '',
    nextOfKinPhone: '',
    facilityId: String(facilityId),
  };
}

/** The browser checks a date of birth against its own clock; the server checks again against its clock. */
const registrationSchema = registerPatientSchema(wallClock);
const schemaResolver = zodResolver(registrationSchema);

/**
 * The date of birth is typed day first (issue 12), read by parseDayFirstDate, and sent as the ISO date the schema
 * and the server take; what the parser cannot be sure of is refused under the field with its own message.
 */
const registrationResolver: Resolver<RegisterPatientForm, unknown, RegisterPatientInput> = async (values, context, options) => {
  const typed = values.dateOfBirth.trim();
  const parsed = typed === '' ? undefined : parseDayFirstDate(typed, countyDate(wallClock()));
  const result = await schemaResolver({ ...values, dateOfBirth: parsed?.ok ? parsed.iso : '' }, context, options);
  if (parsed && !parsed.ok) return { values: {}, errors: { ...result.errors, dateOfBirth: { type: 'format', message: parsed.message } } };
  return result;
};

/** The date the field will store, in words in the reader's language ("23 April 1990"), or nothing yet. */
function dateInWords(typed: string, language: string): string | undefined {
  const parsed = parseDayFirstDate(typed, countyDate(wallClock()));
  if (!parsed.ok) return undefined;
  const format = new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${parsed.iso}T00:00:00Z`));
}

function RegisterPatientForm({ mutation, onDone }: { mutation: ReturnType<typeof useRegisterPatient>; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  // SPEC.md §9 says the first facility, or 1; the desk's own facility comes first, as a nurse registers where she works.
  const defaultFacility = staff.facilityId ?? facilities.data?.[0]?.id ?? 1;
  const form = useForm<RegisterPatientForm, unknown, RegisterPatientInput>({
    resolver: registrationResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyForm(defaultFacility),
  });
  const { register, handleSubmit, setValue, setError, reset, watch, getFieldState, formState } = form;
  const errors = formState.errors;
  const message = (name: (typeof FIELDS)[number]) => validationText(errors[name]?.message);

  useEffect(() => {
    if (!getFieldState('facilityId').isDirty) setValue('facilityId', String(defaultFacility));
  }, [defaultFacility, getFieldState, setValue]);

  const subcounty = watch('subcounty') as string;
  const birthInWords = dateInWords(watch('dateOfBirth'), i18n.language);
  const wards: readonly string[] = SUBCOUNTY_WARDS[subcounty as Subcounty] ?? [];
  const allowed = staff.may('patients:register');
  const pending = mutation.isPending;

  const onSubmit = (input: RegisterPatientInput) =>
    mutation.mutate(input, {
      onSuccess: (answer) => {
        // Without a connection (issue 34) the registration is kept on the device, to be sent when it returns.
        const names = { firstName: input.firstName, lastName: input.lastName, nationalId: input.nationalId };
        if (isQueued(answer)) toast({ title: t('offlineWork.keptTitle'), description: t('patients.register.keptBody', names) });
        else toast({ title: t('patients.register.successTitle'), description: t('patients.register.successBody', names) });
        reset(emptyForm(defaultFacility));
        onDone();
      },
      onError: (error) => {
        // 400 and 409 name their fields (the duplicate national ID among them): show each under its input.
        if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
          const fieldErrors = error.fieldErrors();
          const named = FIELDS.filter((f) => fieldErrors[f]);
          named.forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        }
        toast({ variant: 'destructive', title: t('patients.register.failedTitle'), description: errorText(t, error, t('patients.register.failedBody')) });
      },
    });

  const text = (name: (typeof FIELDS)[number], label: string, opts: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <FormField id={`reg-${name}`} label={label} error={message(name)} required={opts.required}>
      <Input
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete ?? 'off'}
        aria-required={opts.required || undefined}
        {...fieldAria(`reg-${name}`, message(name))}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {!allowed ? <p className="rounded-md border border-destructive p-3 text-sm text-destructive">{t('patients.register.notAllowed')}</p> : null}
      <fieldset disabled={pending || !allowed} className="grid gap-4">
        <FormSection title={t('patients.register.personal')}>
          {text('nationalId', t('patients.fields.nationalId'), { required: true })}
          {text('firstName', t('patients.fields.firstName'), { required: true })}
          {text('middleName', t('patients.fields.middleName'))}
          {text('lastName', t('patients.fields.lastName'), { required: true })}
          <FormField id="reg-dateOfBirth" label={t('patients.fields.dateOfBirth')} error={message('dateOfBirth')} required>
            <Input
              placeholder={DAY_FIRST_FORMAT}
              autoComplete="off"
              aria-required="true"
              {...fieldAria('reg-dateOfBirth', message('dateOfBirth'))}
              aria-describedby={['reg-dateOfBirth-hint', message('dateOfBirth') ? 'reg-dateOfBirth-error' : undefined].filter(Boolean).join(' ')}
              {...register('dateOfBirth')}
            />
            <p id="reg-dateOfBirth-hint" className="text-xs text-muted-foreground" aria-live="polite" data-testid="dob-reading">
              {birthInWords && !message('dateOfBirth') ? t('patients.register.dobReads', { date: birthInWords }) : t('patients.register.dobHint', { format: DAY_FIRST_FORMAT })}
            </p>
          </FormField>
          <div className="grid gap-1.5">
            <span id="reg-gender-label" className="text-sm font-medium leading-none">
              {t('patients.fields.gender')}
              <span aria-hidden="true" className="ml-0.5 text-destructive">
                *
              </span>
            </span>
            <div
              role="radiogroup"
              aria-labelledby="reg-gender-label"
              aria-required="true"
              aria-invalid={message('gender') ? true : undefined}
              aria-describedby={message('gender') ? 'reg-gender-error' : undefined}
              className="flex h-10 items-center gap-6"
            >
              {(['male', 'female'] as const).map((g) => (
                <label key={g} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={g} className="h-4 w-4 accent-primary" {...register('gender')} />
                  {t(`patients.gender.${g}`)}
                </label>
              ))}
            </div>
            <FieldError id="reg-gender" message={message('gender')} />
          </div>
          {text('phoneNumber', t('patients.fields.phoneNumber'), { type: 'tel', autoComplete: 'off' })}
        </FormSection>

        <FormSection title={t('patients.register.location')}>
          <FormField id="reg-subcounty" label={t('patients.fields.subcounty')} error={message('subcounty')}>
            <NativeSelect {...fieldAria('reg-subcounty', message('subcounty'))} {...register('subcounty', { onChange: () => setValue('ward', '') })}>
              <option value="">{t('patients.register.selectSubcounty')}</option>
              {SUBCOUNTIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="reg-ward" label={t('patients.fields.ward')} error={message('ward')}>
            <NativeSelect disabled={wards.length === 0} {...fieldAria('reg-ward', message('ward'))} {...register('ward')}>
              <option value="">{wards.length === 0 ? t('patients.register.selectSubcountyFirst') : t('patients.register.selectWard')}</option>
              {wards.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {text('village', t('patients.fields.village'))}
        </FormSection>

        <FormSection title={t('patients.register.nextOfKin')}>
          {text('nextOfKin', t('patients.fields.nextOfKinName'))}
          {text('nextOfKinPhone', t('patients.fields.nextOfKinPhone'), { type: 'tel' })}
        </FormSection>

        <FormField id="reg-facilityId" label={t('patients.fields.registrationFacility')} error={message('facilityId')} required>
          <NativeSelect aria-required="true" disabled={facilities.isPending} {...fieldAria('reg-facilityId', message('facilityId'))} {...register('facilityId')}>
            {facilities.isPending ? <option value={String(defaultFacility)}>{t('common.loading')}</option> : null}
            {facilities.data?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </fieldset>

      <FormDialogFooter pending={pending} onCancel={onDone} action={t('patients.register.submit')} running={t('patients.register.submitting')} disabled={!allowed} />
    </form>
  );
}
