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

export async function runLoad(
  baseUrl: string,
  opts: { clients: number; seconds: number; patientIds: number[]; nameFragments: string[]; idFragments: string[]; facilityIds: number[]; registrationBase: number },
): Promise<LoadResult> {
  const accounts = DEMO_ACCOUNTS.filter((a) => REGISTERING_ROLES.has(a.role));
  const cookies: string[] = [];
  for (let i = 0; i < opts.clients; i++) {
    const a = accounts[i % accounts.length]!;
    const c = httpClient(baseUrl);
    await c.signIn(demoEmail(a.firstName, a.lastName));
    cookies.push(c.cookie);
    c.close();
  }
  let n = 0;
  const pick = <T>(list: T[]) => list[n++ % list.length]!;
  let registered = 0;
  const get = (path: () => string): autocannon.Request => ({ setupRequest: (req) => ({ ...req, method: 'GET', path: path() }) });
  const requests: autocannon.Request[] = [
    get(() => `/api/patients?search=${encodeURIComponent(pick(opts.nameFragments))}`),
    get(() => `/api/patients?limit=50&offset=${(n++ % 5) * 50}`),
    get(() => `/api/dashboard/stats?facilityId=${pick(opts.facilityIds)}`),
    get(() => `/api/patients/${pick(opts.patientIds)}`),
    get(() => `/api/patients/${pick(opts.patientIds)}/records`),
    get(() => `/api/patients?search=${encodeURIComponent(pick(opts.idFragments))}`),
    get(() => '/api/dashboard/stats'),
    {
      setupRequest: (req) => {
        registered += 1;
        return {
          ...req,
          method: 'POST',
          path: '/api/patients',
          headers: { ...req.headers, 'content-type': 'application/json', origin: baseUrl },
          body: JSON.stringify(benchRegistration(opts.registrationBase, registered, DESK_FACILITY)),
        };
      },
    },
  ];
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
    mix: [
      'search by name',
      'patient list page',
      'one facility stats',
      'patient details',
      'patient records',
      'search by ID',
      'county stats',
      'registration',
    ],
  };
}
