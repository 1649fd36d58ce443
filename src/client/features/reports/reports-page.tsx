// SPEC.md §2.16 MOH Reports at /reports, live: the KPI cards and Recent Reports for the filters (facility — starting
// at the shell's Current Facility —, report type, period), the five category cards whose names open the Generate
// dialog, Schedule Report and Export Data, and a Settings tab for the county's MOH reporting settings.
// /reports?report=moh705a opens the Generate dialog with that report chosen (Revenue's "Generate MOH Report").
import './reports.strings';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarClock, Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Facility } from '../../../shared/facilities';
import type { Report, ReportDetail, ReportKind } from '../../../shared/reports';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { downloadText } from '../../lib/download';
import { formatNumber } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { facilitiesQuery } from '../facilities';
import { GenerateReportDialog, type GenerateRequest } from './generate-report-dialog';
import { KhisDialog } from './khis-dialog';
import { RecentReports } from './recent-reports';
import { isReportKind } from './report-catalogue';
import { ReportCategories } from './report-categories';
import { ReportFiltersBar } from './report-filters';
import { errorText } from './report-labels';
import { reportListCsv, reportListFileName } from './report-list-csv';
import { ReportStatCards } from './report-stat-cards';
import { ReportsSettingsTab } from './reports-settings-tab';
import { EXPORT_MAX_ROWS, fetchAllReports, filtersReady, reportListQuery, reportStatsQuery, type ReportFilters } from './reports.api';
import { ScheduleDialog } from './schedule-dialog';

type View = { shell: number; filters: ReportFilters; offset: number };
const initialView = (shell: number): View => ({ shell, filters: { facilityId: scopeOf(shell), period: '30days', startDate: '', endDate: '' }, offset: 0 });

const TABS = ['reports', 'settings'] as const;
type Tab = (typeof TABS)[number];

