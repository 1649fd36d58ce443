// Change an account's role, facility or status, with the reason the audit trail keeps. Only what differs is sent;
// the server signs the person out of every device (they sign in again into their new access).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manageableRoles, updateAccessSchema, type AccessUser } from '../../../shared/access';
import { fieldAria, FormField } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';
import { roleName } from '../../lib/labels';
import { facilitiesQuery } from '../facilities';
import { useUpdateAccess } from './access.api';

export function ChangeAccessDialog({ user, onClose }: { user: AccessUser | null; onClose: () => void }) {
  return user ? <ChangeAccessForm key={user.id} user={user} onClose={onClose} /> : null;
}

type Values = { role: string; facilityId: string; status: string; reason: string };

function ChangeAccessForm({ user, onClose }: { user: AccessUser; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const mutation = useUpdateAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(
    updateAccessSchema,
    (): Values => ({ role: user.role, facilityId: user.facilityId === null ? '' : String(user.facilityId), status: user.isActive ? 'active' : 'inactive', reason: '' }),
    // Only what changed is sent: an unchanged field is left out (the server refuses a change to nothing).
    (v) => ({
      ...(v.role !== user.role ? { role: v.role } : {}),
      ...(v.facilityId !== '' && Number(v.facilityId) !== user.facilityId ? { facilityId: Number(v.facilityId) } : {}),
      ...((v.status === 'active') !== user.isActive ? { isActive: v.status === 'active' } : {}),
      reason: v.reason,
    }),
  );
  const { values, set } = form;
  const errors = Object.fromEntries(Object.entries(form.errors).map(([field, message]) => [field, message && accessMessage(message)])) as typeof form.errors;
  const roles = manageableRoles(staff.role);
  const submit = form.submit((data) =>
    mutation.mutate(
      { id: user.id, ...data },
      {
        onSuccess: (changed) => {
          toast(
            changed.pendingRole && changed.pendingRole !== user.pendingRole
              ? { title: t('access.change.pending'), description: t('access.change.pendingBody', { name: user.name, role: roleName(t, changed.pendingRole) }) }
              : { title: t('access.change.saved'), description: t('access.change.savedBody', { name: user.name }) },
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.addErrors(error.fieldErrors());
          // "409: Nothing to change: …": the status as it is, the server's words in the reader's language.
          const said = error instanceof ApiError ? /^(\d+): (.*)$/s.exec(error.message) : null;
          setFailure(said ? `${said[1]}: ${accessMessage(said[2]!)}` : error.message);
        },
      },
    ),
  );

  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('access.change.title', { name: user.name })} description={t('access.change.description')}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {t('access.change.failed')}: {failure}
          </p>
        ) : null}
        <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="access-role" label={t('access.change.role')} error={errors.role}>
            <NativeSelect data-field="role" {...fieldAria('access-role', errors.role)} value={values.role} onChange={(e) => set('role', e.target.value)}>
              {(roles.includes(user.role) ? roles : [user.role, ...roles]).map((r) => (
                <option key={r} value={r}>
                  {roleName(t, r)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="access-status" label={t('access.change.status')} error={errors.isActive}>
            <NativeSelect data-field="isActive" {...fieldAria('access-status', errors.isActive)} value={values.status} onChange={(e) => set('status', e.target.value)}>
              <option value="active">{t('access.users.active')}</option>
              <option value="inactive">{t('access.users.inactive')}</option>
            </NativeSelect>
          </FormField>
          <FormField id="access-facility" label={t('access.change.facility')} error={errors.facilityId} className="sm:col-span-2">
            <NativeSelect data-field="facilityId" {...fieldAria('access-facility', errors.facilityId)} value={values.facilityId} onChange={(e) => set('facilityId', e.target.value)}>
              {user.facilityId === null ? <option value="">{t('access.users.noFacility')}</option> : null}
              {(facilities.data ?? (user.facilityId !== null ? [{ id: user.facilityId, name: user.facilityName ?? String(user.facilityId) }] : [])).map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="access-reason" label={t('access.change.reason')} error={errors.reason} required className="sm:col-span-2">
            <Input
              data-field="reason"
              maxLength={300}
              placeholder={t('access.change.reasonPlaceholder')}
              {...fieldAria('access-reason', errors.reason)}
              value={values.reason}
              onChange={(e) => set('reason', e.target.value)}
            />
          </FormField>
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('access.change.save')} running={t('access.change.saving')} />
      </form>
    </FormDialog>
  );
}

/** A message of the access schema or the server in the reader's language (access.validation), else as it is. */
const accessMessage = (message: string) => knownMessage('access.validation', message);
