// Staff sign-in (DESIGN.md §7): email and password against POST /api/auth/login. GET /api/login sends the
// browser here; a signed-in user is redirected to / by the route table.
import './auth.strings';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, ArrowLeft, Info, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { loginSchema, type SignedIn } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { ApiError, takeSessionEnd } from '../../lib/api-client';
import { takeReturnPath, useLogin } from './auth.api';
import { PasskeySignIn } from './passkey-sign-in';
import { PublicBrand } from './public-brand';

type T = ReturnType<typeof useTranslation>['t'];

/** The shared schema's English messages (src/shared/auth/contracts.ts), translated. */
const VALIDATION_KEYS: Record<string, string> = {
  'Email is required': 'login.validation.emailRequired',
  'Enter a valid email address': 'login.validation.emailInvalid',
  'Password is required': 'login.validation.passwordRequired',
  'Password is too long': 'login.validation.passwordTooLong',
};

function fieldMessage(message: string | undefined, t: T): string | undefined {
  if (!message) return undefined;
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/**
 * 401: one message for a wrong email or a wrong password, so the page does not reveal which accounts exist.
 * 429: the wait the server names, in the reader's language. Anything else: "status: text" (SPEC.md §8).
 */
function signInError(error: unknown, t: T): string {
  if (error instanceof ApiError) {
    // Only someone who typed the temporary password learns it ran out (issue 25 finding 1).
    if (error.status === 401) return t(error.message.includes('temporary password has expired') ? 'login.temporaryExpired' : 'login.invalidCredentials');
    if (error.status === 429) {
      const wait = /wait (\d+) (second|minute)s?\b/.exec(error.message);
      if (wait) return t(wait[2] === 'second' ? 'login.tooManySeconds' : 'login.tooManyMinutes', { count: Number(wait[1]) });
      return error.message.replace(/^429: /, '');
    }
    return error.message;
  }
  if (error instanceof TypeError) return t('login.connectionError');
  return error instanceof Error ? error.message : String(error);
}

export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // Sent here because the server ended the session: say why, once (issue 29 item 7).
  const [ended] = useState(takeSessionEnd);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const emailError = fieldMessage(errors.email?.message, t);
  const passwordError = fieldMessage(errors.password?.message, t);

  const welcome = ({ user }: SignedIn) => {
    toast({ title: t('login.toasts.loginSuccess'), description: t('login.toasts.welcome', { name: user.firstName }) });
    navigate(takeReturnPath(), { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // mutateAsync, not mutate: signing in re-renders the route table, which may unmount this page before
      // per-call callbacks would run; the welcome toast must still show.
      welcome(await login.mutateAsync({ kind: 'staff', email: values.email, password: values.password }));
    } catch (error) {
      setFailure(signInError(error, t));
      // SPEC.md §8, password sign-in: 'Login Failed' / 'Please check your credentials'.
      if (error instanceof ApiError && error.status === 401) {
        toast({ variant: 'destructive', title: t('login.toasts.loginFailed'), description: t('login.toasts.checkCredentials') });
      }
      form.setValue('password', '');
      form.setFocus('password');
    }
  });

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-3">
          <PublicBrand />
          <Button variant="ghost" className="ml-auto" asChild>
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              {t('login.backHome')}
            </Link>
          </Button>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-2xl font-bold">{t('login.title')}</h1>
            <CardDescription>{t('login.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
              {ended && !failure ? (
                <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="session-ended">
                  <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {t(`login.sessionEnded.${ended}`)}
                </p>
              ) : null}
              {failure ? (
                <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive bg-red-50 p-3 text-sm text-destructive">
                  <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {failure}
                </p>
              ) : null}
              <div className="grid gap-2">
                <Label htmlFor="login-email">{t('login.email')}</Label>
                <Input
                  id="login-email"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'login-email-error' : undefined}
                  {...form.register('email')}
                />
                {emailError ? <p id="login-email-error" className="text-sm text-destructive">{emailError}</p> : null}
              </div>
              <div className="grid gap-2">
                <Label htmlFor="login-password">{t('login.password')}</Label>
                <Input
                  id="login-password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? 'login-password-error' : undefined}
                  {...form.register('password')}
                />
                {passwordError ? <p id="login-password-error" className="text-sm text-destructive">{passwordError}</p> : null}
              </div>
              <Button type="submit" disabled={login.isPending}>
                {login.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                {t(login.isPending ? 'login.submitting' : 'login.submit')}
              </Button>
            </form>
            <div className="my-4 flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              {t('passkeys.or')}
              <span className="h-px flex-1 bg-border" />
            </div>
            <PasskeySignIn disabled={login.isPending} onStart={() => setFailure(null)} onSignedIn={welcome} onFailure={setFailure} />
            <p className="mt-6 text-center text-sm text-muted-foreground">
              {t('login.demoPrompt')}{' '}
              <Link href="/demo" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('login.demoLink')}
              </Link>
            </p>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
