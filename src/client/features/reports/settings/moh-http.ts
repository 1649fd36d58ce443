// PUT and DELETE for the MOH settings' calls. lib/api-client.ts has GET, POST and PATCH only, and this folder may
// not change it yet: these go through its `probe` (the one place that calls fetch) and turn a refusal into the same
// ApiError ("status: text", the server's per-field issues) as every other call. Once api-client exports apiPut and
// apiDelete, import those instead and delete this file.
import { ApiError, probe } from '../../../lib/api-client';

async function refusal(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { message?: string; code?: string; issues?: { path?: unknown; message?: string }[] };
    const issues = (json.issues ?? []).map((i) => ({ path: Array.isArray(i.path) ? i.path.join('.') : String(i.path ?? ''), message: i.message ?? '' }));
    return new ApiError(res.status, json.message || res.statusText, issues, json.code);
  } catch {
    return new ApiError(res.status, text || res.statusText);
  }
}

async function send<T>(method: 'PUT' | 'DELETE', path: string, body: unknown): Promise<T> {
  const res = await probe(path, { method, body });
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}

export const apiPut = <T>(path: string, body: unknown): Promise<T> => send<T>('PUT', path, body);

/** DELETE with a JSON body (a removal says why). */
export const apiDelete = <T>(path: string, body: unknown): Promise<T> => send<T>('DELETE', path, body);
