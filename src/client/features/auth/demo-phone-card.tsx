// The demo phone (demo mode only; issue 25 finding 1): a temporary password goes by SMS to its owner and is never
// shown on screen, and the demo county's SMS simulator sends nothing. So that a demo visitor can still play the new
// member of staff, this card shows what the simulator was asked to send, whole, newest first — as the owner's
// phone would. It exists only where the demo portal does (anyone who reaches a demo server is already its director).
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SimulatedSms } from '../../../shared/appointments';
import { ListError } from '../../components/data/list-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatTime } from '../../lib/locale-format';
import { demoPhoneQuery } from './auth.api';

export function DemoPhoneCard() {
  const { t } = useTranslation();
  const query = useQuery(demoPhoneQuery);
  const messages: SimulatedSms[] = query.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Smartphone aria-hidden="true" className="h-5 w-5 text-primary" />
            {t('demo.phone.title')}
          </CardTitle>
          <CardDescription>{t('demo.phone.description')}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label={t('demo.phone.refresh')}>
          <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {query.error ? (
          <ListError message={t('common.loadError', { message: query.error.message })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : messages.length === 0 ? (
          <p className="text-muted-foreground">{query.isPending ? t('common.loading') : t('demo.phone.empty')}</p>
        ) : (
          // Ten messages scroll within the card: focusable, so a keyboard can scroll them too (WCAG 2.1.1).
          <ul className="grid max-h-80 gap-2 overflow-y-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={t('demo.phone.title')} tabIndex={0}>
            {messages.slice(0, 10).map((m) => (
              <li key={m.id} className="rounded-md border bg-muted/40 p-2" data-testid="demo-phone-message">
                <p className="text-xs text-muted-foreground">{t('demo.phone.to', { phone: m.to, when: `${formatDate(m.at)} ${formatTime(m.at)}` })}</p>
                <p className="[overflow-wrap:anywhere]">{m.message}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
