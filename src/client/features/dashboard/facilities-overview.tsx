import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Facility } from '../../../shared/facilities';
import { FacilityIcon } from '../../app/shell/facility-icon';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { facilitiesQuery } from '../facilities';
import { facilityStatusName, levelName } from '../../lib/labels';
import { PanelEmpty, PanelError } from './panel-states';
import { formatNumber } from '../../lib/locale-format';

/** SPEC.md §9: the dashboard lists 5 facilities (and shows 5 skeleton rows while loading). */
const SHOWN = 5;

const STATUS_VARIANT: Record<Facility['status'], BadgeProps['variant']> = {
  operational: 'success',
  limited: 'warning',
  maintenance: 'danger',
};

/** SPEC.md §2.5 Health Facilities Overview: the first five facilities of the Master Facility List order. */
export function FacilitiesOverview() {
  const { t } = useTranslation();
  const query = useQuery(facilitiesQuery);
  return (
    <Card className="lg:col-span-2" data-testid="facilities-overview">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{t('dashboard.facilities.title')}</CardTitle>
        <Button variant="outline" size="sm" asChild>
          <Link href="/facilities">
            {t('dashboard.facilities.viewAll')} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <PanelError what={t('dashboard.facilities.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data?.length === 0 ? (
          <PanelEmpty>{t('dashboard.facilities.empty')}</PanelEmpty>
        ) : (
          <Table label={t('dashboard.facilities.title')}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('dashboard.facilities.facility')}</TableHead>
                <TableHead scope="col">{t('dashboard.facilities.level')}</TableHead>
                <TableHead scope="col">{t('dashboard.facilities.location')}</TableHead>
                <TableHead scope="col">{t('dashboard.facilities.capacity')}</TableHead>
                <TableHead scope="col">{t('dashboard.facilities.status')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={query.isPending}>
              {query.isPending
                ? Array.from({ length: SHOWN }, (_, i) => (
                    <TableRow key={i}>
                      {Array.from({ length: 5 }, (_, j) => (
                        <TableCell key={j}>
                          <Skeleton className="h-5 w-full" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : query.data.slice(0, SHOWN).map((f) => (
                    <TableRow key={f.id} data-testid="facility-row">
                      <TableCell>
                        <div className="font-medium">{f.name}</div>
                        <div className="text-xs text-muted-foreground">{t('dashboard.facilities.subcounty', { subcounty: f.subcounty })}</div>
                      </TableCell>
                      <TableCell>
                        <div className="flex items-center gap-2">
                          <FacilityIcon level={f.level} className="h-4 w-4 text-primary" />
                          <span>
                            <span className="block">{t('facilityLevels.level', { level: f.level })}</span>
                            <span className="block text-xs text-muted-foreground">{levelName(t, f.level)}</span>
                          </span>
                        </div>
                      </TableCell>
                      <TableCell>{f.location}</TableCell>
                      <TableCell>{f.capacity === null ? t('common.na') : t('dashboard.facilities.beds', { count: f.capacity, formatted: formatNumber(f.capacity) })}</TableCell>
                      <TableCell>
                        <Badge variant={STATUS_VARIANT[f.status]}>{facilityStatusName(t, f.status)}</Badge>
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
