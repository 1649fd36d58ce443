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

type Options = { method?: string; body?: unknown; signal?: AbortSignal; priority?: RequestPriority };

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

/**
 * What every request waits for first (issue 34): the outbox of writes made offline is sent before anything else is
 * asked, so that a session kept for it is not ended by a read sent ahead of it (lib/offline).
 */
let gate: () => Promise<void> = () => Promise.resolve();
export function setRequestGate(wait: () => Promise<void>): void {
  gate = wait;
}

/** The browser could not reach the server at all (no network, the server gone): fetch's own failure. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false && !(error instanceof ApiError));
}

/** JSON, in the language on screen: for the messages a module words on the server (server/core/words.ts). */
const jsonIn = () => ({ Accept: 'application/json', 'Accept-Language': i18n.resolvedLanguage ?? i18n.language ?? 'en' });

async function send(path: string, { method = 'GET', body, signal, priority }: Options = {}): Promise<Response> {
  await gate();
  const ready = method === 'GET' && body === undefined ? await early(path) : undefined;
  if (ready) {
    if (!ready.ok) throw await toError(ready);
    return ready;
  }
  const language = jsonIn();
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? language : { ...language, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    priority,
    // fetch's own failure says "Failed to fetch": said plainly instead, on every screen, still a TypeError.
  }).catch((error: unknown) => {
    throw error instanceof TypeError ? new TypeError(i18n.t('common.noConnection')) : error;
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

export async function toError(res: Response): Promise<ApiError> {
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

/** A JSON read; `priority` 'low' for one that may wait behind the screen's own (what is kept for offline work). */
export async function apiGet<T>(path: string, signal?: AbortSignal, priority?: RequestPriority): Promise<T> {
  return (await send(path, { signal, priority })).json() as Promise<T>;
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

/**
 * A write from the outbox (lib/offline/outbox.ts): with its Idempotency-Key and the moment it was made, and not
 * behind the gate, which waits for it. A refusal is an ApiError; no network throws as fetch does.
 */
export async function sendQueued<T>(path: string, method: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const language = jsonIn();
  const res = await fetch(path, { method, credentials: 'include', headers: { ...language, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw await toError(res);
  return res.json() as Promise<T>;
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
