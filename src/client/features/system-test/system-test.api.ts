// The System Test's requests (SPEC.md §2.17, §7): raw calls through probe(), because the page reports each
// status itself instead of turning a non-OK answer into an error.
import { probe } from '../../lib/api-client';

export const DEMO_PASSWORD = 'AfyaDemo#2026';

export type ProbeAnswer = {
  status: number;
  ok: boolean;
  statusText: string;
  /** JSON body when there is one (GET, POST); null for HEAD or an empty body. */
  json: unknown;
  /** The server's message (JSON `message`) or the raw text, else the status text (SPEC.md §8). */
  text: string;
  headers: { contentType: string | null; contentDisposition: string | null; totalCount: string | null };
};

async function read(res: Response, method: string): Promise<ProbeAnswer> {
  const raw = method === 'HEAD' ? '' : await res.text().catch(() => '');
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = null; // not JSON: the text is the message
  }
  const message = json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' ? json.message : raw;
  return {
    status: res.status,
    ok: res.ok,
    statusText: res.statusText,
    json,
    text: message || res.statusText,
    headers: {
      contentType: res.headers.get('Content-Type'),
      contentDisposition: res.headers.get('Content-Disposition'),
      totalCount: res.headers.get('X-Total-Count'),
    },
  };
}

/** One request; a network failure rejects (the caller words it as 'Network error: …'). */
export async function request(method: 'GET' | 'HEAD' | 'POST', path: string, body?: unknown): Promise<ProbeAnswer> {
  return read(await probe(path, { method, body }), method);
}

export const getJson = (path: string) => request('GET', path);
export const head = (path: string) => request('HEAD', path);
/** Demo sign-in with a password: the server ends the caller's session and starts a fresh one. */
export const demoLogin = (email: string) => request('POST', '/api/demo/login', { email, password: DEMO_PASSWORD });
/** A year of reports, to find one completed file to download. */
export const REPORTS_PATH = '/api/reports?period=365days';
