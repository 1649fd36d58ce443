// System Settings (issue 15): each section's validation, versions with who and when, optimistic concurrency, who may
// change what, write-only secrets, and a facility's details changed by the county within scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';

let t: TestContext;
let admin: string;
let director: string;
let nurse: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.loginAs('admin');
  director = await t.loginAs('county_director');
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

const settings = async (cookie = admin) => {
  const res = await t.request({ url: '/api/system/settings', cookie });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
};

const COUNTY = { name: 'Busia', code: 40, headquarters: 'Busia', population: 893681, email: '', phone: '' };

describe('GET /api/system/settings', () => {
  it('answers every section at version 1 (the seed, by the system administrator) with the statuses, for any signed-in role', async () => {
    const body = await settings(nurse);
    expect(body.county).toMatchObject({ value: COUNTY, version: 1, updatedByName: expect.any(String) });
    expect(body.sms).toMatchObject({ value: { remindersEnabled: true, environment: 'sandbox', username: '', senderId: '' }, version: 1 });
    expect(body.appointments).toMatchObject({ value: { autoCompleteCheckedIn: false }, version: 1 });
    expect(body.supply).toMatchObject({ value: { expiryWarningDays: 90, minimumMonthsOfStock: 2, minimumMonthsOfStockHospital: 3, invoiceTolerancePercent: 2 }, version: 1 });
    expect(body.secrets['sms.apiKey']).toEqual({ key: 'sms.apiKey', isSet: false, updatedAt: null, updatedByName: null });
    expect(body.status.sms).toMatchObject({ gateway: 'simulator', source: null, remindersEnabled: true });
    expect(body.status.payments).toEqual({ mpesa: { mode: 'simulator' }, card: { mode: 'simulator' } });
    expect(body.status.khis).toMatchObject({ configured: false, url: null, username: null });
    expect(body.status.khis.forms.map((f: { form: string }) => f.form)).toEqual(['705A', '705B', '717']);
    for (const f of body.status.khis.forms) expect(f.rows).toBeGreaterThan(0);
    expect(body.status.fiscalYear).toMatchObject({ label: '2025/26', start: '2025-07-01', end: '2026-06-30', status: 'open' });
    expect(body.status.fiscalYear.months).toHaveLength(12);
    expect(body.status.fiscalYear.months[0]).toMatchObject({ period: '2025-07' });
  });

  it('refuses a signed-out caller', async () => {
    expect((await t.request({ url: '/api/system/settings' })).statusCode).toBe(401);
  });
});

