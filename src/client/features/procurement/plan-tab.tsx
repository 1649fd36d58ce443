// Plan (PROCUREMENT.md "The document trail"; issue 28 items 2–3): the annual procurement plan — the county's own lines
// and its facilities', each with its method, quarter and fund, its estimate and what has been ordered against it —
// for the server's current fiscal year or one of the two before it; and the threshold matrix, the most an order may
// be worth under each method by category. A row of the matrix is never changed: a new row from a date takes over,
// so the rows in force are shown with those they replaced and those still to come. The procurement officer adds
// plan lines and matrix rows.
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKES, parseKes, sharePercent, toKes, totalOf } from '../../../shared/money';
import type { PlanLine } from '../../../shared/procurement';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { PlanLineDialog, ThresholdDialog } from './plan-dialogs';
import { PLAN_PAGE_SIZE, planQuery, summaryQuery, thresholdsQuery, type PlanFilters } from './procurement.api';
import { procurementErrorText, recentYears } from './procurement-labels';

const PLAN_COLUMNS = ['item', 'facility', 'quantity', 'method', 'quarter', 'fund', 'estimate', 'ordered'] as const;
const THRESHOLD_COLUMNS = ['method', 'category', 'limit', 'from', 'state'] as const;
const RIGHT = new Set<string>(['quantity', 'estimate', 'ordered', 'limit']);

/** Ordered as a share of the estimate, one decimal (45.5); null for a line estimated at nothing. */
const shareOf = (part: number, whole: number): number | null => sharePercent(parseKes(part), parseKes(whole));
const percentText = (share: number | null) => (share === null ? '—' : `${formatNumber(share)}%`);

export function PlanTab() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PlanCard />
      <ThresholdsCard />
    </div>
  );
}

