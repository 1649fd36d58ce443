// npm run bench [-- --quick] [-- --pglite] [-- --regenerate] [-- --load-seconds N] [-- --clients N[,N…]] [-- --workers N]
//               [-- --pgbench-seconds N] [-- --load-only] [-- --moh-only] [-- --payroll-only] [-- --out DIR]
//
// Generates (or reuses) the county-scale data set, measures every scenario over HTTP against the real server and
// directly on the database, runs the load scenario, and writes JSON and a Markdown table to bench/results/.
// Timings are reported, not asserted (DESIGN.md §9); errors are failures: any non-2xx answer or failed connection
// during the measurements or the load run makes the command exit non-zero. A request with no answer within the
// timeout is a timing (a slow or busy machine), so it is counted, printed and written in the results, and does
// not fail the run. --check-budgets also fails over budget. --load-only skips the single-request scenarios and the
// MOH generation (for comparing changes to the request path); --moh-only runs the MOH generation alone (for comparing
// changes to the MOH counting); --payroll-only runs the county pay run of 25,000 employees alone; --workers sets the
// server's WORKERS. Beside each load run on PostgreSQL, pgbench replays the mix's own SQL at the same client count and
// at the server's own connection count for --pgbench-seconds (the load's seconds; at most 10 in the quick run; 0: none);
// the better is the database's limit for that mix, and the app's requests per second are reported as a fraction of it
// (DESIGN.md §10, bench/pgbench.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensurePostgresDatabase, openHandle, type Target } from './db.js';
import { FULL_SCALE, prepareDataSet, QUICK_SCALE, type DataSet } from './generate.js';
import { runLoad, type LoadResult } from './load.js';
import { coresUsed, sampleCpu } from './cpu.js';
import { freeIdBlock, measureDirect, NAME_FRAGMENTS, measureServer, openDirect, planScenarios, round, type ScenarioResult } from './measure.js';
import { startServer } from './server.js';
import { measureMoh, type MohResult } from './moh.js';
import { measurePayRun, type PayRunResult } from './payroll.js';
import { captureMix, pgbenchUnavailable, runPgbench, type PgbenchResult, type Replay } from './pgbench.js';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    regenerate: { type: 'boolean', default: false },
    'load-seconds': { type: 'string' },
    clients: { type: 'string' },
    workers: { type: 'string' },
    'pgbench-seconds': { type: 'string' },
    'load-only': { type: 'boolean', default: false },
    'moh-only': { type: 'boolean', default: false },
    'payroll-only': { type: 'boolean', default: false },
    out: { type: 'string', default: join(BENCH_DIR, 'results') },
    'check-budgets': { type: 'boolean', default: false },
  },
});

const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const quick = args.quick;
const scale = quick ? QUICK_SCALE : FULL_SCALE;
const loadSeconds = Number(args['load-seconds'] ?? (quick ? 10 : 60));
// PGlite serves one facility: its load runs at a facility's 20 desks and at the county's 100 (issue 16).
const clientCounts = (args.clients ?? (args.pglite ? '20,100' : '100')).split(',').map(Number);
if (clientCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) throw new Error('--clients takes whole numbers from 1 to 1000, comma-separated');
const sizeName = quick ? 'quick' : 'full';
// The reference needs no more than a steady state: the quick run (CI) keeps it short.
const pgbenchSeconds = Number(args['pgbench-seconds'] ?? (quick ? Math.min(loadSeconds, 10) : loadSeconds));
if (!Number.isInteger(pgbenchSeconds) || pgbenchSeconds < 0) throw new Error('--pgbench-seconds takes a whole number of seconds (0: no pgbench reference)');
/** The goal of DESIGN.md §10: the app's load throughput at least this fraction of pgbench's for the same SQL. */
const REFERENCE_GOAL = 0.8;
/**
 * The connections the server holds to PostgreSQL: one pool of 10 (src/server/db/client.ts, openPostgres) in each of
 * its processes (WORKERS, by default one per core, src/server/env.ts).
 */
const appConnections = (args.workers ? Number(args.workers) : availableParallelism()) * 10;

