// A generated MOH form to KHIS (Kenya's DHIS2; issue 13 item 4): as a dataValueSets JSON or ADX XML file, and — when
// the county has configured a KHIS connection — pushed: a dry run first, its import summary shown, then the import,
// then the data set marked complete. Every exchange is kept (payload, answer, who, when).
import { and, asc, desc, eq } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import type { ReportData } from '../../../shared/reports/index.js';
import type { Dhis2Connection } from '../../env.js';
import type { ServiceContext } from '../../core/context.js';
import { audit } from '../../core/audit.js';
import { conflict, conflictSaid, forbidden, notFound } from '../../core/errors.js';
import { reportsSaid } from './reports.words.js';
import { accountField } from '../auth/index.js';
import { adxXml, completeRegistration, dataValueSet, dataValueSets, dhis2Period, importDataValues, khisForms, loadSettings, parseImportSummary, type ImportSummary } from '../moh/index.js';
import type { MohSettings } from '../../../shared/moh/index.js';
import { khisSubmissions, reports } from './reports.schema.js';

export const KHIS_STEPS = ['dryRun', 'import', 'complete'] as const;

/** DHIS2's conflict for a zero its data element does not store ("Value is zero and not significant…"). */
const ZERO_NOT_STORED = /zero and not significant/i;
export type KhisStep = (typeof KHIS_STEPS)[number];
type ZeroValues = MohSettings['khisZeroValues'];

/**
 * The report's forms as KHIS payloads. With the county's khisZeroValues at leaveOut, a row whose count is 0 is not
 * sent (the county's own form keeps it); otherwise it is, and KHIS's "zero and not significant" is accepted.
 */
async function khisPayload(ctx: Pick<ServiceContext, 'db'>, id: number) {
  const [r] = await ctx.db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!r || r.status !== 'completed') throw notFound('Report not found');
  const data = r.data as ReportData | null;
  if (!data?.khis || !r.period) throw conflictSaid(reportsSaid('notKhisForm', { report: r.name }));
  const [mapped, settings] = await Promise.all([khisForms(ctx.db, data.khis, r.period, countyDate(r.generatedAt)), loadSettings(ctx.db)]);
  const { unmapped, dataSet } = mapped;
  const zeroValues = settings.khisZeroValues;
  const forms = zeroValues === 'leaveOut' ? mapped.forms.map((f) => ({ ...f, values: f.values.filter((v) => v.value !== 0) })) : mapped.forms;
  const form = data.khis.form;
  if (!dataSet) throw conflictSaid(reportsSaid('noKhisDataSet', { form }));
  if (forms.every((f) => f.values.length === 0)) throw conflictSaid(reportsSaid('noKhisDataElement', { form }));
  const json = forms.length === 1 ? dataValueSet(forms[0]!) : dataValueSets(forms);
  return { report: r, forms, unmapped, json, zeroValues, facilityIds: data.khis.facilities.map((f) => f.facilityId) };
}

/** The file to upload by hand (GET /api/reports/:id/dhis2?format=json|adx), and the rows left out for want of ids. */
export async function khisExport(ctx: ServiceContext, id: number, format: 'json' | 'adx'): Promise<{ filename: string; body: string; type: string; unmapped: string[] }> {
  const { report, forms, unmapped, json } = await khisPayload(ctx, id);
  await audit(ctx.db, ctx.actor, { action: 'report.khis.export', entity: 'report', entityId: id, detail: format });
  const base = `khis-${report.kind}-${report.period}`;
  return format === 'adx'
    ? { filename: `${base}.adx.xml`, body: adxXml(forms, ctx.now()), type: 'application/adx+xml; charset=utf-8', unmapped }
    : { filename: `${base}.json`, body: JSON.stringify(json, null, 2), type: 'application/json; charset=utf-8', unmapped };
}

export type KhisSubmission = {
  id: number;
  step: KhisStep;
  dryRun: boolean;
  ok: boolean;
  httpStatus: number | null;
  summary: ImportSummary | null;
  message: string | null;
  zeroValues: ZeroValues | null;
  submittedBy: string;
  submittedAt: string;
};

/**
 * One step of sending a form to KHIS, in order: a dry run (nothing stored there), the import, the completion. An
 * import needs a dry run of the same figures first, a completion an import; a failed call is kept too.
 */
