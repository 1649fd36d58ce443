// SPEC.md §2.10 Payroll Management at /payroll, live (issue 27 item 6): Import Timesheet and Process Payroll, the four
// cards for the latest run in the reader's reach, and the five tabs (Overview, Employee Records, Current Payroll, Tax
// Compliance, Payroll Reports). The payroll office reads every line; a facility in-charge or a sub-county officer
// reads their runs' totals only (payroll:totals), so the register, the lines and the reports are not theirs. The tab
// is in the address (?tab=) so a link or a reload lands on it; the heavier tabs load their code when first opened.
import './payroll.strings';
import { useQuery } from '@tanstack/react-query';
import { Banknote, CalendarCog, MinusCircle, Upload, Users, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { PayRun } from '../../../shared/payroll';
import { formatKES } from '../../../shared/money';
import { StatCardGrid, type StatCard } from '../../components/data/stat-card-grid';
import { AddressTabs, panelProps } from '../../components/ui/address-tabs';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { formatNumber } from '../../lib/locale-format';
import { runsQuery } from './payroll.api';
import { runTitle } from './payroll-labels';
import { OverviewTab } from './overview-tab';
import { MyPayslips } from './my-payslips';

const EmployeesTab = lazy(() => import('./employees-tab').then((m) => ({ default: m.EmployeesTab })));
const CurrentTab = lazy(() => import('./current-tab').then((m) => ({ default: m.CurrentTab })));
const ComplianceTab = lazy(() => import('./compliance-tab').then((m) => ({ default: m.ComplianceTab })));
const ReportsTab = lazy(() => import('./reports-tab').then((m) => ({ default: m.ReportsTab })));
const ProcessDialog = lazy(() => import('./process-dialog').then((m) => ({ default: m.ProcessDialog })));
const TimesheetDialog = lazy(() => import('./timesheet-dialog').then((m) => ({ default: m.TimesheetDialog })));

const TABS = ['overview', 'employees', 'current', 'compliance', 'reports'] as const;
type PayrollTab = (typeof TABS)[number];
/** The tabs a totals-only reader has: the register, the lines and the returns are the payroll office's. */
const TOTALS_TABS: readonly PayrollTab[] = ['overview', 'current', 'compliance'];

export function PayrollPage() {
  const staff = useStaff();
  // Everyone else: her own payslips, and why the rest is not hers.
  if (staff.role && !staff.may('payroll:read') && !staff.may('payroll:totals')) return <MyPayslips />;
  return <PayrollScreen />;
}

function PayrollScreen() {
  const { t } = useTranslation();
  const staff = useStaff();
  const readsLines = staff.may('payroll:read');
  const canPrepare = staff.may('payroll:prepare');
  const tabs = readsLines ? TABS : TOTALS_TABS;
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const asked = search.get('tab');
  const tab: PayrollTab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as PayrollTab) : 'overview';
  const openTab = (next: PayrollTab) => navigate(next === 'overview' ? '/payroll' : `/payroll?tab=${next}`, { replace: true });
  const runs = useQuery(runsQuery);
  const [runId, setRunId] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);
  const [importing, setImporting] = useState(false);
  const latest = runs.data?.[0];

  const openRun = (id: number) => {
    setRunId(id);
    openTab('current');
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('payroll.title')}</h1>
          <p className="text-muted-foreground">{t('payroll.subtitle')}</p>
        </div>
        {canPrepare ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              {t('payroll.importTimesheet')}
            </Button>
            <Button onClick={() => setProcessing(true)}>
              <CalendarCog aria-hidden="true" />
              {t('payroll.processPayroll')}
            </Button>
          </div>
        ) : null}
      </div>

      <PayrollCards runs={runs} latest={latest} />

      <AddressTabs id="payroll" label={t('payroll.tabs.label')} tabs={tabs} current={tab} onOpen={openTab} name={(name) => t(`payroll.tabs.${name}`)} />

      <div {...panelProps('payroll', tab)} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          {tab === 'overview' ? (
            <OverviewTab runs={runs} latest={latest} onOpenRun={openRun} onCompliance={() => openTab('compliance')} />
          ) : tab === 'employees' ? (
            <EmployeesTab />
          ) : tab === 'current' ? (
            <CurrentTab runs={runs} runId={runId ?? latest?.id ?? null} onRunId={setRunId} />
          ) : tab === 'compliance' ? (
            <ComplianceTab runs={runs.data} />
          ) : (
            <ReportsTab runs={runs.data} />
          )}
        </Suspense>
      </div>

      <Suspense fallback={null}>
        {processing ? <ProcessDialog onClose={() => setProcessing(false)} onProcessed={(id) => openRun(id)} /> : null}
        {importing ? <TimesheetDialog onClose={() => setImporting(false)} /> : null}
      </Suspense>
    </div>
  );
}

function PayrollCards({ runs, latest }: { runs: ReturnType<typeof useQuery<PayRun[]>>; latest: PayRun | undefined }) {
  const { t } = useTranslation();
  const loaded = runs.data !== undefined;
  // A long figure is drawn a size smaller, so it stays inside its card.
  const money = (n: number | undefined) => (loaded ? (n === undefined ? '—' : <span className={formatKES(n).length > 12 ? 'text-xl' : undefined}>{formatKES(n)}</span>) : undefined);
  const hint = latest ? runTitle(t, latest) : loaded ? t('payroll.cards.noRun') : undefined;
  const cards: StatCard[] = [
    { key: 'employees', title: t('payroll.cards.employees'), icon: Users, value: loaded ? (latest ? formatNumber(latest.employees) : '—') : undefined, hint },
    { key: 'gross', title: t('payroll.cards.gross'), icon: Banknote, value: money(latest?.gross), hint },
    { key: 'deductions', title: t('payroll.cards.deductions'), icon: MinusCircle, value: money(latest?.deductions), hint },
    { key: 'net', title: t('payroll.cards.net'), icon: Wallet, value: money(latest?.net), hint },
  ];
  return (
    <StatCardGrid
      label={t('payroll.cards.label')}
      cards={cards}
      testIdPrefix="payroll-card-"
      valueTestId="payroll-card-value"
      query={runs}
      errorMessage={(error) => t('common.loadError', { message: error.message })}
    />
  );
}
