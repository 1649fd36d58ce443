// What `npm run bench` measures (issue 5, DESIGN.md §10): each scenario's latency over HTTP against the real
// server, one request after another on a keep-alive connection (p50/p95/p99), its throughput with several
// connections (autocannon), and for each read the same SQL run directly on the database, giving the ratio
// server/direct: what our layer (HTTP, session, validation, serialisation) adds to the database's own time.
import autocannon from 'autocannon';
import { listPatientsQuery } from '../src/shared/patients/index.js';
import { DEMO_ACCOUNTS, demoEmail } from '../src/server/modules/index.js';
import { COUNTY_WIDE, type Actor, type ServiceContext } from '../src/server/core/context.js';
import { dashboardStats, demographics } from '../src/server/modules/dashboard/index.js';
import { listPatientRecords } from '../src/server/modules/medical-records/index.js';
import { listPatients } from '../src/server/modules/patients/index.js';
import { incomeStatement, trialBalance } from '../src/server/modules/accounting/index.js';
import { statementQuery } from '../src/shared/accounting/index.js';
import { openHandle, type Target } from './db.js';
import { benchRegistration } from './names.js';
import { httpClient } from './server.js';

export type Latency = { n: number; p50: number; p95: number; p99: number; mean: number; max: number };
export type ScenarioResult = {
  name: string;
  label: string;
  request: string;
  /** Measured by the client: the whole round trip over loopback. */
  server: Latency;
  /** The server's own time (its Server-Timing header): what the budgets and the ratio are about. */
  serverTime: Latency;
  direct: Latency | null;
  /** Server time ÷ direct, at p50 and at p95. */
  ratio: { p50: number; p95: number } | null;
  /** errors: failed requests other than timeouts (autocannon's default timeout, 10 s), which are counted apart. */
  throughput: { connections: number; seconds: number; requestsPerSecond: number; p99: number; errors: number; timeouts: number; non2xx: number };
  budget: { p95Ms: number; ratio: number | null } | null;
  withinBudget: boolean | null;
  statements: number | null;
};

type Statement = { text: string; params: unknown[] };

/**
 * A read is a path for the server and the same work through our services for the direct run. A read whose service
 * is not on its module's public surface (index.ts) has no `read`: it is measured over HTTP only, with no direct SQL.
 */
type Input = { path: string; read?: (ctx: ServiceContext) => Promise<unknown> };
type Scenario = {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  budget: { p95Ms: number; ratio: number | null } | null;
  inputs: Input[];
  /** For writes: a fresh body for each request. */
  body?: () => unknown;
};

export const round = (n: number) => Math.round(n * 100) / 100;

export function summarise(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    n: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    mean: round(sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)),
    max: round(sorted.at(-1) ?? 0),
  };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Name fragments a records officer types: common and rare surnames, first names, parts, and two words. */
export const NAME_FRAGMENTS = ['wafula', 'Wanj', 'barasa', 'nekes', 'Ouma', 'achieng', 'simiyu', 'Ikapel', 'khaemba', 'emoj', 'Mary', 'brian', 'nyongesa', 'grace wafula', 'peter ouma', 'okell'];

/** applyBudgets: DESIGN.md §10's budgets are for the full-scale run on PostgreSQL; other runs only report. */
export type BenchContext = { target: Target; baseUrl: string; applyBudgets: boolean; log: (line: string) => void };

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Where the benchmark's own registrations take their national IDs: after the last one used in the block of
 * 8-digit numbers starting with `leading` (4: the measurements, 6: the load run), above every generated ID.
 */
export async function freeIdBlock(query: Query, leading: 4 | 6): Promise<number> {
  const [row] = await query<{ max: string | null }>(`select max(national_id::bigint)::text as max from patients where national_id ~ $1`, [`^${leading}[0-9]{7}$`]);
  return row?.max ? Number(row.max) : leading * 10_000_000;
}

