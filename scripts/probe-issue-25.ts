// The probe of issue 25, re-run: starts the server as `npm start` does (embedded database, demo county, demo mode,
// a fresh data directory), tries each finding as the probe did — as an attacker and as a careless administrator — and
// prints what the server answers now. Exit code 0 when every finding shows the fixed behaviour, 1 otherwise.
//
//   npx tsx scripts/probe-issue-25.ts
//
// Finding 8 (the data-directory lock) runs three processes on a directory of its own; finding 10 (the audit chain)
// stops the server, rewrites an event and every hash after it with the database's own function, as the owner of the
// files could, and starts it again.
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/server/db/client.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a probe reads whatever shape the server answers with
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; json(): any };

const DOMAIN = 'health.busiacounty.example';
const results: { finding: string; ok: boolean; said: string }[] = [];
function report(finding: string, ok: boolean, said: string): void {
  results.push({ finding, ok, said });
  console.log(`${ok ? 'FIXED ' : 'STILL OPEN'}  ${finding}: ${said}`);
}

let server: ServerProcess;
let port = 0;

/** One HTTP request, from `localAddress` (another loopback address is another client) with the Host given. */
function call(method: string, path: string, opts: { cookie?: string; body?: unknown; host?: string; origin?: string; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: opts.localAddress,
        headers: {
          host: opts.host ?? `127.0.0.1:${port}`,
          ...(opts.origin ? { origin: opts.origin } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(data !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
        });
      },
    );
    req.on('error', reject);
    if (data !== undefined) req.write(data);
    req.end();
  });
}

const cookieOf = (a: Answer) => String([a.headers['set-cookie']].flat().find((c) => c?.startsWith('afya_session='))).split(';')[0]!;

async function demoLogin(local: string): Promise<string> {
  const a = await call('POST', '/api/demo/login', { body: { email: `${local}@${DOMAIN}` } });
  if (a.status !== 200) throw new Error(`demo login ${local}: ${a.status} ${a.body}`);
  return cookieOf(a);
}

async function passwordOnPhone(email: string): Promise<string | null> {
  const phone = (await call('GET', '/api/demo/phone')).json() as { message: string }[];
  return /Temporary password: (\S+) /.exec(phone.find((m) => m.message.includes(` ${email} `))?.message ?? '')?.[1] ?? null;
}

let serial = 0;
const person = (role: string, extra: Record<string, unknown> = {}) => {
  serial += 1;
  return { firstName: 'Probe', lastName: `Person${serial}`, email: `probe.person${serial}@${DOMAIN}`, role, facilityId: 1, phoneNumber: `0711 000 ${String(100 + serial)}`, joinedAt: '2025-01-06', ...extra };
};

/** A signed-in account of `role`, opened as the county opens one; its own password chosen. */
async function openAccount(role: string, by: string, confirmer: string, password: string): Promise<{ id: number; email: string; cookie: string }> {
  const body = person(role);
  const created = await call('POST', '/api/staff', { cookie: by, body });
  if (created.status !== 201) throw new Error(`create ${role}: ${created.status} ${created.body}`);
  const id = created.json().staff.id as number;
  if (created.json().confirmation === 'pending') {
    const request = ((await call('GET', '/api/staff/requests?status=pending', { cookie: confirmer })).json() as { id: number; userId: number }[]).find((r) => r.userId === id)!;
    await call('POST', `/api/staff/requests/${request.id}/confirm`, { cookie: confirmer });
  }
  const temporary = (await passwordOnPhone(body.email))!;
  const cookie = cookieOf(await call('POST', '/api/auth/login', { body: { email: body.email, password: temporary } }));
  const changed = await call('POST', '/api/auth/password', { cookie, body: { currentPassword: temporary, newPassword: password } });
  if (changed.status !== 200) throw new Error(`password for ${role}: ${changed.status} ${changed.body}`);
  return { id, email: body.email, cookie };
}

