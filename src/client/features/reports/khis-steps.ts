// Where a monthly form stands with KHIS (reports.khis.ts on the server): a dry run first, its import summary read,
// then the import, then the data set marked complete. The server refuses a step out of order; the panel offers each
// step only when it would be accepted, and says why not otherwise.
import type { KhisSubmission } from '../../../shared/reports';

export type KhisStep = KhisSubmission['step'];
export const KHIS_STEPS: readonly KhisStep[] = ['dryRun', 'import', 'complete'];

export type KhisProgress = {
  /** A dry run KHIS accepted without conflicts: the import may follow. */
  dryRunAccepted: boolean;
  imported: boolean;
  completed: boolean;
  /** The latest dry run or import, whose import summary the panel shows. */
  lastSummary: KhisSubmission | null;
};

/** Submissions come newest first (GET /api/reports/:id/khis-submissions). */
export function khisProgress(submissions: readonly KhisSubmission[]): KhisProgress {
  const ok = (step: KhisStep) => submissions.some((s) => s.step === step && s.ok);
  return {
    dryRunAccepted: ok('dryRun'),
    imported: ok('import'),
    completed: ok('complete'),
    lastSummary: submissions.find((s) => s.step !== 'complete' && s.summary !== null) ?? null,
  };
}

/** Why a step cannot be taken now (a translation key), or null when it can. */
export function stepBlocked(step: KhisStep, progress: KhisProgress): string | null {
  if (step === 'import' && !progress.dryRunAccepted) return 'reports.khis.needsDryRun';
  if (step === 'complete' && !progress.imported) return 'reports.khis.needsImport';
  return null;
}

/**
 * DHIS2 keeps a zero only for data elements set to store zero values; for the others it skips the value with the
 * conflict "Value is zero and not significant…" (src/server/modules/moh/dhis2.ts). Such a value is not lost data:
 * the panel shows these apart from real conflicts.
 */
export const isZeroConflict = (conflict: { value: string }): boolean => /zero and not significant/i.test(conflict.value);

export function splitConflicts<C extends { value: string }>(conflicts: readonly C[]): { zeros: C[]; others: C[] } {
  return { zeros: conflicts.filter(isZeroConflict), others: conflicts.filter((c) => !isZeroConflict(c)) };
}
