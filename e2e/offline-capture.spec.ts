// Issue 34: a dropped link costs nothing. A nurse registers a patient and records a coded visit with the network
// gone; a reload, still offline, shows them waiting; when the network returns they are sent, and the server has
// exactly one patient and one visit — and the same outbox sent again makes nothing more. A national ID registered
// meanwhile elsewhere is resolved on the Sync screen, the visit behind it following the patient it is attached to;
// a tab closed while a visit was on its way loses and doubles nothing. Signing out leaves no patient on the device.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, randomLetters, randomNationalId, registerPatientThroughApi, signInAs, test, toast } from './fixtures';

const VAULT = 'afya-offline';
const indicator = (page: Page) => page.getByTestId('outbox-indicator');

/** Signed in, on the registry, with the worker in charge and the ICD-11 list kept: ready for the link to drop. */
async function readyOnRegistry(page: Page, role: 'nurse' | 'clinical_officer' = 'nurse') {
  await signInAs(page, role, '/patients');
  await expect(page.getByRole('heading', { name: /^Patients \([\d,]+\)$/ })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The device's key, the user, the facilities and the diagnoses are kept (lib/offline).
  await expect.poll(() => keptNames(page)).toEqual(expect.arrayContaining(['diagnoses', 'facilities', 'user']));
}

/**
 * The names of what the vault keeps (its `kept` store), or none. Never opened before the app made it (an open would
 * make it, empty, without the app's stores), and closed at once (an open connection would hold up its deletion).
 */
const keptNames = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('kept')) return db.close(), resolve([]);
        const keys = db.transaction('kept').objectStore('kept').getAllKeys();
        keys.onsuccess = () => (db.close(), resolve(keys.result.map(String)));
      };
      open.onerror = () => resolve([]);
    });
  }, VAULT);

/** Every record of every store of the vault, as raw as IndexedDB holds it, for the test to look into. */
const vaultDump = (page: Page) =>
  page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes(name)) return null;
    return new Promise<Record<string, unknown[]>>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const db = open.result;
        const stores = [...db.objectStoreNames];
        const out: Record<string, unknown[]> = {};
        if (stores.length === 0) return resolve(out);
        const tx = db.transaction(stores);
        for (const store of stores) {
          const all = tx.objectStore(store).getAll();
          all.onsuccess = () => (out[store] = all.result);
        }
        tx.oncomplete = () => (db.close(), resolve(out));
        tx.onerror = () => reject(tx.error);
      };
    });
  }, VAULT);

const STASH = 'afya-test-stash';

/** Copies the outbox of one database into another (made with the store if need be), in the page. */
const copyStore = (page: Page, from: string, to: string) =>
  page.evaluate(
    ({ from, to }) => {
      const open = (name: string) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onupgradeneeded = () => request.result.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const done = (tx: IDBTransaction) => new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
      return (async () => {
        const source = await open(from);
        const read = source.transaction('outbox').objectStore('outbox').getAll();
        const rows = await new Promise<unknown[]>((resolve) => (read.onsuccess = () => resolve(read.result)));
        source.close();
        const target = await open(to);
        const tx = target.transaction('outbox', 'readwrite');
        for (const row of rows) tx.objectStore('outbox').put(row);
        await done(tx);
        target.close();
      })();
    },
    { from, to },
  );

/** Everything the vault holds, written out: patient data must never be readable in it. */
async function vaultText(page: Page): Promise<string> {
  const dump = await vaultDump(page);
  return JSON.stringify(dump, (_k, v: unknown) => (v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? `[${(v as ArrayBuffer).byteLength} bytes]` : v));
}

