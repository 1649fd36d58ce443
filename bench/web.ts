// npm run bench:web [-- --runs N] [-- --label NAME] [-- --timeout SECONDS] [-- --out DIR] [-- --only landing,dashboard,sync]
//
// First paint on a slow rural link (issue 12): Debian's Chromium with the network emulated at 400 kbps down and up
// and 400 ms of latency, on a cold cache (a new browser context for every run), against the real server started as
// `npm start` starts it, on a fresh PGlite data directory with the demo county. Two timings, each over several runs:
//   landing    from navigating to / until the landing page's hero heading is visible;
//   dashboard  the county director, signed in beforehand through the API (not throttled), from navigating to / until
//              the dashboard's four stat values are shown (no skeleton left).
//   sync       (issue 34) a nurse whose link dropped comes back with SYNC_WRITES writes kept on her device — half of
//              them registrations, each followed by a visit for that patient — from the link's return until the
//              device has sent them all and the server answered (the outbox empty); then the server is asked that it
//              holds each patient and visit exactly once. The writes are put in her device's outbox as the app keeps
//              them (sealed with the session's key), rather than typed 200 times.
// Besides the time, each run records the bytes received (CDP Network.loadingFinished encodedDataLength) and the
// requests made, both at the moment measured and for the whole load (until the network is idle).
// Results go to bench/results/web.json and web.md (--label before: web-before.json and .md). Timings and goals are
// reported, never asserted (DESIGN.md §9): a run with no result within the timeout is a timeout, reported as such.
// The exit code is non-zero only when the benchmark itself could not run (no build, no server, no browser).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { clientBuildIsStale } from '../scripts/client-build.mjs';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    label: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    out: { type: 'string', default: join(BENCH_DIR, 'results') },
    only: { type: 'string' },
  },
});

const log = (line: string) => console.log(`[bench:web ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The link of issue 12: a rural 3G connection. Throughputs are in bytes per second, as CDP takes them. */
const LINK = { latencyMs: 400, downloadKbps: 400, uploadKbps: 400 };
const GOALS_MS = { landing: 3000, dashboard: 6000, sync: 30_000 } as const;
/** The writes the sync scenario sends: a morning's registrations and visits at a dispensary (issue 34). */
const SYNC_WRITES = 200;
/** The nurse at the county referral hospital (e2e/fixtures.ts DEMO_EMAILS), who registers and records visits. */
const NURSE_EMAIL = 'mary.achieng@health.busiacounty.example';
/** How long the whole load may take to fall quiet (no request for 500 ms) after the measured moment. */
const IDLE_WAIT_MS = 30_000;
/** The county director (e2e/fixtures.ts DEMO_EMAILS): sees every card, revenue included, county-wide. */
const DIRECTOR_EMAIL = 'margaret.nekesa@health.busiacounty.example';
/** The dashboard's four stat cards (src/client/features/dashboard/stat-cards.tsx). */
const STAT_CARDS = ['total-patients', 'active-staff', 'today-appointments', 'monthly-revenue'];

type Scenario = keyof typeof GOALS_MS;
type Traffic = { bytes: number; requests: number };
type Run = {
  /** Milliseconds from the start of the navigation to the measured moment; null when the run timed out. */
  ms: number | null;
  timedOut: boolean;
  /** Chromium's own first contentful paint, from the start of the navigation (ms), when it painted at all. */
  firstContentfulPaintMs: number | null;
  /** Received by the measured moment. */
  untilVisible: Traffic;
  /** Received over the whole load, once the network fell idle (or IDLE_WAIT_MS after the measured moment). */
  whole: Traffic & { idle: boolean };
};
type Summary = { median: number | null; max: number | null };
type ScenarioResult = {
  scenario: Scenario;
  description: string;
  goalMs: number;
  runs: Run[];
  timeouts: number;
  ms: Summary;
  firstContentfulPaintMs: Summary;
  withinGoal: boolean | null;
  bytes: { untilVisible: Summary; whole: Summary };
  requests: { untilVisible: Summary; whole: Summary };
};

// ---- the client build, as `npm start` makes it (scripts/start.mjs) ----

function ensureBuilt(): void {
  if (!clientBuildIsStale(ROOT)) {
    log('client build is up to date (dist/client)');
    return;
  }
  log('building the client (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal})`);
}

