// Passkeys (domain/REPORTING.md §Passkeys) in Chromium with a virtual authenticator (CDP WebAuthn): a member of
// staff enrols a passkey from their profile, signs out, signs in at /login with "Sign in with a passkey", and once
// the passkey is revoked — by themselves in the profile, or by an administrator on Access Control — the next
// passkey sign-in is refused with the revoked message. On the desktop and at phone width.
import type { CDPSession, Page } from '@playwright/test';
import { DEMO_EMAILS, expect, expectAccessible, signInAs, test, toast } from './fixtures.js';

const PHONE = { width: 390, height: 844 };

/** A platform authenticator that holds discoverable passkeys and always verifies the person (fingerprint, face or PIN). */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function openProfile(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await expect(dialog.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  return dialog;
}

async function enrolFromProfile(page: Page, name: string) {
  const dialog = await openProfile(page);
  await expect(dialog.getByText(/You have no passkeys yet/)).toBeVisible();
  const nameField = dialog.getByLabel('Passkey name');
  await expect(nameField).toHaveValue('My phone');
  await nameField.fill(name);
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  const item = dialog.getByTestId('passkey-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText('This device only');
  await expect(item).toContainText('not used yet');
  return dialog;
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // The landing page, drawn once the sign-out's navigation has landed: the dashboard was at / too, and a sign-in page
  // opened before the navigation lands is cut short by it (issue 34: sign-out first wipes the device's vault).
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}

async function signInWithPasskey(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

/** Each journey signs in as its own demo account (its first name for the welcome toast), so none sees another's passkeys. */
type Who = { role: keyof typeof DEMO_EMAILS; firstName: string; fullName: string };

/** `revoke` says whether it also signed the person out (an administrator's revoke ends the passkey's session). */
async function journey(page: Page, who: Who, revoke: (page: Page, passkeyId: number, who: Who) => Promise<boolean>) {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInAs(page, who.role, '/');
  const dialog = await enrolFromProfile(page, 'Work laptop');
  await expectAccessible(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await logOut(page);
  await signInWithPasskey(page);
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(toast(page, `Welcome ${who.firstName}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).email).toBe(DEMO_EMAILS[who.role]);

  const passkeys = (await (await page.request.get('/api/auth/passkeys')).json()) as { id: number; name: string; lastUsedAt: string | null; revokedAt: string | null }[];
  const mine = passkeys.find((p) => p.name === 'Work laptop' && p.revokedAt === null)!;
  expect(mine.lastUsedAt).not.toBeNull();

  const signedOut = await revoke(page, mine.id, who);
  if (!signedOut) await logOut(page);
  await signInWithPasskey(page);
  await expect(page.getByRole('alert')).toHaveText('This passkey has been revoked');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
}

/** The member of staff revokes it from their profile, after a confirmation. */
async function revokeFromProfile(page: Page): Promise<boolean> {
  const dialog = await openProfile(page);
  const item = dialog.getByTestId('passkey-item').filter({ hasText: 'Work laptop' });
  await item.getByRole('button', { name: 'Revoke Work laptop' }).click();
  await expect(item.getByText('Revoke "Work laptop"? It stops working at once.')).toBeVisible();
  await item.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(toast(page, 'Passkey revoked')).toBeVisible();
  await expect(dialog.getByText('1 revoked passkey')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Their own revoke leaves them signed in.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  return false;
}

/**
 * An administrator revokes it on Access Control (/access → Users → Sessions & passkeys → Revoke passkey), in a
 * browser of his own. Revoked by someone else (a lost phone), it also ends the passkey session at once.
 */
async function revokeAsAdministrator(page: Page, passkeyId: number, who: Who): Promise<boolean> {
  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const admin = await context.newPage();
    await signInAs(admin, 'admin', '/access?tab=users');
    await admin.getByLabel('Search by name or email').fill(DEMO_EMAILS[who.role]);
    const row = admin.getByRole('row', { name: new RegExp(who.fullName) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Sessions & passkeys: ${who.fullName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Sessions and passkeys: ${who.fullName}` });
    const item = dialog.getByTestId(`passkey-${passkeyId}`);
    await expect(item).toContainText('Work laptop');
    await item.getByRole('button', { name: 'Revoke passkey' }).click();
    await expect(toast(admin, 'Passkey revoked')).toBeVisible();
    await expect(item).toContainText('Revoked');
    await expectAccessible(admin);
  } finally {
    await context.close();
  }
  // The session the passkey opened has ended with it.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  return true;
}

test.describe('on the desktop', () => {
  test('a member of staff enrols a passkey, signs in with it, revokes it, and it stops working', async ({ page }) => {
    await journey(page, { role: 'nutritionist', firstName: 'Sarah', fullName: 'Sarah Auma' }, (p) => revokeFromProfile(p));
  });

  test('an administrator revokes the passkey on Access Control: its session ends at once and the next sign-in fails', async ({ page }) => {
    await journey(page, { role: 'pharmacist', firstName: 'Faith', fullName: 'Faith Nafula' }, revokeAsAdministrator);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a member of staff enrols a passkey, signs in with it, revokes it, and it stops working', async ({ page }) => {
    await journey(page, { role: 'lab_technician', firstName: 'Emmanuel', fullName: 'Emmanuel Emojong' }, (p) => revokeFromProfile(p));
  });
});

test('without passkey support the sign-in page says why instead of offering the button', async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without WebAuthn.
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  await page.goto('/login');
  await expect(page.getByTestId('passkey-unavailable')).toHaveText(/Passkey sign-in is not available in this browser/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
});
