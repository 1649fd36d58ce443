// The accessibility sweep (issue 33 item 2): axe-core at its current version with the WCAG 2.2 A and AA rules over
// every screen of the route table (app/routes.tsx) — signed out, and as the county director, who reads every screen —
// with every tab of each screen, the details of a real patient, and the laboratory worklist of a facility in-charge
// (what the director's role does not reach), in English and in Kiswahili, at 1366 px and 390 px wide. It fails on any
// serious or critical finding, and on a text whose contrast axe could not decide and the sweep cannot decide either
// (axe says "incomplete" for text on a gradient, or scrolled out of its box: the sweep measures those itself). Console
// errors and Content-Security-Policy violations fail it as they fail every journey (fixtures.ts).
//
// Kept fast for CI (an axe run costs a second or more of CPU, most of it in the two rules that measure the layout:
// color-contrast and target-size): the two widths run side by side, each in a context of its own, and each screen is
// loaded once per width. It is checked with all its tabs in the language it loaded in, then switched to the other
// language in place (the user menu's switch, as staff do) and checked again as it stands — by every rule but those
// two, as only its words changed — and the next screen loads in that language. The two widths start in different
// languages, so every screen is checked in both languages at both widths (its layout in each language at one width
// and at each width in one language), and every tab likewise. All findings are gathered and reported together.
import { readFileSync } from 'node:fs';
import { request, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { MODULES, type ScreenStatus } from '../src/shared/modules';
import labEn from '../src/client/features/laboratory/locales/en.json' with { type: 'json' };
import labSw from '../src/client/features/laboratory/locales/sw.json' with { type: 'json' };
import patientsEn from '../src/client/features/patients/locales/en.json' with { type: 'json' };
import patientsSw from '../src/client/features/patients/locales/sw.json' with { type: 'json' };
import { DEMO_EMAILS, describeFinding, expect, seriousFindings, test, type BrowserErrors } from './fixtures';

type Language = 'en' | 'sw';
const OTHER: Record<Language, Language> = { en: 'sw', sw: 'en' };
/** A laptop, and a phone (each starting its signed-in screens in a language of its own: see above). */
const WIDTHS = [
  { width: 1366, height: 768, first: 'en' },
  { width: 390, height: 844, first: 'sw' },
] as const;

/**
 * The rules that measure the layout, left out where only the words changed since the last look (a language switched
 * in place): the colours and the sizes are those just checked.
 */
const LAYOUT_RULES = ['color-contrast', 'target-size'];

/** A path no route answers: the not-found page (and the route table's catch-all). */
const NOT_FOUND = '/no-such-screen';
/** What a signed-out visitor can open: the landing page, sign-in, the demo portal and the not-found page. */
const PUBLIC_SCREENS = ['/', '/login', '/demo', NOT_FOUND];
/**
 * The shell's screens, as the route table draws them: from the module manifest, every live screen (its own route)
 * and every planned one ("being built", through /:screen). An unrouted screen is the not-found page, visited above.
 */
const SHELL_SCREENS = [
  ...MODULES.flatMap((m) => ('screen' in m && (m.screen.status as ScreenStatus) !== 'unrouted' ? [m.screen.path as string] : [])),
  // Every signed-in member of staff's, not a module's: what this device saved offline (issue 34).
  '/sync',
];

const STRINGS = {
  en: { worklist: labEn.lab.worklist.open, patientDetails: patientsEn.patients.page.viewDetails },
  sw: { worklist: labSw.lab.worklist.open, patientDetails: patientsSw.patients.page.viewDetails },
};
const prefixOf = (template: string) => template.slice(0, template.indexOf('{{'));

test('the route table is the sweep\'s: a route of its own that the sweep does not visit fails here', () => {
  const routes = readFileSync(new URL('../src/client/app/routes.tsx', import.meta.url), 'utf8');
  // The routes written out in the table; the rest are drawn from the manifest's screens (SHELL_SCREENS above).
  const written = [...routes.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]);
  expect(written.filter((path) => !PUBLIC_SCREENS.includes(path!) && !SHELL_SCREENS.includes(path!) && path !== '/:screen')).toEqual([]);
  expect(routes).toContain('LIVE_SCREENS.filter(');
  expect(routes).toMatch(/SHELL_SCREENS\.map\(/);
  expect(routes).toMatch(/isPlanned\(params\.screen\)/);
  expect(SHELL_SCREENS).toEqual(expect.arrayContaining(['/', '/patients', '/billing', '/reports', '/system']));
});

test('axe finds nothing serious on any screen, in English and Kiswahili, at 1366 px and 390 px', async ({ browser, browserErrors }, testInfo) => {
  test.setTimeout(900_000);
  const baseURL = testInfo.project.use.baseURL!;
  const started = Date.now();
  await labTestWaiting(baseURL);
  const lanes = await Promise.all(WIDTHS.map((width) => sweep(browser, browserErrors, baseURL, width)));
  const findings = lanes.flatMap((lane) => lane.findings);
  const views = lanes.reduce((n, lane) => n + lane.views, 0);
  testInfo.annotations.push({ type: 'sweep', description: `${views} views checked in ${Math.round((Date.now() - started) / 1000)} s` });
  // What each view took (waiting for it to settle, axe, the contrast axe left undecided): where the time goes.
  await testInfo.attach('timings', { body: lanes.flatMap((lane) => lane.timings).join('\n'), contentType: 'text/plain' });
  expect(findings, `${views} views checked`).toEqual([]);
  // Nothing was skipped: every screen, in each language at each width.
  expect(views).toBeGreaterThanOrEqual((PUBLIC_SCREENS.length + SHELL_SCREENS.length) * 2 * WIDTHS.length);
});

/** One width: every screen in both languages, findings gathered. */
async function sweep(browser: Browser, browserErrors: BrowserErrors, baseURL: string, { width, height, first }: (typeof WIDTHS)[number]) {
  const viewport = { width, height };
  const context = await browser.newContext({ baseURL, viewport });
  browserErrors.watch(context);
  const page = await context.newPage();
  const busy = requestsInFlight(page);
  const findings: string[] = [];
  const timings: [string, number][] = [];
  let views = 0;
  const check = async (view: string, without: readonly string[] = []) => {
    const began = Date.now();
    await settled(page, busy);
    const { findings: serious, results } = await seriousFindings(page, without);
    findings.push(...serious.map((f) => `${view} @${viewport.width}: ${describeFinding(f)}`));
    findings.push(...(await undecidedContrast(page, results)).map((u) => `${view} @${viewport.width}: contrast ${u}`));
    views += 1;
    timings.push([view, Date.now() - began]);
  };
  /** The page as it is, then each of its tabs (and the tabs within those), in `lang`. */
  const checkWithTabs = async (view: string, lang: Language) => {
    await check(`${view} [${lang}]`);
    const seen = new Set<string>();
    for (;;) {
      const tab = await nextTab(page, seen);
      if (!tab) break;
      await tab.locator.click();
      await expect(tab.locator).toHaveAttribute('aria-selected', 'true');
      await check(`${view} [${lang}] tab "${tab.name}"`);
    }
  };

  try {
    // Signed out: each public screen, in English (a first visit), then in the language this device last chose.
    for (const lang of ['en', 'sw'] as const) {
      if (lang !== 'en') await setStoredLanguage(page, lang);
      for (const path of PUBLIC_SCREENS) {
        await page.goto(path);
        await screenDrawn(page, lang);
        await check(`${path} signed out [${lang}]`);
      }
    }

    // The county director: every screen with its tabs, in the language it loaded in; then in the other, in place.
    await signIn(context, 'county_director');
    let lang: Language = first;
    await setStoredLanguage(page, lang);
    for (const path of SHELL_SCREENS) {
      await page.goto(path);
      await screenDrawn(page, lang, true);
      await checkWithTabs(path, lang);
      lang = await switchLanguage(page, lang);
      await check(`${path} [${lang}] switched in place`, LAYOUT_RULES);
    }

    // A patient's details (the registry's one record page, a dialog with its parts from four modules): the first
    // patient of the list the API gives.
    await page.goto('/patients');
    await screenDrawn(page, lang, true);
    await settled(page, busy);
    await page.getByRole('button', { name: new RegExp(`^${prefixOf(STRINGS[lang].patientDetails)}`) }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(`/patients details of a patient [${lang}]`);

    // A facility in-charge: the laboratory worklist her dashboard opens (Enter result, for each test waiting).
    await signIn(context, 'facility_incharge');
    await page.goto('/');
    await screenDrawn(page, lang, true);
    await page.getByRole('button', { name: STRINGS[lang].worklist }).click();
    const worklist = page.getByRole('dialog', { name: STRINGS[lang].worklist });
    await expect(worklist).toBeVisible();
    await settled(page, busy);
    await expect(worklist.getByRole('listitem').first()).toBeVisible();
    await check(`/ laboratory worklist of a facility in-charge [${lang}]`);
  } finally {
    await context.close();
  }
  return { findings, views, timings: timings.map(([view, ms]) => `${ms} ms  ${view} @${width}`) };
}

/** A test waiting for its result at the facility in-charge's facility: her worklist then has an Enter result. */
async function labTestWaiting(baseURL: string): Promise<void> {
  const incharge = await request.newContext({ baseURL });
  try {
    expect((await incharge.post('/api/demo/login', { data: { email: DEMO_EMAILS.facility_incharge } })).status()).toBe(200);
    const { user } = (await (await incharge.get('/api/auth/session')).json()) as { user: { facilityId: number } };
    const patients = (await (await incharge.get(`/api/patients?facilityId=${user.facilityId}&limit=20`)).json()) as { id: number }[];
    for (const patient of patients) {
      const records = (await (await incharge.get(`/api/patients/${patient.id}/records`)).json()) as { id: number; facilityId: number }[];
      const visit = records.find((r) => r.facilityId === user.facilityId);
      if (!visit) continue;
      const ordered = await incharge.post(`/api/medical-records/${visit.id}/lab-tests`, { data: { tests: ['urinalysis'] } });
      expect(ordered.status(), await ordered.text()).toBe(201);
      return;
    }
    throw new Error(`no visit at facility ${user.facilityId} to order a test on`);
  } finally {
    await incharge.dispose();
  }
}

async function signIn(context: BrowserContext, role: keyof typeof DEMO_EMAILS): Promise<void> {
  const res = await context.request.post('/api/demo/login', { data: { email: DEMO_EMAILS[role] } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The language the next page load starts in (lib/i18n.ts reads it from storage), set on the page open now. */
async function setStoredLanguage(page: Page, lang: Language): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('afya.language', l), lang);
}

/** The user menu's language switch, as a member of staff uses it: the screen is drawn again in `to`'s words. */
async function switchLanguage(page: Page, from: Language): Promise<Language> {
  const to = OTHER[from];
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitemradio', { name: to === 'sw' ? 'Kiswahili' : 'English' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  return to;
}

/** The app has drawn a screen of its own (index.html's hero is gone) with its title, in `lang`. */
async function screenDrawn(page: Page, lang: Language, inShell = false): Promise<void> {
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator(inShell ? '#root main#main h1' : '#root main h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** How many of the page's requests have not finished. */
function requestsInFlight(page: Page): () => number {
  let n = 0;
  page.on('request', () => void n++);
  page.on('requestfinished', () => void n--);
  page.on('requestfailed', () => void n--);
  return () => n;
}

/** Nothing on its way: no request in flight and nothing drawn as loading (a skeleton, a busy region). */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  await expect
    .poll(async () => inFlight() === 0 && (await page.evaluate(() => !document.querySelector('[aria-busy="true"], .animate-pulse'))), {
      message: 'the screen finishes loading',
      intervals: [50, 100, 100, 250],
      timeout: 30_000,
    })
    .toBe(true);
}

/** The next visible tab not yet opened (nor the one open when the walk began). */
async function nextTab(page: Page, seen: Set<string>): Promise<{ locator: Locator; name: string } | null> {
  const tabs = await page.getByRole('tab').evaluateAll((els) =>
    els.map((e, i) => ({ i, id: e.id || `#${i}`, name: e.textContent?.trim() ?? '', selected: e.getAttribute('aria-selected') === 'true', shown: (e as HTMLElement).offsetParent !== null })),
  );
  for (const tab of tabs) if (tab.selected) seen.add(tab.id);
  const next = tabs.find((tab) => tab.shown && !seen.has(tab.id));
  if (!next) return null;
  seen.add(next.id);
  return { locator: page.getByRole('tab').nth(next.i), name: next.name };
}

type AxeResults = Awaited<ReturnType<typeof seriousFindings>>['results'];

/**
 * The texts whose contrast axe could not decide (its `incomplete` color-contrast: text on a gradient, text scrolled
 * out of its box or under another element), measured here: the text's colour against every colour its background
 * can show behind it — the layers of its ancestors, blended, down to the first opaque one, and each stop of a
 * gradient — must reach 4.5:1, or 3:1 for large text (WCAG 1.4.3). Answers those below it, or that could not be
 * measured (a background image), with why.
 */
async function undecidedContrast(page: Page, results: AxeResults): Promise<string[]> {
  const nodes = results.incomplete.filter((r) => r.id === 'color-contrast').flatMap((r) => r.nodes.map((n) => String(n.target[0])));
  if (nodes.length === 0) return [];
  return page.evaluate((selectors) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    type Rgba = [number, number, number, number];
    /** Any CSS colour (oklch, color-mix …) as the browser paints it, in sRGB 0-255 and alpha 0-1. */
    const rgba = (css: string): Rgba => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = '#000';
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const COLOR = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b|\btransparent\b/gi;
    const out: string[] = [];
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      if (!el) continue;
      // The layers behind the text, top first, down to the first opaque colour (else the page's white canvas).
      const layers: Rgba[][] = [];
      let unknown = '';
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        const image = style.backgroundImage;
        if (image !== 'none') {
          if (!image.includes('gradient(')) unknown = `a background image (${image.slice(0, 60)})`;
          layers.push((image.match(COLOR) ?? []).map(rgba));
        }
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push([color]);
        if (color[3] === 1 && image === 'none') break;
      }
      const text = rgba(getComputedStyle(el).color);
      text[3] *= opacity;
      if (unknown) {
        out.push(`of ${selector} not measurable: ${unknown}`);
        continue;
      }
      // Every colour the background can show: each combination of one colour per layer, blended bottom-up.
      let behind: Rgba[] = [[255, 255, 255, 1]];
      for (const layer of layers.reverse()) behind = behind.flatMap((below) => layer.map((c) => over(c, below)));
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const worst = Math.min(...behind.map((bg) => ratio(over(text, bg), bg)));
      if (worst < needed) out.push(`of ${selector} is ${worst.toFixed(2)}:1, below ${needed}:1 ("${el.textContent?.trim().slice(0, 40)}")`);
    }
    return out;
  }, nodes);
}
