// Journeys through the public screens (SPEC.md §2.1–§2.3, §4, §8; DESIGN.md §7): a visitor reads the landing
// page, a nurse and a clinical officer sign in through the demo portal, a records officer signs in on the staff
// sign-in page and logs out, and anyone who mistypes an address lands on the not-found page.
import type { Page } from '@playwright/test';
import { demoFingerprintHash } from '../src/shared/auth';
import { DEMO_EMAILS, DEMO_PASSWORD, expect, expectAccessible, failedLoad, signInAs, test } from './fixtures';

type Summary = { byLevel: Record<'2' | '3' | '4' | '5' | '6', number>; subcounties: number; population: number };
type Account = { email: string; firstName: string; lastName: string; hasBiometric: boolean };

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const accountList = (page: Page) => page.getByRole('region', { name: 'Demo Accounts' });
const signInPanel = (page: Page) => page.getByRole('region', { name: 'Sign-in Options' });
const figure = (page: Page, id: string) => page.getByTestId(`count-${id}`).getByRole('definition');

async function expectToast(page: Page, title: string, description: string) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(description, { exact: true })).toBeVisible();
}

test('a visitor reads the county figures, and a nurse signs in through the demo portal', async ({ page }) => {
  const summary = (await (await page.request.get('/api/facilities/summary')).json()) as Summary;
  const accounts = (await (await page.request.get('/api/demo/accounts')).json()) as Account[];
  // SPEC.md §6's ten, the payroll officer (issue 27), the procurement officer (issue 28) and the finance officer (issue 29).
  expect(accounts).toHaveLength(13);
  expect(accounts.map((a) => a.email).sort()).toEqual(Object.values(DEMO_EMAILS).sort());

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
  for (const feature of ['Patient Management', 'Revenue Tracking & Billing', 'Multi-Facility Operations', 'Government-Grade Security', 'Local Language Support', 'Automated MOH Reports']) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }
  await expect(figure(page, 'level-5')).toHaveText(String(summary.byLevel['5']));
  await expect(page.getByTestId('count-level-5')).toContainText('County Referral Hospital');
  await expect(figure(page, 'level-4')).toHaveText(String(summary.byLevel['4']));
  await expect(page.getByTestId('count-level-4')).toContainText('Sub-County Hospitals');
  await expect(figure(page, 'level-3')).toHaveText(String(summary.byLevel['3']));
  await expect(page.getByTestId('count-level-3')).toContainText('Health Centres');
  await expect(figure(page, 'level-2')).toHaveText(String(summary.byLevel['2']));
  await expect(page.getByTestId('count-level-2')).toContainText('Dispensaries');
  await expect(figure(page, 'subcounties')).toHaveText(String(summary.subcounties));
  await expect(page.getByTestId('count-subcounties')).toContainText('Sub-Counties');
  await expect(figure(page, 'population')).toHaveText(summary.population.toLocaleString('en-KE'));
  await expect(page.getByRole('link', { name: 'Access County System' })).toHaveAttribute('href', '/demo');

  await page.getByRole('link', { name: 'Try Demo Portal' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Login Portal' })).toBeVisible();
  await expect(accountList(page).getByRole('listitem')).toHaveCount(accounts.length);
  await expect(page.getByRole('heading', { name: 'Demo Instructions' })).toBeVisible();

  const mary = accountList(page).getByRole('button', { name: /Mary Achieng/ });
  await expect(mary).toContainText('Nurse');
  await expect(mary).toContainText(DEMO_EMAILS.nurse);
  await expect(mary).toContainText('Biometric Enabled');
  await mary.click();
  await expect(mary).toHaveAttribute('aria-pressed', 'true');

  // SPEC.md §7: the demo password path sends the email only.
  const request = page.waitForRequest('**/api/demo/login');
  await signInPanel(page).getByRole('button', { name: 'Login with Password' }).click();
  expect((await request).postDataJSON()).toEqual({ email: DEMO_EMAILS.nurse });
  await expectToast(page, 'Login Successful', 'Welcome Mary!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText('Mary Achieng');
  await expect(page.getByTestId('user-menu')).toContainText('Nurse');
});

test('a clinical officer signs in with the demo fingerprint; an account without biometrics is not offered it', async ({ page }) => {
  await page.goto('/demo');
  const joseph = accountList(page).getByRole('button', { name: /Joseph Barasa/ });
  await expect(joseph).not.toContainText('Biometric Enabled');
  await joseph.click();
  await expect(signInPanel(page).getByRole('button', { name: 'Login with Password' })).toBeVisible();
  await expect(signInPanel(page).getByRole('button', { name: 'Fingerprint Login' })).toHaveCount(0);
  await expect(signInPanel(page).getByRole('button', { name: 'Face Recognition' })).toHaveCount(0);

  // Keyboard: the cards are buttons, so Enter selects one.
  const brian = accountList(page).getByRole('button', { name: /Brian Ouma/ });
  await brian.focus();
  await page.keyboard.press('Enter');
  await expect(brian).toHaveAttribute('aria-pressed', 'true');
  await expect(joseph).toHaveAttribute('aria-pressed', 'false');
  await expect(signInPanel(page).getByRole('button', { name: 'Face Recognition' })).toBeVisible();

  const request = page.waitForRequest('**/api/demo/biometric/fingerprint');
  await signInPanel(page).getByRole('button', { name: 'Fingerprint Login' }).click();
  expect((await request).postDataJSON()).toEqual({ fingerprintHash: demoFingerprintHash(DEMO_EMAILS.clinical_officer) });
  await expectToast(page, 'Biometric Login Successful', 'Welcome Brian!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText('Brian Ouma');
  await expect(page.getByTestId('user-menu')).toContainText('Clinical Officer');

  // Already signed in, the portal still works: signing in again replaces the session.
  await page.goto('/demo');
  await accountList(page).getByRole('button', { name: /Faith Nafula/ }).click();
  await signInPanel(page).getByRole('button', { name: 'Login with Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText('Faith Nafula');
  expect((await (await page.request.get('/api/auth/user')).json()).role).toBe('pharmacist');
});

test('the demo portal shows placeholders while loading, an error with retry, and each failed sign-in', async ({ page, browserErrors }) => {
  // The failures this journey stubs on purpose.
  browserErrors.allow(failedLoad(500), '/api/demo/accounts');
  browserErrors.allow(failedLoad(500), '/api/demo/login');
  browserErrors.allow('Failed to load resource: net::ERR_CONNECTION_REFUSED', '/api/demo/login');
  // Loading: 6 placeholder cards; then a failed load: an error card whose retry loads the accounts.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/api/demo/accounts', async (route) => {
    calls += 1;
    if (calls === 1) {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
    } else {
      await route.continue();
    }
  });
  await page.goto('/demo');
  await expect(page.getByTestId('demo-account-skeleton')).toHaveCount(6);
  release();
  await expect(page.getByRole('alert')).toContainText('Demo accounts could not be loaded');
  await expect(page.getByRole('alert')).toContainText('500: Internal Server Error');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(accountList(page).getByRole('listitem')).toHaveCount(Object.keys(DEMO_EMAILS).length);

  await accountList(page).getByRole('button', { name: /Grace Atieno/ }).click();
  const panel = signInPanel(page);

  // Pending: every button is disabled and the chosen one says what it is doing (SPEC.md §4).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/demo/biometric/fingerprint', async (route) => {
    await answered;
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthorized: Biometric authentication failed' }) });
  });
  await panel.getByRole('button', { name: 'Fingerprint Login' }).click();
  await expect(panel.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Login with Password' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Face Recognition' })).toBeDisabled();
  answer();
  await expectToast(page, 'Biometric Authentication Failed', 'Biometric authentication failed');
  await expect(panel.getByRole('button', { name: 'Fingerprint Login' })).toBeEnabled();

  await page.route('**/api/demo/login', (route) => route.fulfill({ status: 500, body: '' }));
  await panel.getByRole('button', { name: 'Login with Password' }).click();
  await expectToast(page, 'Login Failed', 'Please try again');

  await page.unroute('**/api/demo/login');
  await page.route('**/api/demo/login', (route) => route.abort('connectionrefused'));
  await panel.getByRole('button', { name: 'Login with Password' }).click();
  await expectToast(page, 'Login Failed', 'Connection error');
  await expect(page).toHaveURL(/\/demo$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a records officer signs in on the staff sign-in page and logs out', async ({ page }) => {
  const email = DEMO_EMAILS.records_officer;
  await page.goto('/');
  await page.getByRole('link', { name: 'Staff Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Demo Portal' })).toHaveAttribute('href', '/demo');

  // A wrong password: the error, the email kept, and nothing else.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  // SPEC.md §8, password sign-in failure.
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Please check your credentials', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByText('Login Successful')).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, 'Login Successful', 'Welcome Joseph!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText('Joseph Barasa');
  await expect(page.getByTestId('user-menu')).toContainText('Records Officer');

  // The session is an httpOnly cookie the page's scripts cannot read, and the API knows the user.
  const session = (await page.context().cookies()).find((c) => c.name === 'afya_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).role).toBe('records_officer');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('the staff sign-in page checks the form before sending it', async ({ page, browserErrors }) => {
  browserErrors.allow(failedLoad(503), '/api/auth/login'); // stubbed below, on purpose
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // Too many attempts: the server's own message, which says how long to wait. Other failures: "status: text".
  const tooMany = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: tooMany, code: 'too_many_attempts' }) }),
  );
  await page.getByLabel('Email').fill(DEMO_EMAILS.records_officer);
  await page.getByLabel('Password').fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(tooMany);

  await page.unroute('**/api/auth/login');
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await page.getByLabel('Password').fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('503: Service Unavailable');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown address shows the not-found page, signed out and signed in', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();

  await signInAs(page, 'nurse', '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

  // Appointments, once only in the sidebar (SPEC.md §2.4), is a screen since issue 15.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
});

