// The demo login portal (SPEC.md §2.3, §4 "Demo portal", §8 toasts): pick a demo account, then sign in with the
// demo password path or, for biometric accounts, the demo fingerprint or face path.
import './auth.strings';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { COUNTY_PROFILE } from '../../../shared/county';
import { demoFaceTemplateHash, demoFingerprintHash } from '../../../shared/auth';
import type { DemoAccount } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast, type ToastInput } from '../../components/ui/use-toast';
import { demoAccountsQuery, useLogin } from './auth.api';
import { DemoAccountCard, DemoAccountCardSkeleton } from './demo-account-card';
import { DemoInstructionsCard } from './demo-instructions-card';
import { DemoPhoneCard } from './demo-phone-card';
import { DemoSignInPanel, type DemoSignInKind } from './demo-sign-in-panel';
import { PublicBrand } from './public-brand';

/** SPEC.md §9: the biometric paths redirect after 500 ms (the password path at once). */
const BIOMETRIC_REDIRECT_MS = 500;
const PLACEHOLDER_CARDS = 6;

type Login = ReturnType<typeof useLogin>;
type T = ReturnType<typeof useTranslation>['t'];

function loginVariables(kind: DemoSignInKind, email: string): Parameters<Login['mutate']>[0] {
  if (kind === 'fingerprint') return { kind, fingerprintHash: demoFingerprintHash(email) };
  if (kind === 'face') return { kind, faceTemplateHash: demoFaceTemplateHash(email) };
  return { kind, email };
}

/** SPEC.md §8: for the password path a failed fetch (TypeError) is a connection error; otherwise each path's own toast. */
function failureToast(kind: DemoSignInKind, error: unknown, t: T): ToastInput {
  if (kind === 'password' && error instanceof TypeError) return { variant: 'destructive', title: t('demo.toasts.loginFailed'), description: t('demo.toasts.connectionError') };
  if (kind === 'password') return { variant: 'destructive', title: t('demo.toasts.loginFailed'), description: t('demo.toasts.tryAgain') };
  return { variant: 'destructive', title: t('demo.toasts.biometricFailed'), description: t('demo.toasts.biometricFailedBody') };
}

export function DemoPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const accounts = useQuery(demoAccountsQuery);
  const login = useLogin();
  const [selectedEmail, setSelectedEmail] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const selected = accounts.data?.find((a) => a.email === selectedEmail) ?? null;
  const pending = login.isPending ? (login.variables.kind as DemoSignInKind) : null;
  const busy = login.isPending || redirecting;

  function select(account: DemoAccount) {
    setSelectedEmail(account.email);
    // On a phone the panel sits below the cards: bring it into view (no-op when it is already visible).
    requestAnimationFrame(() => panelRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  }

  async function signIn(kind: DemoSignInKind) {
    if (!selected) return;
    try {
      // mutateAsync: the toast and redirect still happen if this page re-renders or unmounts meanwhile.
      const { user } = await login.mutateAsync(loginVariables(kind, selected.email));
      toast({
        title: t(kind === 'password' ? 'demo.toasts.loginSuccess' : 'demo.toasts.biometricSuccess'),
        description: t('demo.toasts.welcome', { name: user.firstName }),
      });
      if (kind === 'password') {
        navigate('/');
        return;
      }
      setRedirecting(true);
      redirectTimer.current = setTimeout(() => navigate('/'), BIOMETRIC_REDIRECT_MS);
    } catch (error) {
      toast(failureToast(kind, error, t));
    }
  }

  return (
    <div className="min-h-screen">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <PublicBrand />
          <Button variant="ghost" className="ml-auto" asChild>
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              {t('demo.backHome')}
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold">{t('demo.title')}</h1>
          <p className="text-muted-foreground">{t('demo.subtitle', { county: COUNTY_PROFILE.name })}</p>
          <p className="flex items-start gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('demo.notice')}
          </p>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="accounts-heading" className="grid gap-4">
            <h2 id="accounts-heading" className="text-xl font-semibold">{t('demo.accountsHeading')}</h2>
            <AccountList accounts={accounts} selectedEmail={selectedEmail} disabled={busy} onSelect={select} />
          </section>
          <div className="grid gap-6 lg:sticky lg:top-4">
            <DemoSignInPanel ref={panelRef} account={selected} pending={pending} busy={busy} onSignIn={(kind) => void signIn(kind)} />
            <DemoInstructionsCard />
            <DemoPhoneCard />
          </div>
        </div>
      </main>
    </div>
  );
}

type AccountListProps = {
  accounts: ReturnType<typeof useQuery<DemoAccount[]>>;
  selectedEmail: string | null;
  disabled: boolean;
  onSelect: (account: DemoAccount) => void;
};

/** Skeleton → error with retry → empty (with the next step) → cards (STYLE.md rule 8). */
function AccountList({ accounts, selectedEmail, disabled, onSelect }: AccountListProps) {
  const { t } = useTranslation();
  if (accounts.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 sm:grid-cols-2">
        <span className="sr-only" role="status">{t('common.loading')}</span>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <DemoAccountCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (accounts.isError) {
    return (
      <Card role="alert" className="border-destructive">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <AlertCircle aria-hidden="true" className="h-5 w-5 text-destructive" />
            {t('demo.loadErrorTitle')}
          </CardTitle>
          <CardDescription>{t('common.loadError', { message: accounts.error.message })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button onClick={() => void accounts.refetch()}>{t('common.retry')}</Button>
          <Button variant="outline" asChild>
            <a href="/api/login">{t('demo.staffLogin')}</a>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('demo.empty')}</CardTitle>
          <CardDescription>{t('demo.emptyHint')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <a href="/api/login">{t('demo.staffLogin')}</a>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {accounts.data.map((account) => (
        <li key={account.email}>
          <DemoAccountCard account={account} selected={account.email === selectedEmail} disabled={disabled} onSelect={() => onSelect(account)} />
        </li>
      ))}
    </ul>
  );
}
