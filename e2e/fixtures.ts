// Shared helpers for the browser journeys: the `test` every spec uses (it fails a journey on a console error or an
// uncaught error in the page), sign in through the demo API, and check a page with axe-core.
import axe from 'axe-core';
import { test as base, expect, request, type APIRequestContext, type BrowserContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf.js';

export { expect };

/**
 * Chromium's own report of an HTTP error answer to a request the page made, e.g. "Failed to load resource: the
 * server responded with a status of 401 (Unauthorized)". Not something the app logged.
 */
const NETWORK_ERROR = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/** Chromium's console message for a request answered with `status`: for a test that stubs one on purpose. */
export const failedLoad = (status: number): RegExp => new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

/**
 * Who is signed in, as every page asks it when it starts: GET /api/auth/session answers nobody with a 200, so an
 * error answer to it (or to GET /api/auth/user, the 401 the browser logged on every signed-out page before, issue 33
 * item 3) is never one a journey causes on purpose.
 */
const SESSION_CHECKS = new Set(['/api/auth/session', '/api/auth/user']);

/**
 * Whether a console error is an API answer the journeys cause on purpose and the app shows to the user: a 4xx from
 * /api/ (a validation 400, a 401 once signed out, a 409 conflict, a 429). Never a 5xx, never a 4xx for anything
 * but the API (a missing script, image or font is a bug), never a message the app itself logs.
 */
function isExpectedApiRefusal(message: ConsoleMessage): boolean {
  const status = NETWORK_ERROR.exec(message.text())?.[1];
  if (!status || Number(status) < 400 || Number(status) > 499) return false;
  const path = pathOf(message.location().url);
  return (path?.startsWith('/api/') ?? false) && !SESSION_CHECKS.has(path!);
}

/** How a page's Content-Security-Policy violation reaches the console, where the journey fails on it. */
export const CSP_VIOLATION = 'Content-Security-Policy violation:';

/**
 * Runs in every document before its own scripts: each CSP violation (a script, style or eval the policy refused,
 * even one the page caught, as zod's `new Function` probe was: issue 33 item 3) becomes a console error. Chromium
 * itself logs only some of them, and not where Playwright hears it.
 */
function reportCspViolations(prefix: string): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '';
    console.error(`${prefix} ${e.effectiveDirective} refused ${e.blockedURI || 'an inline script or style'}${where}${e.sample ? ` (${e.sample})` : ''}`);
  });
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export type BrowserErrors = {
  /**
   * Declares an error this test causes on purpose: a console message or uncaught exception whose text is `message`
   * (or matches it), and, with `path`, only for a request to that path (a stubbed 503 on /api/facilities, say).
   */
  allow(message: string | RegExp, path?: string): void;
  /**
   * Watches a context the test opened itself (browser.newContext()), before its first page; the default page's
   * context is watched already.
   */
  watch(context: BrowserContext): void;
};

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  // Automatic: every journey fails on console.error (or a failed console.assert), on a Content-Security-Policy
  // violation and on an uncaught exception in any watched page, so an error the user never sees on screen still
  // fails the build.
  browserErrors: [
    async ({ context }, use) => {
      const allowed: { message: string | RegExp; path?: string }[] = [];
      const problems: string[] = [];
      const isAllowed = (text: string, url?: string) =>
        allowed.some(
          ({ message, path }) => (typeof message === 'string' ? text === message : message.test(text)) && (path === undefined || (url !== undefined && pathOf(url) === path)),
        );
      const watch = (watched: BrowserContext) => {
        // Registered at once by the context, ahead of any page it opens after (the promise only confirms it).
        const reporting = watched.addInitScript(reportCspViolations, CSP_VIOLATION);
        watched.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'assert') return;
          if (isExpectedApiRefusal(message) || isAllowed(message.text(), message.location().url)) return;
          problems.push(`console.${message.type()} on ${message.page()?.url() ?? 'a page'}: ${message.text()} (${message.location().url})`);
        });
        watched.on('weberror', (error) => {
          const e = error.error();
          if (isAllowed(e.message)) return;
          problems.push(`uncaught in ${error.page()?.url() ?? 'a page'}: ${e.stack ?? e.message}`);
        });
        return reporting;
      };
      await watch(context);
      await use({ allow: (message, path) => void allowed.push({ message, path }), watch: (watched) => void watch(watched) });
      expect(problems, 'console errors and uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_DOMAIN = 'health.busiacounty.example';
export const DEMO_PASSWORD = 'AfyaDemo#2026';
export const DEMO_EMAILS = {
  county_director: `margaret.nekesa@${DEMO_DOMAIN}`,
  subcounty_medical_officer: `peter.wekesa@${DEMO_DOMAIN}`,
  facility_incharge: `grace.atieno@${DEMO_DOMAIN}`,
  clinical_officer: `brian.ouma@${DEMO_DOMAIN}`,
  nurse: `mary.achieng@${DEMO_DOMAIN}`,
  records_officer: `joseph.barasa@${DEMO_DOMAIN}`,
  lab_technician: `emmanuel.emojong@${DEMO_DOMAIN}`,
  pharmacist: `faith.nafula@${DEMO_DOMAIN}`,
  nutritionist: `sarah.auma@${DEMO_DOMAIN}`,
  admin: `david.omuse@${DEMO_DOMAIN}`,
  payroll_officer: `caroline.nanjala@${DEMO_DOMAIN}`,
  procurement_officer: `kevin.okumu@${DEMO_DOMAIN}`,
  finance_officer: `esther.makokha@${DEMO_DOMAIN}`,
} as const;

/**
 * A member of staff opened as the county does it (issue 25 finding 1): asked for by whoever `page` is signed in as,
 * confirmed (when the role needs it) by the sub-county medical officer of Teso South in a session of his own — so the
 * account is at Alupe (facility 3), in his reach — and their temporary password read off the demo phone.
 */
export async function openStaffAccount(
  page: Page,
  data: { firstName: string; lastName: string; email: string; role: string; phoneNumber: string; joinedAt: string },
): Promise<{ id: number; temporaryPassword: string }> {
  const res = await page.request.post('/api/staff', { data: { ...data, facilityId: 3 } });
  expect(res.status(), await res.text()).toBe(201);
  const { staff, confirmation } = (await res.json()) as { staff: { id: number }; confirmation: string };
  if (confirmation === 'pending') {
    const confirmer = await request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      expect((await confirmer.post('/api/demo/login', { data: { email: DEMO_EMAILS.subcounty_medical_officer } })).status()).toBe(200);
      const requests = (await (await confirmer.get('/api/staff/requests?status=pending&limit=100')).json()) as { id: number; userId: number }[];
      const mine = requests.find((r) => r.userId === staff.id);
      expect(mine, 'the request waits for the sub-county medical officer').toBeTruthy();
      const confirmed = await confirmer.post(`/api/staff/requests/${mine!.id}/confirm`);
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    } finally {
      await confirmer.dispose();
    }
  }
  return { id: staff.id, temporaryPassword: await passwordOnDemoPhone(page, data.email) };
}