export function ReportsPage() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const tab: Tab = search.get('tab') === 'settings' ? 'settings' : 'reports';
  const urlReport = search.get('report');

  // /reports?report=<kind> opens the Generate dialog with it; the address is cleaned when the dialog closes.
  const [generating, setGenerating] = useState<GenerateRequest | null>(() => (isReportKind(urlReport) ? { kind: urlReport } : null));
  const [seenUrlReport, setSeenUrlReport] = useState(urlReport);
  if (urlReport !== seenUrlReport) {
    setSeenUrlReport(urlReport);
    if (isReportKind(urlReport)) setGenerating({ kind: urlReport });
  }
  const closeGenerate = () => {
    setGenerating(null);
    if (urlReport !== null) navigate(tab === 'settings' ? '/reports?tab=settings' : '/reports', { replace: true });
  };

  const { facilityId: shell } = useSelectedFacility();
  const [stored, setView] = useState<View>(() => initialView(shell));
  const view = stored.shell === shell ? stored : initialView(shell);
  const { filters } = view;
  const facilities = useQuery(facilitiesQuery);
  const [requested, setRequested] = useState<ReportDetail[]>([]);
  const [khis, setKhis] = useState<Report | ReportDetail | null>(null);
  const [scheduling, setScheduling] = useState(false);

  const open = (kind: ReportKind, options?: { khis?: boolean }) => setGenerating({ kind, khis: options?.khis });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('reports.title')}</h1>
          <p className="text-muted-foreground">{t('reports.subtitle')}</p>
        </div>
        {tab === 'reports' ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => setScheduling(true)}>
              <CalendarClock aria-hidden="true" />
              {t('reports.scheduleReport')}
            </Button>
            <ExportData filters={filters} />
          </div>
        ) : null}
      </div>

      <div role="tablist" aria-label={t('reports.tabs.label')} className="flex gap-1 border-b print:hidden">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`reports-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`reports-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={cn('-mb-px min-h-10 border-b-2 px-4 py-2 text-sm font-medium', tab === name ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground')}
            onClick={() => navigate(name === 'settings' ? '/reports?tab=settings' : '/reports', { replace: true })}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = TABS[(TABS.indexOf(name) + 1) % TABS.length]!;
              navigate(next === 'settings' ? '/reports?tab=settings' : '/reports', { replace: true });
              document.getElementById(`reports-tab-${next}`)?.focus();
            }}
          >
            {t(`reports.tabs.${name}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`reports-panel-${tab}`} aria-labelledby={`reports-tab-${tab}`} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {tab === 'settings' ? (
          <ReportsSettingsTab />
        ) : (
          <ReportsView
            view={view}
            setView={setView}
            facilities={facilities.data}
            requested={requested}
            onOpen={open}
            onKhis={setKhis}
          />
        )}
      </div>

      <GenerateReportDialog
        request={generating}
        onClose={closeGenerate}
        preferredFacility={filters.facilityId}
        onRequested={(report) => {
          setRequested((prev) => [report, ...prev.filter((r) => r.id !== report.id)]);
          // The new report is the first of the first page.
          setView({ ...view, offset: 0 });
        }}
      />
      <KhisDialog
        report={khis}
        onClose={() => setKhis(null)}
        onOpenSettings={() => {
          setKhis(null);
          navigate('/reports?tab=settings');
        }}
      />
      <ScheduleDialog open={scheduling} onOpenChange={setScheduling} preferredFacility={filters.facilityId} />
    </div>
  );
}

type ViewProps = {
  view: View;
  setView: (view: View) => void;
  facilities: Facility[] | undefined;
  requested: readonly ReportDetail[];
  onOpen: (kind: ReportKind, options?: { khis?: boolean }) => void;
  onKhis: (report: Report | ReportDetail) => void;
};

function ReportsView({ view, setView, facilities, requested, onOpen, onKhis }: ViewProps) {
  const { filters, offset } = view;
  const list = useQuery(reportListQuery(filters, offset));
  const stats = useQuery(reportStatsQuery(filters));
  const waiting = !filtersReady(filters);
  const filtered = filters.facilityId !== undefined || filters.type !== undefined;
  return (
    <>
      <ReportStatCards query={stats} waiting={waiting} />
      <ReportFiltersBar value={filters} facilities={facilities} onChange={(patch) => setView({ ...view, filters: { ...filters, ...patch }, offset: 0 })} />
      <ReportCategories onOpen={onOpen} />
      <RecentReports
        query={list}
        requested={requested}
        offset={offset}
        onOffset={(next) => setView({ ...view, offset: next })}
        filtered={filtered}
        waiting={waiting}
        onGenerate={() => onOpen('moh705a')}
        onKhis={onKhis}
      />
    </>
  );
}

/**
 * Export Data: the reports the filters select (every page of them) as a CSV file made in the browser. Nothing to
 * export — a custom period without its days, or no report in the list — disables it, saying why.
 */
function ExportData({ filters }: { filters: ReportFilters }) {
  const { t } = useTranslation();
  const list = useQuery(reportListQuery(filters, 0));
  const exporting = useMutation({ mutationFn: () => fetchAllReports(filters) });
  const reason = !filtersReady(filters) ? t('reports.filters.chooseDays') : list.data?.total === 0 ? t('reports.export.nothing') : null;
  const run = () =>
    exporting.mutate(undefined, {
      onSuccess: ({ rows, total }) => {
        downloadText(reportListCsv(t, rows), reportListFileName(filters.facilityId, filters.period, new Date()));
        if (rows.length < total) toast({ title: t('reports.export.partialTitle'), description: t('reports.export.partialBody', { shown: formatNumber(rows.length), total: formatNumber(total), max: formatNumber(EXPORT_MAX_ROWS) }) });
      },
      onError: (error) => toast({ variant: 'destructive', title: t('reports.export.failed'), description: errorText(error, t('common.error')) }),
    });
  return (
    <div className="grid justify-items-end gap-1">
      <Button variant="outline" onClick={run} disabled={reason !== null || list.isPending || exporting.isPending} aria-describedby={reason ? 'reports-export-reason' : undefined} title={reason ?? t('reports.export.hint')}>
        {exporting.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        {exporting.isPending ? t('reports.export.running') : t('reports.exportData')}
      </Button>
      {reason ? (
        <p id="reports-export-reason" className="max-w-56 text-right text-xs text-muted-foreground">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
