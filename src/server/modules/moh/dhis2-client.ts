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
import { DHIS2_UID } from '../../../shared/moh/index.js';
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

/** A category option combo as KHIS names it. */
export type Dhis2Combo = { id: string; name: string; code: string | null };

/** A data element of a dataSet, with the combos a value of it may carry (the dataSet's override, else its own). */
export type Dhis2DataElement = { id: string; name: string; shortName: string | null; formName: string | null; code: string | null; combos: Dhis2Combo[] };

export type Dhis2DataSet = { id: string; name: string; code: string | null; dataElements: Dhis2DataElement[] };

/**
 * The fields asked of GET /api/dataSets/{id} (dhis2-docs web-api/metadata.md, "Metadata field filter": `a[b,c]` picks
 * fields inside an object or a collection, to any depth). A dataSet may give a data element another category combo
 * than its own (dataSetElements[categoryCombo], DHIS2 2.27+): that one then holds the combos a value may carry.
 */
export const DATA_SET_FIELDS =
  'id,name,code,dataSetElements[categoryCombo[id,name,categoryOptionCombos[id,name,code]],dataElement[id,name,shortName,formName,code,categoryCombo[id,name,categoryOptionCombos[id,name,code]]]]';

/**
 * A dataSet's data elements and their category option combos, read from KHIS's metadata; null when KHIS answers 404
 * (it has no such dataSet, or hides it from this account). Throws a plain-language Error when KHIS cannot be reached,
 * refuses the account, or answers something that is not a dataSet.
 */
export async function fetchDataSet(conn: Dhis2Connection, id: string, { timeoutMs = DEFAULT_TIMEOUT_MS }: RequestOptions = {}): Promise<Dhis2DataSet | null> {
  // The id goes into the path: nothing but a uid does.
  if (!DHIS2_UID.test(id)) throw new Error(`"${id}" is not a DHIS2 identifier`);
  const { httpStatus, body } = await send(conn, 'GET', `api/dataSets/${id}`, { fields: DATA_SET_FIELDS }, undefined, timeoutMs, 'it needs the right to read metadata (dataSets)');
  if (httpStatus === 404) return null;
  if (httpStatus < 200 || httpStatus >= 300) throw new Error(`${answered(conn, httpStatus)}${webMessageText(body)}`);
  const set = parseDataSet(body);
  if (!set) throw new Error(`${answered(conn, httpStatus)} without a dataSet's metadata`);
  return set;
}

/** A dataSet from DHIS2's JSON, leniently: a field left out is null, an element without an id is skipped. */
export function parseDataSet(body: unknown): Dhis2DataSet | null {
  if (!isObject(body) || typeof body.id !== 'string' || !Array.isArray(body.dataSetElements)) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const combos = (categoryCombo: unknown): Dhis2Combo[] =>
    isObject(categoryCombo) && Array.isArray(categoryCombo.categoryOptionCombos)
      ? categoryCombo.categoryOptionCombos.filter(isObject).flatMap((c) => (typeof c.id === 'string' ? [{ id: c.id, name: text(c.name) ?? c.id, code: text(c.code) }] : []))
      : [];
  const dataElements: Dhis2DataElement[] = [];
  for (const dse of body.dataSetElements.filter(isObject)) {
    const de = dse.dataElement;
    if (!isObject(de) || typeof de.id !== 'string') continue;
    const own = combos(de.categoryCombo);
    const override = combos(dse.categoryCombo);
    dataElements.push({ id: de.id, name: text(de.name) ?? de.id, shortName: text(de.shortName), formName: text(de.formName), code: text(de.code), combos: override.length > 0 ? override : own });
  }
  return { id: body.id, name: text(body.name) ?? body.id, code: text(body.code), dataElements };
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
  return send(conn, 'POST', path, query, payload, timeoutMs, 'it needs data entry rights for the facility');
}

/** One exchange with KHIS: basic auth, JSON both ways; a refused account, a silent server or an answer that is not JSON is an Error. */
async function send(
  conn: Dhis2Connection,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  payload: unknown,
  timeoutMs: number,
  /** What a 403 means for this request: which right the account lacks. */
  forbiddenHint: string,
): Promise<{ httpStatus: number; body: unknown }> {
  const url = endpoint(conn, path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${conn.username}:${conn.password}`, 'utf8').toString('base64')}`,
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
      },
      ...(method === 'POST' ? { body: JSON.stringify(payload) } : {}),
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
  if (res.status === 403) throw new Error(`KHIS at ${where(conn)} refused the account (HTTP 403)${webMessageText(safeJson(text))}: ${forbiddenHint}`);
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

/** The KHIS server the county connected, as the settings screen names it: its host, never credentials. */
export function khisHost(conn: Dhis2Connection | undefined): string | null {
  return conn ? where(conn) : null;
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
