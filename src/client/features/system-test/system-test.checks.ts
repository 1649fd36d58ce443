// The checks of the System Test page, in the order they run (SPEC.md §7 "The System Test page runs these checks").
// Each check words its outcome with the messages of SPEC.md §8; a 401 on a protected endpoint is a warning.
import { demoLogin, getJson, head, REPORTS_PATH, type ProbeAnswer } from './system-test.api';

export type CheckStatus = 'idle' | 'testing' | 'pass' | 'fail' | 'warning';
export type Message = { key: string; values?: Record<string, string | number> };
export type CheckOutcome = { status: 'pass' | 'fail' | 'warning'; message: Message; data?: unknown; path?: string };

/** What earlier checks learned for later ones. */
export type RunContext = { email: string | null; demoEmails: string[] | null };

export type Check = {
  id: string;
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  /** The login check replaces the session: the current user is refetched after it. */
  signsIn?: boolean;
  run: (ctx: RunContext) => Promise<CheckOutcome>;
};

const msg = (key: string, values?: Message['values']): Message => ({ key: `systemTest.messages.${key}`, values });
const fail = (message: Message, data?: unknown): CheckOutcome => ({ status: 'fail', message, data });
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Non-OK answers of protected endpoints: 401 and 403 are expected for some users, anything else fails. */
function refused(res: ProbeAnswer, forbiddenKey = 'forbidden'): CheckOutcome {
  if (res.status === 401) return { status: 'warning', message: msg('requiresAuth'), data: res.json };
  if (res.status === 403) return { status: 'warning', message: msg(forbiddenKey), data: res.json };
  return fail(msg('apiReturned', { status: res.status, text: res.text }), res.json);
}

/** A GET whose JSON must pass `accept`; `protectedPath` says whether a 401/403 is expected behaviour. */
function getCheck(
  path: string,
  accept: (json: unknown, res: ProbeAnswer) => Message | null,
  options: { protectedPath?: boolean; forbiddenKey?: string; onJson?: (json: unknown, ctx: RunContext) => void } = {},
) {
  return async (ctx: RunContext): Promise<CheckOutcome> => {
    let res: ProbeAnswer;
    try {
      res = await getJson(path);
    } catch (e) {
      return fail(msg('networkError', { error: errorText(e) }));
    }
    if (!res.ok) return options.protectedPath === false ? fail(msg('apiReturned', { status: res.status, text: res.text }), res.json) : refused(res, options.forbiddenKey);
    const passed = accept(res.json, res);
    if (!passed) return fail(msg('unexpected', { status: res.status }), res.json);
    options.onJson?.(res.json, ctx);
    return { status: 'pass', message: passed, data: res.json };
  };
}

async function downloadCheck(path: string): Promise<CheckOutcome> {
  let res: ProbeAnswer;
  try {
    res = await head(path);
  } catch (e) {
    return { status: 'fail', message: msg('downloadError', { error: errorText(e) }), path };
  }
  const data = { status: res.status, contentType: res.headers.contentType, contentDisposition: res.headers.contentDisposition };
  if (res.status === 401) return { status: 'warning', message: msg('requiresAuth'), data, path };
  if (res.status === 403) return { status: 'warning', message: msg('forbidden'), data, path };
  if (!res.ok) return { status: 'fail', message: msg('downloadFailed', { status: res.status }), data, path };
  if (!res.headers.contentType?.startsWith('text/csv')) return { status: 'fail', message: msg('unexpected', { status: res.status }), data, path };
  return { status: 'pass', message: msg('downloadOk', { type: res.headers.contentType }), data, path };
}

/** The first completed report of the last year, then HEAD on its download. */
async function reportDownloadCheck(): Promise<CheckOutcome> {
  let res: ProbeAnswer;
  try {
    res = await getJson(REPORTS_PATH);
  } catch (e) {
    return fail(msg('networkError', { error: errorText(e) }));
  }
  if (!res.ok) return refused(res);
  if (!Array.isArray(res.json)) return fail(msg('unexpected', { status: res.status }), res.json);
  const completed = res.json.find((r): r is { id: number } => isObject(r) && r.status === 'completed' && typeof r.id === 'number');
  if (!completed) return { status: 'warning', message: msg('noCompletedReport'), data: res.json };
  return downloadCheck(`/api/reports/${completed.id}/download`);
}