test('the public pages are accessible, in English and in Kiswahili', async ({ page }) => {
  await page.goto('/');
  await expect(figure(page, 'level-2')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mfumo wa Usimamizi wa Afya wa Kaunti' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByTestId('count-level-3')).toContainText('Vituo vya Afya');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();

  await page.goto('/demo');
  await accountList(page).getByRole('button', { name: /Faith Nafula/ }).click();
  await expect(signInPanel(page).getByRole('button', { name: 'Face Recognition' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@health.busiacounty.example');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expectAccessible(page);
});

// Issue 12: on a 3G link the app's JavaScript takes seconds. index.html already holds the landing hero (built from
// the same strings, scripts/boot-shell.ts), in the language this device chose (public/boot.js), and the app takes
// over from it without a second hero or a flash of the splash.
test.describe('without the service worker', () => {
  // The journey holds the entry script back with page.route, which never sees what a service worker answers: once
  // the worker (issue 12, item 3) had kept the script, the reload would skip the wait this journey is about.
  test.use({ serviceWorkers: 'block' });

  test('before its JavaScript arrives the landing page shows its hero, in the chosen language, and the app takes over', async ({ page }) => {
    const holdEntry = async () => {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.unroute(/\/assets\/index-[^/]+\.js$/);
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    let release = await holdEntry();
    await page.goto('/', { waitUntil: 'commit' });
    const boot = page.locator('#boot');
    await expect(boot.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
    await expect(boot.getByRole('link', { name: 'Access County System' })).toHaveAttribute('href', '/demo');
    await expect(boot.getByText('Busia County Government · Department of Health')).toBeVisible();
    release();
    await expect(boot).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('afya.language', 'sw'));
    release = await holdEntry();
    await page.reload({ waitUntil: 'commit' });
    await expect(boot.getByRole('heading', { level: 1, name: 'Mfumo wa Usimamizi wa Afya wa Kaunti' })).toBeVisible();
    await expect(boot.getByText('County Health Management System')).toBeHidden();
    release();
    await expect(boot).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Mfumo wa Usimamizi wa Afya wa Kaunti' })).toBeVisible();
  });
});
