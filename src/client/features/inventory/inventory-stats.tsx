// SPEC.md §2.15 cards (Total Items, Low Stock, Out of Stock, Total Value), for the shell's Current Facility.
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Banknote, Package, PackageX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKES } from '../../../shared/money';
import type { InventoryStats } from '../../../shared/inventory';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { errorText } from './inventory-labels';
import { formatNumber } from '../../lib/locale-format';

type Props = { query: UseQueryResult<InventoryStats>; scope: string };

export function InventoryStatCards({ query, scope }: Props) {
  const { t } = useTranslation();
  const s = query.data;
  const cards: StatCard[] = [
    { key: 'totalItems', icon: Package, value: formatNumber(s?.totalItems), hint: scope },
    { key: 'lowStock', icon: AlertTriangle, tone: 'text-yellow-700', value: formatNumber(s?.lowStock), hint: t('inventory.cards.lowHint') },
    { key: 'outOfStock', icon: PackageX, tone: 'text-red-700', value: formatNumber(s?.outOfStock), hint: t('inventory.cards.outHint') },
    { key: 'totalValue', icon: Banknote, tone: 'text-green-700', value: s ? formatKES(s.totalValue) : undefined, hint: t('inventory.cards.valueHint') },
  ].map((c) => ({ ...c, title: t(`inventory.cards.${c.key}`) }));
  return (
    <StatCardGrid
      label={t('inventory.cards.label')}
      cards={cards}
      testIdPrefix="inventory-card-"
      query={query}
      errorMessage={(error) => `${t('inventory.cards.error')}: ${errorText(error, t('common.error'))}`}
    />
  );
}
