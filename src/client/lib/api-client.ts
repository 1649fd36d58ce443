// The one place the client talks to the server (STYLE.md rule 7). A non-OK answer becomes an ApiError whose
// message is "status: text" (SPEC.md §8), using the server's JSON message when it sends one (DESIGN.md §6).
import { sessionEndReasonOf, type SessionEndReason } from '../../shared/session-end';
import { serverText, type ServerText } from './server-text';
import i18n from './i18n';

export type FieldIssue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly code?: string,
  ) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
  }

  /** Per-field messages of a 400 (or the field a 409 names), keyed by field name. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) if (issue.path && !out[issue.path]) out[issue.path] = issue.message;
    return out;
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

declare global {
  interface Window {
    /** Answers public/boot.js asked for before the app loaded (a screen's first figures), by address. */
    __afyaEarly?: Record<string, Promise<Response | undefined>>;
  }
}

/** boot.js's answer for this address, once: every later read asks the server. */
async function early(path: string): Promise<Response | undefined> {
  const answers = typeof window === 'undefined' ? undefined : window.__afyaEarly;
  const answer = answers?.[path];
  if (!answer) return undefined;
  delete answers[path];
  return answer;
}

async function send(path: string, { method = 'GET', body, signal }: Options = {}): Promise<Response> {
  const ready = method === 'GET' && body === undefined ? await early(path) : undefined;
  if (ready) {
    if (!ready.ok) throw await toError(ready);
    return ready;
  }
  // The language on screen, for the messages a module words on the server (server/core/words.ts).
  const language = { Accept: 'application/json', 'Accept-Language': i18n.resolvedLanguage ?? i18n.language ?? 'en' };
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? language : { ...language, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw await toError(res);
  return res;
}

const SESSION_END_KEY = 'afya.sessionEnded';

/** A 401 whose code says why the server ended the session: noted for the sign-in page. */
function noteSessionEndOf(status: number, code: string | undefined): void {
  const reason = status === 401 ? sessionEndReasonOf(code) : null;
  if (reason) noteSessionEnd(reason);
}

/** Keeps why the server ended the session (a 401's code, or GET /api/auth/session's `ended`) for the sign-in page to say. */
export function noteSessionEnd(reason: SessionEndReason): void {
  try {
    sessionStorage.setItem(SESSION_END_KEY, reason);
  } catch {
    // Storage refused (private mode): the sign-in page just does not say why.
  }
}

/** Why the last session ended, once: the sign-in page takes it to tell the person (issue 29 item 7). */
export function takeSessionEnd(): SessionEndReason | null {
  try {
    const reason = sessionEndReasonOf(`session_${sessionStorage.getItem(SESSION_END_KEY) ?? ''}`);
    sessionStorage.removeItem(SESSION_END_KEY);
    return reason;
  } catch {
    return null;
  }
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { message?: string; code?: string; issues?: ({ path?: unknown; message?: string } & ServerText)[] } & ServerText;
    // A message sent with its key and facts is worded in the reader's language here, once, for every screen.
    const issues = (json.issues ?? []).map((i) => ({
      path: Array.isArray(i.path) ? i.path.join('.') : String(i.path ?? ''),
      message: serverText(i, i.message ?? ''),
    }));
    noteSessionEndOf(res.status, json.code);
    return new ApiError(res.status, json.message ? serverText(json, json.message) : res.statusText, issues, json.code);
  } catch {
    return new ApiError(res.status, text || res.statusText);
  }
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await send(path, { signal })).json() as Promise<T>;
}

/** A bounded list (DESIGN.md §6): the rows, and the total from X-Total-Count. */
/**
 * A bounded list (DESIGN.md §6): the rows, the total from X-Total-Count, and whether that total is a floor
 * (X-Total-Count-Capped: a search that matches more than the server counts).
 */
export async function apiList<T>(path: string, signal?: AbortSignal): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const res = await send(path, { signal });
  const rows = (await res.json()) as T[];
  const header = res.headers.get('X-Total-Count');
  return { rows, total: header === null ? rows.length : Number(header), capped: res.headers.get('X-Total-Count-Capped') === 'true' };
}

/**
 * A file the server makes (a KHIS export): its content, the name the server gives it, and its headers. A refusal
 * (a 409 saying what is missing) is an ApiError like any other, so the screen shows why instead of saving it.
 */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const res = await send(path);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), fileName, headers: res.headers };
}

export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return (await send(path, { method: 'POST', body })).json() as Promise<T>;
}

export async function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return (await send(path, { method: 'PATCH', body })).json() as Promise<T>;
}

export async function apiPut<T>(path: string, body: unknown): Promise<T> {
  return (await send(path, { method: 'PUT', body })).json() as Promise<T>;
}

/** DELETE, with a JSON body where the removal says why. */
export async function apiDelete<T>(path: string, body?: unknown): Promise<T> {
  return (await send(path, { method: 'DELETE', body })).json() as Promise<T>;
}

/** Raw request for the System Test page, which reports statuses itself. */
export function probe(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Query string from defined, non-empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
