// The Generate dialog's form apart from the screen: what it starts with, what it sends (POST /api/reports), and the
// shared contract's verdict on it before anything is sent (STYLE.md rule 2: one schema for the route and the form).
import { createReportSchema, createScheduleSchema, type CreateReportForm, type ReportKind } from '../../../shared/reports';
import { entryOf } from './report-catalogue';
import { defaultRange, previousMonth, scopeBody, type ScopeValues } from './report-scope';

export type GenerateValues = ScopeValues & { report: ReportKind; period: string; startDate: string; endDate: string };

/** Messages by field ('facilityId', 'period', …), the first of each. */
export type FieldErrors = Record<string, string>;

export function initialGenerateValues(report: ReportKind, scope: ScopeValues, today: string): GenerateValues {
  return { report, ...scope, period: previousMonth(today), ...defaultRange(today) };
}

/** The request: a monthly form names its month, any other report its days. */
export function generateBody(v: GenerateValues): CreateReportForm {
  const monthly = entryOf(v.report)?.shape === 'monthly';
  return { report: v.report, ...scopeBody(v), ...(monthly ? { period: v.period } : { startDate: v.startDate, endDate: v.endDate }) } as CreateReportForm;
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

/** What the server would refuse in the form now (the same contract, the browser's clock): nothing when it is fine. */
export function checkGenerate(v: GenerateValues, now: Date): FieldErrors {
  const result = createReportSchema(() => now).safeParse(generateBody(v));
  return result.success ? {} : errorsOf(result.error.issues);
}

export type ScheduleValues = ScopeValues & { reports: string[] };

export function scheduleBody(v: ScheduleValues) {
  return { reports: v.reports, ...scopeBody(v) };
}

export function checkSchedule(v: ScheduleValues): FieldErrors {
  const result = createScheduleSchema.safeParse(scheduleBody(v));
  return result.success ? {} : errorsOf(result.error.issues);
}

/**
 * The message of the scope field: the contract names facilityId for "choose one scope", which on screen is the
 * sub-county's select when the sub-county scope is chosen.
 */
export function scopeError(errors: FieldErrors, scope: ScopeValues['scope']): string | undefined {
  return scope === 'subcounty' ? (errors.subcounty ?? errors.facilityId) : scope === 'county' ? (errors.county ?? errors.facilityId) : errors.facilityId;
}