/** The temporary password last sent to the owner of `email`, as the demo phone shows it. */
export async function passwordOnDemoPhone(page: Page, email: string): Promise<string> {
  const messages = (await (await page.request.get('/api/demo/phone')).json()) as { message: string }[];
  const found = /Temporary password: (\S+) /.exec(messages.find((m) => m.message.includes(` ${email.toLowerCase()} `))?.message ?? '');
  expect(found, `a temporary password for ${email} on the demo phone`).toBeTruthy();
  return found![1]!;
}

/** A GET the page's session makes, answered 200 with JSON (the figures a journey compares the screen with). */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** Signs in through the demo API (sets the session cookie in the page's context), then opens `path`. */
export async function signInAs(page: Page, role: keyof typeof DEMO_EMAILS, path = '/'): Promise<void> {
  const res = await page.request.post('/api/demo/login', { data: { email: DEMO_EMAILS[role] } });
  expect(res.status()).toBe(200);
  await page.goto(path);
}

/**
 * The WCAG 2.2 A and AA rules of axe-core (issue 33 item 2): 2.0, 2.1 and 2.2 levels A and AA. axe 4.14 has no
 * 2.2 level-A rule (no `wcag22a` tag); its 2.2 AA rule is target-size.
 */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

type AxeWindow = { axe?: typeof axe };

/**
 * axe-core's results for the page as it is now, with the WCAG 2.2 A and AA rules (but those named in `without`). axe
 * is put into the page the way DevTools runs a script (not a <script> element), so the page's
 * Content-Security-Policy neither blocks it nor reports it; it stays until the page is reloaded.
 */
export async function axeResults(page: Page, without: readonly string[] = []): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe === 'object'))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ tags, off }) =>
      (window as AxeWindow).axe!.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations', 'incomplete'],
      }),
    { tags: [...WCAG_22_AA], off: [...without] },
  );
}

