// Journey: a records officer opens the system, goes to Staff Login, signs in with email and password, sees
// who she is signed in as, and logs out back to the start page. A wrong password shows a clear error.
import { expect, test } from '@playwright/test';

const EMAIL = 'joseph.barasa@health.busiacounty.example';
const PASSWORD = 'AfyaDemo#2026';

test('a records officer signs in on the staff sign-in page and logs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Staff Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as Joseph Barasa (${EMAIL})`)).toBeVisible();

  // The session is an httpOnly cookie the page's scripts cannot read, and the API knows the user.
  const session = (await page.context().cookies()).find((c) => c.name === 'afya_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).role).toBe('records_officer');

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
