// STYLE.md rule 8: a list or panel that failed to load says why and offers a retry button.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

type Props = {
  message: ReactNode;
  onRetry: () => void;
  /** The retry button is disabled while the list is fetching again. */
  retrying?: boolean;
  /** The retry button's accessible name when several errors can share a screen ("Retry Revenue Trend"). */
  retryLabel?: string;
};

export function ListError({ message, onRetry, retrying, retryLabel }: Props) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-destructive p-4">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying} aria-label={retryLabel}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
