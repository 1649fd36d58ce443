// Revocation across server processes (issue 16). On PostgreSQL the county runs several server processes (WORKERS);
// a sign-out, a deactivation, a password change or a revoked passkey must end a session on the very next request
// to any of them, not when some cache of another process expires. Two real servers on one database, each started as
// `npm start` starts it: what one does, the other must honour at once. A `WORKERS=2` cluster honours a sign-out in
// both its processes, settles an M-Pesa push once whichever process hears of it, and replaces a process that
// dies. The embedded PGlite is one process by design (its directory is locked to it), so this runs under
// `npm run test:pg` (TEST_DATABASE_URL), as .ci/run does.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hashPassword } from './modules/auth/index.js';
import { createPostgresDatabase, emailOf, testPostgresUrl } from './test/helper.js';
import type { Role } from '../shared/access/index.js';
import { softAuthenticator } from './test/soft-authenticator.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';

const POSTGRES = testPostgresUrl();

type Answer = { status: number; body: unknown; cookie: string };

/**
 * A request to one server, as a browser on it sends it (its own Origin on writes), on a connection of its own: a
 * cluster hands each new connection to its server processes in turn, so consecutive requests reach each of them.
 */
function call(server: ServerProcess, method: string, path: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  // localhost, not 127.0.0.1: a passkey belongs to a domain (WEBAUTHN_RP_ID), never to an address.
  const port = new URL(server.url).port;
  const origin = `http://localhost:${port}`;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          host: `localhost:${port}`,
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null, cookie });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(server: ServerProcess, role: Role): Promise<string> {
  const res = await call(server, 'POST', '/api/demo/login', { body: { email: emailOf(role) } });
  expect(res.status).toBe(200);
  return res.cookie;
}

const whoAmI = async (server: ServerProcess, cookie: string) => (await call(server, 'GET', '/api/auth/user', { cookie })).status;

const PASSWORD = 'Kakamega-Bungoma-Teso-2026';