function target(): Target {
  if (args.pglite) return { kind: 'pglite', dataDir: join(BENCH_DIR, '.data', `pglite-${sizeName}`) };
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/afya_bench${quick ? '_quick' : ''}`;
  return { kind: 'postgres', url };
}

async function machine(t: Target) {
  const h = await openHandle(t);
  try {
    const [row] = await h.query<{ version: string }>('select version()');
    const [settings] = await h.query<{ shared_buffers: string }>(`select current_setting('shared_buffers') as shared_buffers`);
    return {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      database: t.kind === 'postgres' ? row!.version.split(',')[0]! : `PGlite (${row!.version.split(',')[0]!})`,
      sharedBuffers: settings!.shared_buffers,
    };
  } finally {
    await h.close();
  }
}

/** The single-request scenarios' paragraph and table (none in a --moh-only run). */
function scenarioLines(report: Report): string[] {
  return [
    `Each scenario: ${report.settings.iterations} requests one after another on one keep-alive connection, after ${report.settings.warmup} warm-up requests. ` +
      `Round trip: measured by the client over loopback. Server time: the server's own Server-Timing (request in to answer ready), which the budgets ` +
      `of DESIGN.md §10 are about. Direct: the same SQL statements, captured from our services, replayed on one database connection. ` +
      `Ratio: server time ÷ direct, at p50 / p95. Throughput: autocannon, ${report.settings.connections} connections for ${report.settings.seconds} s.`,
    '',
    ...(report.mode === 'full-scale' && report.database === 'PostgreSQL' ? [] : ['The budgets of DESIGN.md §10 are for the full-scale run on PostgreSQL; this run only reports them.', '']),
    '| scenario | round trip p50 / p95 / p99 | server time p50 / p95 / p99 | direct SQL p50 / p95 | ratio p50 / p95 | req/s | budget | within |',
    '|---|---|---|---|---|---|---|---|',
    ...report.scenarios.map(
      (s) =>
        `| ${s.label} | ${s.server.p50} / ${s.server.p95} / ${s.server.p99} ms | ${s.serverTime.p50} / ${s.serverTime.p95} / ${s.serverTime.p99} ms | ` +
        `${s.direct ? `${s.direct.p50} / ${s.direct.p95} ms` : '—'} | ${s.ratio ? `${s.ratio.p50} / ${s.ratio.p95}` : '—'} | ${s.throughput.requestsPerSecond} | ` +
        `${s.budget ? `p95 ≤ ${s.budget.p95Ms} ms${s.budget.ratio ? `, ratio ≤ ${s.budget.ratio}` : ''}` : '—'} | ${s.withinBudget === null ? '' : s.withinBudget ? 'yes' : '**no**'} |`,
    ),
  ];
}

/** A load run's reference: pgbench on the same SQL at the same client count and at the app's, or why there is none. */
function referenceLines(l: Report['loads'][number]): string[] {
  const r = l.reference;
  if (!r) return [`No database reference for this load: ${l.referenceSkipped ?? 'not measured'}.`];
  const first = r.readings[0]!;
  const statements = Object.entries(first.statements)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return [
    `The database's limit for this mix: its own SQL statements (${first.scripts} requests of the mix captured through the app — statements per request: ${statements}) ` +
      `replayed by pgbench for ${first.seconds} s against the same PostgreSQL, each request one pgbench transaction, every request kind of the same weight: ` +
      `with as many connections as the load has clients${first.clients < first.requestedClients ? ` (${first.requestedClients}, capped at the connections PostgreSQL had free: max_connections)` : ''}` +
      `${r.readings.length > 1 ? `, and with as many as the server's processes hold (${r.readings[1]!.clients}: WORKERS × the pool of 10)` : ''}. ` +
      `The limit is the better reading; app ÷ database is the app's requests per second as a fraction of it (goal ≥ ${REFERENCE_GOAL}, DESIGN.md §10).`,
    '',
    '| pgbench connections | transactions/s | latency avg | failed | pgbench CPU | PostgreSQL CPU (its connections) |',
    '|---|---|---|---|---|---|',
    ...r.readings.map(
      (p) =>
        `| ${p.clients} | ${p.transactionsPerSecond} | ${p.latencyMs} ms | ${p.failed} | ${p.cores ? `${p.cores.pgbench} cores` : '—'} | ${p.cores ? `${p.cores.postgres} cores` : '—'} |`,
    ),
    '',
    '| database limit | app req/s | app ÷ database | goal | within |',
    '|---|---|---|---|---|',
    `| ${r.limit} transactions/s | ${l.requestsPerSecond} | ${r.ratio} | ≥ ${REFERENCE_GOAL} | ${r.ratio >= REFERENCE_GOAL ? 'yes' : '**no**'} |`,
  ];
}

