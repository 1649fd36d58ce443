// A monthly MOH form to KHIS (Kenya's DHIS2; reports.khis.ts): the dataValueSets JSON or ADX file to upload by hand,
// and — when the server has a KHIS connection — the push, step by step: a dry run, its import summary read, the
// import, then the data set marked complete; every exchange listed. KHIS's zeros are told apart from real conflicts.
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileDown, Loader2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KhisSubmission, Report, ReportDetail } from '../../../shared/reports';
import { useStaff } from '../../app/use-staff';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { downloadBlob } from '../../lib/download';
import { formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { KHIS_STEPS, khisProgress, splitConflicts, stepBlocked, type KhisStep } from './khis-steps';
import { coverageText, errorText, formatDateTime, reportName, scopeText } from './report-labels';
import { fetchKhisFile, khisSubmissionsQuery, reportDetailQuery, useKhisStep } from './reports.api';

type Props = { report: Report | ReportDetail | null; onClose: () => void; onOpenSettings: () => void };

export function KhisDialog({ report, onClose, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const name = report ? reportName(t, report.name, 'kind' in report ? report.kind : null) : '';
  return (
    <Dialog open={report !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('reports.khis.title')}</DialogTitle>
          <DialogDescription>{report ? `${name} · ${scopeText(t, report.facility)}` : ''}</DialogDescription>
        </DialogHeader>
        {report ? <KhisPanel key={report.id} id={report.id} facilityId={report.facilityId} onOpenSettings={onOpenSettings} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function KhisPanel({ id, facilityId, onOpenSettings }: { id: number; facilityId: number | null; onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const detail = useQuery(reportDetailQuery(id));
  const facilities = useQuery(facilitiesQuery);
  const submissions = useQuery(khisSubmissionsQuery(id));
  const step = useKhisStep(id);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Sending is generating's permission, within its reach (reports.khis.ts checks the same on the server).
  const facility = facilities.data?.find((f) => f.id === facilityId);
  const d = detail.data;
  const inReach = !staff.may('reports:generate')
    ? false
    : facility
      ? staff.reaches('reports:generate', facility)
      : d?.subcounty
        ? facilities.data?.filter((f) => f.subcounty === d.subcounty).every((f) => staff.reaches('reports:generate', f)) === true
        : staff.reaches('reports:generate', { id: -1, subcounty: '' });
  const notAllowed = !staff.may('reports:generate') ? t('reports.khis.notAllowed') : !inReach ? t('reports.khis.outOfReach') : null;
  const progress = khisProgress(submissions.data ?? []);

  const run = (s: KhisStep) => {
    setRefusal(null);
    step.mutate(s, {
      onSuccess: (sub) => toast({ title: t(`reports.khis.steps.${s}`), description: sub.ok ? t('reports.khis.stepOk') : t('reports.khis.stepNotOk') }),
      onError: (error) => setRefusal(errorText(error, t('common.error'))),
    });
  };

  return (
    <div className="grid gap-5">
      {d ? <p className="text-sm text-muted-foreground">{t('reports.khis.covers', { period: coverageText(d) ?? '' })}</p> : null}
      <KhisFiles id={id} onOpenSettings={onOpenSettings} />

      <section className="grid gap-3" aria-labelledby="khis-push-heading">
        <h3 id="khis-push-heading" className="font-semibold">
          {t('reports.khis.pushHeading')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('reports.khis.pushHint')}</p>
        <ol className="grid gap-2 sm:grid-cols-3">
          {KHIS_STEPS.map((s, i) => {
            const blocked = notAllowed ?? (stepBlocked(s, progress) ? t(stepBlocked(s, progress)!) : null);
            const done = s === 'dryRun' ? progress.dryRunAccepted : s === 'import' ? progress.imported : progress.completed;
            const reasonId = `khis-${s}-reason`;
            return (
              <li key={s} className="grid content-start gap-1.5">
                <Button
                  variant={done ? 'outline' : 'default'}
                  disabled={blocked !== null || step.isPending || submissions.isPending}
                  aria-describedby={blocked ? reasonId : undefined}
                  onClick={() => run(s)}
                >
                  {step.isPending && step.variables === s ? <Loader2 aria-hidden="true" className="animate-spin" /> : done ? <CheckCircle2 aria-hidden="true" /> : null}
                  {`${i + 1}. ${t(`reports.khis.steps.${s}`)}`}
                </Button>
                {blocked ? (
                  <p id={reasonId} className="text-xs text-muted-foreground">
                    {blocked}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        {refusal ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="khis-refusal">
            {refusal}
          </p>
        ) : null}
        {progress.lastSummary ? <ImportSummary submission={progress.lastSummary} /> : null}
      </section>

      <section className="grid gap-2" aria-labelledby="khis-history-heading">
        <h3 id="khis-history-heading" className="font-semibold">
          {t('reports.khis.historyHeading')}
        </h3>
        {submissions.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : submissions.error ? (
          <ListError message={t('common.loadError', { message: errorText(submissions.error, t('common.error')) })} onRetry={() => void submissions.refetch()} retrying={submissions.isFetching} />
        ) : submissions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reports.khis.noHistory')}</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="khis-history">
            {submissions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border p-2">
                {s.ok ? <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-green-700" /> : <XCircle aria-hidden="true" className="h-4 w-4 text-red-700" />}
                <span className="font-medium">{t(`reports.khis.steps.${s.step}`)}</span>
                <Badge variant={s.ok ? 'success' : 'warning'}>{s.ok ? t('reports.khis.accepted') : t('reports.khis.notAccepted')}</Badge>
                <span className="text-muted-foreground">{t('reports.list.byAt', { by: s.submittedBy, when: formatDateTime(s.submittedAt) })}</span>
                {s.summary ? <span className="w-full text-muted-foreground">{countsText(t, s.summary)}</span> : null}
                {s.zeroValues ? <span className="w-full text-muted-foreground" data-testid="khis-zero-policy">{t(`reports.khis.zeroPolicy.${s.zeroValues}`)}</span> : null}
                {s.message ? <span className="w-full">{s.message}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Summary = NonNullable<KhisSubmission['summary']>;
const countsText = (t: ReturnType<typeof useTranslation>['t'], s: Summary) =>
  t('reports.khis.counts', { imported: formatNumber(s.imported), updated: formatNumber(s.updated), ignored: formatNumber(s.ignored), deleted: formatNumber(s.deleted) });

/** The latest import summary: KHIS's counts, its real conflicts, and apart from them the zeros it does not keep. */
function ImportSummary({ submission }: { submission: KhisSubmission }) {
  const { t } = useTranslation();
  const s = submission.summary!;
  const { zeros, others } = splitConflicts(s.conflicts);
  return (
    <div className="grid gap-3 rounded-md border p-3" data-testid="khis-summary">
      <p className="text-sm font-medium">
        {t('reports.khis.summaryOf', { step: t(`reports.khis.steps.${submission.step}`), when: formatDateTime(submission.submittedAt) })}{' '}
        <Badge variant={s.status === 'SUCCESS' ? 'success' : s.status === 'ERROR' ? 'danger' : 'warning'}>{s.status}</Badge>
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(['imported', 'updated', 'ignored', 'deleted'] as const).map((k) => (
          <div key={k} className="rounded-md bg-muted/60 p-2">
            <dt className="text-muted-foreground">{t(`reports.khis.${k}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`khis-${k}`}>
              {formatNumber(s[k])}
            </dd>
          </div>
        ))}
      </dl>
      {s.description ? <p className="text-sm">{s.description}</p> : null}
      {others.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium text-red-800">{t('reports.khis.conflicts', { count: others.length })}</p>
          <ul className="grid gap-1 text-sm">
            {others.map((c, i) => (
              <li key={i} className="break-words">
                <span className="font-mono text-xs">{c.object}</span>: {c.value}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {zeros.length > 0 ? (
        <div className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="khis-zeros">
          <p className="font-medium">{t('reports.khis.zeros', { count: zeros.length })}</p>
          <p>{t('reports.khis.zerosHint')}</p>
          <p className="break-words font-mono text-xs">{zeros.map((c) => c.object).join(', ')}</p>
        </div>
      ) : null}
      {s.conflicts.length === 0 ? <p className="text-sm text-green-800">{t('reports.khis.noConflicts')}</p> : null}
    </div>
  );
}

/** The files to upload by hand; KHIS's refusal (no dataSet, no data elements yet) is said where the buttons are. */
function KhisFiles({ id, onOpenSettings }: { id: number; onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const file = useMutation({
    mutationFn: (format: 'json' | 'adx') => fetchKhisFile(id, format),
    onSuccess: (f) => {
      downloadBlob(f.blob, f.fileName);
      setNote(f.unmapped.length > 0 ? t('reports.khis.unmapped', { count: f.unmapped.length }) : null);
    },
    onError: () => setNote(null),
  });
  return (
    <section className="grid gap-2" aria-labelledby="khis-files-heading">
      <h3 id="khis-files-heading" className="font-semibold">
        {t('reports.khis.filesHeading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('reports.khis.filesHint')}</p>
      <div className="flex flex-wrap gap-2">
        {(['json', 'adx'] as const).map((format) => (
          <Button key={format} variant="outline" size="sm" disabled={file.isPending} onClick={() => file.mutate(format)}>
            {file.isPending && file.variables === format ? <Loader2 aria-hidden="true" className="animate-spin" /> : <FileDown aria-hidden="true" />}
            {t(`reports.khis.file.${format}`)}
          </Button>
        ))}
      </div>
      {file.error ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="khis-file-refusal">
          {errorText(file.error, t('common.error'))}{' '}
          {/* 409: the county has not filled in KHIS's identifiers yet, which the Settings tab keeps. */}
          {file.error instanceof ApiError && file.error.status === 409 ? (
            <Button variant="link" size="sm" className="h-auto px-0 py-0 text-amber-950 underline" onClick={onOpenSettings}>
              {t('reports.khis.openSettings')}
            </Button>
          ) : null}
        </p>
      ) : null}
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </section>
  );
}
