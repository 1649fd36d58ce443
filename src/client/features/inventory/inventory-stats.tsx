// SPEC.md §2.15 cards (Total Items, Low Stock, Out of Stock, Total Value), for the shell's Current Facility.
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Banknote, Package, PackageX, RotateCw, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/format';
import type { InventoryStats } from '../../../shared/inventory';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from './inventory-labels';

type Props = { query: UseQueryResult<InventoryStats>; scope: string };

export function InventoryStatCards({ query, scope }: Props) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Card role="alert">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 p-6">
          <p className="text-sm text-destructive">
            {t('inventory.cards.error')}: {errorText(query.error, t('common.error'))}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RotateCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const s = query.data;
  const cards: { key: keyof InventoryStats; icon: LucideIcon; tone: string; value?: string; hint: string }[] = [
    { key: 'totalItems', icon: Package, tone: 'text-muted-foreground', value: s?.totalItems.toLocaleString('en-KE'), hint: scope },
    { key: 'lowStock', icon: AlertTriangle, tone: 'text-yellow-700', value: s?.lowStock.toLocaleString('en-KE'), hint: t('inventory.cards.lowHint') },
    { key: 'outOfStock', icon: PackageX, tone: 'text-red-700', value: s?.outOfStock.toLocaleString('en-KE'), hint: t('inventory.cards.outHint') },
    { key: 'totalValue', icon: Banknote, tone: 'text-green-700', value: s ? formatKES(s.totalValue) : undefined, hint: t('inventory.cards.valueHint') },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('inventory.cards.label')} aria-busy={query.isPending || undefined}>
      {cards.map((c) => (
        <li key={c.key}>
          <Card className="h-full" role="group" aria-labelledby={`inventory-card-${c.key}`} data-testid={`inventory-card-${c.key}`}>
            <CardHeader className="flex-row items-center justify-between space-y-0 pb-2">
              <h2 id={`inventory-card-${c.key}`} className="text-sm font-medium">
                {t(`inventory.cards.${c.key}`)}
              </h2>
              <c.icon aria-hidden="true" className={`h-4 w-4 ${c.tone}`} />
            </CardHeader>
            <CardContent>
              {c.value !== undefined ? (
                <>
                  <p className="text-2xl font-bold" data-testid="stat-value">
                    {c.value}
                  </p>
                  <p className="text-xs text-muted-foreground">{c.hint}</p>
                </>
              ) : (
                <>
                  <Skeleton className="h-8 w-20" />
                  <Skeleton className="mt-2 h-3 w-28" />
                </>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