// ---- measuring ----

/** The landing hero's title in either language (src/client/features/auth/locales), so the splash never counts. */
function heroTitles(): RegExp {
  const titles = ['en', 'sw'].map((lang) => {
    const strings = JSON.parse(readFileSync(join(ROOT, `src/client/features/auth/locales/${lang}.json`), 'utf8')) as { landing: { hero: { title: string } } };
    return strings.landing.hero.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^(${titles.join('|')})$`);
}
const HERO = heroTitles();

/** Counts what the page receives, through CDP (data: URLs are not requests on the wire). */
function trafficMeter(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (/^https?:/.test(e.request.url) && !e.redirectResponse) requests += 1;
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  return { read: (): Traffic => ({ bytes, requests }) };
}

/** A cold page on the emulated link: a new context (empty cache, no cookies but those `prepare` sets). */
async function coldPage(browser: Browser, baseURL: string, throttle: boolean, prepare?: (context: BrowserContext) => Promise<void>, bypassCSP = false) {
  const context = await browser.newContext({ baseURL, locale: 'en-KE', bypassCSP });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (throttle) await slowLink(cdp);
  return { context, page, cdp, meter: trafficMeter(cdp) };
}

/** The rural link, from now on. */
async function slowLink(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: (LINK.downloadKbps * 1000) / 8,
    uploadThroughput: (LINK.uploadKbps * 1000) / 8,
    connectionType: 'cellular3g',
  });
}

/**
 * The director signed in on this device earlier, so the browser holds the mark public/boot.js left on that visit
 * (afya.signedIn); nothing else of that visit is kept: the cache is cold and there is no service worker.
 */
async function signIn(context: BrowserContext, email = DIRECTOR_EMAIL): Promise<void> {
  const res = await context.request.post('/api/demo/login', { data: { email } });
  if (res.status() !== 200) throw new Error(`demo sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
  await context.addInitScript("localStorage.setItem('afya.signedIn', '1')");
}

/** Resolves once the scenario's content is shown. */
async function shown(page: Page, scenario: Scenario, timeout: number): Promise<void> {
  if (scenario === 'landing') {
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor({ state: 'visible', timeout });
    return;
  }
  // Each card's figure replaces its skeletons once its query answers (components/data/stat-card-grid.tsx): all four
  // figures visible means none is a skeleton any more.
  const deadline = performance.now() + timeout;
  for (const card of STAT_CARDS) {
    await page
      .getByTestId(`stat-${card}`)
      .getByTestId('stat-value')
      .waitFor({ state: 'visible', timeout: Math.max(1, deadline - performance.now()) });
  }
}

async function firstContentfulPaint(page: Page): Promise<number | null> {
  return page
    .evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)
    .then((t) => (t === null ? null : Math.round(t)))
    .catch(() => null);
}

async function measureOnce(browser: Browser, baseURL: string, scenario: Scenario, timeoutMs: number, throttle = true): Promise<Run> {
  if (scenario === 'sync') return measureSync(browser, baseURL, timeoutMs, throttle);
  const { context, page, meter } = await coldPage(browser, baseURL, throttle, scenario === 'dashboard' ? signIn : undefined);
  try {
    const start = performance.now();
    let ms: number | null = null;
    try {
      await page.goto('/', { waitUntil: 'commit', timeout: timeoutMs });
      await shown(page, scenario, Math.max(1, timeoutMs - (performance.now() - start)));
      ms = Math.round(performance.now() - start);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
    }
    const untilVisible = meter.read();
    const idle = ms !== null && (await page.waitForLoadState('networkidle', { timeout: IDLE_WAIT_MS }).then(() => true, () => false));
    return { ms, timedOut: ms === null, firstContentfulPaintMs: await firstContentfulPaint(page), untilVisible, whole: { ...meter.read(), idle } };
  } finally {
    await context.close();
  }
}

/**
 * Puts `writes` writes in the signed-in nurse's outbox as lib/offline keeps them (IndexedDB afya-offline, each sealed
 * with AES-GCM under the session's device key): registrations at her facility, each followed by a visit that waits
 * for it. Returns the last name the patients share, to find them on the server afterwards.
 */
async function fillOutbox(page: Page, writes: number): Promise<string> {
  const lastName = `Bench${Date.now().toString(36)}`;
  await page.evaluate(`(${FILL_OUTBOX})(${JSON.stringify({ writes, lastName })})`);
  return lastName;
}

// Run in the page (plain JavaScript: this file is type-checked without the DOM's types).
const FILL_OUTBOX = `async ({ writes, lastName }) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('afya-offline');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const read = db.transaction('device').objectStore('device').get('device');
  const device = await new Promise((resolve) => (read.onsuccess = () => resolve(read.result)));
  const seal = async (value) => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, device.key, new TextEncoder().encode(JSON.stringify(value))) };
  };
  const rows = [];
  // Made in the last moments (a millisecond apart): after the session began, as work captured in it is.
  const at = Date.now() - writes * 2;
  for (let i = 0; i < writes / 2; i += 1) {
    const patientId = crypto.randomUUID();
    const visitId = crypto.randomUUID();
    const firstName = 'Nekesa' + String.fromCharCode(97 + (i % 26));
    const label = firstName + ' ' + lastName;
    const nationalId = String(30000000 + Math.floor(Math.random() * 60000000));
    const registration = { kind: 'patient', method: 'POST', path: '/api/patients', label, id: patientId, status: 'pending',
      body: { nationalId, firstName, lastName, dateOfBirth: '1990-05-14', gender: 'female', facilityId: 1, clientId: patientId },
      recordedAt: new Date(at + i * 2).toISOString() };
    const visit = { kind: 'visit', method: 'POST', path: '/api/medical-records', label, id: visitId, status: 'pending', patientClientId: patientId,
      body: { facilityId: 1, chiefComplaint: 'Fever and chills for two days', vitals: { temperature: 38.6 }, diagnoses: [{ code: '1F40.Z' }], clientId: visitId },
      recordedAt: new Date(at + i * 2 + 1).toISOString() };
    rows.push({ status: 'pending', sealed: await seal(registration) }, { status: 'pending', sealed: await seal(visit) });
  }
  const tx = db.transaction('outbox', 'readwrite');
  for (const row of rows) tx.objectStore('outbox').add(row);
  await new Promise((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
  db.close();
  localStorage.setItem('afya.outboxWaiting', String(writes));
}`;

/** True once the signed-in member of staff's vault keeps who they are (lib/offline prepareOffline): run in the page. */
// Opening a database that is not there would make it, empty, and the app's own opening would then find no stores:
// asked only once the app made it.
const VAULT_READY = `indexedDB.databases().then((dbs) => dbs.some((d) => d.name === 'afya-offline') && new Promise((resolve) => {
  const open = indexedDB.open('afya-offline');
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('kept')) return db.close(), resolve(false);
    const keys = db.transaction('kept').objectStore('kept').getAllKeys();
    keys.onsuccess = () => (db.close(), resolve(keys.result.map(String).includes('user')));
  };
  open.onerror = () => resolve(false);
}))`;

/** The nurse's outbox of SYNC_WRITES writes sent over the link as it returns; checked on the server afterwards. */
async function measureSync(browser: Browser, baseURL: string, timeoutMs: number, throttle: boolean): Promise<Run> {
  // The page's own scripts are as served; the benchmark's probes (plain JavaScript strings, below) need eval.
  const { context, page, cdp, meter } = await coldPage(browser, baseURL, false, (c) => signIn(c, NURSE_EMAIL), true);
  try {
    // Signed in on the registry, her vault ready (the session's key kept on the device), then the link drops.
    await page.goto('/patients');
    await page.waitForFunction(VAULT_READY, undefined, { polling: 250, timeout: timeoutMs });
    await page.waitForLoadState('networkidle');
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const lastName = await fillOutbox(page, SYNC_WRITES);
    const before = meter.read();
    const start = performance.now();
    let ms: number | null = null;
    // The link returns, slow (the app hears the browser's 'online' event and sends what waits).
    if (throttle) await slowLink(cdp);
    else await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    try {
      await page.waitForFunction("localStorage.getItem('afya.outboxWaiting') === null", undefined, { polling: 100, timeout: timeoutMs });
      ms = Math.round(performance.now() - start);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      const counts = await page.evaluate<string>("`waiting ${localStorage.getItem('afya.outboxWaiting')}, refused ${localStorage.getItem('afya.outboxRefused')}`");
      log(`sync: not done within the timeout (${counts})`);
    }
    const after = meter.read();
    const traffic = { bytes: after.bytes - before.bytes, requests: after.requests - before.requests };
    if (ms !== null) await checkSynced(context, lastName, page);
    return { ms, timedOut: ms === null, firstContentfulPaintMs: null, untilVisible: traffic, whole: { ...traffic, idle: true } };
  } finally {
    await context.close();
  }
}

/** The server holds each of the synced patients once, each with one visit, and the device refused none. */
async function checkSynced(context: BrowserContext, lastName: string, page: Page): Promise<void> {
  const refused = await page.evaluate<string | null>("localStorage.getItem('afya.outboxRefused')");
  if (refused !== null) throw new Error(`sync: the server refused ${refused} of the writes`);
  const res = await context.request.get(`/api/patients?search=${lastName}&limit=200`);
  const patients = (await res.json()) as { id: number; lastVisitAt: string | null }[];
  if (patients.length !== SYNC_WRITES / 2) throw new Error(`sync: the server holds ${patients.length} of the ${SYNC_WRITES / 2} patients`);
  const unseen = patients.filter((p) => p.lastVisitAt === null).length;
  if (unseen > 0) throw new Error(`sync: ${unseen} of the patients have no visit`);
}

// ---- reporting ----

function summary(values: (number | null)[]): Summary {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return { median: null, max: null };
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median: Math.round(median), max: v[v.length - 1]! };
}