async function loginCheck(ctx: RunContext): Promise<CheckOutcome> {
  // Signing in as anyone else would switch the tester's own session: only the current user signs in again.
  const email = ctx.email?.toLowerCase() ?? null;
  if (!email || !ctx.demoEmails?.includes(email)) return { status: 'warning', message: msg('skippedNotDemo') };
  let res: ProbeAnswer;
  try {
    res = await demoLogin(email);
  } catch (e) {
    return fail(msg('loginError', { error: errorText(e) }));
  }
  if (!res.ok) return fail(msg('loginFailed', { status: res.status }), res.json);
  const user = isObject(res.json) && isObject(res.json.user) ? res.json.user : null;
  if (!user) return fail(msg('unexpected', { status: res.status }), res.json);
  return { status: 'pass', message: msg('loginOk', { name: `${String(user.firstName)} ${String(user.lastName)}` }), data: res.json };
}

const count = (json: unknown) => (Array.isArray(json) ? json.length : 0);

export const CHECKS: Check[] = [
  {
    id: 'demoAccounts',
    method: 'GET',
    path: '/api/demo/accounts',
    run: getCheck('/api/demo/accounts', (json) => (Array.isArray(json) ? msg('accountsFound', { count: json.length }) : null), {
      protectedPath: false,
      onJson: (json, ctx) => {
        ctx.demoEmails = (json as unknown[]).flatMap((a) => (isObject(a) && typeof a.email === 'string' ? [a.email.toLowerCase()] : []));
      },
    }),
  },
  {
    id: 'facilities',
    method: 'GET',
    path: '/api/facilities',
    run: getCheck('/api/facilities', (json) => (Array.isArray(json) ? msg('facilitiesFound', { count: count(json) }) : null)),
  },
  {
    id: 'dashboardStats',
    method: 'GET',
    path: '/api/dashboard/stats',
    run: getCheck('/api/dashboard/stats', (json) =>
      isObject(json) && typeof json.totalPatients === 'number' ? msg('statsLoaded', { patients: json.totalPatients }) : null,
    ),
  },
  {
    id: 'revenueStats',
    method: 'GET',
    path: '/api/revenue/stats',
    // Money is read with billing:read (issue 11): a role without it gets a 403, as it should.
    run: getCheck('/api/revenue/stats', (json) => (isObject(json) && typeof json.totalRevenue === 'number' ? msg('revenueLoaded') : null), {
      forbiddenKey: 'revenueForbidden',
    }),
  },
  {
    id: 'billing',
    method: 'GET',
    path: '/api/billing',
    run: getCheck(
      '/api/billing',
      (json, res) => (Array.isArray(json) ? msg('billingFound', { count: Number(res.headers.totalCount ?? json.length) }) : null),
      { forbiddenKey: 'billingForbidden' },
    ),
  },
  { id: 'facilitiesCsv', method: 'HEAD', path: '/api/facilities/export.csv', run: () => downloadCheck('/api/facilities/export.csv') },
  { id: 'activitiesCsv', method: 'HEAD', path: '/api/activities/mine.csv', run: () => downloadCheck('/api/activities/mine.csv') },
  { id: 'inventoryCsv', method: 'HEAD', path: '/api/inventory/export.csv', run: () => downloadCheck('/api/inventory/export.csv') },
  { id: 'reportDownload', method: 'HEAD', path: '/api/reports/:id/download', run: reportDownloadCheck },
  { id: 'demoLogin', method: 'POST', path: '/api/demo/login', signsIn: true, run: loginCheck },
];

/** Returned data for display: arrays cut to their first few items, with the full count. */
export const PREVIEW_ITEMS = 3;
export function previewOf(data: unknown): { json: string; count: number | null } {
  if (Array.isArray(data)) return { json: JSON.stringify(data.slice(0, PREVIEW_ITEMS), null, 2), count: data.length };
  return { json: JSON.stringify(data ?? null, null, 2), count: null };
}
