import { Fingerprint, IdCard, Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DemoAccount } from '../../../shared/auth';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { roleName } from '../../lib/labels';
import { cn } from '../../lib/utils';

type Props = { account: DemoAccount; selected: boolean; disabled: boolean; onSelect: () => void };

/** One demo account (SPEC.md §2.3): a toggle button, so it is reachable and selectable from the keyboard. */
export function DemoAccountCard({ account, selected, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
      className={cn(
        'flex h-full w-full flex-col gap-2 rounded-lg border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed',
        selected && 'border-primary bg-accent/40 ring-2 ring-primary',
      )}
    >
      <span className="flex w-full flex-wrap items-start justify-between gap-2">
        <span className="font-semibold">
          {account.firstName} {account.lastName}
        </span>
        <Badge variant={selected ? 'default' : 'info'}>{roleName(t, account.role)}</Badge>
      </span>
      <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span className="break-all">{account.email}</span>
      </span>
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <IdCard aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t('demo.nationalId', { value: account.nationalId })}
      </span>
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t('demo.phone', { value: account.phoneNumber })}
      </span>
      {account.hasBiometric ? (
        <Badge variant="success" className="mt-auto gap-1 self-start">
          <Fingerprint aria-hidden="true" className="h-3.5 w-3.5" />
          {t('demo.biometricEnabled')}
        </Badge>
      ) : null}
    </button>
  );
}

/** SPEC.md §9: 6 placeholder cards while the accounts load. */
export function DemoAccountCardSkeleton() {
  return (
    <Card className="grid gap-3 p-4" data-testid="demo-account-skeleton">
      <div className="flex justify-between gap-2">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-4 w-36" />
      <Skeleton className="h-4 w-32" />
    </Card>
  );
}
