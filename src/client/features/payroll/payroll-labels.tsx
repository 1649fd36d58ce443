// Payroll's words in the reader's language: a run's name ("February 2026 · Busia County Referral Hospital"), its
// status as a badge, and the server's messages (the shared schemas and the server speak English; the known ones are
// translated through the `payroll.messages` map).
import type { TFunction } from 'i18next';
import { MAX_TIMESHEET_CSV, type PayRun, type RunStatus } from '../../../shared/payroll';
import { countVars, type CsvImportText } from '../../components/forms/csv-import-dialog';
import { Badge } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';
import { formatMonth } from '../../lib/locale-format';

/** Where a run pays: a facility, a sub-county or the county. */
export function scopeName(t: TFunction, run: Pick<PayRun, 'scope'>): string {
  const s = run.scope;
  if (s.kind === 'facility') return s.facilityName ?? t('payroll.scope.facility');
  if (s.kind === 'subcounty') return t('payroll.scope.subcounty', { name: s.subcounty });
  return t('payroll.scope.county');
}

export function runTitle(t: TFunction, run: Pick<PayRun, 'period' | 'scope' | 'status'>): string {
  return `${formatMonth(run.period)} · ${scopeName(t, run)} · ${t(`payroll.status.${run.status}`)}`;
}

const TONE: Record<RunStatus, 'secondary' | 'info' | 'success' | 'danger'> = { draft: 'secondary', submitted: 'info', approved: 'success', rejected: 'danger' };

export function RunStatusBadge({ t, status }: { t: TFunction; status: RunStatus }) {
  return (
    <Badge variant={TONE[status]} data-testid="payroll-run-status">
      {t(`payroll.status.${status}`)}
    </Badge>
  );
}

/** An allowance's name: the county's own list names it; the kinds every county starts with are translated. */
export function allowanceName(t: TFunction, allowance: { code: string; label: string }): string {
  return t(`payroll.scale.allowances.${allowance.code}`, { defaultValue: allowance.label });
}

export function payrollMessage(message: string | undefined): string | undefined {
  return message ? knownMessage('payroll.messages', message) : message;
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function payrollErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${payrollMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

/**
 * What every payroll CSV import gives the shared dialog: its words under payroll.<strings> (the buttons and the size
 * limit are the timesheet's), the file's limit, the lines it has ready, and the server's messages in the reader's
 * language.
 */
export function payrollImport(t: TFunction, strings: 'timesheet' | 'scaleImport') {
  const text: CsvImportText = (key, count) => {
    if (key === 'working') return t('payroll.current.working');
    const ns = ['tooBig', 'preview', 'previewFirst', 'submit'].includes(key) ? 'timesheet' : strings;
    return t(`payroll.${ns}.${key}`, count === undefined ? {} : countVars(count));
  };
  return {
    text,
    maxChars: MAX_TIMESHEET_CSV,
    ready: (preview: { rows: readonly unknown[] }) => preview.rows.length,
    issueText: (message: string) => payrollMessage(message) ?? message,
    errorText: (error: unknown) => payrollErrorText(t, error),
  };
}