async function finding1(admin: string) {
  const body = person('facility_incharge');
  const created = await call('POST', '/api/staff', { cookie: admin, body });
  const answer = created.json();
  const login = await call('POST', '/api/auth/login', { body: { email: body.email, password: String(answer.temporaryPassword ?? 'none') } });
  const [nurse] = (await call('GET', '/api/access/users?role=nurse&limit=50', { cookie: admin })).json().filter((u: { isDemo: boolean }) => !u.isDemo);
  const promoted = await call('PATCH', `/api/access/users/${nurse.id}`, { cookie: admin, body: { role: 'facility_incharge', reason: 'probe' } });
  const ok = created.status === 201 && !('temporaryPassword' in answer) && answer.confirmation === 'pending' && login.status === 401 && promoted.json().role === 'nurse' && promoted.json().pendingRole === 'facility_incharge';
  report('1 administrator mints an in-charge', ok, `POST /api/staff ${created.status} confirmation=${answer.confirmation}, no password in the answer: ${!('temporaryPassword' in answer)}; her sign-in ${login.status}; promotion of a nurse ${promoted.status}: role ${promoted.json().role}, waiting for ${promoted.json().pendingRole}`);
}

async function finding2(incharge: string, director: string) {
  const big = 999_999_999_999;
  const lines = (n: number, side: 'debit' | 'credit', code: string) => Array.from({ length: n }, () => ({ accountCode: code, debit: side === 'debit' ? big : 0, credit: side === 'credit' ? big : 0, facilityId: 1, fund: 'fif', costCentre: 'administration' }));
  const journal = (n: number) => ({ date: '2026-11-20', description: 'Probe: huge', lines: [...lines(n, 'debit', '5210'), ...lines(n, 'credit', '1120')] });
  const ten = await call('POST', '/api/accounting/journals', { cookie: incharge, body: journal(10) });
  const eleven = await call('POST', '/api/accounting/journals', { cookie: incharge, body: journal(11) });
  const statements = ['trial-balance', 'balance-sheet', 'income-statement', 'cash-flow', 'budget-vs-actual', 'fif-performance', 'summary'];
  const codes = await Promise.all(statements.map(async (s) => `${s} ${(await call('GET', `/api/accounting/${s}`, { cookie: director })).status}`));
  const accounts = await call('GET', '/api/accounting/accounts', { cookie: director });
  const ok = ten.status === 400 && eleven.status === 400 && codes.every((c) => c.endsWith(' 200')) && accounts.status === 200;
  report('2 one journal breaks every statement', ok, `10 + 10 lines: ${ten.status} "${ten.json().message}"; 11 + 11: ${eleven.status}; ${codes.join(', ')}, accounts ${accounts.status}`);
}

async function finding3(pharmacist: string) {
  const item = (currentStock: number, unitCost: number) => ({ itemName: `Probe item ${++serial}`, category: 'pharmaceuticals', facilityId: 1, currentStock, minimumStock: 1, unit: 'tablets', supplier: 'KEMSA', unitCost });
  const answers = await Promise.all([
    [1_000_000, 1_000_000],
    [100_000_000, 100_000],
    [10_000_000, 999_999],
  ].map(async ([q, c]) => `${q} × ${c}: ${(await call('POST', '/api/inventory', { cookie: pharmacist, body: item(q!, c!) })).status}`));
  report('3 stock value overflows', answers.every((a) => a.endsWith(': 400')), answers.join('; '));
}

async function finding4() {
  let refused = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < 60; i++) {
    const a = await call('POST', '/api/auth/passkeys/login/options', { body: { mediation: 'modal' }, localAddress: '127.0.0.1', host: `localhost:${port}`, origin: `http://localhost:${port}` });
    if (a.status === 429) {
      refused += 1;
      retryAfter = String(a.headers['retry-after']);
    }
  }
  const other = await call('POST', '/api/auth/passkeys/login/options', { body: { mediation: 'modal' }, localAddress: '127.0.0.2', host: `localhost:${port}`, origin: `http://localhost:${port}` });
  report('4 one address locks out passkey sign-in', refused > 0 && other.status === 200, `60 calls from 127.0.0.1: ${refused} refused with 429 (Retry-After ${retryAfter} s); then 127.0.0.2: ${other.status}`);
}

async function finding5() {
  const host = 'rebind.attacker.example:5071';
  const origin = `http://${host}`;
  const login = await call('POST', '/api/demo/login', { host, origin, body: { email: `margaret.nekesa@${DOMAIN}` } });
  const list = await call('GET', '/api/patients', { host });
  const page = await call('GET', '/', { host });
  const own = await call('POST', '/api/demo/login', { host: `localhost:${port}`, origin: `http://localhost:${port}`, body: { email: `margaret.nekesa@${DOMAIN}` } });
  const ok = login.status === 421 && list.status === 421 && page.status === 421 && own.status === 200;
  report('5 the Host header decides same-origin', ok, `with Host ${host}: demo login ${login.status}, patients ${list.status}, the app ${page.status}; with localhost: ${own.status}`);
}

