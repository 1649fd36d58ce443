// "Sign in with a passkey" on /login (domain/REPORTING.md §Passkeys): the browser offers the passkeys it holds for
// this site (no email typed: discoverable), the device checks the fingerprint, face or PIN, and the server signs the
// person in as a password would. Hidden, with the reason, where the browser has no passkey support.
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Fingerprint, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { apiPost } from '../../lib/api-client';
import type { SignedIn } from '../../../shared/auth';
import { useLogin } from './auth.api';
import { passkeyErrorText } from './passkeys.api';

type Props = { disabled?: boolean; onStart: () => void; onSignedIn: (result: SignedIn) => void; onFailure: (message: string) => void };

export function PasskeySignIn({ disabled, onStart, onSignedIn, onFailure }: Props) {
  const { t } = useTranslation();
  const login = useLogin();
  const [asking, setAsking] = useState(false);
  const [supported] = useState(() => browserSupportsWebAuthn());
  if (!supported) {
    return (
      <p className="rounded-md border bg-muted p-3 text-sm text-muted-foreground" data-testid="passkey-unavailable">
        {t('passkeys.signInUnavailable')}
      </p>
    );
  }
  const busy = asking || login.isPending;
  const signIn = async () => {
    onStart();
    setAsking(true);
    try {
      const optionsJSON = await apiPost<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkeys/login/options', { mediation: 'modal' });
      const response = await startAuthentication({ optionsJSON });
      // mutateAsync: signing in re-renders the route table, which may unmount this page before callbacks run.
      onSignedIn(await login.mutateAsync({ kind: 'passkey', response }));
    } catch (error) {
      onFailure(passkeyErrorText(t, error));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" onClick={() => void signIn()} disabled={disabled || busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Fingerprint aria-hidden="true" />}
        {t(busy ? 'passkeys.signingIn' : 'passkeys.signIn')}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{t('passkeys.signInHint')}</p>
    </div>
  );
}