const DESCRIPTIONS: Record<Scenario, string> = {
  landing: 'visitor opens /, until the hero heading is visible',
  dashboard: 'signed-in county director opens /, until the four stat values are shown',
  sync: `a nurse's ${SYNC_WRITES} writes kept offline (registrations, each with a visit), from the link's return until all are sent`,
};

function summarise(scenario: Scenario, runs: Run[]): ScenarioResult {
  const timeouts = runs.filter((r) => r.timedOut).length;
  const ms = summary(runs.map((r) => r.ms));
  return {
    scenario,
    description: DESCRIPTIONS[scenario],
    goalMs: GOALS_MS[scenario],
    runs,
    timeouts,
    ms,
    firstContentfulPaintMs: summary(runs.map((r) => r.firstContentfulPaintMs)),
    withinGoal: ms.median === null ? null : timeouts === 0 && ms.median <= GOALS_MS[scenario],
    bytes: { untilVisible: summary(runs.map((r) => (r.timedOut ? null : r.untilVisible.bytes))), whole: summary(runs.map((r) => (r.timedOut ? null : r.whole.bytes))) },
    requests: { untilVisible: summary(runs.map((r) => (r.timedOut ? null : r.untilVisible.requests))), whole: summary(runs.map((r) => (r.timedOut ? null : r.whole.requests))) },
  };
}

