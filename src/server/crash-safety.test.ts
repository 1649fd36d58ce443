// Crash safety (issue 5): the real server, as `npm start` runs it, takes a stream of registrations and is killed
// with SIGKILL in the middle of it; restarted on the same database, it must still have every registration it
// acknowledged with 2xx, and no registration may be half-written (a patient without its audit event or its
// activity, or a patient count that disagrees with the rows). Embedded PGlite under `npm test`; PostgreSQL under
// `npm run test:pg` (TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { verifyAuditChain } from './core/audit-chain.js';
import { TEST_AUDIT_CHAIN_KEY } from './env.js';
import { demoEmail, DEMO_ACCOUNTS } from './modules/index.js';
import { createPostgresDatabase, PATIENT_COUNTS_DRIFT, queryRows, testPostgresUrl } from './test/helper.js';
import { asUser, TEST_APP_ROLE } from './test/template-db.js';
import { demoSignIn, startServerProcess, type ServerDatabase, type ServerProcess } from './test/server-process.js';

const POSTGRES = testPostgresUrl();
const RECORDS_OFFICER = DEMO_ACCOUNTS.find((a) => a.role === 'records_officer')!;
/** National IDs of this test's registrations: 9 digits, a block no seeded patient uses. */
const ID_BLOCK = 500_000_000;

let database: ServerDatabase;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (POSTGRES) {
    // Deployed with two roles: the owner migrates, the server runs as the restricted app role.
    const { url, drop } = await createPostgresDatabase(POSTGRES);
    database = { kind: 'postgres', url, appUrl: asUser(url, TEST_APP_ROLE) };
    cleanup = drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'afya-crash-'));
    database = { kind: 'pglite', dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
afterAll(() => cleanup());

const signIn = (server: ServerProcess) => demoSignIn(server, demoEmail(RECORDS_OFFICER.firstName, RECORDS_OFFICER.lastName));

const registration = (n: number) => ({
  nationalId: String(ID_BLOCK + n),
  firstName: 'Akinyi',
  lastName: n % 2 ? 'Wafula' : 'Barasa',
  dateOfBirth: `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
  gender: n % 2 ? 'male' : 'female',
  // The records officer's own facility: a desk registers where it works.
  facilityId: 1,
});

async function openDirect(): Promise<Database> {
  return database.kind === 'postgres' ? openPostgres(database.url) : openPglite(database.dataDir);
}

describe(`a server killed mid-stream (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged registration and half-writes none', { timeout: 300_000 }, async () => {
    // One server process (WORKERS=1): killed, it is the one answering. In a cluster (WORKERS, PostgreSQL) the killed
    // first process's workers would finish what they hold and exit; revocation.test.ts covers the cluster.
    const first = await startServerProcess(database, { SEED_ON_START: 'true', LOG_LEVEL: 'warn', WORKERS: '1' });
    const cookie = await signIn(first);
    if (database.kind === 'postgres') expect(first.log()).toContain("The audit trail is protected: the server's database role afya_test_app may only insert and read it.");
    const startedAt = new Date();
    const acknowledged = new Map<string, number>();
    let next = 0;
    let sent = 0;
    let killed = false;
    // Six desks registering at once, until the server dies under them.
    const desk = async () => {
      while (!killed) {
        const body = registration(next++);
        sent += 1;
        try {
          const res = await fetch(`${first.url}/api/patients`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: first.url },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          if (res.status === 201) acknowledged.set(body.nationalId, (JSON.parse(text) as { id: number }).id);
          else if (!killed) throw new Error(`registration answered ${res.status}: ${text}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const desks = Array.from({ length: 6 }, desk);
    while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(desks);
    await first.stop();
    expect(first.child.signalCode).toBe('SIGKILL');
    // Requests were still in flight when it died: some were sent and never answered.
    expect(sent).toBeGreaterThan(acknowledged.size);

    // The killed server's lock on the embedded database does not block the restart (its process is gone) ...
    const second = await startServerProcess(database, { SEED_ON_START: 'true', LOG_LEVEL: 'warn' });
    try {
      // ... while a second server on the same data directory is refused, naming the directory and the first.
      if (database.kind === 'pglite') {
        const refused = await startServerProcess(database, { LOG_LEVEL: 'warn' }).then(
          async (third) => {
            await third.stop();
            return 'started';
          },
          (error: Error) => error.message,
        );
        expect(refused).toContain(`The data directory ${database.dataDir} is in use by another AfyaKaunti process (pid ${second.child.pid}`);
      }
      const again = await signIn(second);
      for (const [nationalId, id] of acknowledged) {
        const res = await fetch(`${second.url}/api/patients/${id}`, { headers: { cookie: again } });
        expect(res.status, `acknowledged registration ${nationalId} (patient ${id}) after the restart`).toBe(200);
        expect(((await res.json()) as { nationalId: string }).nationalId).toBe(nationalId);
      }
      // The restarted server takes registrations again, and refuses an acknowledged ID as a duplicate.
      const [someId] = acknowledged.keys();
      const duplicate = await fetch(`${second.url}/api/patients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: again, origin: second.url },
        body: JSON.stringify({ ...registration(0), nationalId: someId }),
      });
      expect(duplicate.status).toBe(409);
    } finally {
      await second.stop();
    }

    const db = await openDirect();
    try {
      const stored = await queryRows<{ id: number; national_id: string; audited: number }>(
        db,
        sql`select p.id, p.national_id,
              (select count(*)::int from audit_events a where a.action = 'patient.create' and a.entity_id = p.id::text) as audited
            from patients p where p.national_id ~ '^5[0-9]{8}$'`,
      );
      // Every acknowledged registration is there; a registration that committed as the server died may be
      // there too, unacknowledged, but whole.
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
      for (const nationalId of acknowledged.keys()) expect(stored.some((s) => s.national_id === nationalId)).toBe(true);
      expect(stored.filter((s) => s.audited !== 1)).toEqual([]);
      const [activities] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from activities a join users u on u.id = a.user_id
            where a.action = 'patient_registered' and u.email = ${demoEmail(RECORDS_OFFICER.firstName, RECORDS_OFFICER.lastName)}
              and a.created_at >= ${startedAt.toISOString()}::timestamptz`,
      );
      expect(activities!.n).toBe(stored.length);
      const drift = await queryRows<{ facility_id: number }>(db, PATIENT_COUNTS_DRIFT);
      expect(drift).toEqual([]);
      // The audit chain survived the kill: every committed event is chained, every link and every seal the servers
      // made (with the tests' key, test/server-process.ts) holds.
      expect((await verifyAuditChain(db.db, Buffer.from(TEST_AUDIT_CHAIN_KEY, 'hex'))).firstBroken).toBeNull();
    } finally {
      await db.close();
    }
  });
});
