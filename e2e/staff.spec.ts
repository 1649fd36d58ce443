// Journeys through Staff Management (SPEC.md §2.12): the system administrator reads the cards and filters the
// directory and adds a nurse, whose account waits for a second person (issue 25 finding 1); the county director
// confirms her, her temporary password goes by SMS to her phone (the demo phone), and she signs in with it, must
// choose her own password and then reaches the dashboard. A director deactivates and reactivates an account with a
// confirmation; a nurse reads the directory and the roster but cannot add or deactivate anyone. Each journey
// makes its own staff member with a random email, so none depends on another.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openStaffAccount, randomLetters, signInAs, test } from './fixtures.js';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

type Stats = { total: number; active: number; medicalOfficers: number; nurses: number; onLeave: number };

async function statsFromApi(page: Page): Promise<Stats> {
  const res = await page.request.get('/api/staff/stats');
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

async function totalFromApi(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/staff${query}`);
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

const card = (page: Page, key: string) => page.getByTestId(`staff-card-${key}`);
const directoryHeading = (page: Page) => page.getByRole('heading', { name: /^Staff Directory \([\d,]+\)$/ });
const bodyRows = (page: Page) => page.getByRole('table', { name: /County staff/ }).locator('tbody tr');

async function expectCards(page: Page, stats: Stats) {
  await expect(card(page, 'total').getByTestId('value')).toHaveText(String(stats.total));
  await expect(card(page, 'total')).toContainText(`${stats.active} active`);
  await expect(card(page, 'medicalOfficers').getByTestId('value')).toHaveText(String(stats.medicalOfficers));
  await expect(card(page, 'nurses').getByTestId('value')).toHaveText(String(stats.nurses));
  await expect(card(page, 'onLeave').getByTestId('value')).toHaveText(String(stats.onLeave));
}

test('the administrator adds a nurse, the director confirms her, and she signs in with the password sent to her phone', async ({ page }) => {
  // Seven accessibility scans, four of them over the 50-row directory: on a busy CI machine they alone take ~30 s.
  test.setTimeout(120_000);
  await signInAs(page, 'admin', '/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
  const stats = await statsFromApi(page);
  await expectCards(page, stats);
  await expect(directoryHeading(page)).toHaveText(`Staff Directory (${await totalFromApi(page, '')})`);
  await expect(bodyRows(page).first()).toBeVisible();
  // Phones are masked; join dates read "16 Mar 2026".
  await expect(bodyRows(page).first()).toContainText(/0\d{3} ••• \d{3}/);
  await expect(bodyRows(page).first()).toContainText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}/);
  await expectAccessible(page);

  // The role filter lists every role but the nutritionist; choosing Nurse shows nurses only.
  const role = page.getByLabel('Role', { exact: true });
  await expect(role.locator('option')).not.toContainText(['Nutritionist']);
  await role.selectOption({ label: 'Nurse' });
  await expect(directoryHeading(page)).toHaveText(`Staff Directory (${await totalFromApi(page, '?role=nurse')})`);
  for (const cell of await bodyRows(page).locator('td:nth-child(2)').all()) await expect(cell).toHaveText('Nurse');

  // Search by last name, case-insensitive, together with the role filter; then nothing matches, then clear.
  await page.getByLabel('Search staff').fill('ACHIENG');
  await expect(bodyRows(page).filter({ hasText: 'Mary Achieng' })).toHaveCount(1);
  await expect(directoryHeading(page)).toHaveText(`Staff Directory (${await totalFromApi(page, '?role=nurse&search=achieng')})`);
  await page.getByLabel('Search staff').fill('nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'No staff members found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search staff')).toHaveValue('');
  await expect(directoryHeading(page)).toHaveText(`Staff Directory (${stats.total})`);

  // View Schedules: the read-only duty roster.
  await page.getByRole('button', { name: 'View Schedules' }).click();
  const roster = page.getByRole('dialog', { name: 'Duty Roster' });
  await expect(roster.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(roster.getByText(/^(Day|Night|On call)$/).first()).toBeVisible();
  await expectAccessible(page);
  await roster.getByRole('button', { name: 'Close' }).click();

  // Add Staff Member: the empty form names its fields, then a nurse is added.
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  for (const message of ['First name must be at least 2 characters', 'Email is required', 'Please select a role', 'Phone number is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);
  const lastName = `Wanjala${randomLetters(6)}`;
  const email = `rose.${lastName.toLowerCase()}@health.busiacounty.example`;
  await dialog.getByLabel('First Name').fill('Rose');
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('0733 456 789');
  await dialog.getByLabel('Role').selectOption({ label: 'Nurse' });
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();

  // No password on screen: a nurse reads patients, so her account waits, closed, for a second person.
  const shown = page.getByRole('dialog', { name: 'Account created: awaiting confirmation' });
  await expect(shown.getByText(/cannot sign in yet/)).toBeVisible();
  await expect(shown.getByText('Once confirmed, a temporary password goes by SMS to 0733 ••• 789.')).toBeVisible();
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expectCards(page, { ...stats, total: stats.total + 1, nurses: stats.nurses + 1 });
  await page.getByLabel('Search staff').fill(lastName);
  const row = bodyRows(page).filter({ hasText: `Rose ${lastName}` });
  await expect(row).toContainText('Awaiting confirmation');
  await expect(row).toContainText('0733 ••• 789');
  await expect(row).not.toContainText('456');
  // He sees his request waiting, and cannot confirm it himself.
  const waiting = page.getByRole('list', { name: 'Accounts awaiting confirmation' }).getByRole('listitem').filter({ hasText: `Rose ${lastName}` });
  await expect(waiting).toContainText('Waiting for the director or the sub-county medical officer');
  await expect(waiting.getByRole('button')).toHaveCount(0);

  // The director confirms her, after checking the phone the password will go to.
  await signInAs(page, 'county_director', '/staff');
  const request = page.getByRole('list', { name: 'Accounts awaiting confirmation' }).getByRole('listitem').filter({ hasText: `Rose ${lastName}` });
  await expect(request).toContainText('Nurse at Busia County Referral Hospital');
  await expect(request).toContainText('Asked by David Omuse');
  await request.getByRole('button', { name: `Confirm Rose ${lastName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Confirm Rose ${lastName} as Nurse?` });
  await expect(confirm).toContainText('0733 ••• 789 is their own phone');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Account confirmed')).toBeVisible();
  await expect(request).toHaveCount(0);
  await page.getByLabel('Search staff').fill(lastName);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Has not signed in yet');
  await expectCards(page, { ...stats, total: stats.total + 1, active: stats.active + 1, nurses: stats.nurses + 1 });

  // Sign out; on the demo phone (the demo portal) her SMS has arrived, and she signs in on /login with it.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Staff Login' })).toBeVisible();
  await page.goto('/demo');
  const sms = page.getByTestId('demo-phone-message').filter({ hasText: email });
  await expect(sms).toContainText('Temporary password:');
  const password = /Temporary password: (\S+) /.exec((await sms.textContent())!)![1]!;
  expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  // No screen opens before the new password: not even by typing its address.
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('Current (temporary) password').fill(password);
  await page.getByLabel(/^New password/).fill('Nambale-Ward-7');
  await page.getByLabel('Confirm new password').fill('Nambale-Ward-8');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two new passwords do not match')).toBeVisible();
  // A guessable password is refused by the server, with the reason beside the field (issue 11 finding 7).
  await page.getByLabel(/^New password/).fill('password12');
  await page.getByLabel('Confirm new password').fill('password12');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByLabel(/^New password/)).toHaveAccessibleDescription(/This password is too easy to guess/);
  // So is one built on the sub-county's name, and the reason says so (issue 25 finding 6).
  await page.getByLabel(/^New password/).fill('Nambale-Ward-7');
  await page.getByLabel('Confirm new password').fill('Nambale-Ward-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByLabel(/^New password/)).toHaveAccessibleDescription(/This password is built on the name of the county, a sub-county or Kenya/);
  await page.getByLabel(/^New password/).fill('Sunbird-Kettle-Lamp-7');
  await page.getByLabel('Confirm new password').fill('Sunbird-Kettle-Lamp-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Registry' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Dashboard' })).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email, role: 'nurse', mustChangePassword: false });
});

test('a director deactivates an account after confirming, sees it On Leave, and reactivates it', async ({ page }) => {
  await signInAs(page, 'county_director', '/staff');
  const lastName = `Okumu${randomLetters(6)}`;
  await openStaffAccount(page, { firstName: 'Titus', lastName, email: `titus.${lastName.toLowerCase()}@health.busiacounty.example`, role: 'clinical_officer', phoneNumber: '0722 111 222', joinedAt: '2025-01-06' });
  const before = await statsFromApi(page);
  await page.reload();
  await expectCards(page, before);
  await page.getByLabel('Search staff').fill(lastName);
  const row = bodyRows(page).filter({ hasText: `Titus ${lastName}` });
  await expect(row).toContainText('6 Jan 2025');
  await row.getByRole('button', { name: `Deactivate Titus ${lastName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate Titus ${lastName}?` });
  await expect(confirm).toContainText('signed out at once');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Staff member deactivated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expectCards(page, { ...before, active: before.active - 1, onLeave: before.onLeave + 1 });

  // The status filter finds the account among the inactive.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Reactivate Titus ${lastName}` }).click();
  await page.getByRole('alertdialog', { name: `Reactivate Titus ${lastName}?` }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(toast(page, 'Staff member reactivated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No staff members found' })).toBeVisible();
  await expectCards(page, before);
  // The director's own row offers no action: nobody deactivates themselves.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search staff').fill('margaret.nekesa');
  await expect(bodyRows(page).filter({ hasText: 'Margaret Nekesa' }).getByRole('button')).toHaveCount(0);
});

test('a nurse reads the directory and the roster but cannot add or deactivate staff', async ({ page }) => {
  await signInAs(page, 'nurse', '/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
  await expectCards(page, await statsFromApi(page));
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Schedules' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Staff Member' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Deactivate|Reactivate) / })).toHaveCount(0);
  await expectAccessible(page);
  // The server refuses her too.
  const refused = await page.request.post('/api/staff', { data: { firstName: 'Xx' } });
  expect(refused.status()).toBe(403);
});
