// The shell's count of work saved on this device and not yet sent (issue 34): shown while there is any, waiting or
// refused, and a way to the Sync screen, where each is listed. In the header from 640 px up; on a phone, whose
// header is full, as a line under it, beside the offline banner.
import { CloudUpload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOutboxCounts } from '../../lib/offline-gate';

export function OutboxIndicator({ bar = false }: { bar?: boolean }) {
  const { t } = useTranslation();
  const counts = useOutboxCounts();
  const total = counts.pending + counts.failed;
  if (total === 0) return null;
  const label = counts.failed > 0 ? t('offline.indicatorFailed', { count: total, failed: counts.failed }) : t('offline.indicator', { count: total });
  const tone = counts.failed > 0 ? 'text-red-800' : 'text-yellow-900';
  if (bar) {
    return (
      <Link href="/sync" className={`flex items-center gap-2 border-b bg-background px-4 py-2 text-sm font-medium underline-offset-2 hover:underline sm:hidden ${tone}`} data-testid="outbox-bar">
        <CloudUpload aria-hidden="true" className="h-4 w-4 shrink-0" />
        {label}
      </Link>
    );
  }
  return (
    <Link
      href="/sync"
      className={`hidden h-10 items-center gap-1 rounded-md px-2 text-sm font-medium hover:bg-accent sm:flex ${tone}`}
      aria-label={label}
      title={label}
      data-testid="outbox-indicator"
    >
      <CloudUpload aria-hidden="true" className="h-5 w-5" />
      <span aria-hidden="true">{total}</span>
    </Link>
  );
}
