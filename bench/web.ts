// npm run bench:web [-- --runs N] [-- --label NAME] [-- --timeout SECONDS] [-- --out DIR]
//
// First paint on a slow rural link (issue 12): Debian's Chromium with the network emulated at 400 kbps down and up
// and 400 ms of latency, on a cold cache (a new browser context for every run), against the real server started as
// `npm start` starts it, on a fresh PGlite data directory with the demo county. Two timings, each over several runs:
//   landing    from navigating to / until the landing page's hero heading is visible;
//   dashboard  the county director, signed in beforehand through the API (not throttled), from navigating to / until
//              the dashboard's four stat values are shown (no skeleton left).
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
  },
});

const log = (line: string) => console.log(`[bench:web ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The link of issue 12: a rural 3G connection. Throughputs are in bytes per second, as CDP takes them. */
const LINK = { latencyMs: 400, downloadKbps: 400, uploadKbps: 400 };
const GOALS_MS = { landing: 3000, dashboard: 6000 } as const;
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
async function coldPage(browser: Browser, baseURL: string, throttle: boolean, prepare?: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ baseURL, locale: 'en-KE' });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK.latencyMs,
      downloadThroughput: (LINK.downloadKbps * 1000) / 8,
      uploadThroughput: (LINK.uploadKbps * 1000) / 8,
      connectionType: 'cellular3g',
    });
  }
  return { context, page, meter: trafficMeter(cdp) };
}

/**
 * The director signed in on this device earlier, so the browser holds the mark public/boot.js left on that visit
 * (afya.signedIn); nothing else of that visit is kept: the cache is cold and there is no service worker.
 */
async function signIn(context: BrowserContext): Promise<void> {
  const res = await context.request.post('/api/demo/login', { data: { email: DIRECTOR_EMAIL } });
  if (res.status() !== 200) throw new Error(`demo sign-in as ${DIRECTOR_EMAIL} failed: ${res.status()} ${await res.text()}`);
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

// ---- reporting ----

function summary(values: (number | null)[]): Summary {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return { median: null, max: null };
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median: Math.round(median), max: v[v.length - 1]! };
}

function summarise(scenario: Scenario, runs: Run[]): ScenarioResult {
  const timeouts = runs.filter((r) => r.timedOut).length;
  const ms = summary(runs.map((r) => r.ms));
  return {
    scenario,
    description: scenario === 'landing' ? 'visitor opens /, until the hero heading is visible' : 'signed-in county director opens /, until the four stat values are shown',
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
    `# AfyaKaunti web benchmark${r.label ? ` (${r.label})` : ''}: first paint on a slow rural link`,
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

    for (const scenario of ['landing', 'dashboard'] as const) {
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
