import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { BarChart3, Eye, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { FacilityIcon } from '../../app/shell/facility-icon';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { levelName } from '../../lib/labels';
import { FacilityServiceBadges, FacilityStatusBadge } from './facility-badges';

/** 113 facilities in one table is a long scroll on a phone: the page shows them 25 rows at a time. */
export const PAGE_SIZE = 25;
const SKELETON_ROWS = 5; // SPEC.md §9
const COLUMNS = ['details', 'levelType', 'location', 'capacity', 'status', 'services', 'actions'] as const;

type Props = {
  /** The rows of the current page; undefined while the list loads. */
  rows: Facility[] | undefined;
  canManage: boolean;
  onView: (f: Facility) => void;
  onSettings: (f: Facility) => void;
  onAnalytics: (f: Facility) => void;
};

/** SPEC.md §2.13 table. */
export function FacilitiesTable({ rows, canManage, onView, onSettings, onAnalytics }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-busy={rows ? undefined : true}>
      <ColumnHeads columns={COLUMNS} label={(c) => t(`facilities.table.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
      <TableBody>
        {rows
          ? rows.map((f) => (
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