describe.skipIf(!POSTGRES)('revocation across server processes (PostgreSQL: PGlite is one process by design)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;
  let owner: pg.Client;
  let staff = 0;

  /** A member of staff with a password of their own (the demo accounts keep the published one), signed in on `server`. */
  async function newStaff(server: ServerProcess, role: Role): Promise<{ email: string; cookie: string }> {
    const email = `revocation.${++staff}@county.example`;
    await owner.query(
      `insert into users (email, first_name, last_name, role, facility_id, is_active, is_demo, password_hash) values ($1, 'Atieno', 'Were', $2, 1, true, false, $3)`,
      [email, role, await hashPassword(PASSWORD)],
    );
    const res = await call(server, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { email, cookie: res.cookie };
  }

  beforeAll(async () => {
    const created = await createPostgresDatabase(POSTGRES!);
    drop = created.drop;
    owner = new pg.Client({ connectionString: created.url });
    await owner.connect();
    // The first migrates and seeds the demo county; the second then serves the same database.
    const env = { WORKERS: '1', WEBAUTHN_RP_ID: 'localhost' };
    a = await startServerProcess({ kind: 'postgres', url: created.url }, env);
    b = await startServerProcess({ kind: 'postgres', url: created.url }, env);
  }, 240_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await owner?.end();
    await drop?.();
  });

  it('a sign-out on one server ends the session on the other at once', async () => {
    const cookie = await signIn(a, 'nurse');
    expect(await whoAmI(b, cookie)).toBe(200);
    expect((await call(a, 'GET', '/api/logout', { cookie })).status).toBeLessThan(400);
    expect(await whoAmI(b, cookie)).toBe(401);
  });

  it('a deactivation on one server signs the account out of the other at once', async () => {
    const { cookie } = await newStaff(b, 'lab_technician');
    const me = (await call(b, 'GET', '/api/auth/user', { cookie })).body as { id: number };
    const admin = await signIn(a, 'admin');
    // Read by the other server just before, so anything it kept would still be warm.
    expect(await whoAmI(b, cookie)).toBe(200);
    const res = await call(a, 'PATCH', `/api/access/users/${me.id}`, { cookie: admin, body: { isActive: false, reason: 'Left the county service' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await whoAmI(b, cookie)).toBe(401);
  });

  it("a password change on one server ends the account's other sessions on the other at once", async () => {
    const { email, cookie: desk } = await newStaff(a, 'pharmacist');
    const phone = (await call(b, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).cookie;
    expect(await whoAmI(b, phone)).toBe(200);
    const changed = await call(a, 'POST', '/api/auth/password', { cookie: desk, body: { currentPassword: PASSWORD, newPassword: 'Kisumu-Busia-Malaba-2026' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await whoAmI(b, phone)).toBe(401);
    // The session that made the change stays signed in, on either server.
    expect(await whoAmI(b, changed.cookie || desk)).toBe(200);
  });

  it('a passkey revoked on one server ends its sessions and stops it signing in on the other at once', async () => {
    const origin = `http://localhost:${new URL(b.url).port}`;
    const auth = softAuthenticator({ origin, rpID: 'localhost' });
    const { cookie: mine } = await newStaff(b, 'clinical_officer');
    const options = await call(b, 'POST', '/api/auth/passkeys/register/options', { cookie: mine, body: { name: 'My phone' } });
    expect(options.status).toBe(200);
    const enrolled = await call(b, 'POST', '/api/auth/passkeys/register/verify', {
      cookie: mine,
      body: { name: 'My phone', response: auth.register(options.body as Parameters<typeof auth.register>[0]) },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const passkeyId = (enrolled.body as { id: number }).id;
    const passkeySignIn = async () => {
      const login = await call(b, 'POST', '/api/auth/passkeys/login/options', { body: { mediation: 'modal' } });
      return call(b, 'POST', '/api/auth/passkeys/login/verify', { body: { response: auth.authenticate(login.body as Parameters<typeof auth.authenticate>[0]) } });
    };
    const signedIn = await passkeySignIn();
    expect(signedIn.status).toBe(200);
    expect(await whoAmI(b, signedIn.cookie)).toBe(200);
    const admin = await signIn(a, 'admin');
    expect((await call(a, 'POST', `/api/access/passkeys/${passkeyId}/revoke`, { cookie: admin, body: {} })).status).toBe(200);
    expect(await whoAmI(b, signedIn.cookie)).toBe(401);
    expect((await passkeySignIn()).status).toBe(401);
  });
});

describe.skipIf(!POSTGRES)('WORKERS=2 (PostgreSQL)', () => {
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let owner: pg.Client;

  beforeAll(async () => {
    const created = await createPostgresDatabase(POSTGRES!);
    drop = created.drop;
    owner = new pg.Client({ connectionString: created.url });
    await owner.connect();
    // The simulated payer answers a push after 500 ms.
    server = await startServerProcess({ kind: 'postgres', url: created.url }, { WORKERS: '2', MPESA_SIMULATOR_DELAY_MS: '500' });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await owner?.end();
    await drop?.();
  });

  /** The server processes under the first: the cluster's workers (Linux /proc). */
  const workerPids = (): number[] =>
    readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .filter((n) => {
        try {
          const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === server.child.pid;
        } catch {
          return false;
        }
      })
      .map(Number);

  it('runs two server processes that each honour a sign-out at once', async () => {
    expect(server.log()).toContain('in 2 server processes (WORKERS)');
    if (process.platform === 'linux') expect(workerPids()).toHaveLength(2);
    const cookie = await signIn(server, 'records_officer');
    // Each request below opens its own connection, and the cluster hands connections to its processes in turn.
    for (let i = 0; i < 6; i++) expect(await whoAmI(server, cookie)).toBe(200);
    expect((await call(server, 'GET', '/api/logout', { cookie })).status).toBeLessThan(400);
    for (let i = 0; i < 6; i++) expect(await whoAmI(server, cookie)).toBe(401);
  });

  it('settles an M-Pesa push once, whichever server process the callback and the status query reach', async () => {
    const cookie = await signIn(server, 'records_officer');
    const bill = async () => {
      const res = await call(server, 'POST', '/api/billing', { cookie, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'mpesa' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: number }).id;
    };
    type Detail = { status: string; amountPaid: number; payments: { id: number; status: string }[] };
    const detail = async (id: number) => (await call(server, 'GET', `/api/billing/${id}`, { cookie })).body as Detail;
    const push = async (id: number) => {
      const res = await call(server, 'POST', `/api/billing/${id}/payments`, { cookie, body: { method: 'mpesa', phoneNumber: '0712 345 678' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { payment: { id: number } }).payment.id;
    };
    /** What the payment left behind in the books and the trail: its journals, and its callbacks recorded as duplicates. */
    const trail = async (paymentId: number) => {
      const [row] = (
        await owner.query<{ journals: number; duplicates: number }>(
          `select (select count(*)::int from journals where source_type = 'payment' and source_id = $1) as journals,
                  (select count(*)::int from audit_events where entity = 'payment' and entity_id = $1::text and detail like 'duplicate callback%') as duplicates`,
          [paymentId],
        )
      ).rows;
      return row!;
    };

    // The simulator's callback comes to the process that pushed; every process then sees the invoice paid.
    const first = await bill();
    const firstPayment = await push(first);
    for (let i = 0; i < 100 && (await detail(first)).status !== 'paid'; i++) await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 4; i++) expect(await detail(first)).toMatchObject({ status: 'paid', amountPaid: 500, payments: [{ id: firstPayment, status: 'succeeded' }] });
    expect(await trail(firstPayment)).toEqual({ journals: 1, duplicates: 0 });

    // A status query on the next connection (the cluster's other process) settles it at once.
    const second = await bill();
    const secondPayment = await push(second);
    const asked = await call(server, 'POST', `/api/payments/${secondPayment}/mpesa-query`, { cookie, body: {} });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // The cluster hands connections to its processes in turn, so the query reached the process that did not push,
    // and the pushing process's callback comes after it: recorded once, as a duplicate, not lost and not paid twice.
    for (let i = 0; i < 100 && (await trail(secondPayment)).duplicates === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await trail(secondPayment)).toEqual({ journals: 1, duplicates: 1 });
    for (let i = 0; i < 4; i++) expect(await detail(second)).toMatchObject({ status: 'paid', amountPaid: 500, payments: [{ id: secondPayment, status: 'succeeded' }] });
  });

  it('starts another server process when one dies, and stops them all when told to', async () => {
    const [first] = workerPids();
    if (first === undefined) return; // not Linux: nothing to look at
    process.kill(first, 'SIGKILL');
    for (let i = 0; i < 100 && (workerPids().includes(first) || workerPids().length < 2); i++) await new Promise((r) => setTimeout(r, 100));
    expect(workerPids()).toHaveLength(2);
    expect(workerPids()).not.toContain(first);
    expect((await call(server, 'GET', '/api/facilities/summary')).status).toBe(200);
  });
});
