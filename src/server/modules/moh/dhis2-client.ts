// Pushing a finished form to KHIS (domain/REPORTING.md): a dry run first, then the import, then the completion
// registration that makes the facility count as reported. The payloads come from dhis2.ts; every exchange's payload
// and answer are kept by the caller (khis_submissions).
//
// DHIS2 facts this relies on (dhis2/dhis2-docs web-api/data.md, "Import parameters" and "Completing data sets";
// dhis2-core WebMessageUtils.importSummary and CompleteDataSetRegistrationControllerTest):
// - POST /api/dataValueSets takes dryRun, importStrategy and id schemes as query parameters; ids are uids unless a
//   scheme says otherwise. Our dataSet, data element and combo ids are KHIS uids typed in by the county, so only
//   orgUnitIdScheme=code is set: the orgUnit is the facility's MFL code. (KenyaEMR also sends
//   dataElementIdScheme=code; we do not, as the county maps rows to uids.)
// - POST /api/completeDataSetRegistrations takes {completeDataSetRegistrations: [{dataSet, period, organisationUnit,
//   completed, date}]} and the same orgUnitIdScheme parameter.
// - The answer: DHIS2 2.36 and 2.37 return the ImportSummary itself, with HTTP 200 even when values were rejected;
//   2.38 and later wrap it in a WebMessage {httpStatus, httpStatusCode, status, message, response: ImportSummary} and
//   answer 409 when any value was rejected (status WARNING) or the import failed (ERROR). A 409 carrying an import
//   summary is therefore KHIS's verdict, returned like a 200; only an answer without one is an error here.
import type { Dhis2Connection } from '../../env.js';
import type { BulkDataValueSet, DataValueSet } from './dhis2.js';

export type { Dhis2Connection } from '../../env.js';

export type ImportSummary = {
  /** The import summary's own status: SUCCESS, WARNING (some values rejected) or ERROR (nothing imported). */
  status: string;
  imported: number;
  updated: number;
  ignored: number;
  deleted: number;
  conflicts: { object: string; value: string }[];
  /** DHIS2's description, the only reason given when a whole import fails without conflicts. */
  description?: string;
};

export type ImportResult = { httpStatus: number; summary: ImportSummary; raw: unknown };

