// Choose a new password: shown instead of every shell screen while the signed-in account still has the
// temporary password it was created with (Staff Management). The server refuses other calls until then.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, PASSWORD_MIN_LENGTH, type ChangePasswordForm } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
// The page's strings live in the staff namespace, which ships with the signed-in screens' strings.
import '../../lib/i18n-app';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { staffErrorText, staffValidationText } from '../staff';
import { logOut, useChangePassword } from './auth.api';
import './auth.strings';
import { passwordStrengthText } from './password-strength-text';
import { PublicBrand } from './public-brand';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const AUTOCOMPLETE = { currentPassword: 'current-password', newPassword: 'new-password', confirmPassword: 'new-password' } as const;

export function ChangePasswordPage({ email, firstName }: { email: string; firstName: string }) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const message = (name: (typeof FIELDS)[number]) => staffValidationText(passwordStrengthText(t, errors[name]?.message));

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      // mutateAsync: success swaps this page for the shell, which may unmount it before per-call callbacks run.
      await mutation.mutateAsync({ currentPassword, newPassword });
      toast({ title: t('staff.password.success'), description: t('staff.password.successBody', { name: firstName }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = error.fieldErrors();
        FIELDS.filter((f) => fieldErrors[f]).forEach((f, i) => form.setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
      }
      toast({ variant: 'destructive', title: t('staff.password.failed'), description: passwordStrengthText(t, staffErrorText(t, error)) });
    }
  });

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-3">
          <PublicBrand />
          <Button variant="ghost" className="ml-auto" onClick={logOut}>
            <LogOut aria-hidden="true" />
            {t('staff.password.signOut')}
          </Button>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="flex items-center gap-2 text-2xl font-bold">
              <KeyRound aria-hidden="true" className="h-6 w-6 text-primary" />
              {t('staff.password.title')}
            </h1>
            <CardDescription>{t('staff.password.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
              <p className="text-sm text-muted-foreground">{t('staff.password.signedInAs', { email })}</p>
              {/* For password managers: the account the new password belongs to. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              {FIELDS.map((name) => (
                <FormField key={name} id={`password-${name}`} label={t(`staff.password.${name}`)} error={message(name)} required>
                  <Input
                    type="password"
                    autoComplete={AUTOCOMPLETE[name]}
                    aria-required="true"
                    autoFocus={name === 'currentPassword'}
                    disabled={mutation.isPending}
                    {...fieldAria(`password-${name}`, message(name))}
                    {...form.register(name)}
                  />
                </FormField>
              ))}
              <p className="text-xs text-muted-foreground">
                {t('staff.password.hint', { min: PASSWORD_MIN_LENGTH })} {t('passwordStrength.hint')}
              </p>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                {t(mutation.isPending ? 'staff.password.submitting' : 'staff.password.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
