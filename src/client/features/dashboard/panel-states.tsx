import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/data/list-error';

/** STYLE.md rule 8: an error with a retry button, naming what failed so several on one page stay distinct. */
export function PanelError({ what, error, onRetry }: { what: string; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListError message={t('common.loadError', { message: error?.message ?? t('common.error') })} onRetry={onRetry} retryLabel={t('dashboard.retryWhat', { what })} />;
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