export async function submitToKhis(ctx: ServiceContext, connection: Dhis2Connection | undefined, id: number, step: KhisStep): Promise<KhisSubmission> {
  if (!connection) throw conflict('KHIS is not connected: the county sets DHIS2_URL, DHIS2_USERNAME and DHIS2_PASSWORD on the server. Download the JSON or ADX file to upload it by hand instead.');
  const { report, forms, json, zeroValues, facilityIds } = await khisPayload(ctx, id);
  // A facility's officer sends her facility's form; a sub-county medical officer his sub-county's; the director any.
  const reach = ctx.scope.facilityIds;
  if (reach !== null && !facilityIds.every((f) => reach.includes(f))) throw forbidden('This report covers facilities outside your scope');
  const earlier = await ctx.db.select().from(khisSubmissions).where(and(eq(khisSubmissions.reportId, id), eq(khisSubmissions.ok, true))).orderBy(asc(khisSubmissions.id));
  if (step === 'import' && !earlier.some((s) => s.step === 'dryRun')) throw conflict('Run a dry run first and check its import summary');
  // The figures an import sends are the ones its dry run checked: not after the county changed what zeros do.
  const lastDry = earlier.filter((s) => s.step === 'dryRun').at(-1);
  if (step === 'import' && lastDry && (lastDry.zeroValues ?? 'acceptNotStored') !== zeroValues) throw conflict('The HMIS setting for zeros sent to KHIS has changed since the dry run: run a dry run again');
  if (step === 'complete' && !earlier.some((s) => s.step === 'import')) throw conflict('Import the data first: a data set is marked complete after its values are in KHIS');
  let httpStatus: number | null = null;
  let response: unknown;
  let ok = false;
  let message: string | null = null;
  let payload: unknown = json;
  try {
    if (step === 'complete') {
      const registrations = forms.map((f) => ({ dataSet: f.dataSet, period: dhis2Period(f.period), orgUnit: f.orgUnit, completeDate: f.completeDate }));
      payload = { completeDataSetRegistrations: registrations };
      const answers = [];
      for (const reg of registrations) answers.push(await completeRegistration(connection, reg));
      httpStatus = answers.at(-1)?.httpStatus ?? null;
      response = answers.map((a) => a.raw);
      ok = answers.every((a) => a.ok);
      if (!ok) message = 'KHIS did not accept the completion: see its answer';
    } else {
      const result = await importDataValues(connection, json, { dryRun: step === 'dryRun' });
      httpStatus = result.httpStatus;
      response = result.raw;
      // A zero KHIS does not store (its data element is not set to store zeros) is no lost figure: the step goes on,
      // as the county chose (khisZeroValues acceptNotStored; with leaveOut no zero is sent).
      const refused = result.summary.conflicts.filter((c) => zeroValues === 'leaveOut' || !ZERO_NOT_STORED.test(c.value));
      ok = result.summary.status !== 'ERROR' && refused.length === 0;
      if (!ok) message = result.summary.description ?? `${refused.length} conflict(s): see the import summary`;
    }
  } catch (error) {
    // KHIS unreachable, refusing the credentials, or answering nonsense: kept with the reason.
    message = (error as Error).message;
    response = { error: message };
  }
  const [saved] = await ctx.db
    .insert(khisSubmissions)
    .values({ reportId: id, facilityId: report.facilityId, step, dryRun: step === 'dryRun', payload: payload as object, httpStatus, response: response as object, ok, zeroValues: step === 'complete' ? null : zeroValues, submittedBy: ctx.actor.id, submittedAt: ctx.now() })
    .returning({ id: khisSubmissions.id });
  const zeros = step === 'complete' ? '' : `zeros ${zeroValues === 'leaveOut' ? 'left out' : "sent, KHIS's not stored accepted"}`;
  await audit(ctx.db, ctx.actor, { action: `report.khis.${step}`, entity: 'report', entityId: id, outcome: ok ? 'success' : 'failure', detail: [message, zeros].filter(Boolean).join('; ') || undefined });
  return (await listSubmissions(ctx, id)).find((s) => s.id === saved!.id)!;
}

function summaryOf(step: string, response: unknown): ImportSummary | null {
  if (step === 'complete' || response === null || typeof response !== 'object') return null;
  return parseImportSummary(response);
}

/** Why a step did not succeed, from what was kept. */
function failureOf(step: string, response: unknown, zeroValues: string | null): string {
  const error = (response as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  if (step === 'complete') return 'KHIS did not accept the completion: see its answer';
  const summary = summaryOf(step, response);
  return summary?.description ?? `${summary?.conflicts.filter((c) => zeroValues === 'leaveOut' || !ZERO_NOT_STORED.test(c.value)).length ?? 0} conflict(s): see the import summary`;
}

export async function listSubmissions({ db }: Pick<ServiceContext, 'db'>, id: number): Promise<KhisSubmission[]> {
  const [report] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
  if (!report) throw notFound('Report not found');
  const rows = await db
    .select({ s: khisSubmissions, submittedBy: accountField(khisSubmissions.submittedBy, 'name') })
    .from(khisSubmissions)
    .where(eq(khisSubmissions.reportId, id))
    .orderBy(desc(khisSubmissions.id));
  // submitted_by is a foreign key, never null: the name is there.
  return rows.map(({ s, submittedBy }) => ({
    id: s.id,
    step: s.step as KhisStep,
    dryRun: s.dryRun,
    ok: s.ok,
    httpStatus: s.httpStatus,
    summary: summaryOf(s.step, s.response),
    message: s.ok ? null : failureOf(s.step, s.response, s.zeroValues),
    zeroValues: (s.zeroValues as ZeroValues | null) ?? null,
    submittedBy: submittedBy!,
    submittedAt: s.submittedAt.toISOString(),
  }));
}
