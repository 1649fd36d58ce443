// Access Control (issue 15): the county director reads the role table the server enforces, ends a colleague's
// session (the colleague's very next request is refused), changes her role with a reason, and finds the change in
// the audit trail; a nurse sees the rules but no accounts. At desktop width and at 390 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openStaffAccount, randomLetters, signInAs, test, toast } from './fixtures.js';

/** A nurse at Alupe made for the journey (opened as the county does it), to be signed in with her temporary password in her own browser. */
async function newNurse(page: Page) {
  const last = `Access${randomLetters(6)}`;
  const email = `lydia.${last.toLowerCase()}@health.busiacounty.example`;
  const { temporaryPassword } = await openStaffAccount(page, { firstName: 'Lydia', lastName: last, email, role: 'nurse', phoneNumber: '0712345678', joinedAt: '2024-02-01' });
  return { name: `Lydia ${last}`, email, temporaryPassword };
}

test('the county director ends a colleague’s session, changes her role with a reason and finds it in the audit trail', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'county_director', '/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Control' })).toBeVisible();
  // The role table, as the server enforces it: the capacity override is the in-charge's at her facility.
  const override = page.getByRole('row', { name: /Book beyond capacity/ });
  await expect(override).toBeVisible();
  await expect(override.getByRole('cell').nth(2)).toHaveText('Facility');
  await expectAccessible(page);

  const nurse = await newNurse(page);
  const hers = await browser.newContext();
  const login = await hers.request.post('/api/auth/login', { data: { email: nurse.email, password: nurse.temporaryPassword } });
  expect(login.status()).toBe(200);
  expect((await hers.request.get('/api/auth/user')).status()).toBe(200);

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by name or email').fill(nurse.email);
  const row = page.getByRole('row', { name: new RegExp(nurse.name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toContainText('1');
  await row.getByRole('button', { name: `Sessions & passkeys: ${nurse.name}` }).click();
  const sessions = page.getByRole('dialog', { name: `Sessions and passkeys: ${nurse.name}` });
  await expect(sessions.getByText(/^Password · Signed in/)).toBeVisible();
  await expect(sessions.getByText('No passkey enrolled.')).toBeVisible();
  await expectAccessible(page);
  await sessions.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(toast(page, 'Session revoked')).toBeVisible();
  await expect(sessions.getByText('No active session.')).toBeVisible();
  // Her very next request is signed out, and her screen tells her why (issue 29 item 7).
  expect((await hers.request.get('/api/auth/user')).status()).toBe(401);
  const herScreen = await hers.newPage();
  await herScreen.goto('/patients');
  await expect(herScreen).toHaveURL(/\/login$/);
  await expect(herScreen.getByTestId('session-ended')).toHaveText('An administrator ended your session. Please sign in again; if you did not expect this, tell your staff manager.');
  await hers.close();
  await sessions.getByRole('button', { name: 'Close' }).click();
  await expect(sessions).toBeHidden();

  await row.getByRole('button', { name: `Change access: ${nurse.name}` }).click();
  const change = page.getByRole('dialog', { name: `Change access: ${nurse.name}` });
  await change.getByLabel('Role').selectOption({ label: 'Clinical Officer' });
  await change.getByRole('button', { name: 'Save change' }).click();
  await expect(change.getByText('A reason is required')).toBeVisible();
  await change.getByLabel('Reason').fill('Qualified as a clinical officer');
  await change.getByRole('button', { name: 'Save change' }).click();
  await expect(toast(page, 'Access changed')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Clinical Officer');

  await row.getByRole('button', { name: `Activity: ${nurse.name}` }).click();
  await expect(page.getByRole('tab', { name: 'Audit trail', selected: true })).toBeVisible();
  await page.getByLabel('Who').waitFor();
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('What (action)').fill('access.change');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('cell', { name: 'role nurse -> clinical_officer; reason: Qualified as a clinical officer' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(page.getByTestId('audit-chain')).toContainText('The chain is intact');
  await expectAccessible(page);
});

test('a nurse reads the rules but not the accounts; at 390 px the screen does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'nurse', '/access');
  await expect(page.getByTestId('access-not-for-role')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Write medical records/ })).toBeVisible();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document).toBeLessThanOrEqual(390);
  expect(widths.body).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  // In Kiswahili.
  await page.evaluate(() => localStorage.setItem('afya.language', 'sw'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Udhibiti wa Ufikiaji' })).toBeVisible();
});
