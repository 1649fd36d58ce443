import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** STYLE.md rule 8: an error with a retry button, naming what failed so several on one page stay distinct. */
export function PanelError({ what, error, onRetry }: { what: string; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-red-50 p-3 text-sm text-red-900">
      <AlertCircle aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{t('common.loadError', { message: error?.message ?? t('common.error') })}</span>
      <Button variant="outline" size="sm" onClick={onRetry} aria-label={t('dashboard.retryWhat', { what })}>
        <RotateCw aria-hidden="true" /> {t('common.retry')}
      </Button>
    </div>
  );
}

/** STYLE.md rule 8: the empty state, with the next action when there is one. */
export function PanelEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
      <p>{children}</p>
      {action}
    </div>
  );
}