async function registerOffline(page: Page, p: { nationalId: string; firstName: string; lastName: string }) {
  await page.getByRole('button', { name: 'Register Patient', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Register New Patient' });
  await dialog.getByLabel('National ID').fill(p.nationalId);
  await dialog.getByLabel('First Name').fill(p.firstName);
  await dialog.getByLabel('Last Name').fill(p.lastName);
  await dialog.getByLabel('Date of Birth').fill('14/05/1990');
  await dialog.getByLabel('Female').check();
  await dialog.getByRole('button', { name: 'Register Patient' }).click();
  await expect(toast(page, 'Saved on this device')).toBeVisible();
  await expect(toast(page, `${p.firstName} ${p.lastName} is saved on this device and will be registered when the connection returns.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function recordVisitOffline(page: Page, name: string) {
  await page.getByRole('button', { name: `Add medical record for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medical Record' });
  await dialog.getByLabel('Chief Complaint').fill('Fever and chills for two days');
  await dialog.getByLabel('Temperature').fill('38.6');
  // The bundled ICD-11 list answers without the server.
  const search = dialog.getByRole('combobox', { name: 'Search ICD-11 by name or code' });
  await search.fill('malaria falc');
  await dialog.getByRole('listbox', { name: 'ICD-11 codes found' }).getByRole('option', { name: /^1F40\.Z Malaria due to Plasmodium falciparum/ }).click();
  await expect(dialog.getByTestId('picked-diagnosis')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(toast(page, 'The visit is saved on this device and will be sent when the connection returns.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

type ServerPatient = { id: number; nationalId: string; firstName: string };
async function serverPatients(page: Page, nationalId: string): Promise<ServerPatient[]> {
  const res = await page.request.get(`/api/patients?search=${nationalId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ServerPatient[]).filter((p) => p.nationalId === nationalId);
}
async function serverVisits(page: Page, patientId: number): Promise<{ id: number; chiefComplaint: string; diagnoses: { code: string }[]; visitDate: string }[]> {
  const res = await page.request.get(`/api/patients/${patientId}/records`);
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * Each write the device sends in its batches (POST /api/sync), as the server answered it: which route, and whether the
 * answer was the one kept for its Idempotency-Key (a write sent again, done once).
 */
function syncAnswers(page: Page): { path: string; replayed: boolean }[] {
  const seen: { path: string; replayed: boolean }[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith('/api/sync')) return;
    const writes = (request.postDataJSON() as { writes: { path: string }[] }).writes;
    void request.response().then(async (res) => {
      const { results } = (await res!.json()) as { results: { replayed: boolean }[] };
      results.forEach((r, i) => seen.push({ path: writes[i]!.path, replayed: r.replayed }));
    });
  });
  return seen;
}

async function offline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
}

test('a nurse registers a patient and records a coded visit offline; a reload keeps them; online they are sent once, and sent again make nothing', async ({ page, context, browserErrors }) => {
  browserErrors.allow('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  await page.setViewportSize({ width: 1366, height: 768 });
  await readyOnRegistry(page);
  const patient = { nationalId: randomNationalId(), firstName: 'Atieno', lastName: `Offline${randomLetters(6)}` };
  const name = `${patient.firstName} ${patient.lastName}`;

  await offline(context, page);
  await registerOffline(page, patient);
  // Listed as waiting, from the device: no number yet, and no details to open.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('waiting-patient')).toHaveText('Waiting to be sent');
  await expect(page.getByTestId('patients-offline-note')).toBeVisible();
  await recordVisitOffline(page, name);
  await expect(indicator(page)).toHaveText('2');

  // Sealed on the device: neither the name nor the national ID can be read in IndexedDB.
  const sealed = await vaultText(page);
  expect(sealed).toContain('"status":"pending"');
  for (const secret of [patient.lastName, patient.nationalId, 'Fever and chills']) expect(sealed).not.toContain(secret);

  // A reload, still offline: the shell, the nurse and the two waiting writes are there.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText('Mary Achieng');
  await expect(page.getByRole('row').filter({ hasText: name }).getByTestId('waiting-patient')).toBeVisible();
  await expect(indicator(page)).toHaveText('2');
  await indicator(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
  await expect(page.getByTestId('sync-summary')).toHaveText('2 waiting, 0 refused, 0 sent');
  await expect(page.getByTestId('sync-now')).toBeDisabled();
  await expect(page.getByText('Sending needs the connection.')).toBeVisible();
  // A copy of the outbox as it is now, kept in a database of the test's own (IndexedDB's copies keep the sealed bytes).
  await copyStore(page, VAULT, STASH);

  // The link returns: both are sent, in order, without a touch.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-summary')).toHaveText('0 waiting, 0 refused, 2 sent');
  await expect(indicator(page)).toHaveCount(0);
  const [made, ...others] = await serverPatients(page, patient.nationalId);
  expect(others).toEqual([]);
  const visits = await serverVisits(page, made!.id);
  expect(visits).toHaveLength(1);
  expect(visits[0]!.diagnoses.map((d) => d.code)).toEqual(['1F40.Z']);

  // The same outbox, sent again (a device that never heard the answers): the server answers each with its first.
  await copyStore(page, STASH, VAULT);
  const replayed = syncAnswers(page);
  await page.reload();
  await expect.poll(() => replayed).toEqual([{ path: '/api/patients', replayed: true }, { path: '/api/medical-records', replayed: true }]);
  await expect(page.getByTestId('sync-summary')).toHaveText('0 waiting, 0 refused, 2 sent');
  expect(await serverPatients(page, patient.nationalId)).toHaveLength(1);
  expect(await serverVisits(page, made!.id)).toHaveLength(1);

  // Signing out leaves nothing of the patient (nor the key) on the device.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'County Health Management System' })).toBeVisible();
  const after = await vaultDump(page);
  expect(after === null || Object.values(after).every((rows) => rows.length === 0)).toBe(true);
});

test('a national ID registered meanwhile is resolved on the Sync screen, and a tab closed mid-sync loses and doubles nothing', async ({ page, context, browserErrors }) => {
  browserErrors.allow('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  await page.setViewportSize({ width: 390, height: 844 });
  await readyOnRegistry(page);
  const nationalId = randomNationalId();
  const registered = { nationalId, firstName: 'Wanjala', lastName: `Kept${randomLetters(6)}` };

  await offline(context, page);
  const typed = { ...registered, lastName: `Typed${randomLetters(6)}` };
  await registerOffline(page, typed);
  await recordVisitOffline(page, `${typed.firstName} ${typed.lastName}`);

  // Meanwhile another facility registers the same national ID (a second browser, online).
  const other = await context.browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const desk = await other.newPage();
  await signInAs(desk, 'records_officer', '/');
  const made = await desk.request.post('/api/patients', { data: { ...registered, dateOfBirth: '1990-05-14', gender: 'female', facilityId: 1 } });
  expect(made.status()).toBe(201);
  const existing = (await made.json()) as ServerPatient;
  await other.close();

  // Online: the registration is refused with the server's reason, and the visit waits behind it.
  await context.setOffline(false);
  // On a phone the count is a line under the header (the header is full).
  const bar = page.getByTestId('outbox-bar');
  await expect(bar).toHaveText('2 saved on this device, 1 refused by the server: open Sync');
  await expect(indicator(page)).toBeHidden();
  await bar.click();
  await expect(page.getByTestId('sync-summary')).toHaveText('1 waiting, 1 refused, 0 sent');
  const refused = page.getByTestId('sync-entry').filter({ hasText: 'Registration —' });
  await expect(refused).toContainText('National ID: A patient with this national ID is already registered');
  await expect(page.getByTestId('sync-entry').filter({ hasText: 'Visit —' })).toContainText('Waits for the registration of');

  // The same person: attached to the patient registered meanwhile, and the visit goes to them.
  await refused.getByTestId('sync-find-patient').click();
  await expect(refused).toContainText(`Registered as Wanjala ${registered.lastName}`);
  // Held on its way, then the tab is closed: the server has the visit, the device never heard so.
  let held!: () => void;
  const closing = new Promise<void>((resolve) => (held = resolve));
  await page.route('**/api/sync', async (route) => {
    await route.fetch();
    held();
    await new Promise(() => undefined); // never answered: the tab closes first
  });
  await refused.getByTestId('sync-attach').click();
  await closing;
  const second = await context.newPage();
  const replayed = syncAnswers(second);
  await page.close();
  await second.goto('/sync');
  // The visit went again with its key, and the server answered with what it had made.
  await expect.poll(() => replayed).toEqual([{ path: '/api/medical-records', replayed: true }]);
  await expect(second.getByTestId('sync-summary')).toHaveText('0 waiting, 0 refused, 2 sent');
  expect(await serverPatients(second, nationalId)).toHaveLength(1);
  const visits = await serverVisits(second, existing.id);
  expect(visits).toHaveLength(1);
  expect(visits[0]!.chiefComplaint).toBe('Fever and chills for two days');
});

test("a patient seen before the link dropped is found offline, given a visit, checked in from the day's list and billed in cash with the device's receipt number; all sent once when it returns", async ({ page, context, browserErrors }) => {
  browserErrors.allow('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  await page.setViewportSize({ width: 1366, height: 768 });
  // Before the nurse starts: the desk registered a patient and booked them into today's clinic (a second browser).
  const other = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const desk = await other.newPage();
  await signInAs(desk, 'records_officer', '/');
  const patient = await registerPatientThroughApi(desk, { firstName: 'Adhiambo', lastName: `Kept${randomLetters(6)}` });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const services = (await (await desk.request.get('/api/appointment-services?facilityId=1')).json()) as { id: number; code: string }[];
  const booked = await desk.request.post('/api/appointments', {
    data: { patientId: patient.id, facilityId: 1, serviceId: services.find((s) => s.code === 'follow_up')!.id, date: today, overrideCapacity: false },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: number };
  await other.close();

  // The nurse's session keeps the facility's recent patients and today's clinic on the device; the billing desk,
  // opened while online, a block of receipt numbers.
  await readyOnRegistry(page);
  await expect.poll(() => keptNames(page)).toEqual(expect.arrayContaining(['patients', 'appointments']));
  await page.getByRole('link', { name: 'Billing & Payments' }).click();
  await expect.poll(() => keptNames(page)).toContain('receipts');
  await page.getByRole('link', { name: 'Patient Registry' }).click();
  const sealed = await vaultText(page);
  expect(sealed).not.toContain(patient.lastName);

  await offline(context, page);
  // Found among the kept patients, and a visit recorded for them.
  await page.getByLabel('Search patients').fill(patient.lastName);
  const row = page.getByRole('row').filter({ hasText: patient.name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('waiting-patient')).toHaveCount(0);
  await recordVisitOffline(page, patient.name);
  // The patient's other parts (appointments, referrals, invoices: code kept at install) say they need the connection.
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details.getByRole('alert').filter({ hasText: 'This needs the connection, and the server cannot be reached.' }).first()).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // Today's clinic as kept: checked in, saved on the device.
  await page.getByRole('link', { name: 'Appointments' }).first().click();
  await expect(page.getByTestId('appointments-offline-note')).toBeVisible();
  // Booked last, on the day list's last page (paged on the device as the server pages it).
  const checkIn = page.getByRole('button', { name: `Check in ${patient.name}` });
  const next = page.getByRole('navigation', { name: 'Pages of the day list' }).getByRole('button', { name: 'Next' });
  const showing = page.getByText(/^Showing \d+–\d+ of \d+$/);
  while (!(await checkIn.isVisible()) && (await next.isEnabled())) {
    const was = await showing.textContent();
    await next.click();
    await expect(showing).not.toHaveText(was!);
  }
  await checkIn.click();
  await expect(toast(page, `${patient.name}'s check-in is saved on this device and will be sent when the connection returns.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: patient.name })).toContainText('Checked in');
  // What is not kept for later says so, and cannot be pressed.
  await expect(page.getByRole('button', { name: `Complete the appointment of ${patient.name}: Needs the connection` })).toBeDisabled();
  await expect(indicator(page)).toHaveText('2');

  // At the billing desk: an invoice, and the cash for it under the device's next receipt number.
  await page.getByRole('link', { name: 'Billing & Payments' }).click();
  await expect(page.getByTestId('billing-offline-note')).toBeVisible();
  await page.getByRole('button', { name: 'Create Invoice' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await dialog.getByRole('combobox', { name: 'Patient' }).fill(patient.lastName);
  await dialog.getByRole('option', { name: new RegExp(patient.name) }).click();
  await dialog.getByLabel('Service type').selectOption('consultation');
  await dialog.getByLabel('Amount (KES)').fill('300');
  await dialog.getByLabel('Payment method').selectOption('cash');
  await expect(dialog.getByTestId('cash-now')).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  const receipt = dialog.getByTestId('kept-receipt');
  await expect(receipt).toHaveText(/^RCT-\d{4}-B\d{5}-01$/);
  const receiptNumber = await receipt.textContent();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(indicator(page)).toHaveText('4');

  // The link returns: the visit, the check-in, the invoice and the cash are sent, once, each at the moment it was made.
  const checkedAt = Date.now();
  await context.setOffline(false);
  await expect(indicator(page)).toHaveCount(0);
  const res = await page.request.get(`/api/appointments?facilityId=1&patientId=${patient.id}`);
  const [after] = (await res.json()) as { id: number; status: string; checkedInAt: string }[];
  expect(after).toMatchObject({ id: appointment.id, status: 'checked_in' });
  expect(new Date(after!.checkedInAt).getTime()).toBeLessThan(checkedAt);
  expect(await serverVisits(page, patient.id)).toHaveLength(1);
  const bills = (await (await page.request.get(`/api/billing?patientId=${patient.id}`)).json()) as { id: number; status: string; amount: number }[];
  expect(bills).toHaveLength(1);
  expect(bills[0]).toMatchObject({ status: 'paid', amount: 300 });
  const detail = (await (await page.request.get(`/api/billing/${bills[0]!.id}`)).json()) as { payments: { method: string; receiptNumber: string }[] };
  expect(detail.payments).toEqual([expect.objectContaining({ method: 'cash', receiptNumber })]);
});
