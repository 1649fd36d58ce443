// One account's live sessions and its passkeys, each revoked at once (issue 15): a revoked session is signed out on
// its next request, a revoked passkey is refused at its next sign-in.
import { useQuery } from '@tanstack/react-query';
import { KeyRound, MonitorSmartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessUser } from '../../../shared/access';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatTime } from '../../lib/locale-format';
import { passkeysQuery, sessionsQuery, useRevokePasskey, useRevokeSession } from './access.api';

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
const ITEM = 'flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm';

export function SessionsDialog({ user, onClose }: { user: AccessUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('access.sessions.title', { name: user?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('access.sessions.description')}</DialogDescription>
        </DialogHeader>
        {user ? (
          <div className="grid gap-6">
            <SessionsList userId={user.id} />
            <PasskeysList userId={user.id} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A list the dialog shows: its heading, then loading → error with a retry → empty → the items. */
function RevocableList<T extends { id: number }>(props: {
  id: string;
  icon: typeof KeyRound;
  heading: string;
  empty: string;
  query: { data?: T[]; error: Error | null; isFetching: boolean; refetch: () => unknown };
  item: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query, icon: Icon } = props;
  return (
    <section className="grid gap-2" aria-labelledby={props.id}>
      <h3 id={props.id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="h-4 w-4" />
        {props.heading}
      </h3>
      {query.error ? (
        <ListError message={t('access.sessions.error', { message: query.error.message })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Skeleton className="h-16 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{props.empty}</p>
      ) : (
        <ul className="grid gap-2">{query.data.map((row) => props.item(row))}</ul>
      )}
    </section>
  );
}

function SessionsList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useQuery(sessionsQuery(userId));
  const revoke = useRevokeSession();
  return (
    <RevocableList
      id="access-sessions-heading"
      icon={MonitorSmartphone}
      heading={t('access.sessions.sessions')}
      empty={t('access.sessions.none')}
      query={query}
      item={(s) => (
        <li key={s.id} className={ITEM} data-testid={`session-${s.id}`}>
          <div className="min-w-0">
            <p className="font-medium">
              {t(`access.sessions.method.${s.method}`)} · {t('access.sessions.started', { when: when(s.createdAt) })}{' '}
              {s.current ? <Badge variant="info">{t('access.sessions.current')}</Badge> : null}
            </p>
            <p className="break-all text-xs text-muted-foreground">
              {t('access.sessions.lastSeen', { when: when(s.lastSeenAt) })}
              {s.ip ? ` · ${t('access.sessions.from', { ip: s.ip })}` : ''}
              {s.userAgent ? ` · ${s.userAgent}` : ''}
            </p>
          </div>
          <Button
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(s.id, {
                onSuccess: () => toast({ title: t('access.sessions.revoked') }),
                onError: (e) => toast({ variant: 'destructive', title: t('access.sessions.revokeFailed'), description: e.message }),
              })
            }
          >
            {t('access.sessions.revoke')}
          </Button>
        </li>
      )}
    />
  );
}

function PasskeysList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useQuery(passkeysQuery(userId));
  const revoke = useRevokePasskey();
  return (
    <RevocableList
      id="access-passkeys-heading"
      icon={KeyRound}
      heading={t('access.sessions.passkeys')}
      empty={t('access.sessions.noPasskeys')}
      query={query}
      item={(p) => (
        <li key={p.id} className={ITEM} data-testid={`passkey-${p.id}`}>
          <div className="min-w-0">
            <p className="font-medium">
              {p.name} <Badge variant="outline">{t(p.backedUp ? 'access.sessions.synced' : 'access.sessions.device')}</Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              {t('access.sessions.passkeyLine', { created: formatDate(p.createdAt), used: p.lastUsedAt ? when(p.lastUsedAt) : t('access.sessions.neverUsed') })}
            </p>
            {p.revokedAt ? <p className="text-xs text-destructive">{t('access.sessions.revokedOn', { when: when(p.revokedAt) })}</p> : null}
          </div>
          {p.revokedAt ? null : (
            <Button
              size="sm"
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(p.id, {
                  onSuccess: () => toast({ title: t('access.sessions.passkeyRevoked') }),
                  onError: (e) => toast({ variant: 'destructive', title: t('access.sessions.passkeyFailed'), description: e.message }),
                })
              }
            >
              {t('access.sessions.revokePasskey')}
            </Button>
          )}
        </li>
      )}
    />
  );
}