describe('PUT /api/system/settings/:section', () => {
  it('validates each field of the county profile and says which (400), writing nothing', async () => {
    const before = await t.count('system_setting_changes');
    const res = await t.request({
      method: 'PUT',
      url: '/api/system/settings/county',
      cookie: admin,
      body: { name: 'B', code: 48, headquarters: '', population: -5, email: 'not-an-email', phone: 'call me', expectedVersion: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      name: 'County name must be 2 to 60 characters',
      code: 'County code must be a whole number from 1 to 47',
      headquarters: 'Headquarters must be 2 to 60 characters',
      population: 'Population must be a whole number from 0 to 100000000',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
    });
    expect(await t.count('system_setting_changes')).toBe(before);
  });

  it('validates the SMS and appointment sections field by field', async () => {
    const sms = await t.request({
      method: 'PUT',
      url: '/api/system/settings/sms',
      cookie: admin,
      body: { remindersEnabled: 'yes', environment: 'live', username: 'has space', senderId: 'AB', expectedVersion: 1 },
    });
    expect(sms.statusCode).toBe(400);
    expect(fieldErrors(sms)).toEqual({
      remindersEnabled: 'Reminders must be on or off',
      environment: 'Environment must be sandbox or production',
      username: 'Username must be letters, digits, dots, hyphens or underscores',
      senderId: 'Sender ID must be 3 to 11 letters or digits',
    });
    const appts = await t.request({ method: 'PUT', url: '/api/system/settings/appointments', cookie: admin, body: { autoCompleteCheckedIn: 1, expectedVersion: -1 } });
    expect(appts.statusCode).toBe(400);
    expect(fieldErrors(appts)).toEqual({ autoCompleteCheckedIn: 'Auto-complete must be on or off', expectedVersion: 'expectedVersion must be the version you loaded' });
  });

  it('saves a new version with who and when, keeps before and after in the history, and audits it', async () => {
    t.clock.advance(60_000);
    const res = await t.request({
      method: 'PUT',
      url: '/api/system/settings/county',
      cookie: director,
      body: { ...COUNTY, email: 'health@busia.go.ke', phone: '+254 700 123 456', expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      value: { ...COUNTY, email: 'health@busia.go.ke', phone: '+254 700 123 456' },
      version: 2,
      updatedAt: t.clock.now.toISOString(),
      updatedByName: 'Margaret Nekesa',
    });
    const history = await t.request({ url: '/api/system/settings/history?section=county', cookie: admin });
    expect(history.statusCode).toBe(200);
    expect(history.headers['x-total-count']).toBe('2');
    const [latest, first] = history.json();
    expect(latest).toMatchObject({ section: 'county', target: '', version: 2, before: COUNTY, after: { ...COUNTY, email: 'health@busia.go.ke', phone: '+254 700 123 456' }, changedByName: 'Margaret Nekesa', changedAt: t.clock.now.toISOString() });
    expect(first).toMatchObject({ version: 1, before: null, after: COUNTY });
    const [audited] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'system.settings.update' and entity_id = 'county'`);
    expect(audited!.n).toBe(1);
    expect((await settings()).county.version).toBe(2);
  });

  it('refuses a change made on a stale version (409) naming who changed it and when, and writes nothing', async () => {
    const before = await t.count('system_setting_changes');
    const res = await t.request({ method: 'PUT', url: '/api/system/settings/county', cookie: admin, body: { ...COUNTY, name: 'Kakamega', expectedVersion: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^These settings were changed by Margaret Nekesa at 2026-03-16 09:3\d\. Reload to see their change\.$/);
    expect(await t.count('system_setting_changes')).toBe(before);
    expect((await settings()).county.value.name).toBe('Busia');
  });

  it('the SMS section saves and the status follows it; a section on version 2 takes version 2 and not another', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/system/settings/sms', cookie: admin, body: { remindersEnabled: false, environment: 'production', username: 'busiahealth', senderId: 'BUSIAHEALTH', expectedVersion: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, value: { remindersEnabled: false, username: 'busiahealth' } });
    const again = await t.request({ method: 'PUT', url: '/api/system/settings/sms', cookie: admin, body: { remindersEnabled: true, environment: 'production', username: 'busiahealth', senderId: '', expectedVersion: 2 } });
    expect(again.json()).toMatchObject({ version: 3, value: { remindersEnabled: true, senderId: '' } });
    // No API key yet: still the simulator.
    expect((await settings()).status.sms).toMatchObject({ gateway: 'simulator', remindersEnabled: true });
  });

  it('the appointments section keeps the nightly sweep’s switch', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/system/settings/appointments', cookie: director, body: { autoCompleteCheckedIn: true, expectedVersion: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, value: { autoCompleteCheckedIn: true } });
  });

  it('the supply section keeps the expiry warning, the minimum months of stock and the invoice tolerance, each within its bounds', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/api/system/settings/supply',
      cookie: director,
      body: { expiryWarningDays: 20, minimumMonthsOfStock: '2.5', minimumMonthsOfStockHospital: 13, invoiceTolerancePercent: 1.234, expectedVersion: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      expiryWarningDays: 'Expiry warning must be a whole number from 30 to 365',
      minimumMonthsOfStock: 'Minimum months of stock must be a whole number from 1 to 12',
      minimumMonthsOfStockHospital: 'Minimum months of stock at a hospital must be a whole number from 1 to 12',
      invoiceTolerancePercent: 'Invoice price tolerance must be a number from 0 to 10 with at most 2 decimals',
    });
    const missing = await t.request({ method: 'PUT', url: '/api/system/settings/supply', cookie: director, body: { expectedVersion: 1 } });
    expect(Object.keys(fieldErrors(missing)).sort()).toEqual(['expiryWarningDays', 'invoiceTolerancePercent', 'minimumMonthsOfStock', 'minimumMonthsOfStockHospital']);
    const res = await t.request({
      method: 'PUT',
      url: '/api/system/settings/supply',
      cookie: director,
      body: { expiryWarningDays: '120', minimumMonthsOfStock: 3, minimumMonthsOfStockHospital: 4, invoiceTolerancePercent: '2.75', expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, value: { expiryWarningDays: 120, minimumMonthsOfStock: 3, minimumMonthsOfStockHospital: 4, invoiceTolerancePercent: 2.75 } });
    expect((await settings(nurse)).supply.value).toEqual({ expiryWarningDays: 120, minimumMonthsOfStock: 3, minimumMonthsOfStockHospital: 4, invoiceTolerancePercent: 2.75 });
    expect((await t.request({ method: 'PUT', url: '/api/system/settings/supply', cookie: nurse, body: { ...res.json().value, expectedVersion: 2 } })).statusCode).toBe(403);
  });

  it('only the system administrator and the county director change settings or read their history (a nurse 403)', async () => {
    for (const role of ['nurse', 'facility_incharge', 'subcounty_medical_officer', 'records_officer'] as const) {
      const cookie = await t.loginAs(role);
      const put = await t.request({ method: 'PUT', url: '/api/system/settings/appointments', cookie, body: { autoCompleteCheckedIn: false, expectedVersion: 2 } });
      expect(put.statusCode, role).toBe(403);
      expect((await t.request({ url: '/api/system/settings/history', cookie })).statusCode, role).toBe(403);
      expect((await t.request({ method: 'PUT', url: '/api/system/secrets/sms.apiKey', cookie, body: { value: 'abcdefgh12345' } })).statusCode, role).toBe(403);
    }
    expect((await settings()).appointments.value.autoCompleteCheckedIn).toBe(true);
  });
});

describe('write-only secrets', () => {
  const KEY = 'atsk_5f3c9e0d2b7a41e6b8c1d4f7a9e2c3b5';

  it('validates the API key', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/system/secrets/sms.apiKey', cookie: admin, body: { value: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ value: 'The API key is at least 8 characters' });
    const spaced = await t.request({ method: 'PUT', url: '/api/system/secrets/sms.apiKey', cookie: admin, body: { value: 'has a space inside' } });
    expect(fieldErrors(spaced)).toEqual({ value: 'The API key is letters, digits and symbols, without spaces' });
  });

  it('sets a key: the answer says set, when and by whom, and no route ever returns its value', async () => {
    t.clock.advance(60_000);
    const res = await t.request({ method: 'PUT', url: '/api/system/secrets/sms.apiKey', cookie: admin, body: { value: KEY } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'sms.apiKey', isSet: true, updatedAt: t.clock.now.toISOString(), updatedByName: expect.any(String) });
    expect(res.body).not.toContain(KEY);
    // With the username saved above and the key, the reminders go through Africa's Talking, from these settings.
    const body = await settings(nurse);
    expect(body.status.sms).toMatchObject({ gateway: 'africastalking', environment: 'production', source: 'settings', username: 'busiahealth', senderId: null, remindersEnabled: true });
    const fragment = KEY.slice(5, 20);
    for (const url of [
      '/api/system/settings',
      '/api/system/settings/history',
      '/api/system/settings/history?section=sms',
      '/api/system/settings/history?section=sms&target=apiKey',
      '/api/system/settings/history?limit=200',
    ]) {
      for (const cookie of [admin, director, nurse]) {
        const answer = await t.request({ url, cookie });
        expect(answer.body, url).not.toContain(KEY);
        expect(answer.body, url).not.toContain(fragment);
      }
    }
    const history = (await t.request({ url: '/api/system/settings/history?section=sms&target=apiKey', cookie: admin })).json();
    expect(history[0]).toMatchObject({ version: 1, before: { apiKey: 'not set' }, after: { apiKey: 'set' } });
    const [audit] = await t.rows<{ detail: string | null }>(sql`select detail from audit_events where action = 'system.secret.set'`);
    expect(JSON.stringify(audit)).not.toContain(KEY);
    // The server keeps it for its own use.
    const [stored] = await t.rows<{ value: string }>(sql`select value from system_secrets where key = 'sms.apiKey'`);
    expect(stored!.value).toBe(KEY);
  });

  it('clears it, recorded as cleared; clearing again is refused (409)', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/system/secrets/sms.apiKey', cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'sms.apiKey', isSet: false, updatedAt: null, updatedByName: null });
    const history = (await t.request({ url: '/api/system/settings/history?section=sms&target=apiKey', cookie: admin })).json();
    expect(history[0]).toMatchObject({ version: 2, before: { apiKey: 'set' }, after: { apiKey: 'cleared' }, changedByName: 'Margaret Nekesa' });
    expect((await t.request({ method: 'DELETE', url: '/api/system/secrets/sms.apiKey', cookie: director })).statusCode).toBe(409);
    expect((await settings()).status.sms.gateway).toBe('simulator');
  });
});

describe('PATCH /api/facilities/:id', () => {
  it("changes a facility's status, beds, cots and services; the list shows them; the history keeps before and after by MFL code", async () => {
    const [before] = (await t.request({ url: '/api/facilities', cookie: nurse })).json() as { services: string[]; capacity: number }[];
    expect(before!.services).toContain('theatre');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/facilities/1',
      cookie: director,
      body: { status: 'limited', capacity: 220, cots: 30, services: ['pharmacy', 'outpatient', 'renal'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, mflCode: '15834', status: 'limited', capacity: 220, cots: 30, services: ['outpatient', 'pharmacy', 'renal'] });
    const [listed] = (await t.request({ url: '/api/facilities', cookie: nurse })).json();
    expect(listed).toMatchObject({ status: 'limited', capacity: 220, services: ['outpatient', 'pharmacy', 'renal'] });
    const history = await t.request({ url: '/api/system/settings/history?section=facility&target=15834', cookie: admin });
    expect(history.headers['x-total-count']).toBe('1');
    expect(history.json()[0]).toMatchObject({
      section: 'facility',
      target: '15834',
      version: 1,
      before: { status: 'operational', capacity: before!.capacity, services: before!.services },
      after: { status: 'limited', capacity: 220, cots: 30, services: ['outpatient', 'pharmacy', 'renal'] },
      changedByName: 'Margaret Nekesa',
    });
    const second = await t.request({ method: 'PATCH', url: '/api/facilities/1', cookie: admin, body: { status: 'operational' } });
    expect(second.json()).toMatchObject({ status: 'operational', capacity: 220 });
    expect((await t.request({ url: '/api/system/settings/history?section=facility&target=15834', cookie: admin })).json()[0]).toMatchObject({ version: 2 });
    const [audited] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'facility.update' and entity_id = '1'`);
    expect(audited!.n).toBe(2);
  });

  it('validates each field (400) and needs at least one', async () => {
    const res = await t.request({ method: 'PATCH', url: '/api/facilities/2', cookie: admin, body: { status: 'closed', capacity: 5001, cots: -1, services: ['outpatient', 'spa'] } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      status: 'Status must be operational, limited or maintenance',
      capacity: 'Beds must be a whole number from 0 to 5000',
      cots: 'Cots must be a whole number from 0 to 1000',
      'services.1': 'Choose services from the list',
    });
    const empty = await t.request({ method: 'PATCH', url: '/api/facilities/2', cookie: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toEqual({ status: 'Change at least one of status, beds, cots or services' });
    const cleared = await t.request({ method: 'PATCH', url: '/api/facilities/2', cookie: admin, body: { capacity: '' } });
    expect(cleared.json()).toMatchObject({ capacity: null });
  });

  it('a sub-county medical officer changes the facilities of his sub-county only (403 outside); a nurse none', async () => {
    const scmo = await t.loginAs('subcounty_medical_officer');
    // He works at Alupe (facility 3, Teso South); facility 1 is in Matayos.
    const outside = await t.request({ method: 'PATCH', url: '/api/facilities/1', cookie: scmo, body: { status: 'maintenance' } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'out_of_scope' });
    const inside = await t.request({ method: 'PATCH', url: '/api/facilities/3', cookie: scmo, body: { cots: 8 } });
    expect(inside.statusCode, inside.body).toBe(200);
    expect((await t.request({ method: 'PATCH', url: '/api/facilities/3', cookie: nurse, body: { cots: 9 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url: '/api/facilities/999999', cookie: admin, body: { cots: 9 } })).statusCode).toBe(404);
    const [row] = await t.rows<{ status: string }>(sql`select status from facilities where id = 1`);
    expect(row!.status).toBe('operational');
  });
});
