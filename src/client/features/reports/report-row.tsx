// One report in Recent Reports (SPEC.md §2.16): its name and what it covers, for whom, who generated it and when,
// its status — followed while it is generated, then the list and cards count it again — and, once completed, its
// files (CSV, PDF and JSON, an analysis's words in the language on screen), its figures, and for a monthly MOH form
// the way to KHIS. A failed report says why.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, FileDown, Loader2, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report, ReportDetail } from '../../../shared/reports';
import { PrintLink } from '../../components/print-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { entryOf, isMonthlyForm, kindOfName } from './report-catalogue';
import { ReportFigures } from './report-figures';
import { coverageText, formatDateTime, reportName, scopeText, STATUS_BADGE, statusName } from './report-labels';
import { refreshReports, reportDetailQuery, reportDownloadPath, reportLanguage } from './reports.api';

type Props = {
  report: Report | ReportDetail;
  /** Requested on this screen: its details are read whatever the list says, so the row keeps saying what it covers. */
  follow?: boolean;
  onKhis: (report: ReportDetail | Report) => void;
};

export function ReportRow({ report, follow = false, onKhis }: Props) {
  const { t, i18n } = useTranslation();
  const lang = reportLanguage(i18n.resolvedLanguage);
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const listed = report.status;
  // The detail says what the list does not: what the report covers, and why it failed. It is read while the report
  // is generated (and polled), for a failure, and when the reader opens the details.
  const detail = useQuery({ ...reportDetailQuery(report.id), enabled: listed !== 'completed' || expanded || follow });
  const full: ReportDetail | null = detail.data ?? (isDetail(report) ? report : null);
  const current: Report = full ?? report;
  const status = current.status;
  useEffect(() => {
    // Generated (or failed) since the list was read: the list and the KPI cards count it again.
    if (listed === 'processing' && status !== 'processing') void refreshReports(queryClient);
  }, [listed, status, queryClient]);

  const kind = current.kind ?? kindOfName(current.name);
  const name = reportName(t, current.name, kind);
  const scope = scopeText(t, current.facility);
  const covers = full ? coverageText(full) : null;
  const when = formatDateTime(current.generatedAt);
  const error = full?.error ?? null;
  const completed = status === 'completed';
  // A report the catalogue names was generated with its figures (CSV, PDF and JSON); an older one has its CSV only.
  const formats: readonly string[] = full && full.formats.length > 0 ? full.formats : completed ? (kind && entryOf(kind) ? ['csv', 'pdf', 'json'] : ['csv']) : [];
  const of = { report: name, scope, when };
  const panelId = `report-${report.id}-details`;

  return (
    <li className="grid gap-3 border-b py-4 first:pt-0 last:border-b-0 last:pb-0" data-testid="report-row" data-report-id={report.id} aria-labelledby={`report-${report.id}-name`}>
      <div className="grid gap-2 md:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_auto] md:items-start md:gap-4">
        <div className="min-w-0">
          <p id={`report-${report.id}-name`} className="font-medium">
            {name}
          </p>
          {covers ? (
            <p className="text-sm text-muted-foreground" data-testid="report-covers">
              {covers}
            </p>
          ) : null}
        </div>
        <div className="min-w-0 text-sm">
          <p>{scope}</p>
          <p className="text-muted-foreground">{t('reports.list.byAt', { by: current.generatedBy, when })}</p>
        </div>
        <div aria-live="polite">
          <Badge variant={STATUS_BADGE[status] ?? 'secondary'} className="gap-1" data-testid="report-status">
            {status === 'processing' ? <Loader2 aria-hidden="true" className="h-3 w-3 animate-spin" /> : null}
            {statusName(t, status)}
          </Badge>
          {/* Visits of its days sent late from a device that was offline (issue 34): its figures would now differ. */}
          {current.changedSince ? (
            <Badge variant="outline" className="mt-1 block w-fit border-yellow-400 bg-yellow-50 text-yellow-900" data-testid="report-changed">
              {t('reports.list.changedSince', { count: current.changedSince })}
            </Badge>
          ) : null}
        </div>
      </div>
      {status === 'failed' ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-900" data-testid="report-error">
          {error ?? (detail.isPending ? t('common.loading') : t('reports.list.failedNoReason'))}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded((e) => !e)} aria-label={t(expanded ? 'reports.list.hideDetailsOf' : 'reports.list.detailsOf', of)}>
          {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {expanded ? t('reports.list.hideDetails') : t('reports.list.details')}
        </Button>
        {formats.includes('csv') ? <FileLink href={reportDownloadPath(report.id, 'csv', lang)} label="CSV" ariaLabel={t('reports.list.downloadOf', { ...of, format: 'CSV' })} /> : null}
        {formats.includes('pdf') ? <PrintLink size="sm" href={(printed) => reportDownloadPath(report.id, 'pdf', printed)} label="PDF" ariaLabel={t('reports.list.printOf', of)} /> : null}
        {formats.includes('json') ? <FileLink href={reportDownloadPath(report.id, 'json', lang)} label="JSON" ariaLabel={t('reports.list.downloadOf', { ...of, format: 'JSON' })} /> : null}
        {completed && isMonthlyForm(kind) ? (
          <Button variant="outline" size="sm" onClick={() => onKhis(full ?? current)} aria-label={t('reports.list.khisOf', of)}>
            <Send aria-hidden="true" />
            {t('reports.list.khis')}
          </Button>
        ) : null}
      </div>

      {expanded ? (
        <div id={panelId} className="grid gap-3 rounded-md border bg-muted/30 p-3" data-testid="report-details">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t('reports.list.covers')}:</dt>
              <dd>{covers ?? (detail.isPending ? t('common.loading') : t('common.notSpecified'))}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t('reports.list.category')}:</dt>
              <dd>{t(`reports.types.${current.type}`)}</dd>
            </div>
          </dl>
          {completed && formats.includes('json') ? <ReportFigures id={report.id} name={name} /> : null}
          {completed && !formats.includes('json') ? <p className="text-sm text-muted-foreground">{t('reports.list.csvOnly')}</p> : null}
          {status === 'processing' ? <p className="text-sm text-muted-foreground">{t('reports.list.processingHint')}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

const isDetail = (r: Report | ReportDetail): r is ReportDetail => 'formats' in r;

/** A file of a completed report: a plain browser download with the session cookie. */
function FileLink({ href, label, ariaLabel }: { href: string; label: string; ariaLabel: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={ariaLabel}>
        <FileDown aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
