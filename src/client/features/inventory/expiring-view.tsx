// Expiring stock (issue 28 item 5; PROCUREMENT.md: warn before expiry): the batches of one facility or the county
// that have expired or expire within the warning (the county's supply setting, 90 days, or a window chosen here),
// soonest first, with their value, and what is expired and about to expire worth in all.
import { useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect } from '../../components/data/filter-select';
import { ViewFacilityFilter } from './view-parts';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { VIEW_PAGE_SIZE, expiringQuery } from './inventory.api';
import { BATCH_BADGE, errorText, facilityText, quantityText } from './inventory-labels';

const WINDOWS = ['', '30', '60', '90', '180', '365'] as const;
const COLUMNS = ['item', 'facility', 'batch', 'expiry', 'quantity', 'value'] as const;

export function ExpiringView({ facilityId: initial, facilities }: { facilityId: string; facilities: Facility[] | undefined }) {
  const { t } = useTranslation();
  const [facilityId, setFacilityId] = useState(initial);
  const [days, setDays] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useQuery(expiringQuery({ facilityId: facilityId ? Number(facilityId) : undefined, days: days ? Number(days) : undefined, offset }));
  const report = query.data;
  const list = { ...query, data: report ? { rows: report.rows, total: report.batchCount } : undefined };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <ViewFacilityFilter
          id="expiring-facility"
          value={facilityId}
          facilities={facilities}
          onChange={(v) => {
            setFacilityId(v);
            setOffset(0);
          }}
        />
        <FilterSelect
          id="expiring-window"
          label={t('inventory.expiring.window')}
          value={days}
          onChange={(v) => {
            setDays(v);
            setOffset(0);
          }}
          options={WINDOWS.map((w) => ({ value: w, label: w === '' ? t('inventory.expiring.windowDefault') : t('inventory.expiring.windowDays', { days: w }) }))}
        />
      </div>
      {report ? (
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="expiring-totals">
          <div className="rounded-md border p-3">
            <dt className="text-sm text-muted-foreground">{t('inventory.expiring.expiredValue', { count: report.expiredCount, batches: formatNumber(report.expiredCount) })}</dt>
            <dd className="text-xl font-semibold text-destructive">{formatKES(report.expiredValue)}</dd>
          </div>
          <div className="rounded-md border p-3">
            <dt className="text-sm text-muted-foreground">{t('inventory.expiring.nearValue', { count: report.nearExpiryCount, batches: formatNumber(report.nearExpiryCount), days: formatNumber(report.days) })}</dt>
            <dd className="text-xl font-semibold">{formatKES(report.nearExpiryValue)}</dd>
          </div>
        </dl>
      ) : null}
      <ListCard
        title={report ? t('inventory.expiring.titleCount', { total: formatNumber(report.batchCount) }) : t('inventory.expiring.title')}
        icon={CalendarX2}
        query={list}
        errorMessage={(error) => `${t('inventory.expiring.error')}: ${errorText(error, t('common.error'))}`}
        paging={{ label: t('inventory.expiring.pagination'), offset, pageSize: VIEW_PAGE_SIZE, onOffset: setOffset }}
        empty={<EmptyState icon={CalendarX2} title={t('inventory.expiring.emptyTitle')} hint={t('inventory.expiring.emptyHint', { days: formatNumber(report?.days ?? 90) })} />}
      >
        <Table className="[&_td]:px-3 [&_th]:px-3">
          <caption className="sr-only">{t('inventory.expiring.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`inventory.expiring.columns.${c}`)} className={(c) => (c === 'quantity' || c === 'value' ? 'text-right' : undefined)} />
          <TableBody>
            {!report ? (
              <SkeletonRows rows={5} columns={COLUMNS.length} testId="expiring-skeleton" />
            ) : (
              report.rows.map((r) => (
                <TableRow key={r.batchId} data-testid="expiring-row">
                  <TableCell className="min-w-36 font-medium">{r.itemName}</TableCell>
                  <TableCell>{facilityText(t, r)}</TableCell>
                  <TableCell>{r.batchNumber}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(r.expiryDate)}
                    <Badge variant={BATCH_BADGE[r.status]} className="ml-2">
                      {r.status === 'expired' ? t('inventory.batches.statuses.expired') : t('inventory.expiring.daysLeft', { count: r.daysLeft, days: formatNumber(r.daysLeft) })}
                    </Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{quantityText(t, r.quantity, r.unit)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">{formatKES(r.value)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ListCard>
    </div>
  );
}