type Report = {
  date: string;
  label: string | null;
  commit: string;
  link: { latencyMs: number; downloadKbps: number; uploadKbps: number; cache: string };
  settings: { runs: number; timeoutSeconds: number; idleWaitSeconds: number; browser: string; viewport: string };
  machine: { cores: number; cpu: string; memoryGiB: number; node: string; loadBefore: number[]; loadAfter: number[]; uptime: string };
  scenarios: ScenarioResult[];
};

const kb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);
const msText = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);

function markdown(r: Report): string {
  const lines = [
    `# AfyaKaunti web benchmark${r.label ? ` (${r.label})` : ''}: first paint and sync on a slow rural link`,
    '',
    `Date: ${r.date}. Commit: ${r.commit}. ${r.settings.browser}, viewport ${r.settings.viewport}.`,
    '',
    `Link (Chrome DevTools Protocol network emulation): ${r.link.latencyMs} ms latency, ${r.link.downloadKbps} kbps down, ${r.link.uploadKbps} kbps up; ` +
      `${r.link.cache}. The server runs as \`npm start\` runs it (NODE_ENV=production, demo mode), on a fresh PGlite data directory with the demo county, on this machine.`,
    '',
    `Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}. ` +
      `Load average (1/5/15 min) before: ${r.machine.loadBefore.join(' / ')}; after: ${r.machine.loadAfter.join(' / ')}. \`uptime\`: ${r.machine.uptime}`,
    '',
    `Each scenario: ${r.settings.runs} run${r.settings.runs === 1 ? '' : 's'}, each on a new browser context (cold cache), after one unmeasured warm-up visit without throttling. ` +
      `Time: from the start of the navigation to /. A run with no result within ${r.settings.timeoutSeconds} s is a timeout. ` +
      `Bytes: received on the wire (encoded, headers included), medians over the runs — by the measured moment, and for the whole load once the network is idle. ` +
      `Goals are reported, not asserted.`,
    '',
    '| scenario | median | max | goal | within goal | first contentful paint (median) | bytes by then / whole load | requests by then / whole load | timeouts |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.scenarios.map(
      (s) =>
        `| ${s.scenario}: ${s.description} | ${msText(s.ms.median)} | ${s.timeouts > 0 ? `> ${r.settings.timeoutSeconds * 1000} ms (timeout)` : msText(s.ms.max)} | ≤ ${s.goalMs} ms | ` +
        `${s.withinGoal === null ? '—' : s.withinGoal ? 'yes' : '**no**'} | ${msText(s.firstContentfulPaintMs.median)} | ` +
        `${kb(s.bytes.untilVisible.median)} / ${kb(s.bytes.whole.median)} | ${s.requests.untilVisible.median ?? '—'} / ${s.requests.whole.median ?? '—'} | ${s.timeouts} of ${s.runs.length} |`,
    ),
    '',
    'Every run, in milliseconds:',
    '',
    ...r.scenarios.map((s) => `- ${s.scenario}: ${s.runs.map((x) => (x.ms === null ? 'timeout' : String(x.ms))).join(', ')}`),
  ];
  return `${lines.join('\n')}\n`;
}

