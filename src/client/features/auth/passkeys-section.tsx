// The profile's Passkeys section (domain/REPORTING.md §Passkeys): the person's own passkeys, adding one on this
// device (its fingerprint, face or PIN), and revoking one after a confirmation. Loaded only when the profile opens
// (React.lazy in app/shell/user-menu.tsx), so the shell does not carry the WebAuthn code.
import './auth.strings';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { AlertCircle, KeyRound, Loader2, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '../../../shared/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/locale-format';
import { ApiError } from '../../lib/api-client';
import { passkeyErrorText, useAddPasskey, usePasskeys, useRevokePasskey } from './passkeys.api';

/** The shared schema's English messages, translated. */
const NAME_MESSAGES: Record<string, string> = {
  'Give the passkey a name': 'passkeys.validation.nameRequired',
  [`The name may be at most ${PASSKEY_NAME_MAX} characters`]: 'passkeys.validation.nameTooLong',
};

export default function PasskeysSection() {
  const { t } = useTranslation();
  const supported = browserSupportsWebAuthn();
  const passkeys = usePasskeys(true);
  const rows = passkeys.data ?? [];
  const active = rows.filter((p) => p.revokedAt === null);
  const revoked = rows.filter((p) => p.revokedAt !== null);
  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-3 border-t pt-4" data-testid="passkeys-section">
      <h3 id="passkeys-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="h-4 w-4" /> {t('passkeys.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('passkeys.intro')}</p>
      {passkeys.isPending ? (
        <p className="text-sm text-muted-foreground">{t('passkeys.loading')}</p>
      ) : passkeys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('passkeys.loadFailed')}
        </p>
      ) : active.length === 0 ? (
        <p className="text-sm">{t('passkeys.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {active.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      {supported ? <AddPasskey /> : <p className="rounded-md border bg-muted p-3 text-sm">{t('passkeys.errors.unsupported')}</p>}
      {revoked.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t('passkeys.revokedList', { count: revoked.length })}</summary>
          <ul className="mt-2 grid gap-1">
            {revoked.map((p) => (
              <li key={p.id} className="text-muted-foreground">
                {p.name} · {t('passkeys.revokedOn', { date: formatDate(p.revokedAt!) })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const revoke = useRevokePasskey();
  const [confirming, setConfirming] = useState(false);
  const onRevoke = () =>
    revoke.mutate(passkey.id, {
      onSuccess: () => toast({ title: t('passkeys.revoked'), description: passkey.name }),
      onError: (error) => toast({ variant: 'destructive', title: t('passkeys.revokeFailed'), description: passkeyErrorText(t, error) }),
      onSettled: () => setConfirming(false),
    });
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm" data-testid="passkey-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{passkey.name}</span>
        <Badge variant="secondary">{t(passkey.deviceType === 'multiDevice' ? 'passkeys.synced' : 'passkeys.thisDevice')}</Badge>
      </div>
      <p className="text-muted-foreground">
        {t('passkeys.created', { date: formatDate(passkey.createdAt) })} ·{' '}
        {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
      </p>
      {confirming ? (
        <div role="group" aria-label={t('passkeys.revokeConfirm', { name: passkey.name })} className="grid gap-2 rounded-md bg-red-50 p-2">
          <p>{t('passkeys.revokeConfirm', { name: passkey.name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={revoke.isPending}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" variant="destructive" onClick={onRevoke} disabled={revoke.isPending}>
              {revoke.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t(revoke.isPending ? 'passkeys.revoking' : 'passkeys.revokeYes')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={t('passkeys.revokeNamed', { name: passkey.name })}>
            {t('passkeys.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}

function AddPasskey() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState(() => t('passkeys.defaultName'));
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setNameError(NAME_MESSAGES[message] ? t(NAME_MESSAGES[message]) : message);
      return;
    }
    setNameError(null);
    add.mutate(parsed.data, {
      onSuccess: (passkey) => toast({ title: t('passkeys.added'), description: t('passkeys.addedBody', { name: passkey.name }) }),
      onError: (error) => {
        // A name the server refused is shown at the field; anything else above the button. What was typed stays.
        const field = error instanceof ApiError ? error.fieldErrors().name : undefined;
        if (field) setNameError(passkeyErrorText(t, new ApiError(400, field)));
        else setFailure(passkeyErrorText(t, error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" aria-labelledby={`${inputId}-title`}>
      <p id={`${inputId}-title`} className="text-sm font-medium">
        {t('passkeys.add')}
      </p>
      {failure ? (
        <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive bg-red-50 p-2 text-sm text-destructive">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {failure}
        </p>
      ) : null}
      <Label htmlFor={inputId}>{t('passkeys.name')}</Label>
      <Input
        id={inputId}
        value={name}
        maxLength={PASSKEY_NAME_MAX + 20}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={`${inputId}-hint${nameError ? ` ${inputId}-error` : ''}`}
      />
      {nameError ? (
        <p id={`${inputId}-error`} className="text-sm text-destructive">
          {nameError}
        </p>
      ) : null}
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {t('passkeys.nameHint')}
      </p>
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
          {t(add.isPending ? 'passkeys.adding' : 'passkeys.add')}
        </Button>
      </div>
    </form>
  );
}
