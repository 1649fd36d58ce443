// STYLE.md rule 8: an error with a retry button, naming what failed so several on one screen stay distinct.
import { AlertCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { billingError } from './billing-labels';

export function BillingPanelError({ what, error, onRetry }: { what: string; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-red-50 p-3 text-sm text-red-900">
      <AlertCircle aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{t('common.loadError', { message: billingError(error, t('common.error')) })}</span>
      <Button variant="outline" size="sm" onClick={onRetry} aria-label={t('billing.retryWhat', { what })}>
        <RotateCw aria-hidden="true" /> {t('common.retry')}
      </Button>
    </div>
  );
}