function markdown(report: Report): string {
  const f = (n: number | undefined | null) => (n === undefined || n === null ? '—' : String(n));
  const lines = [
    `# AfyaKaunti benchmark — ${report.mode} run on ${report.database}`,
    '',
    `Date: ${report.date}. Machine: ${report.machine.cores} cores (${report.machine.cpu}), ${report.machine.memoryGiB} GiB, Node ${report.machine.node}, ` +
      `${report.machine.database}, shared_buffers ${report.machine.sharedBuffers}.`,
    '',
    `Data: ${report.data.patients.toLocaleString('en')} patients, ${report.data.records.toLocaleString('en')} medical records, ${report.data.facilities} facilities` +
      `, ${report.data.orders.toLocaleString('en')} purchase orders, ${report.data.invoices.toLocaleString('en')} supplier invoices, ${report.data.movements.toLocaleString('en')} stock movements` +
      (report.data.generatedSeconds === null ? ' (reused).' : ` (generated in ${report.data.generatedSeconds} s).`),
    '',
    ...(report.scenarios.length === 0 ? [] : scenarioLines(report)),
  ];
  for (const l of report.loads) {
    const cpu = l.cores
      ? `The server used ${l.cores.server} of the machine's ${report.machine.cores} cores` +
        (report.database === 'PostgreSQL' ? ` and PostgreSQL ${l.cores.postgres}` : ' (PGlite runs inside it)') +
        ` (CPU seconds per second of the run, from /proc).`
      : '';
    lines.push(
      '',
      `## Load: ${l.clients} signed-in clients for ${l.seconds} s${report.settings.workers ? ` (WORKERS=${report.settings.workers})` : ''}`,
      '',
      `Each client has its own session and cycles through: ${l.mix.join(', ')}. ` +
        `A request with no answer within ${l.timeoutSeconds} s counts as a timeout (reported, not a failure). ${cpu}`,
      '',
      '| requests | req/s | p50 | p90 | p99 | max | errors | timeouts | non-2xx | server CPU | PostgreSQL CPU |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${l.requests} | ${l.requestsPerSecond} | ${l.latency.p50} ms | ${l.latency.p90} ms | ${l.latency.p99} ms | ${l.latency.max} ms | ${f(l.errors)} | ${f(l.timeouts)} | ${f(l.non2xx)} | ` +
        `${l.cores ? `${l.cores.server} cores` : '—'} | ${l.cores && report.database === 'PostgreSQL' ? `${l.cores.postgres} cores` : '—'} |`,
      '',
      ...referenceLines(l),
    );
  }
  const p = report.payroll;
  if (p) {
    lines.push(
      '',
      `## County pay run (${p.period})`,
      '',
      'The payroll module\'s own services in process, in one transaction rolled back afterwards: the register topped up with copies of its ' +
        'employees, then Process Payroll for the county (every employee worked out and stored), submit, and approve (the journal posted).',
      '',
      '| employees | process | submit | approve and post | total | goal | within |',
      '|---|---|---|---|---|---|---|',
      `| ${p.employees} | ${p.processMs} ms | ${p.submitMs} ms | ${p.approveMs} ms | ${p.totalMs} ms | ≤ ${p.budgetMs} ms for 25,000 | ${p.employees >= 25_000 ? (p.totalMs <= p.budgetMs ? 'yes' : '**no**') : ''} |`,
    );
  }
  const m = report.moh;
  if (!m) return `${lines.join('\n')}\n`;
  const within = (ms: number, budget: number) => (report.mode === 'full-scale' ? (ms <= budget ? 'yes' : '**no**') : '');
  lines.push(
    '',
    `## MOH 705A generation (${m.period})`,
    '',
    'The report generator\'s own work, in process on the same database: the month\'s visits with their coded diagnoses and referrals ' +
      'counted into the form (every row, per day), and for the county batch each facility\'s totals as well. Budgets of DESIGN.md §10.',
    '',
    '| form | visits | diagnoses | p50 | p95 | max | budget | within |',
    '|---|---|---|---|---|---|---|---|',
    `| one facility-month: ${m.facility.name} | ${m.facility.visits} | ${m.facility.diagnoses} | ${m.facility.timing.p50} ms | ${m.facility.timing.p95} ms | ${m.facility.timing.max} ms | ≤ ${m.budgets.facilityMonthMs} ms | ${within(m.facility.timing.max, m.budgets.facilityMonthMs)} |`,
    `| county batch: ${m.county.facilities} facilities | ${m.county.visits} | ${m.county.diagnoses} | ${m.county.timing.p50} ms | ${m.county.timing.p95} ms | ${m.county.timing.max} ms | ≤ ${m.budgets.countyBatchMs} ms | ${within(m.county.timing.max, m.budgets.countyBatchMs)} |`,
  );
  if (m.analyses?.length) {
    lines.push(
      '',
      'The analyses, county-wide: the disease analyses count the same new cases as the form (no budget of their own); Patient Demographics ' +
        'counts the registry and those seen by age band, sex and sub-county (goal: a month within 1 s, issue 30 item 9).',
      '',
      '| report | days | p50 | p95 | max | goal | within |',
      '|---|---|---|---|---|---|---|',
      ...m.analyses.map(
        (a) =>
          `| ${a.report} | ${a.days} | ${a.timing.p50} ms | ${a.timing.p95} ms | ${a.timing.max} ms | ${a.goalMs ? `≤ ${a.goalMs} ms` : '—'} | ` +
          `${a.goalMs ? within(a.timing.max, a.goalMs) : ''} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

type Report = {
  date: string;
  mode: string;
  database: string;
  machine: Awaited<ReturnType<typeof machine>>;
  data: DataSet;
  settings: { iterations: number; warmup: number; connections: number; seconds: number; workers: string | null };
  scenarios: ScenarioResult[];
  loads: (LoadResult & {
    cores: { server: number; postgres: number } | null;
    /**
     * pgbench on the mix's own SQL at the load's client count and at the server's own connection count; the limit
     * is the better of the two, and ratio the app's req/s as a fraction of it.
     */
    reference: { readings: PgbenchResult[]; limit: number; ratio: number } | null;
    /** Why there is no reference (PGlite, no pgbench, --pgbench-seconds 0, a failed replay). */
    referenceSkipped: string | null;
  })[];
  moh: MohResult | null;
  payroll: PayRunResult | null;
};

async function main(): Promise<number> {
  const t = target();
  if (t.kind === 'postgres') {
    try {
      await ensurePostgresDatabase(t.url);
    } catch (error) {
      console.error(`Cannot reach PostgreSQL for the benchmark (${(error as Error).message}). Set BENCH_DATABASE_URL, or run with --pglite.`);
      return 1;
    }
  } else {
    mkdirSync(t.dataDir, { recursive: true });
  }
  const started = Date.now();
  const data = await prepareDataSet(t, scale, { regenerate: args.regenerate, log });
  log(`data set: ${data.patients} patients, ${data.records} records, ${data.facilities} facilities, ${data.orders} orders, ${data.invoices} invoices, ${data.movements} stock movements`);
  const settings = {
    ...(quick ? { iterations: 100, warmup: 10, connections: 10, seconds: 2 } : { iterations: 400, warmup: 40, connections: 10, seconds: 10 }),
    workers: args.workers ?? null,
  };
  const loadOnly = args['load-only'];
  const mohOnly = args['moh-only'];

  const payrollOnly = args['payroll-only'];
  if ([loadOnly, mohOnly, payrollOnly].filter(Boolean).length > 1) throw new Error('--load-only, --moh-only and --payroll-only each run one part: pick one');

  const loads: Report['loads'] = [];
  const payRun = (employees: number) => measurePayRun(t, { employees, log });
  const { results, moh, payroll } = payrollOnly
    ? { results: [], moh: null, payroll: await payRun(25_000) }
    : mohOnly
      ? { results: [], moh: await measureMoh(t, { iterations: quick ? 5 : 20, countyIterations: quick ? 2 : 5, log }), payroll: null }
      : await requestsAndLoad();

  async function requestsAndLoad(): Promise<{ results: ScenarioResult[]; moh: MohResult | null; payroll: PayRunResult | null }> {
    const direct = await openDirect(t);
    const { scenarios, idFragments } = await planScenarios((text, params) => direct.query(text, params));
    const directTimes = loadOnly ? null : await measureDirect(direct, scenarios, settings.iterations, settings.warmup, log);
    const loadInputs = {
      patientIds: (await direct.query<{ id: number }>('select id from patients order by random() limit 200')).map((r) => r.id),
      facilityIds: (await direct.query<{ id: number }>('select id from facilities order by id')).map((r) => r.id),
      registrationBase: await freeIdBlock((text, params) => direct.query(text, params), 6),
    };
    // The load writes patients and their kept counts, audit events, activities and sessions. With autovacuum on
    // (PostgreSQL's default; migration 0017 vacuums the registry after 1 % new patients) their visibility maps stay
    // current; on a server without it (as on the CI machine) each run would start from the dead rows and unmarked
    // pages of the runs before it, and runs of the same code drifted 15 % slower over an afternoon.
    await direct.query('vacuum (analyze) patients, patient_counts, patient_total_shards, audit_events, activities, sessions');
    await direct.close();
    // The mix's own SQL for pgbench (PostgreSQL only), captured before the load: its registrations take IDs half a
    // million above the load's first run's.
    const unavailable = loadSeconds === 0 ? null : pgbenchSeconds === 0 ? 'run with --pgbench-seconds 0' : pgbenchUnavailable(t.kind);
    if (unavailable) log(`load reference skipped: ${unavailable}`);
    const replay: Replay | null =
      loadSeconds > 0 && !unavailable && t.kind === 'postgres'
        ? await captureMix(t.url, { ...loadInputs, nameFragments: NAME_FRAGMENTS, idFragments, registrationBase: loadInputs.registrationBase + 500_000 }, log)
        : null;
    const moh = loadOnly ? null : await measureMoh(t, { iterations: quick ? 5 : 20, countyIterations: quick ? 2 : 5, log });
    // The quick run's pay run is a smaller county's (5,000): the 25,000 of the goal is the full run's, or --payroll-only.
    const payroll = loadOnly ? null : await payRun(quick ? 5_000 : 25_000);

    const server = await startServer(t, args.workers ? { WORKERS: args.workers } : {});
    let results: ScenarioResult[] = [];
    try {
      if (directTimes) results = await measureServer({ target: t, baseUrl: server.url, applyBudgets: !quick && t.kind === 'postgres', log }, scenarios, directTimes, settings);
      for (const [i, clients] of (loadSeconds > 0 ? clientCounts : []).entries()) {
        log(`load: ${clients} clients for ${loadSeconds} s`);
        const before = sampleCpu(server.child.pid);
        const startedAt = performance.now();
        // Each run registers into its own block of free ids (a million ids apart above the highest taken).
        const load = await runLoad(server.url, { clients, seconds: loadSeconds, nameFragments: NAME_FRAGMENTS, idFragments, ...loadInputs, registrationBase: loadInputs.registrationBase + i * 1_000_000 });
        const cores = coresUsed(before, sampleCpu(server.child.pid), (performance.now() - startedAt) / 1000);
        log(
          `load: ${load.requests} requests, ${load.requestsPerSecond} req/s, p99 ${load.latency.p99} ms, errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}` +
            (cores ? `; CPU: server ${cores.server} cores, PostgreSQL ${cores.postgres}` : ''),
        );
        // Right after it, with the server idle: the database's own limit for the same mix at the same clients.
        let reference: Report['loads'][number]['reference'] = null;
        let referenceSkipped = unavailable;
        if (replay && t.kind === 'postgres') {
          try {
            const readings: PgbenchResult[] = [];
            // The load's client count, then the connections the server's processes hold (fewer: each has a pool).
            for (const connections of [...new Set([clients, Math.min(clients, appConnections)])]) {
              log(`load reference: pgbench on the mix's SQL, ${connections} connections for ${pgbenchSeconds} s`);
              const pg = await runPgbench(t.url, replay, { clients: connections, seconds: pgbenchSeconds });
              if (pg.clients < connections) log(`load reference: pgbench ran with ${pg.clients} connections, all PostgreSQL had free (max_connections), not ${connections}`);
              log(
                `load reference: ${pg.clients} connections, ${pg.transactionsPerSecond} transactions/s, latency ${pg.latencyMs} ms, failed ${pg.failed}` +
                  (pg.cores ? `; CPU: pgbench ${pg.cores.pgbench} cores, its PostgreSQL connections ${pg.cores.postgres}` : ''),
              );
              readings.push(pg);
            }
            const limit = Math.max(...readings.map((p) => p.transactionsPerSecond));
            reference = { readings, limit, ratio: round(load.requestsPerSecond / limit) };
            log(`load reference: the database's limit ${limit} transactions/s; the app's ${load.requestsPerSecond} req/s is ${reference.ratio} of it (goal ≥ ${REFERENCE_GOAL})`);
          } catch (error) {
            referenceSkipped = `the pgbench replay failed (${(error as Error).message.split('\n')[0]})`;
            console.error(`load reference: ${(error as Error).message}`);
          }
        }
        loads.push({ ...load, cores, reference, referenceSkipped });
      }
    } finally {
      await server.stop();
      if (replay) rmSync(replay.dir, { recursive: true, force: true });
    }
    return { results, moh, payroll };
  }

  const report: Report = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full-scale',
    database: t.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    machine: await machine(t),
    data,
    settings,
    scenarios: results,
    loads,
    moh,
    payroll,
  };
  mkdirSync(args.out, { recursive: true });
  const base = join(args.out, `${sizeName}-${t.kind}${loadOnly ? '-load' : mohOnly ? '-moh' : payrollOnly ? '-payroll' : ''}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown(report));
  log(`results: ${base}.json and ${base}.md (${Math.round((Date.now() - started) / 1000)} s)`);

  const throughputErrors = results.filter((r) => r.throughput.errors > 0 || r.throughput.non2xx > 0);
  for (const r of throughputErrors) console.error(`${r.name}: ${r.throughput.errors} errors and ${r.throughput.non2xx} non-2xx answers under autocannon`);
  for (const r of results.filter((r) => r.throughput.timeouts > 0)) {
    console.warn(`${r.name}: ${r.throughput.timeouts} requests timed out under autocannon (a timing: reported, not a failure)`);
  }
  // A replay that fails is a broken reference, as an error is a broken answer.
  const failedReferences = loads.filter((l) => l.referenceSkipped?.startsWith('the pgbench replay failed'));
  // A server that answers nothing at all is broken, not slow.
  const failedLoads = loads.filter((l) => l.errors + l.non2xx > 0 || l.requests === 0);
  for (const l of failedLoads) console.error(`load (${l.clients} clients): ${l.errors} errors, ${l.non2xx} non-2xx answers, ${l.requests} requests answered`);
  for (const l of loads.filter((l) => l.timeouts > 0)) {
    console.warn(`load (${l.clients} clients): ${l.timeouts} requests had no answer within ${l.timeoutSeconds} s, besides the ${l.requests} answered (a timing: reported, not a failure)`);
  }
  const over = results.filter((r) => r.withinBudget === false);
  for (const r of over) console.error(`over budget: ${r.label} (server time p95 ${r.serverTime.p95} ms, ratio ${r.ratio ? `${r.ratio.p50}/${r.ratio.p95}` : '—'})`);
  return throughputErrors.length > 0 || failedLoads.length > 0 || failedReferences.length > 0 || (args['check-budgets'] && over.length > 0) ? 1 : 0;
}

process.exitCode = await main();
