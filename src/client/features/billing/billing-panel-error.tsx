// STYLE.md rule 8: an error with a retry button, naming what failed so several on one screen stay distinct.
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/data/list-error';
import { billingError } from './billing-labels';

export function BillingPanelError({ what, error, onRetry }: { what: string; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListError message={t('common.loadError', { message: billingError(error, t('common.error')) })} onRetry={onRetry} retryLabel={t('billing.retryWhat', { what })} />;
}
