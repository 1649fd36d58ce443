// Previous / Next over a bounded list (DESIGN.md §6), with "Showing a–b of n" read out as it changes.
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { formatNumber } from '../../lib/locale-format';

/** `capped`: the total is a floor ("5,000+"), as for a search with very many matches. */
type Props = { label: string; offset: number; count: number; total: number; capped?: boolean; pageSize: number; onOffset: (offset: number) => void };

export function Pagination({ label, offset, count, total, capped = false, pageSize, onOffset }: Props) {
  const { t } = useTranslation();
  const fmt = (n: number) => formatNumber(n);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="showing">
        {t('common.showing', { from: fmt(count === 0 ? 0 : offset + 1), to: fmt(offset + count), total: `${fmt(total)}${capped ? '+' : ''}` })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          {t('common.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={offset + count >= total} onClick={() => onOffset(offset + pageSize)}>
          {t('common.next')}
        </Button>
      </div>
    </nav>
  );
}
