import { Fingerprint, KeyRound, Loader2, ScanFace, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoAccount } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { roleName } from '../../lib/labels';

export type DemoSignInKind = 'password' | 'fingerprint' | 'face';

type Props = {
  account: DemoAccount | null;
  /** The sign-in under way, if any: its button shows the pending label. */
  pending: DemoSignInKind | null;
  /** Every button is disabled while a sign-in runs and until the redirect. */
  busy: boolean;
  onSignIn: (kind: DemoSignInKind) => void;
  ref?: Ref<HTMLElement>;
};

const OPTIONS: { kind: DemoSignInKind; label: string; pendingLabel: string; icon: LucideIcon }[] = [
  { kind: 'password', label: 'demo.loginWithPassword', pendingLabel: 'demo.signingIn', icon: KeyRound },
  { kind: 'fingerprint', label: 'demo.fingerprintLogin', pendingLabel: 'demo.scanning', icon: Fingerprint },
  { kind: 'face', label: 'demo.faceRecognition', pendingLabel: 'demo.recognizing', icon: ScanFace },
];

/** The panel a selected card opens (SPEC.md §2.3): password always; fingerprint and face only with biometrics. */
export function DemoSignInPanel({ account, pending, busy, onSignIn, ref }: Props) {
  const { t } = useTranslation();
  const options = OPTIONS.filter((o) => o.kind === 'password' || account?.hasBiometric);
  return (
    <section ref={ref} aria-labelledby="sign-in-options-heading" className="scroll-mt-4">
      <Card>
        <CardHeader>
          <CardTitle id="sign-in-options-heading">{t('demo.panelTitle')}</CardTitle>
          <CardDescription aria-live="polite">
            {account
              ? `${t('demo.selected', { name: `${account.firstName} ${account.lastName}` })} · ${roleName(t, account.role)}`
              : t('demo.panelEmpty')}
          </CardDescription>
        </CardHeader>
        {account ? (
          <CardContent className="grid gap-2">
            {options.map(({ kind, label, pendingLabel, icon: Icon }) => (
              <Button key={kind} variant={kind === 'password' ? 'default' : 'outline'} disabled={busy} onClick={() => onSignIn(kind)}>
                {pending === kind ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Icon aria-hidden="true" />}
                {t(pending === kind ? pendingLabel : label)}
              </Button>
            ))}
            <p className="text-xs text-muted-foreground">{t(account.hasBiometric ? 'demo.biometricHint' : 'demo.noBiometricHint')}</p>
          </CardContent>
        ) : null}
      </Card>
    </section>
  );
}