/** The inputs of every scenario, picked from the data so they find real patients. */
export async function planScenarios(query: Query): Promise<{ scenarios: Scenario[]; idFragments: string[] }> {
  const [{ min, max }] = (await query<{ min: number; max: number }>('select min(id)::int as min, max(id)::int as max from patients')) as [{ min: number; max: number }];
  // Patients spread evenly over the registry, from the oldest to the newest (the first id at or after each point).
  const spread = async (count: number) =>
    (
      await query<{ id: number }>('select (select id from patients where id >= v order by id limit 1) as id from unnest($1::int[]) v', [
        Array.from({ length: count }, (_, i) => min + Math.floor(((i + 0.5) * (max - min)) / count)),
      ])
    ).map((r) => r.id);
  const idRows = await query<{ national_id: string }>('select national_id from patients where id = any($1::int[]) order by id', [await spread(24)]);
  // A fragment of 4 to 6 characters from somewhere in a real ID: what is read off a torn card.
  const idFragments = idRows.map((r, i) => {
    const digits = r.national_id.replace(/^BC/, '');
    const len = 4 + (i % 3);
    const from = i % Math.max(1, digits.length - len + 1);
    return digits.slice(from, from + len);
  });
  const facilityIds = (await query<{ id: number }>('select id from facilities where id = any($1::int[]) order by id', [[1, 2, 3, 7, 18, 40, 77, 113]])).map((r) => r.id);
  const patientIds = await spread(40);
  // The facility whose stock moves most (the referral hospital): the reorder list's largest single facility.
  const [busiest] = await query<{ facility_id: number }>(
    'select i.facility_id from stock_movements m join inventory_items i on i.id = m.item_id group by i.facility_id order by count(*) desc, i.facility_id limit 1',
  );
  const largestFacility = busiest?.facility_id ?? 1;
  const page = { limit: 50, offset: 0 };
  const search = (s: string): Input => ({
    path: `/api/patients?search=${encodeURIComponent(s)}`,
    read: (ctx) => listPatients(ctx, listPatientsQuery.parse({ search: s })),
  });
  let registration = 0;
  let payslip = 0;
  const registrationBase = await freeIdBlock(query, 4);
  const scenarios: Scenario[] = [
    { name: 'search-name', label: 'Patient search by name fragment', method: 'GET', budget: { p95Ms: 50, ratio: 2 }, inputs: NAME_FRAGMENTS.map(search) },
    { name: 'search-id', label: 'Patient search by national-ID fragment', method: 'GET', budget: { p95Ms: 50, ratio: 2 }, inputs: idFragments.map(search) },
    {
      name: 'patient-list',
      label: 'Patient list page (50 rows, newest first)',
      method: 'GET',
      budget: null,
      inputs: Array.from({ length: 10 }, (_, i) => ({
        path: `/api/patients?limit=50&offset=${i * 50}`,
        read: (ctx) => listPatients(ctx, listPatientsQuery.parse({ limit: '50', offset: String(i * 50) })),
      })),
    },
    {
      name: 'stats-county',
      label: 'Dashboard stats, county-wide',
      method: 'GET',
      budget: { p95Ms: 50, ratio: null },
      inputs: [{ path: '/api/dashboard/stats', read: (ctx) => dashboardStats(ctx) }],
    },
    {
      name: 'stats-facility',
      label: 'Dashboard stats, one facility',
      method: 'GET',
      budget: { p95Ms: 50, ratio: null },
      inputs: facilityIds.map((id) => ({ path: `/api/dashboard/stats?facilityId=${id}`, read: (ctx) => dashboardStats(ctx, id) })),
    },
    {
      name: 'demographics-county',
      label: 'Dashboard demographics, county-wide',
      method: 'GET',
      budget: null,
      inputs: [{ path: '/api/dashboard/demographics', read: (ctx) => demographics(ctx) }],
    },
    {
      name: 'patient-records',
      label: "A patient's medical records",
      method: 'GET',
      budget: null,
      inputs: patientIds.map((id) => ({ path: `/api/patients/${id}/records`, read: (ctx) => listPatientRecords(ctx, id, page) })),
    },
    // The ledger (issue 14, DESIGN.md §10: trial balance p95 ≤ 200 ms at county scale): the fiscal year to date,
    // county-wide and for single facilities, and the income statement for the same range.
    {
      name: 'trial-balance-county',
      label: 'Trial balance, county-wide, fiscal year to date',
      method: 'GET',
      budget: { p95Ms: 200, ratio: null },
      inputs: [{ path: '/api/accounting/trial-balance', read: (ctx) => trialBalance(ctx, statementQuery.parse({})) }],
    },
    {
      name: 'trial-balance-facility',
      label: 'Trial balance, one facility, fiscal year to date',
      method: 'GET',
      budget: { p95Ms: 200, ratio: null },
      inputs: facilityIds.map((id) => ({ path: `/api/accounting/trial-balance?facilityId=${id}`, read: (ctx) => trialBalance(ctx, statementQuery.parse({ facilityId: String(id) })) })),
    },
    {
      name: 'income-statement-county',
      label: 'Income statement, county-wide, fiscal year to date',
      method: 'GET',
      budget: null,
      inputs: [{ path: '/api/accounting/income-statement', read: (ctx) => incomeStatement(ctx, statementQuery.parse({})) }],
    },
    // Procurement and stock (issue 28 item 11, DESIGN.md §10: pending bills and the reorder list at county scale — a
    // year of orders, 500,000 batch movements — p95 ≤ 200 ms), read by the county director as the screens ask. Over
    // HTTP only: pendingBills and reorderList are not exported from their modules' index.ts (afya/module-boundaries),
    // so there is no direct-SQL column for them until they are.
    {
      name: 'pending-bills-county',
      label: 'Pending bills by age, county-wide',
      method: 'GET',
      budget: { p95Ms: 200, ratio: null },
      inputs: [{ path: '/api/procurement/pending-bills' }],
    },
    {
      name: 'reorder-county',
      label: 'Reorder list, county-wide (first page)',
      method: 'GET',
      budget: { p95Ms: 200, ratio: null },
      inputs: [{ path: '/api/inventory/reorder' }],
    },
    {
      name: 'reorder-facility',
      label: 'Reorder list, the busiest facility',
      method: 'GET',
      budget: { p95Ms: 200, ratio: null },
      inputs: [{ path: `/api/inventory/reorder?facilityId=${largestFacility}` }],
    },
    {
      name: 'registration',
      label: 'Patient registration',
      method: 'POST',
      budget: null,
      inputs: [{ path: '/api/patients' }],
      body: () => benchRegistration(registrationBase, ++registration, facilityIds[registration % facilityIds.length]!),
    },
    {
      // The calculator a payroll screen previews with (issue 27 item 10: p95 ≤ 20 ms): one month worked out with the
      // rates in force, nothing stored; salaries and deductions vary so no two bodies are alike.
      name: 'payroll-calculate',
      label: 'Payroll calculator (one month)',
      method: 'POST',
      budget: { p95Ms: 20, ratio: null },
      inputs: [{ path: '/api/payroll/calculate' }],
      body: () => benchPayslip(++payslip),
    },
  ];
  return { scenarios, idFragments };
}

