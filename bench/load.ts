// The load scenario (issue 5): many signed-in staff at once, each with their own session, mixing the reads of
// a working day with registrations. Zero errors is the requirement; p99 is reported, and so are requests that got
// no answer within the timeout: on a shared machine that is a timing, not a wrong answer (bench/run.ts).
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS, demoEmail } from '../src/server/modules/index.js';
import { round } from './measure.js';
import { benchRegistration } from './names.js';
import { httpClient } from './server.js';

export type LoadResult = {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** Requests that failed other than by timing out: a refused or reset connection, a malformed answer. */
  errors: number;
  /** Requests with no answer within timeoutSeconds. */
  timeouts: number;
  timeoutSeconds: number;
  non2xx: number;
  mix: string[];
};

export const TIMEOUT_SECONDS = 10;

/**
 * The roles that both read the registry and register patients (DESIGN.md §7), as demo accounts at the county
 * referral hospital (facility 1): the morning rush there, each desk registering at its own facility (a desk
 * registers within its scope, docs/decisions/0007-scoped-permissions.md).
 */
const REGISTERING_ROLES = new Set(['county_director', 'facility_incharge', 'clinical_officer', 'nurse', 'records_officer']);
const DESK_FACILITY = 1;

/** The load's clients' accounts: client i signs in as the i-th of these, round and round. */
export const LOAD_ACCOUNTS = DEMO_ACCOUNTS.filter((a) => REGISTERING_ROLES.has(a.role));

/** What the load's requests are made of: real patients, facilities and search words, and free national IDs. */
export type LoadInputs = { patientIds: number[]; nameFragments: string[]; idFragments: string[]; facilityIds: number[]; registrationBase: number };

/** Picks the next of a list (the load takes them in turn). */
type Pick = <T>(list: readonly T[]) => T;

/**
 * The mix each client cycles through, in this order: a working day's reads and a registration. bench/pgbench.ts
 * replays the same requests' SQL, so both read the mix from here.
 */
export const LOAD_MIX: { label: string; method: 'GET' | 'POST'; path: (o: LoadInputs, pick: Pick) => string; body?: (o: LoadInputs, n: number) => unknown }[] = [
  { label: 'search by name', method: 'GET', path: (o, pick) => `/api/patients?search=${encodeURIComponent(pick(o.nameFragments))}` },
  { label: 'patient list page', method: 'GET', path: (_, pick) => `/api/patients?limit=50&offset=${pick([0, 1, 2, 3, 4]) * 50}` },
  { label: 'one facility stats', method: 'GET', path: (o, pick) => `/api/dashboard/stats?facilityId=${pick(o.facilityIds)}` },
  { label: 'patient details', method: 'GET', path: (o, pick) => `/api/patients/${pick(o.patientIds)}` },
  { label: 'patient records', method: 'GET', path: (o, pick) => `/api/patients/${pick(o.patientIds)}/records` },
  { label: 'search by ID', method: 'GET', path: (o, pick) => `/api/patients?search=${encodeURIComponent(pick(o.idFragments))}` },
  { label: 'county stats', method: 'GET', path: () => '/api/dashboard/stats' },
  { label: 'registration', method: 'POST', path: () => '/api/patients', body: (o, n) => benchRegistration(o.registrationBase, n, DESK_FACILITY) },
];

export async function runLoad(baseUrl: string, opts: LoadInputs & { clients: number; seconds: number }): Promise<LoadResult> {
  const cookies: string[] = [];
  for (let i = 0; i < opts.clients; i++) {
    const a = LOAD_ACCOUNTS[i % LOAD_ACCOUNTS.length]!;
    const c = httpClient(baseUrl);
    await c.signIn(demoEmail(a.firstName, a.lastName));
    cookies.push(c.cookie);
    c.close();
  }
  let n = 0;
  const pick: Pick = (list) => list[n++ % list.length]!;
  let registered = 0;
  const requests: autocannon.Request[] = LOAD_MIX.map((m) => ({
    setupRequest: (req) => {
      if (!m.body) return { ...req, method: m.method, path: m.path(opts, pick) };
      registered += 1;
      return {
        ...req,
        method: m.method,
        path: m.path(opts, pick),
        headers: { ...req.headers, 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(m.body(opts, registered)),
      };
    },
  }));
  let client = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: opts.clients,
    duration: opts.seconds,
    timeout: TIMEOUT_SECONDS,
    setupClient: (c) => c.setHeaders({ cookie: cookies[client++ % cookies.length]! }),
    requests,
  });
  return {
    clients: opts.clients,
    seconds: opts.seconds,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.average),
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    // autocannon counts a timeout as an error too.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    timeoutSeconds: TIMEOUT_SECONDS,
    non2xx: result.non2xx,
    mix: LOAD_MIX.map((m) => m.label),
  };
}