function PlanCard() {
  const { t } = useTranslation();
  const staff = useStaff();
  const manage = staff.may('procurement:manage');
  const [filters, setFilters] = useState<PlanFilters>({ fiscalYear: '', facilityId: '' });
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const list = useQuery(planQuery(filters, offset));
  const facilities = useQuery(facilitiesQuery);
  // Blank: the fiscal year of the server's today (the county clock, not the browser's), named by the Reports summary,
  // or by the plan's first line until it answers.
  const summaryYear = useQuery(summaryQuery('')).data?.fiscalYear;
  const current = summaryYear ?? (filters.fiscalYear === '' ? list.data?.rows[0]?.fiscalYear : undefined);
  const years = recentYears(current);
  const year = filters.fiscalYear || current;
  const reachable = facilities.data?.filter((f) => staff.reaches('procurement:read', f));
  const change = (next: Partial<PlanFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const rows = list.data?.rows ?? [];
  const estimate = toKes(totalOf(rows.map((l) => parseKes(l.estimatedCost))));
  const ordered = toKes(totalOf(rows.map((l) => parseKes(l.orderedValue))));
  const share = shareOf(ordered, estimate);

  // The officer's button waits for the server to name the fiscal year a new line is for.
  const add = manage ? (
    <Button onClick={() => setAdding(true)} disabled={!years}>
      <Plus aria-hidden="true" />
      {t('procurement.plan.add')}
    </Button>
  ) : null;

  return (
    <>
      <ListCard
        title={list.data && year ? t('procurement.plan.titleCount', { year, n: formatNumber(list.data.total) }) : t('procurement.plan.title')}
        icon={ClipboardList}
        description={t('procurement.plan.description')}
        actions={
          <div role="group" aria-label={t('procurement.plan.filters')} className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
            <FilterSelect
              id="procurement-plan-year"
              className="grid min-w-0 flex-[1_1_9rem] gap-1.5"
              label={t('procurement.plan.year')}
              value={filters.fiscalYear || (current ?? '')}
              onChange={(y) => change({ fiscalYear: y === current ? '' : y })}
              options={years?.map((y) => ({ value: y, label: y }))}
              loadingLabel={t('common.loading')}
            />
            <FilterSelect
              id="procurement-plan-facility"
              className="grid min-w-0 flex-[1_1_12rem] gap-1.5"
              label={t('procurement.columns.facility')}
              value={filters.facilityId}
              onChange={(facilityId) => change({ facilityId })}
              allLabel={t('procurement.plan.allFacilities')}
              options={facilityOptions(reachable)}
              loadingLabel={t('common.loading')}
            />
            {add}
          </div>
        }
        query={list}
        errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
        empty={<EmptyState icon={ClipboardList} title={t('procurement.plan.none', { year: year ?? '' })} hint={t(filters.facilityId ? 'procurement.plan.noneFacility' : 'procurement.plan.noneHint')} action={add} />}
        paging={{ label: t('procurement.plan.pages'), offset, pageSize: PLAN_PAGE_SIZE, onOffset: setOffset }}
      >
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {list.data ? (
            <p className="text-sm" data-testid="procurement-plan-totals">
              {t('procurement.plan.totals', {
                count: list.data.total,
                shown: formatNumber(rows.length),
                n: formatNumber(list.data.total),
                estimate: formatKES(estimate),
                ordered: formatKES(ordered),
                percent: percentText(share),
              })}
            </p>
          ) : null}
          <ScrollTable label={t('procurement.plan.title')}>
            <ColumnHeads columns={PLAN_COLUMNS} label={(c) => t(`procurement.plan.columns.${c}`)} className={(c) => (RIGHT.has(c) ? 'text-right' : undefined)} />
            <TableBody data-testid="procurement-plan">{list.data ? rows.map((l) => <PlanRow key={l.id} line={l} />) : <SkeletonRows rows={5} columns={PLAN_COLUMNS.length} testId="procurement-plan-skeleton" />}</TableBody>
          </ScrollTable>
        </div>
      </ListCard>
      {adding && years && year ? <PlanLineDialog years={years} fiscalYear={year} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

function PlanRow({ line: l }: { line: PlanLine }) {
  const { t } = useTranslation();
  const share = shareOf(l.orderedValue, l.estimatedCost);
  return (
    <TableRow>
      <TableCell>
        <span className="font-medium">{l.itemName}</span> <span className="text-muted-foreground">· {l.unit}</span>
      </TableCell>
      <TableCell>{l.facilityId === null ? <Badge variant="secondary">{t('procurement.plan.county')}</Badge> : (l.facility ?? t('common.unknownFacility'))}</TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(l.quantity)}</TableCell>
      <TableCell>{t(`procurement.methods.${l.method}`)}</TableCell>
      <TableCell className="whitespace-nowrap">{t('procurement.plan.quarter', { n: l.quarter })}</TableCell>
      <TableCell>{t(`procurement.funds.${l.fund}`)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatKES(l.estimatedCost)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">
        {formatKES(l.orderedValue)}{' '}
        <span className={share !== null && share > 100 ? 'font-semibold text-destructive' : 'text-muted-foreground'}>({percentText(share)})</span>
      </TableCell>
    </TableRow>
  );
}

function ThresholdsCard() {
  const { t } = useTranslation();
  const manage = useStaff().may('procurement:manage');
  const thresholds = useQuery(thresholdsQuery);
  const [adding, setAdding] = useState(false);
  // As the server reads the matrix down: by method, then category, the latest date first.
  const rows = thresholds.data;
  // The date of the row in force (marked by the server, from the county's today) for each method and category: a row
  // before it was superseded, one after it is still to come (as is every row of a pair with none in force yet).
  const inForce = new Map(rows?.filter((r) => r.inForce).map((r) => [`${r.method}|${r.category}`, r.effectiveFrom]));
  const list = { ...thresholds, data: rows ? { rows, total: rows.length } : undefined };
  const add = manage ? (
    <Button variant="outline" onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      {t('procurement.plan.thresholds.add')}
    </Button>
  ) : null;

  return (
    <>
      <ListCard
        title={t('procurement.plan.thresholds.title')}
        icon={Scale}
        description={
          <>
            {t('procurement.plan.thresholds.description')} <span className="font-medium text-foreground">{t('procurement.plan.thresholds.neverEdited')}</span>
          </>
        }
        actions={add}
        query={list}
        errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
        empty={<EmptyState icon={Scale} title={t('procurement.plan.thresholds.none')} hint={t('procurement.plan.thresholds.noneHint')} action={add} />}
      >
        <ScrollTable label={t('procurement.plan.thresholds.title')}>
          <ColumnHeads columns={THRESHOLD_COLUMNS} label={(c) => t(`procurement.plan.thresholds.columns.${c}`)} className={(c) => (RIGHT.has(c) ? 'text-right' : undefined)} />
          <TableBody data-testid="procurement-thresholds">
            {rows
              ? rows.map((r) => {
                  const current = inForce.get(`${r.method}|${r.category}`);
                  return (
                    <TableRow key={r.id} className={r.inForce ? 'font-medium' : 'text-muted-foreground'}>
                      <TableCell>{t(`procurement.methods.${r.method}`)}</TableCell>
                      <TableCell>{t(`procurement.kinds.${r.category}`)}</TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">{r.maxValue === null ? t('procurement.plan.thresholds.noLimit') : formatKES(r.maxValue)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDate(r.effectiveFrom)}</TableCell>
                      <TableCell>
                        {r.inForce ? (
                          <Badge variant="success">{t('procurement.plan.thresholds.inForce')}</Badge>
                        ) : current && r.effectiveFrom < current ? (
                          <Badge variant="outline">{t('procurement.plan.thresholds.superseded')}</Badge>
                        ) : (
                          <Badge variant="info">{t('procurement.plan.thresholds.upcoming', { date: formatDate(r.effectiveFrom) })}</Badge>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })
              : <SkeletonRows rows={5} columns={THRESHOLD_COLUMNS.length} testId="procurement-threshold-skeleton" />}
          </TableBody>
        </ScrollTable>
      </ListCard>
      {adding ? <ThresholdDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
