import './dashboard.strings';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTY_PROFILE } from '../../../shared/county';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { Button } from '../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { downloadText } from '../../lib/download';
import { facilitiesQuery, facilityName } from '../facilities';
import { LabWorklistButton } from './lab-worklist';
import { DemographicsPanel } from './demographics-panel';
import { dashboardStatsQuery, demographicsQuery, revenueStatsQuery, revenueTrendQuery } from './dashboard.api';
import { DASHBOARD_PERIODS, DEFAULT_PERIOD, type DashboardPeriod } from './dashboard-period';
import { dashboardCsv, reportFileName } from './dashboard-report';
import { FacilitiesOverview } from './facilities-overview';
import { RecentActivities } from './recent-activities';
import { RevenueTrendPanel } from './revenue-trend-panel';
import { useStaff } from '../../app/use-staff';
import { StatCards } from './stat-cards';
import { SystemAlerts } from './system-alerts';

/** SPEC.md §2.5 Dashboard at / for signed-in users, scoped by the shell's Current Facility (0 = whole county). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { facilityId } = useSelectedFacility();
  const staff = useStaff();
  const scope = scopeOf(facilityId);
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_PERIOD);
  const [months, setMonths] = useState<6 | 12>(6);
  // grid-cols-1 is minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page at 390 px.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('dashboard.title')}</h1>
          <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <div className="grid gap-1">
            <Select value={period} onValueChange={(v) => setPeriod(v as DashboardPeriod)}>
              <SelectTrigger className="w-44" aria-label={t('dashboard.period.label')} aria-describedby="dashboard-period-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DASHBOARD_PERIODS.map((p) => (
                  <SelectItem key={p} value={p}>
                    {t(`dashboard.period.options.${p}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id="dashboard-period-hint" className="max-w-44 text-xs text-muted-foreground">
              {t('dashboard.period.hint')}
            </p>
          </div>
          {/* The lab technician's day starts here: the tests waiting at their facility (a clinician testing at the point of care too). */}
          {staff.may('lab:write') && staff.facilityId !== null ? <LabWorklistButton facilityId={staff.facilityId} /> : null}
          <ExportReportButton scope={scope} facilityId={facilityId} months={months} />
        </div>
      </div>
      <StatCards scope={scope} trendMonths={months} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RevenueTrendPanel scope={scope} months={months} onMonthsChange={setMonths} />
        <DemographicsPanel scope={scope} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <FacilitiesOverview />
        <RecentActivities scope={scope} period={period} />
      </div>
      <SystemAlerts scope={scope} />
    </div>
  );
}

/** Export Report: the figures on screen as a CSV, once they have all loaded (same queries, so no extra request). */
function ExportReportButton({ scope, facilityId, months }: { scope: number | undefined; facilityId: number; months: 6 | 12 }) {
  const { t } = useTranslation();
  const mayReadMoney = useStaff().may('billing:read');
  const stats = useQuery(dashboardStatsQuery(scope));
  const revenue = useQuery({ ...revenueStatsQuery(scope), enabled: mayReadMoney });
  const demographics = useQuery(demographicsQuery(scope));
  const trend = useQuery({ ...revenueTrendQuery(months, scope), enabled: mayReadMoney });
  const facilities = useQuery(facilitiesQuery);
  // The report holds what the screen shows: without billing:read, no money rows.
  const moneyReady = !mayReadMoney || (revenue.data && trend.data);
  const ready = stats.data && demographics.data && moneyReady;
  const exportReport = () => {
    if (!stats.data || !demographics.data || !moneyReady) return;
    const scopeName = scope === undefined ? t('shell.countyWide', { county: COUNTY_PROFILE.name }) : facilityName(facilities.data, facilityId, t('common.unknownFacility'));
    const csv = dashboardCsv(t, { scopeName, stats: stats.data, revenue: mayReadMoney ? revenue.data : undefined, demographics: demographics.data, trend: mayReadMoney ? trend.data : undefined });
    downloadText(csv, reportFileName(scope, new Date()));
  };
  return (
    <Button onClick={exportReport} disabled={!ready}>
      <Download aria-hidden="true" /> {t('dashboard.exportReport')}
    </Button>
  );
}
