// The database's own limit for the load mix (DESIGN.md §10, issue 30 item 10): absolute load figures differ from
// machine to machine, so beside every load run the mix's own SQL statements are replayed by pgbench at the same
// client count against the same PostgreSQL, and the app's throughput is reported as a fraction of it (goal ≥ 0.8).
//
// The statements are the app's own: the whole app runs in this process (buildApp, as the API tests run it) over one
// connection to the benchmark's database whose Drizzle logger keeps every statement with its parameters, and each
// request of the load mix (bench/load.ts) is sent once per account and input, the session lookup, the audit events
// and the transactions included; signing in is not part of the mix and is left out. Each request becomes one pgbench
// script (one transaction in pgbench's count), its parameters sent as parameters (-M extended, as node-postgres
// sends them), every script of the same weight, as each client sends every kind of request in turn. A registration
// gets a fresh national ID every time (\set), as the load's do. Statements are taken, not guessed: a change to a
// service's SQL changes the reference with it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import type { Db } from '../src/server/db/client.js';
import { parseConfig, TEST_AUDIT_CHAIN_KEY } from '../src/server/env.js';
import { demoEmail } from '../src/server/modules/index.js';
import { processCpuSeconds } from './cpu.js';
import { LOAD_ACCOUNTS, LOAD_MIX, type LoadInputs } from './load.js';
import { round } from './measure.js';

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

/** pgbench's connections call themselves this, so their CPU can be told from the rest of PostgreSQL's. */
const APPLICATION_NAME = 'afya-pgbench';

/** How many inputs of each request kind each account's scripts take: 5 accounts × 8 kinds × 3 = 120 scripts. */
const SAMPLES = 3;

type Statement = { text: string; params: unknown[] };

/** One request of the mix as pgbench replays it. */
type Script = { kind: string; file: string; statements: number };

/** The mix's statements, captured and written as pgbench scripts with the variables they read. */
export type Replay = { dir: string; scripts: Script[]; variables: string[] };

export type PgbenchResult = {
  /** The load's clients, and pgbench's connections: as many, unless PostgreSQL had fewer free (max_connections). */
  requestedClients: number;
  clients: number;
  seconds: number;
  /** Scripts replayed (each a request of the mix) and statements per request, by kind. */
  scripts: number;
  statements: Record<string, number>;
  /** pgbench's figures: transactions (requests' statements) per second, mean latency, failed transactions. */
  transactionsPerSecond: number;
  latencyMs: number;
  failed: number;
  /** CPU used during the replay: pgbench's, and its connections' in PostgreSQL (cores, as for the load). */
  cores: { pgbench: number; postgres: number } | null;
};

// node-postgres's own conversion of a parameter to the text it sends (a Date with the local offset, an array as an
// array literal, an object as JSON): what the logger sees is the value before it.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue(value: unknown): string | Buffer | null };

/** Why there is no pgbench reference for this target, or null when there can be one. */
export function pgbenchUnavailable(kind: 'postgres' | 'pglite'): string | null {
  if (kind === 'pglite') return 'the database is PGlite, inside the server process: there is no PostgreSQL for pgbench to connect to';
  if (!existsSync(PGBENCH)) return `pgbench is not at ${PGBENCH} (Debian: apt-get install postgresql-client; or set PGBENCH)`;
  return null;
}

/**
 * Sends each request of the load mix once per account and input through the whole app in this process and writes
 * the SQL each sent as a pgbench script. `registrationBase`: a block of national IDs no one has, for the
 * registrations sent here.
 */