async function finding6(admin: string, director: string) {
  const body = { ...person('nurse'), firstName: 'Mary', lastName: 'Wanjiku', email: `weak.probe98@${DOMAIN}` };
  const created = await call('POST', '/api/staff', { cookie: admin, body });
  const request = ((await call('GET', '/api/staff/requests?status=pending', { cookie: director })).json() as { id: number; userId: number }[]).find((r) => r.userId === created.json().staff.id)!;
  await call('POST', `/api/staff/requests/${request.id}/confirm`, { cookie: director });
  const temporary = (await passwordOnPhone(body.email))!;
  const cookie = cookieOf(await call('POST', '/api/auth/login', { body: { email: body.email, password: temporary } }));
  const tries = ['MaryWanjiku2026', 'Mary Wanjiku 2026', 'marywanjiku2026', 'Busia County 2026', 'Kenya@2026!', 'AfyaDemo#2026', 'weak.probe98'];
  const said: string[] = [];
  let ok = true;
  for (const newPassword of tries) {
    const a = await call('POST', '/api/auth/password', { cookie, body: { currentPassword: temporary, newPassword } });
    ok &&= a.status === 400;
    said.push(`${newPassword} ${a.status}${a.status === 400 ? ` ("${a.json().issues?.[0]?.message}")` : ''}`);
  }
  report('6 passwords made of the user\'s own name', ok, said.join('; '));
}

async function finding7(director: string) {
  const a = await openAccount('admin', director, director, 'Copper-Kettle-Sunbird-41');
  const b = await openAccount('admin', director, director, 'Mango-Lantern-River-42');
  const [ab, ba] = await Promise.all([
    call('PATCH', `/api/staff/${b.id}/status`, { cookie: a.cookie, body: { isActive: false } }),
    call('PATCH', `/api/staff/${a.id}/status`, { cookie: b.cookie, body: { isActive: false } }),
  ]);
  // The one deactivated second is refused: 409 when its request reached the lock before the first was done, 401 when
  // its session was already ended by the first. Either way one of the two stays active.
  const statuses = [ab.status, ba.status].sort();
  const refused = [ab, ba].find((x) => x.status === 409);
  const active = async (email: string) => ((await call('GET', `/api/staff?search=${encodeURIComponent(email)}`, { cookie: director })).json() as { isActive: boolean }[])[0]?.isActive;
  const still = [await active(a.email), await active(b.email)].filter(Boolean).length;
  const ok = statuses[0] === 200 && (statuses[1] === 409 || statuses[1] === 401) && still === 1;
  report('7 two administrators deactivate each other', ok, `at the same moment: ${ab.status} and ${ba.status}${refused ? ` ("${refused.json().message}")` : ''}; active afterwards: ${still} of 2`);
}

async function finding9(director: string, records: string, incharge: string) {
  const period = await call('POST', '/api/reports', { cookie: director, body: { report: 'moh705a', county: true, period: '0000-01' } });
  const appointment = (over: Record<string, unknown>) => call('POST', '/api/appointments', { cookie: records, body: { patientId: 12, facilityId: 1, serviceId: 1, date: '2026-12-02', startTime: '09:00', kind: 'scheduled', overrideCapacity: false, ...over } });
  const far = await appointment({ date: '9999-12-31' });
  const night = await appointment({ startTime: '03:00' });
  const journal = await call('POST', '/api/accounting/journals', {
    cookie: incharge,
    body: { date: '0001-01-01', description: 'Probe: old', lines: [{ accountCode: '5210', debit: 10, credit: 0, facilityId: 1, fund: 'fif', costCentre: 'administration' }, { accountCode: '1120', debit: 0, credit: 10, facilityId: 1, fund: 'fif', costCentre: 'administration' }] },
  });
  const ok = period.status === 400 && far.status === 400 && night.status === 400 && journal.status === 400 && !/financial year 0\//.test(journal.body);
  report('9 edges that answer wrongly', ok, `period 0000-01 ${period.status}; appointment on 9999-12-31 ${far.status}, at 03:00 ${night.status} ("${night.json().issues?.[0]?.message}"); journal dated 0001-01-01 ${journal.status} ("${journal.json().issues?.[0]?.message ?? journal.json().message}")`);
}