/** Lets a page settle before axe looks at it (see expectAccessible). */
async function settle(page: Page): Promise<void> {
  // Check the page as it settles, not a frame of a transition: a dialog's overlay fading in dims the page behind
  // it, and axe would measure the contrast of text half-way through the fade. Endless animations (spinners,
  // skeleton pulses) never finish, so only finite ones are awaited. Two frames first: a dialog that has just opened
  // starts its overlay's fade on the next frame, and an animation not started yet cannot be awaited.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** An axe finding in one line: the rule, its help and the first few elements. */
export const describeFinding = (v: axe.Result): string => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`;

const isSerious = (v: axe.Result) => v.impact === 'serious' || v.impact === 'critical';

/**
 * The page's serious and critical axe findings (WCAG 2.2 A and AA rules), looked at twice before they count: on a
 * busy machine a dialog's overlay can still be on its way in when axe measures the page behind it (contrast of text
 * under a half-faded overlay, seen in CI). What is still wrong a moment later is a real finding. With the results of
 * the last look, for what axe could not decide (`incomplete`). `without`: rules left out (by id).
 */
export async function seriousFindings(page: Page, without: readonly string[] = []): Promise<{ findings: axe.Result[]; results: axe.AxeResults }> {
  const look = async () => {
    await settle(page);
    const results = await axeResults(page, without);
    return { findings: results.violations.filter(isSerious), results };
  };
  let seen = await look();
  if (seen.findings.length > 0) {
    await page.waitForTimeout(500);
    seen = await look();
  }
  return seen;
}

/** Fails on any serious or critical axe-core finding (WCAG 2.2 A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const { findings } = await seriousFindings(page);
  expect(findings.map(describeFinding)).toEqual([]);
}

/** The bell's entries and its figure, as GET /api/notifications gives them: a list, its total in X-Total-Count. */
export async function bellOf<T = { kind: string; itemName?: string }>(request: APIRequestContext, path: string): Promise<{ items: T[]; count: number }> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return { items: (await res.json()) as T[], count: Number(res.headers()['x-total-count']) };
}

export const randomLetters = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
export const randomNationalId = (): string => String(10_000_000 + Math.floor(Math.random() * 90_000_000));

/**
 * A toast's title or description. Matched exactly: Radix also copies the whole toast into a live region for
 * screen readers, and the region is hidden from the accessibility tree while a dialog is open.
 */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

export type RegisteredPatient = { id: number; name: string; firstName: string; lastName: string; nationalId: string };

/**
 * Registers a patient of the journey's own through the API, as the signed-in user (who must be allowed to), with a
 * random national ID and, unless given, a last name no other patient has.
 */
export async function registerPatientThroughApi(
  page: Page,
  fields: { firstName?: string; lastName?: string; dateOfBirth?: string; gender?: 'male' | 'female'; phoneNumber?: string; facilityId?: number } = {},
): Promise<RegisteredPatient> {
  const { firstName = 'Nekesa', lastName = `Wekesa${randomLetters(8)}`, dateOfBirth = '1988-02-11', gender = 'female', phoneNumber = '0712 345 678', facilityId = 1 } = fields;
  const nationalId = randomNationalId();
  const res = await page.request.post('/api/patients', { data: { nationalId, firstName, lastName, dateOfBirth, gender, phoneNumber, facilityId } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, name: `${firstName} ${lastName}`, firstName, lastName, nationalId };
}

/**
 * A Print link (a printed document, src/server/core/pdf.ts): it opens `path` in a new tab, and that address, asked
 * with the page's own session, answers a PDF that says each of `texts`.
 */
export async function expectPrintLink(page: Page, link: Locator, path: RegExp, texts: readonly string[]): Promise<void> {
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toMatch(path);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await res.body());
  for (const expected of texts) expect(text).toContain(expected);
}
