// The real server for the benchmark, run as in production (src/server/test/server-process.ts starts it as
// `npm start` does); and a small keep-alive HTTP client that signs in and times requests.
import { Agent, request } from 'node:http';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import type { Target } from './db.js';

/** NODE_ENV=production, request logs at the default level (to a file), no seeding: the data set is ready. */
export function startServer(target: Target, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess(target, { NODE_ENV: 'production', SEED_ON_START: 'false', ...env });
}

export type HttpResult = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** One keep-alive connection, like one browser tab: requests go one after another. */
export function httpClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  let cookie = '';
  const send = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: baseUrl } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    send,
    get cookie() {
      return cookie;
    },
    /** Signs in with the demo portal (no Argon2 in the measurement) and keeps the session cookie. */
    async signIn(email: string): Promise<void> {
      const res = await send('POST', '/api/demo/login', { email });
      if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${res.body}`);
      const setCookie = res.headers['set-cookie'];
      cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
        .map((c) => c.split(';')[0])
        .filter(Boolean)
        .join('; ');
    },
    close: () => agent.destroy(),
  };
}