function uptimeLine(): string {
  const out = spawnSync('uptime', { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : `load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`;
}

function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'scripts', 'vite.config.ts', 'package.json'], { cwd: ROOT, encoding: 'utf8' });
  return head.status === 0 ? `${head.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes)' : ''}` : 'unknown';
}

// ---- main ----

async function main(): Promise<number> {
  const runs = Number(args.runs);
  const timeoutSeconds = Number(args.timeout);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number (got ${args.runs})`);
  if (!(timeoutSeconds > 0)) throw new Error(`--timeout must be a number of seconds (got ${args.timeout})`);
  const label = args.label ?? null;
  if (label !== null && !/^[a-z0-9][a-z0-9_-]*$/i.test(label)) throw new Error(`--label must be a simple name such as "before" (got "${label}")`);

  const all = Object.keys(GOALS_MS) as Scenario[];
  const scenarios = args.only ? args.only.split(',').map((name) => name.trim()) : all;
  for (const name of scenarios) if (!all.includes(name as Scenario)) throw new Error(`--only takes ${all.join(', ')} (got "${name}")`);

  ensureBuilt();
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const dataDir = mkdtempSync(join(tmpdir(), 'afya-bench-web-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let browserVersion: string | undefined;
  const results: ScenarioResult[] = [];
  try {
    log('starting the server on a fresh PGlite data directory (seeding the demo county)');
    server = await startServerProcess({ kind: 'pglite', dataDir }, { NODE_ENV: 'production', SEED_ON_START: 'true', DEMO_MODE: 'true', LOG_LEVEL: 'warn' });
    log(`server at ${server.url}`);
    const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    browser = await chromium.launch({
      executablePath,
      // As the journeys launch it (playwright.config.ts): this machine's network is closed.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    browserVersion = browser.version();
    log(`Chromium ${browserVersion} (${executablePath})`);

    for (const scenario of scenarios as Scenario[]) {
      // One visit without throttling first, so the first measured run does not pay for the server's cold start.
      await measureOnce(browser, server.url, scenario, timeoutSeconds * 1000, false);
      const done: Run[] = [];
      for (let i = 1; i <= runs; i += 1) {
        const run = await measureOnce(browser, server.url, scenario, timeoutSeconds * 1000);
        done.push(run);
        log(
          `${scenario} run ${i}/${runs}: ${run.ms === null ? `timeout (no result within ${timeoutSeconds} s)` : `${run.ms} ms`}, ` +
            `${kb(run.untilVisible.bytes)} in ${run.untilVisible.requests} requests by then, ${kb(run.whole.bytes)} in ${run.whole.requests} for the whole load${run.whole.idle || run.timedOut ? '' : ' (not idle yet)'}`,
        );
      }
      results.push(summarise(scenario, done));
    }
  } catch (error) {
    if (server) console.error(`server log (last lines):\n${server.log()}`);
    throw error;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const report: Report = {
    date: new Date().toISOString(),
    label,
    commit: gitCommit(),
    link: { ...LINK, cache: 'cold cache (a new browser context per run; HTTP cache enabled)' },
    settings: { runs, timeoutSeconds, idleWaitSeconds: IDLE_WAIT_MS / 1000, browser: `Chromium ${browserVersion ?? 'unknown'}`, viewport: '1280 × 720' },
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadBefore,
      loadAfter: loadavg().map((l) => Math.round(l * 100) / 100),
      uptime: uptimeLine(),
    },
    scenarios: results,
  };
  mkdirSync(args.out, { recursive: true });
  const base = join(args.out, label ? `web-${label}` : 'web');
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown(report));

  console.log('');
  for (const s of results) {
    console.log(
      `${s.scenario.padEnd(9)} median ${msText(s.ms.median)}, max ${s.timeouts > 0 ? 'timeout' : msText(s.ms.max)} (goal ≤ ${s.goalMs} ms: ${s.withinGoal === null ? 'no result' : s.withinGoal ? 'within' : 'over'}), ` +
        `${kb(s.bytes.untilVisible.median)} in ${s.requests.untilVisible.median ?? '—'} requests by then, ${kb(s.bytes.whole.median)} in ${s.requests.whole.median ?? '—'} for the whole load` +
        (s.timeouts > 0 ? `, ${s.timeouts} of ${s.runs.length} runs timed out` : ''),
    );
  }
  console.log(`load average before ${report.machine.loadBefore.join(' / ')}, after ${report.machine.loadAfter.join(' / ')}`);
  log(`results: ${base}.json and ${base}.md`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:web could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
}