/** The statements a read sends, captured once through Drizzle's logger, to replay without our layer. */
type Direct = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  capture(read: NonNullable<Input['read']>): Promise<Statement[]>;
  close(): Promise<void>;
};

export async function openDirect(target: Target): Promise<Direct> {
  let captured: Statement[] = [];
  const h = await openHandle(target);
  const db = h.drizzle({ logQuery: (text, params) => void captured.push({ text, params }) });
  const [director] = await h.query<{ id: number; role: Actor['role']; facility_id: number; subcounty: string }>(
    'select u.id, u.role, u.facility_id, f.subcounty from users u join facilities f on f.id = u.facility_id where u.email = $1',
    [demoEmail(DEMO_ACCOUNTS[0]!.firstName, DEMO_ACCOUNTS[0]!.lastName)],
  );
  const actor: Actor = { id: director!.id, role: director!.role, facilityId: director!.facility_id, subcounty: director!.subcounty, ip: '127.0.0.1' };
  const ctx: ServiceContext = { db, actor, scope: COUNTY_WIDE, now: () => new Date() };
  return {
    query: (text, params) => h.query(text, params),
    async capture(read) {
      captured = [];
      await read(ctx);
      return captured;
    },
    close: () => h.close(),
  };
}

export type DirectTimes = Map<string, { latency: Latency; statements: number }>;

/** Runs each read's captured statements straight on one connection, as many times as the server run. */
export async function measureDirect(direct: Direct, scenarios: Scenario[], iterations: number, warmup: number, log: (l: string) => void): Promise<DirectTimes> {
  const out: DirectTimes = new Map();
  for (const s of scenarios) {
    if (s.method !== 'GET' || s.inputs.some((i) => !i.read)) continue;
    const plans: Statement[][] = [];
    for (const input of s.inputs) plans.push(await direct.capture(input.read!));
    const samples: number[] = [];
    for (let i = 0; i < warmup + iterations; i++) {
      const plan = plans[i % plans.length]!;
      const t = process.hrtime.bigint();
      for (const st of plan) await direct.query(st.text, st.params);
      if (i >= warmup) samples.push(ms(t));
    }
    const latency = summarise(samples);
    out.set(s.name, { latency, statements: plans[0]!.length });
    log(`direct  ${s.name.padEnd(20)} p50 ${latency.p50} ms  p95 ${latency.p95} ms  (${plans[0]!.length} statements)`);
  }
  return out;
}

