import { AlertTriangle, CheckCircle2, Circle, Loader2, XCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { previewOf, type Check, type CheckStatus } from './system-test.checks';
import type { CheckResult } from './use-system-test';

const LOOK: Record<CheckStatus, { icon: LucideIcon; tone: string; badge: BadgeProps['variant'] }> = {
  idle: { icon: Circle, tone: 'text-muted-foreground', badge: 'outline' },
  testing: { icon: Loader2, tone: 'animate-spin text-blue-700', badge: 'info' },
  pass: { icon: CheckCircle2, tone: 'text-green-700', badge: 'success' },
  warning: { icon: AlertTriangle, tone: 'text-yellow-700', badge: 'warning' },
  fail: { icon: XCircle, tone: 'text-red-700', badge: 'danger' },
};

/** One check: name, method and path, status, message, duration, and its returned data on demand. */
export function CheckResultItem({ check, result }: { check: Check; result: CheckResult | undefined }) {
  const { t } = useTranslation();
  const status = result?.status ?? 'idle';
  const look = LOOK[status];
  const preview = result?.data === undefined ? null : previewOf(result.data);
  return (
    <li className="grid gap-2 p-4" data-testid={`check-${check.id}`} data-status={status}>
      <div className="flex flex-wrap items-start gap-3">
        <look.icon aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', look.tone)} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="font-medium">{t(`systemTest.checks.${check.id}`)}</h3>
          <code className="break-all text-xs text-muted-foreground">
            {check.method} {result?.path ?? check.path}
          </code>
          {result?.message ? (
            <p className="text-sm" data-testid="message">
              {t(result.message.key, result.message.values)}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          {result?.durationMs !== undefined ? (
            <span className="text-xs text-muted-foreground" data-testid="duration">
              {t('systemTest.duration', { ms: result.durationMs })}
            </span>
          ) : null}
          <Badge variant={look.badge} data-testid="status">
            {t(`systemTest.status.${status}`)}
          </Badge>
        </div>
      </div>
      {preview ? (
        <details className="ml-8 rounded-md border bg-muted/40 text-sm">
          <summary className="cursor-pointer px-3 py-2 font-medium">
            {preview.count === null
              ? t('systemTest.returnedData')
              : t('systemTest.returnedItems', { shown: Math.min(preview.count, 3), count: preview.count })}
          </summary>
          <pre
            tabIndex={0}
            role="region"
            aria-label={t('systemTest.returnedDataOf', { name: t(`systemTest.checks.${check.id}`) })}
            className="max-h-64 overflow-auto border-t px-3 py-2 text-xs"
          >
            {preview.json}
          </pre>
        </details>
      ) : null}
    </li>
  );
}
