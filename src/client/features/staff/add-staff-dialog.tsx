// Add Staff Member (SPEC.md §2.12 header button, wired): a new account with role and facility. The dialog then says
// what happens next (account-created-panel.tsx): a second person's confirmation, or the SMS to the owner's phone.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countyDate } from '../../../shared/county-time';
import { manageableRoles } from '../../../shared/access';
import { createStaffSchema, type CreatedStaff, type CreateStaffForm, type CreateStaffInput } from '../../../shared/staff';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { roleName } from '../../lib/labels';
import { facilitiesQuery } from '../facilities';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useCreateStaff } from './staff.api';
import { fullName, staffErrorText, staffValidationText } from './staff-labels';
import { AccountCreatedPanel } from './account-created-panel';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; actorRole: string; defaultFacilityId: number | null };

export function AddStaffDialog({ open, onOpenChange, actorRole, defaultFacilityId }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateStaff();
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      pending={mutation.isPending}
      onClose={close}
      // The new account's panel replaces the form, with a header of its own.
      title={created ? undefined : t('staff.add.title')}
      description={created ? undefined : t('staff.add.description')}
      className="max-w-2xl"
    >
      {created ? (
        <AccountCreatedPanel created={created} onDone={close} />
      ) : (
        <AddStaffForm mutation={mutation} actorRole={actorRole} defaultFacilityId={defaultFacilityId} onCreated={setCreated} onCancel={close} />
      )}
    </FormDialog>
  );
}

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'facilityId', 'phoneNumber', 'nationalId', 'joinedAt'] as const satisfies readonly FieldPath<CreateStaffForm>[];

type FormProps = {
  mutation: ReturnType<typeof useCreateStaff>;
  actorRole: string;
  defaultFacilityId: number | null;
  onCreated: (created: CreatedStaff) => void;
  onCancel: () => void;
};

function AddStaffForm({ mutation, actorRole, defaultFacilityId, onCreated, onCancel }: FormProps) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const today = countyDate(new Date());
  const roles = manageableRoles(actorRole);
  const form = useForm<CreateStaffForm, unknown, CreateStaffInput>({
    resolver: zodResolver(createStaffSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      role: '' as CreateStaffForm['role'],
      facilityId: String(defaultFacilityId ?? 1),
      phoneNumber: '',
      nationalId: '',
      joinedAt: today,
    },
  });
  const { register, handleSubmit, setError, control, formState } = form;
  const message = (name: (typeof FIELDS)[number]) => staffValidationText(formState.errors[name]?.message);
  const pending = mutation.isPending;

  const onSubmit = (input: CreateStaffInput) =>
    mutation.mutate(input, {
      onSuccess: (created) => {
        toast({ title: t('staff.toasts.added'), description: t('staff.toasts.addedBody', { name: fullName(created.staff), role: roleName(t, created.staff.role) }) });
        onCreated(created);
      },
      onError: (error) => {
        // 400, 403 (a role this manager may not create) and 409 (a known email) name their fields.
        if (error instanceof ApiError && [400, 403, 409].includes(error.status)) {
          const fieldErrors = error.fieldErrors();
          FIELDS.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        }
        toast({ variant: 'destructive', title: t('staff.toasts.addFailed'), description: staffErrorText(t, error) });
      },
    });

  const text = (name: Exclude<(typeof FIELDS)[number], 'role' | 'facilityId'>, opts: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <FormField id={`staff-add-${name}`} label={t(`staff.add.fields.${name}`)} error={message(name)} required={opts.required}>
      <Input
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete ?? 'off'}
        aria-required={opts.required || undefined}
        {...fieldAria(`staff-add-${name}`, message(name))}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { required: true })}
        {text('lastName', { required: true })}
        {text('email', { required: true, type: 'email' })}
        {text('phoneNumber', { required: true, type: 'tel' })}
        <FormField id="staff-add-role" label={t('staff.add.fields.role')} error={message('role')} required>
          <NativeSelect aria-required="true" {...fieldAria('staff-add-role', message('role'))} {...register('role')}>
            <option value="">{t('staff.add.selectRole')}</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleName(t, r)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="staff-add-facilityId" label={t('staff.add.fields.facilityId')} error={message('facilityId')} required>
          <NativeSelect aria-required="true" disabled={facilities.isPending} {...fieldAria('staff-add-facilityId', message('facilityId'))} {...register('facilityId')}>
            {facilities.isPending ? <option value={String(defaultFacilityId ?? 1)}>{t('common.loading')}</option> : null}
            {facilities.data?.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {text('nationalId')}
        <FormField id="staff-add-joinedAt" label={t('staff.add.fields.joinedAt')} error={message('joinedAt')} required>
          <Controller
            control={control}
            name="joinedAt"
            render={({ field }) => (
              <DateInput max={today} aria-required="true" {...fieldAria('staff-add-joinedAt', message('joinedAt'))} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} />
            )}
          />
        </FormField>
      </fieldset>
      <FormDialogFooter pending={pending} onCancel={onCancel} action={t('staff.add.submit')} running={t('staff.add.submitting')} />
    </form>
  );
}