/** The server: one request after another on one keep-alive connection, then autocannon for throughput. */
export async function measureServer(
  ctx: BenchContext,
  scenarios: Scenario[],
  direct: DirectTimes,
  opts: { iterations: number; warmup: number; connections: number; seconds: number },
): Promise<ScenarioResult[]> {
  const client = httpClient(ctx.baseUrl);
  await client.signIn(demoEmail(DEMO_ACCOUNTS[0]!.firstName, DEMO_ACCOUNTS[0]!.lastName));
  const results: ScenarioResult[] = [];
  try {
    for (const s of scenarios) {
      const samples: number[] = [];
      const serverSamples: number[] = [];
      for (let i = 0; i < opts.warmup + opts.iterations; i++) {
        const input = s.inputs[i % s.inputs.length]!;
        const t = process.hrtime.bigint();
        const res = await client.send(s.method, input.path, s.body?.());
        const elapsed = ms(t);
        if (res.status >= 300) throw new Error(`${s.method} ${input.path} answered ${res.status}: ${res.body.slice(0, 200)}`);
        const timing = /app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
        if (!timing) throw new Error(`${s.method} ${input.path} answered without a Server-Timing header`);
        if (i >= opts.warmup) {
          samples.push(elapsed);
          serverSamples.push(Number(timing[1]));
        }
      }
      const server = summarise(samples);
      const serverTime = summarise(serverSamples);
      const d = direct.get(s.name) ?? null;
      const throughput = await measureThroughput(ctx.baseUrl, client.cookie, s, opts.connections, opts.seconds);
      const ratio = d ? { p50: round(serverTime.p50 / d.latency.p50), p95: round(serverTime.p95 / d.latency.p95) } : null;
      const withinBudget = s.budget && ctx.applyBudgets ? serverTime.p95 <= s.budget.p95Ms && (s.budget.ratio === null || (ratio !== null && ratio.p95 <= s.budget.ratio && ratio.p50 <= s.budget.ratio)) : null;
      results.push({
        name: s.name,
        label: s.label,
        request: `${s.method} ${s.inputs[0]!.path}`,
        server,
        serverTime,
        direct: d?.latency ?? null,
        ratio,
        throughput,
        budget: s.budget,
        withinBudget,
        statements: d?.statements ?? null,
      });
      ctx.log(
        `server  ${s.name.padEnd(20)} p50 ${server.p50} ms  p95 ${server.p95} ms  p99 ${server.p99} ms  (server time p50 ${serverTime.p50} p95 ${serverTime.p95})  ${throughput.requestsPerSecond} req/s` +
          (ratio ? `  ratio ${ratio.p50}/${ratio.p95}` : ''),
      );
    }
  } finally {
    client.close();
  }
  return results;
}

async function measureThroughput(baseUrl: string, cookie: string, s: Scenario, connections: number, seconds: number): Promise<ScenarioResult['throughput']> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { cookie, ...(s.method === 'POST' ? { 'content-type': 'application/json', origin: baseUrl } : {}) },
    requests: [
      {
        setupRequest: (req) => {
          const input = s.inputs[i++ % s.inputs.length]!;
          return { ...req, method: s.method, path: input.path, ...(s.body ? { body: JSON.stringify(s.body()) } : {}) };
        },
      },
    ],
  });
  return {
    connections,
    seconds,
    requestsPerSecond: round(result.requests.average),
    p99: round(result.latency.p99),
    // autocannon counts a timeout as an error too.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The n-th calculator body: a basic salary from a dispensary nurse's to a specialist's, allowances, a scheme, loans. */
function benchPayslip(n: number) {
  const basic = 25_000 + ((n * 7_919) % 400_000);
  return {
    period: ['2025-06', '2026-01', '2026-02', '2026-11'][n % 4],
    basic,
    earnings: [
      { code: 'house', label: 'House allowance', amount: 8_000 + (n % 5) * 2_000, taxable: true },
      { code: 'risk', label: 'Risk allowance', amount: 3_000, taxable: true },
      { code: 'uniform', label: 'Uniform allowance', amount: 1_000, taxable: false },
    ],
    pension: n % 3 === 0 ? null : { scheme: n % 3 === 1 ? 'psss' : 'lapfund', employeePercent: n % 3 === 1 ? 7.5 : 12, employerPercent: 15 },
    helb: n % 7 === 0 ? 2_500 : 0,
    deductions: [
      { code: 'sacco', label: 'SACCO loan', payee: 'Afya SACCO', amount: (n % 9) * 4_000, priority: 1 },
      { code: 'union', label: 'Union dues', payee: 'KNUN', amount: 500, priority: 2 },
    ],
    nita: true,
  };
}
