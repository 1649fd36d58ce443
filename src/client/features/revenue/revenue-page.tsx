// SPEC.md §2.7 Revenue Management at /revenue: the period's money on four cards against the period before, and
// the billing records behind them. The facility starts as the shell's Current Facility and can be changed here.
import './revenue.strings';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotForRole } from '../../components/data/not-for-role';
import { Link } from 'wouter';
import { DEFAULT_REVENUE_PERIOD, type RevenuePeriod, type RevenueRecord } from '../../../shared/revenue';
import { COUNTY_WIDE, scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { Button } from '../../components/ui/button';
import { downloadText } from '../../lib/download';
import { facilitiesQuery, facilityName } from '../facilities';
import { useStaff } from '../../app/use-staff';
import { REVENUE_READERS } from './revenue-labels';
import { revenueSummaryQuery } from './revenue.api';
import { RevenueFilters } from './revenue-filters';
import { RevenueRecordDialog } from './revenue-record-dialog';
import { RevenueRecords } from './revenue-records';
import { revenueReportCsv, revenueReportFileName } from './revenue-report';
import { RevenueSummaryCards } from './revenue-summary-cards';

export function RevenuePage() {
  const { t } = useTranslation();
  const staff = useStaff();
  // Money is read with billing:read alone (access/permissions.ts), as the server decides: a role without it sees
  // why, once, and nothing is asked of the server (issue 11, finding 8c: no screen of dead cards and filters).
  if (staff.role && !staff.may(REVENUE_READERS)) {
    return <NotForRole title={t('revenue.title')} subtitle={t('revenue.subtitle')} note={t('revenue.cards.forbidden')} testId="revenue-cards-forbidden" />;
  }
  return <RevenueScreen />;
}

function RevenueScreen() {
  const { t } = useTranslation();
  const staff = useStaff();

  const { facilityId: shellFacility } = useSelectedFacility();
  // A choice made here holds until the shell's Current Facility changes; then the page follows the shell again.
  const [choice, setChoice] = useState<{ shell: number; facilityId: number } | null>(null);
  const facilities = useQuery(facilitiesQuery);
  const chosen = choice && choice.shell === shellFacility ? choice.facilityId : shellFacility;
  // A Current Facility beyond the reader's grants falls back to all the facilities they reach.
  const chosenRecord = facilities.data?.find((f) => f.id === chosen);
  const inReach = !chosenRecord || staff.reaches(REVENUE_READERS, chosenRecord);
  const facilityId = inReach ? chosen : COUNTY_WIDE;
  const scope = scopeOf(facilityId);
  const [period, setPeriod] = useState<RevenuePeriod>(DEFAULT_REVENUE_PERIOD);
  // The records' page belongs to one period and facility: another filter starts at the first page.
  const filterKey = `${period}:${facilityId}`;
  const [page, setPage] = useState({ key: filterKey, offset: 0 });
  const offset = page.key === filterKey ? page.offset : 0;
  const [viewing, setViewing] = useState<RevenueRecord | null>(null);

  const summary = useQuery(revenueSummaryQuery(period, scope, true));
  const exportReport = () => {
    if (!summary.data) return;
    const scopeName = scope === undefined ? t('common.allFacilities') : facilityName(facilities.data, facilityId, t('common.unknownFacility'));
    downloadText(revenueReportCsv(t, summary.data, scopeName), revenueReportFileName(summary.data, new Date()));
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('revenue.title')}</h1>
          <p className="text-muted-foreground">{t('revenue.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportReport} disabled={!summary.data}>
            <Download aria-hidden="true" />
            {t('revenue.exportReport')}
          </Button>
          {/* MOH reports are generated on the MOH Reports screen (SPEC.md §2.16): its Generate dialog opens with the
              monthly outpatient return (MOH 705A; DESIGN.md §8) chosen. */}
          <Button asChild>
            <Link href="/reports?report=moh705a">
              <FileText aria-hidden="true" />
              {t('revenue.generateMohReport')}
            </Link>
          </Button>
        </div>
      </div>

      <RevenueFilters
        period={period}
        onPeriod={setPeriod}
        facilityId={facilityId}
        onFacility={(id) => setChoice({ shell: shellFacility, facilityId: id })}
        summary={summary.data}
      />

      <RevenueSummaryCards query={summary} />

      <RevenueRecords
        period={period}
        scope={scope}
        offset={offset}
        onOffset={(next) => setPage({ key: filterKey, offset: next })}
        allowed
        onView={setViewing}
      />
      <RevenueRecordDialog record={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
