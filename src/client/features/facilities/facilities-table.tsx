import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { BarChart3, Building2, Eye, Plus, Settings } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { FacilityIcon } from '../../components/layout/facility-icon';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { levelName } from '../../lib/labels';
import { FacilityServiceBadges, FacilityStatusBadge } from './facility-badges';

/** 113 facilities in one table is a long scroll on a phone: the table pages on the client, 25 rows at a time. */
export const PAGE_SIZE = 25;
const SKELETON_ROWS = 5; // SPEC.md §9
const COLUMNS = ['details', 'levelType', 'location', 'capacity', 'status', 'services', 'actions'] as const;

type Props = {
  rows: Facility[] | undefined;
  filtered: boolean;
  canManage: boolean;
  onView: (f: Facility) => void;
  onSettings: (f: Facility) => void;
  onAnalytics: (f: Facility) => void;
  onAdd: () => void;
};

/** SPEC.md §2.13 table. The parent remounts it (key) when the filters change, so paging starts again at 1. */
export function FacilitiesTable({ rows, filtered, canManage, onView, onSettings, onAnalytics, onAdd }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const total = rows?.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = rows?.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  if (rows && rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <Building2 aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
        <p className="text-lg font-semibold">{t('facilities.empty.title')}</p>
        <p className="text-sm text-muted-foreground">{filtered ? t('facilities.empty.filteredHint') : t('facilities.empty.hint')}</p>
        {canManage ? (
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" />
            {t('facilities.empty.addFirst')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <Table aria-busy={rows ? undefined : true}>
        <ColumnHeads columns={COLUMNS} label={(c) => t(`facilities.table.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
        <TableBody>
          {visible
            ? visible.map((f) => (
                <TableRow key={f.id} data-testid="facility-row">
                  <TableCell>
                    <p className="font-medium">{f.name}</p>
                    <p className="text-xs text-muted-foreground">{f.ward ?? t('common.notSpecified')}</p>
                  </TableCell>
                  <TableCell data-testid="level-cell">
                    <div className="flex items-center gap-2">
                      <FacilityIcon level={f.level} className="h-4 w-4 text-primary" />
                      <div>
                        <p className="font-medium">{t('facilityLevels.level', { level: f.level })}</p>
                        <p className="text-xs text-muted-foreground">{levelName(t, f.level)}</p>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell>
                    <p>{f.location}</p>
                    <p className="text-xs text-muted-foreground" data-testid="subcounty-cell">{f.subcounty}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {f.capacity === null ? t('common.notSpecified') : t('facilities.table.beds', { count: f.capacity })}
                  </TableCell>
                  <TableCell>
                    <FacilityStatusBadge status={f.status} />
                  </TableCell>
                  <TableCell>
                    <FacilityServiceBadges level={f.level} />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Action label={t('facilities.actions.view', { name: f.name })} tip={t('facilities.actions.viewTip')} onClick={() => onView(f)}>
                        <Eye />
                      </Action>
                      <Action label={t('facilities.actions.analytics', { name: f.name })} tip={t('facilities.actions.analyticsTip')} onClick={() => onAnalytics(f)}>
                        <BarChart3 />
                      </Action>
                      {canManage ? (
                        <Action label={t('facilities.actions.settings', { name: f.name })} tip={t('facilities.actions.settingsTip')} onClick={() => onSettings(f)}>
                          <Settings />
                        </Action>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))
            : <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS.length} testId="skeleton-row" className="h-5 w-full" />}
        </TableBody>
      </Table>
      {rows && total > 0 ? (
        <nav aria-label={t('facilities.table.pagination')} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground" data-testid="showing">
            {t('common.showing', { from: (current - 1) * PAGE_SIZE + 1, to: Math.min(current * PAGE_SIZE, total), total })}
          </p>
          {pages > 1 ? (
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => setPage(current - 1)}>
                {t('common.previous')}
              </Button>
              <span aria-live="polite">{t('common.page', { page: current, pages })}</span>
              <Button variant="outline" size="sm" disabled={current >= pages} onClick={() => setPage(current + 1)}>
                {t('common.next')}
              </Button>
            </div>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function Action({ label, tip, onClick, children }: { label: string; tip: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}