export async function captureMix(url: string, inputs: LoadInputs, log: (line: string) => void): Promise<Replay> {
  let captured: Statement[] = [];
  // One connection, so a request's statements run in the order they are logged.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool, casing: 'snake_case', logger: { logQuery: (text, params) => void captured.push({ text, params }) } }) as unknown as Db;
  // As bench/server.ts runs the server: production, demo mode (the load signs in through the demo portal), PORT 80
  // because inject calls the server localhost:80.
  const config = parseConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', LOG_LEVEL: 'silent', PORT: '80', DATABASE_URL: url, AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY });
  const app = await buildApp({ db, config, now: () => new Date() });
  const dir = mkdtempSync(join(tmpdir(), 'afya-pgbench-'));
  const scripts: Script[] = [];
  const variables: string[] = [];
  let registered = 0;
  try {
    await app.ready();
    for (const [a, account] of LOAD_ACCOUNTS.entries()) {
      const login = await app.inject({ method: 'POST', url: '/api/demo/login', payload: { email: demoEmail(account.firstName, account.lastName) } });
      if (login.statusCode !== 200) throw new Error(`sign-in as ${account.role} for the pgbench capture failed: ${login.statusCode} ${login.body}`);
      const cookie = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
      for (const [k, kind] of LOAD_MIX.entries()) {
        for (let i = 0; i < SAMPLES; i++) {
          // Account a's i-th request of a kind takes the (a·SAMPLES + i)-th input: the accounts share the inputs out.
          const pick = <T>(list: readonly T[]) => list[(a * SAMPLES + i) % list.length]!;
          const body = kind.body?.(inputs, ++registered);
          captured = [];
          const res = await app.inject({
            method: kind.method,
            url: kind.path(inputs, pick),
            headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 300) throw new Error(`${kind.method} ${kind.path(inputs, pick)} answered ${res.statusCode} in the pgbench capture: ${res.body.slice(0, 200)}`);
          // Work the app does after answering (none today) would be logged by now.
          await new Promise((resolve) => setTimeout(resolve, 20));
          const name = `s${a}_${k}_${i}`;
          const nationalId = (body as { nationalId?: string } | undefined)?.nationalId;
          const { text, vars } = scriptOf(name, captured, nationalId);
          const file = join(dir, `${name}.sql`);
          writeFileSync(file, text);
          scripts.push({ kind: kind.label, file, statements: captured.length });
          variables.push(...vars);
        }
      }
    }
  } finally {
    await app.close();
    await pool.end();
  }
  log(`pgbench: ${scripts.length} scripts from the load mix's requests, ${scripts.reduce((n, s) => n + s.statements, 0)} statements (${dir})`);
  return { dir, scripts, variables };
}

/**
 * A request's statements as a pgbench script: each parameter a variable (-D name=value) the statement reads as
 * :name, a null parameter NULL; a registration's national ID a fresh random one each time. pgbench reads :word as a
 * variable anywhere, even inside a literal, so a colon in a string literal is written as U&'\003A' and a lone colon
 * (an array slice) is followed by a space.
 */
function scriptOf(name: string, statements: Statement[], nationalId: string | undefined): { text: string; vars: string[] } {
  const vars: string[] = [];
  const lines: string[] = [];
  // Thirteen digits: never one of the data set's (eight, or BC and eight) nor another run's in practice.
  if (nationalId) lines.push('\\set nid random(1000000000000, 9999999999999)');
  statements.forEach((st, s) => {
    const values = st.params.map((p) => prepareValue(p));
    const sqlText = rewrite(st.text, (n) => {
      const value = values[n - 1];
      if (value === undefined) throw new Error(`$${n} has no parameter in: ${st.text.slice(0, 200)}`);
      if (value === null) return 'NULL';
      if (nationalId && value === nationalId) return ':nid';
      const variable = `${name}_${s}_${n}`;
      vars.push(`${variable}=${Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value}`);
      return `:${variable}`;
    });
    // pgbench reads a command up to its semicolon, over as many lines as it takes.
    lines.push(`${sqlText};`);
  });
  return { text: `${lines.join('\n')}\n`, vars };
}

/** The SQL text with each $n replaced by `param(n)` and the colons pgbench would misread made harmless. */
function rewrite(text: string, param: (n: number) => string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      // A string literal: '' is a quote inside it.
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= text.length) throw new Error(`an unterminated literal in: ${text.slice(0, 200)}`);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j++];
      }
      if (value.includes(':')) {
        if (/[\w&]/.test(text[i - 1] ?? '')) throw new Error(`a prefixed literal with a colon (E'…' or U&'…'), which this replay cannot rewrite: ${text.slice(0, 200)}`);
        out += `U&'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\003A')}'`;
      } else {
        out += text.slice(i, j + 1);
      }
      i = j + 1;
    } else if (c === '"') {
      const j = text.indexOf('"', i + 1);
      if (j < 0) throw new Error(`an unterminated identifier in: ${text.slice(0, 200)}`);
      if (text.slice(i, j).includes(':')) throw new Error(`an identifier with a colon in: ${text.slice(0, 200)}`);
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '$' && /\d/.test(text[i + 1] ?? '') && !/\w/.test(text[i - 1] ?? '')) {
      const digits = /^\d+/.exec(text.slice(i + 1))![0];
      out += param(Number(digits));
      i += 1 + digits.length;
    } else if (c === '$' && /[A-Za-z_$]/.test(text[i + 1] ?? '')) {
      throw new Error(`a dollar-quoted string, which this replay does not rewrite: ${text.slice(0, 200)}`);
    } else if (c === ':') {
      if (text[i + 1] === ':') {
        out += '::';
        i += 2;
      } else {
        out += /\w/.test(text[i + 1] ?? '') ? ': ' : ':';
        i += 1;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Connections kept free for others while pgbench runs (the server's pool, a session that signs in meanwhile). */
const SPARE_CONNECTIONS = 5;

/**
 * pgbench with `clients` connections for `seconds` over the replay's scripts, all of one weight. A default PostgreSQL
 * takes 100 connections (max_connections), so 100 clients cannot all connect beside anything else: then pgbench runs
 * with as many as are free, less a few, and the result says so. The CPU is pgbench's and its own connections'
 * (found by their application_name, read from /proc while they run), not the machine's other PostgreSQL work.
 */
export async function runPgbench(url: string, replay: Replay, opts: { clients: number; seconds: number }): Promise<PgbenchResult> {
  const monitor = new pg.Client({ connectionString: url, application_name: 'afya-bench' });
  await monitor.connect();
  try {
    const { rows } = await monitor.query<{ free: number }>(
      `select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int - count(*)::int as free
       from pg_stat_activity where backend_type = 'client backend'`,
    );
    const free = rows[0]!.free - SPARE_CONNECTIONS;
    if (free < 1) throw new Error(`PostgreSQL has no connection free for pgbench (max_connections; ${rows[0]!.free} free)`);
    const clients = Math.min(opts.clients, free);
    const target = new URL(url);
    const env = {
      ...process.env,
      PGHOST: target.hostname,
      PGPORT: target.port || '5432',
      PGUSER: decodeURIComponent(target.username) || 'postgres',
      PGDATABASE: decodeURIComponent(target.pathname.slice(1)),
      PGAPPNAME: APPLICATION_NAME,
      ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}),
    };
    const args = [
      '--no-vacuum',
      '--protocol=extended',
      `--client=${clients}`,
      `--jobs=${Math.max(1, Math.min(clients, cpus().length))}`,
      `--time=${opts.seconds}`,
      ...replay.variables.flatMap((v) => ['-D', v]),
      ...replay.scripts.flatMap((s) => ['-f', `${s.file}@1`]),
    ];
    const child = spawn(PGBENCH, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const started = performance.now();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read while pgbench runs (its process and connections are gone once it ends): the last reading stands for the end.
    const cpu = { pgbench: 0, postgres: 0, at: started };
    const backends = new Set<number>();
    let reading = false;
    const sampler = setInterval(() => {
      if (child.exitCode !== null || child.pid === undefined || reading) return;
      reading = true;
      void (async () => {
        if (backends.size < clients) {
          const found = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [APPLICATION_NAME]).catch(() => ({ rows: [] }));
          for (const r of found.rows) backends.add(r.pid);
        }
        const own = processCpuSeconds(child.pid!);
        if (own !== null && child.exitCode === null) {
          cpu.pgbench = own;
          cpu.postgres = [...backends].reduce((n, pid) => n + (processCpuSeconds(pid) ?? 0), 0);
          cpu.at = performance.now();
        }
      })().finally(() => (reading = false));
    }, 250);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearInterval(sampler);
    const tps = /^tps = ([\d.]+) \(without initial connection time\)/m.exec(stdout);
    if (code !== 0 || !tps) {
      const why = /error: (.*)/.exec(stderr)?.[1] ?? 'no figures';
      throw new Error(`pgbench failed (exit ${code}): ${why}\n${stderr.slice(-2000)}\n${stdout.slice(-1000)}`);
    }
    const seconds = (cpu.at - started) / 1000;
    const cores = process.platform === 'linux' && seconds > 1 ? { pgbench: round(cpu.pgbench / seconds), postgres: round(cpu.postgres / seconds) } : null;
    const statements: Record<string, number> = {};
    for (const m of LOAD_MIX) {
      const mine = replay.scripts.filter((s) => s.kind === m.label);
      statements[m.label] = round(mine.reduce((n, s) => n + s.statements, 0) / Math.max(1, mine.length));
    }
    return {
      requestedClients: opts.clients,
      clients,
      seconds: opts.seconds,
      scripts: replay.scripts.length,
      statements,
      transactionsPerSecond: round(Number(tps[1])),
      latencyMs: round(Number(/^latency average = ([\d.]+) ms/m.exec(stdout)?.[1] ?? NaN)),
      failed: Number(/^number of failed transactions: (\d+)/m.exec(stdout)?.[1] ?? 0),
      cores,
    };
  } finally {
    await monitor.end();
  }
}