/** Three processes take and release the lock of one directory as fast as they can; never may two hold it at once. */
async function finding8() {
  const dir = mkdtempSync(join(tmpdir(), 'afya-lock-probe-'));
  const worker = join(dir, 'worker.mjs');
  writeFileSync(
    worker,
    `import { lockDataDir } from ${JSON.stringify(new URL('../src/server/db/data-dir-lock.ts', import.meta.url).pathname)};
import { openSync, closeSync, unlinkSync } from 'node:fs';
const [dir, until] = [process.argv[2], Number(process.argv[3])];
let held = 0, overlaps = 0;
while (Date.now() < until) {
  let release;
  try { release = lockDataDir(dir); } catch { continue; }
  held += 1;
  try { closeSync(openSync(dir + '/held-by-one', 'wx')); } catch { overlaps += 1; }
  try { unlinkSync(dir + '/held-by-one'); } catch {}
  release();
}
console.log(JSON.stringify({ held, overlaps }));`,
  );
  const until = Date.now() + 4000;
  const runs = await Promise.all(
    [1, 2, 3].map(
      () =>
        new Promise<{ held: number; overlaps: number }>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', worker, dir, String(until)], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (c: Buffer) => (out += c));
          child.on('exit', () => (out ? resolve(JSON.parse(out) as { held: number; overlaps: number }) : reject(new Error('worker failed'))));
        }),
    ),
  );
  const held = runs.reduce((n, r) => n + r.held, 0);
  const overlaps = runs.reduce((n, r) => n + r.overlaps, 0);
  report('8 the data-directory lock has a window', overlaps === 0 && held > 0, `3 processes took the lock ${held} times in 4 s; held by two at once: ${overlaps} times`);
}

/** Stops the server, rewrites a sealed event and every hash after it as the files' owner could, starts it again. */
async function finding10(dataDir: string) {
  await server.stop('SIGTERM');
  const database = await openPglite(dataDir);
  let target = 0;
  try {
    await database.db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`select seq::int as seq from audit_events where seq is not null and seq <= (select max(seq) from audit_seals) order by seq desc limit 1 offset 5`)) as unknown as { rows: { seq: number }[] };
      target = rows.rows[0]!.seq;
      await tx.execute(sql`alter table audit_events disable trigger user`);
      await tx.execute(sql`update audit_events set detail = 'nothing happened here' where seq = ${target}`);
      await tx.execute(sql`do $$ declare e audit_events; h text; begin
        select prev_hash into h from audit_events where seq = ${sql.raw(String(target))};
        for e in select * from audit_events where seq >= ${sql.raw(String(target))} order by seq loop
          update audit_events set prev_hash = h, hash = audit_event_hash(h, e.seq, e) where id = e.id returning hash into h;
        end loop; end $$`);
      await tx.execute(sql`alter table audit_events enable trigger user`);
    });
  } finally {
    await database.close();
  }
  server = await startServerProcess({ kind: 'pglite', dataDir }, { AUDIT_CHAIN_KEY: '' });
  port = Number(new URL(server.url).port);
  const admin = await demoLogin('david.omuse');
  const verify = (await call('GET', '/api/audit-events/verify', { cookie: admin })).json();
  report('10 the audit chain can be rewritten end to end', verify.intact === false, `event ${target} changed and every later hash recomputed: intact=${verify.intact}, "${verify.firstBroken?.message}"`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'afya-probe-25-'));
console.log(`Starting the server as npm start does, on ${dataDir} …`);
server = await startServerProcess({ kind: 'pglite', dataDir }, { AUDIT_CHAIN_KEY: '' });
port = Number(new URL(server.url).port);
try {
  const admin = await demoLogin('david.omuse');
  const director = await demoLogin('margaret.nekesa');
  const incharge = await demoLogin('grace.atieno');
  const pharmacist = await demoLogin('faith.nafula');
  const records = await demoLogin('joseph.barasa');
  await finding1(admin);
  await finding2(incharge, director);
  await finding3(pharmacist);
  await finding4();
  await finding5();
  await finding6(admin, director);
  await finding7(director);
  await finding8();
  await finding9(director, records, incharge);
  await finding10(dataDir);
} catch (error) {
  console.error(error);
  console.error(server.log());
  results.push({ finding: 'the probe itself', ok: false, said: String(error) });
} finally {
  await server.stop('SIGTERM');
}
const open = results.filter((r) => !r.ok);
console.log(`\n${results.length - open.length} of ${results.length} findings show the fixed behaviour${open.length ? `; still open: ${open.map((r) => r.finding).join(', ')}` : ''}.`);
process.exitCode = open.length ? 1 : 0;