export type RequestOptions = {
  /** Give up after this long (default 30 s): KHIS is far away and sometimes slow, never this slow. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Sends data values to KHIS. With dryRun, KHIS checks everything and answers what it would do, storing nothing.
 * Throws a plain-language Error when KHIS cannot be reached, refuses the account, or answers without an import
 * summary; the credentials never appear in a message.
 */
export async function importDataValues(
  conn: Dhis2Connection,
  payload: DataValueSet | BulkDataValueSet,
  { dryRun, timeoutMs }: { dryRun: boolean } & RequestOptions,
): Promise<ImportResult> {
  const { httpStatus, body } = await post(
    conn,
    'api/dataValueSets',
    { dryRun: String(dryRun), importStrategy: 'CREATE_AND_UPDATE', orgUnitIdScheme: 'code' },
    payload,
    timeoutMs,
  );
  const summary = parseImportSummary(body);
  if (!summary) throw new Error(`${answered(conn, httpStatus)} without an import summary${webMessageText(body)}`);
  return { httpStatus, summary, raw: body };
}

/**
 * Registers a facility's form for the month as complete (period 'YYYYMM', orgUnit the MFL code). `ok` only when KHIS
 * answered 2xx with a successful import summary and no conflicts.
 */
export async function completeRegistration(
  conn: Dhis2Connection,
  { dataSet, period, orgUnit, completeDate }: { dataSet: string; period: string; orgUnit: string; completeDate: string },
  { timeoutMs }: RequestOptions = {},
): Promise<{ httpStatus: number; raw: unknown; ok: boolean }> {
  if (!/^\d{6}$/.test(period)) throw new Error(`A completion's period must be YYYYMM, not "${period}"`);
  const { httpStatus, body } = await post(
    conn,
    'api/completeDataSetRegistrations',
    { orgUnitIdScheme: 'code' },
    { completeDataSetRegistrations: [{ dataSet, period, organisationUnit: orgUnit, completed: true, date: completeDate }] },
    timeoutMs,
  );
  const summary = parseImportSummary(body);
  const ok = httpStatus >= 200 && httpStatus < 300 && summary?.status === 'SUCCESS' && summary.conflicts.length === 0;
  return { httpStatus, raw: body, ok };
}

/**
 * The import summary in either of DHIS2's answers: the WebMessage of 2.38+ ({response: {importCount, conflicts}}) or
 * the bare ImportSummary of 2.36 and 2.37 ({importCount, conflicts}); null when the body holds neither.
 */
export function parseImportSummary(body: unknown): ImportSummary | null {
  if (!isObject(body)) return null;
  const inner = isObject(body.response) && isSummary(body.response) ? body.response : isSummary(body) ? body : null;
  if (!inner) return null;
  // Before 2.2x the counts were called dataValueCount.
  const count = isObject(inner.importCount) ? inner.importCount : isObject(inner.dataValueCount) ? inner.dataValueCount : {};
  const conflicts = Array.isArray(inner.conflicts) ? inner.conflicts.filter(isObject) : [];
  return {
    status: typeof inner.status === 'string' ? inner.status : 'UNKNOWN',
    imported: countOf(count.imported),
    updated: countOf(count.updated),
    ignored: countOf(count.ignored),
    deleted: countOf(count.deleted),
    conflicts: conflicts.map((c) => ({ object: String(c.object ?? ''), value: String(c.value ?? '') })),
    ...(typeof inner.description === 'string' && inner.description ? { description: inner.description } : {}),
  };
}

async function post(conn: Dhis2Connection, path: string, query: Record<string, string>, payload: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ httpStatus: number; body: unknown }> {
  const url = endpoint(conn, path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${conn.username}:${conn.password}`, 'utf8').toString('base64')}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new Error(unreachable(conn, e, timeoutMs), { cause: e });
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw new Error(unreachable(conn, e, timeoutMs), { cause: e });
  }
  if (res.status === 401) throw new Error(`KHIS at ${where(conn)} refused the username or password (HTTP 401): check DHIS2_USERNAME and DHIS2_PASSWORD`);
  if (res.status === 403) throw new Error(`KHIS at ${where(conn)} refused the account (HTTP 403)${webMessageText(safeJson(text))}: it needs data entry rights for the facility`);
  const body = safeJson(text);
  if (body === undefined) {
    const type = res.headers.get('content-type')?.split(';')[0] || 'no content type';
    throw new Error(`${answered(conn, res.status)} with something that is not JSON (${type}): is DHIS2_URL the DHIS2 server's address?`);
  }
  return { httpStatus: res.status, body };
}

/** The API path under the configured server address, which may itself have a path (https://host/dhis). */
function endpoint(conn: Dhis2Connection, path: string): URL {
  const base = new URL(conn.url);
  base.username = '';
  base.password = '';
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL(path, base);
}

/** The server, for messages: its host only, never credentials. */
function where(conn: Dhis2Connection): string {
  try {
    return new URL(conn.url).host;
  } catch {
    return 'the configured address';
  }
}

function answered(conn: Dhis2Connection, status: number): string {
  return `KHIS at ${where(conn)} answered HTTP ${status}`;
}

function unreachable(conn: Dhis2Connection, e: unknown, timeoutMs: number): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return `KHIS at ${where(conn)} did not answer within ${timeoutMs / 1000} s`;
  }
  // fetch's own message is a bare "fetch failed": the reason (ECONNREFUSED, ENOTFOUND, a certificate) is its cause.
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  const code = isObject(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  const reason = code ?? (cause instanceof Error ? cause.message : String(cause));
  return `Could not reach KHIS at ${where(conn)}: ${reason}`;
}

/** A WebMessage's own message, for an error's text. */
function webMessageText(body: unknown): string {
  return isObject(body) && typeof body.message === 'string' && body.message ? `: ${body.message}` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isSummary(o: Record<string, unknown>): boolean {
  return o.responseType === 'ImportSummary' || isObject(o.importCount) || isObject(o.dataValueCount);
}

function countOf(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
