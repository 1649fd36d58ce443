// Security on every route (issue 2 §6): 401 signed out, 403 by the role table, Origin check on writes,
// security headers, no internals in errors, an append-only audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../shared/access/index.js';
import { can, type Permission } from '../../shared/access/index.js';
import { buildApp } from '../app.js';
import { testConfig } from '../env.js';
import { createTestContext, emailOf, openTestDatabase, type TestContext } from '../test/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Every route of the API and the permission it needs (null: any signed-in user). */
const ROUTES: { method: 'GET' | 'POST' | 'PATCH'; url: string; permission: Permission | null }[] = [
  { method: 'GET', url: '/api/dashboard/stats', permission: null },
  { method: 'GET', url: '/api/revenue/stats', permission: null },
  { method: 'GET', url: '/api/facilities', permission: null },
  { method: 'GET', url: '/api/activities', permission: null },
  { method: 'GET', url: '/api/patients', permission: 'patients:read' },
  { method: 'POST', url: '/api/patients', permission: 'patients:register' },
  { method: 'GET', url: '/api/patients/1', permission: 'patients:read' },
  { method: 'GET', url: '/api/patients/1/records', permission: 'records:read' },
  { method: 'POST', url: '/api/medical-records', permission: 'records:write' },
  { method: 'GET', url: '/api/billing', permission: 'billing:read' },
  { method: 'POST', url: '/api/billing', permission: 'billing:write' },
  { method: 'GET', url: '/api/referrals', permission: 'referrals:read' },
  { method: 'POST', url: '/api/referrals', permission: 'referrals:write' },
  { method: 'GET', url: '/api/inventory', permission: 'inventory:read' },
  { method: 'POST', url: '/api/inventory', permission: 'inventory:write' },
  { method: 'GET', url: '/api/reports', permission: 'reports:read' },
  { method: 'GET', url: '/api/reports/1/download', permission: 'reports:read' },
  { method: 'GET', url: '/api/audit-events', permission: 'audit:read' },
  { method: 'GET', url: '/api/dashboard/demographics', permission: null },
  { method: 'GET', url: '/api/revenue/trend', permission: null },
  { method: 'GET', url: '/api/notifications', permission: null },
  { method: 'GET', url: '/api/facilities/export.csv', permission: null },
  { method: 'GET', url: '/api/activities/mine.csv', permission: null },
  { method: 'GET', url: '/api/billing/summary', permission: 'billing:read' },
  { method: 'GET', url: '/api/billing/1', permission: 'billing:read' },
  { method: 'POST', url: '/api/billing/1/payments', permission: 'billing:write' },
  { method: 'POST', url: '/api/billing/1/claims', permission: 'billing:write' },
  { method: 'POST', url: '/api/insurance-claims/1/decision', permission: 'billing:write' },
  { method: 'GET', url: '/api/payments/gateways', permission: 'billing:read' },
  { method: 'GET', url: '/api/revenue/records', permission: 'billing:read' },
  { method: 'GET', url: '/api/revenue/export.csv', permission: 'billing:read' },
  { method: 'GET', url: '/api/referrals/stats', permission: 'referrals:read' },
  { method: 'GET', url: '/api/referrals/1', permission: 'referrals:read' },
  { method: 'GET', url: '/api/referrals/referring-doctors', permission: 'referrals:write' },
  { method: 'PATCH', url: '/api/referrals/1/status', permission: 'referrals:write' },
  { method: 'GET', url: '/api/patients/1/referrals', permission: 'referrals:read' },
  { method: 'GET', url: '/api/inventory/stats', permission: 'inventory:read' },
  { method: 'GET', url: '/api/inventory/export.csv', permission: 'inventory:read' },
  { method: 'GET', url: '/api/inventory/1/movements', permission: 'inventory:read' },
  { method: 'POST', url: '/api/inventory/1/movements', permission: 'inventory:write' },
  { method: 'GET', url: '/api/staff', permission: null },
  { method: 'GET', url: '/api/staff/stats', permission: null },
  { method: 'GET', url: '/api/staff/shifts', permission: null },
  { method: 'POST', url: '/api/staff', permission: 'staff:manage' },
  { method: 'PATCH', url: '/api/staff/2/status', permission: 'staff:manage' },
];

describe('every route refuses a signed-out caller', () => {
  it.each(ROUTES)('$method $url → 401 Unauthorized', async ({ method, url }) => {
    const res = await t.request({ method, url, ...(method !== 'GET' ? { body: {} } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
  });

  it('refuses a forged or stale session cookie', async () => {
    const res = await t.request({ url: '/api/facilities', cookie: 'afya_session=' + 'A'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the role table of DESIGN.md §7, enforced on the server', () => {
  const cases = ROLES.flatMap((role) => ROUTES.map((route) => ({ role, ...route })));
  it.each(cases)('$role: $method $url', async ({ role, method, url, permission }) => {
    const cookie = await t.loginAs(role as Role);
    // An empty body: a permitted role gets past the check to validation (400), a refused one gets 403.
    const res = await t.request({ method, url, cookie, ...(method !== 'GET' ? { body: {} } : {}) });
    const allowed = permission === null || can(role, permission);
    if (allowed) {
      expect(res.statusCode, res.body).toBe(method === 'GET' ? 200 : 400);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toContain('Forbidden');
    }
  });

  it('the system administrator cannot read clinical records, but the county director can', () => {
    expect(can('admin', 'records:read')).toBe(false);
    expect(can('county_director', 'records:read')).toBe(true);
  });
});

describe('writes from another site', () => {
  it('refuses a write whose Origin is not ours (403) and writes nothing', async () => {
    const cookie = await t.loginAs('nurse');
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      headers: { origin: 'https://evil.example' },
      body: { nationalId: '77665544', firstName: 'Eve', lastName: 'Attacker', dateOfBirth: '1990-01-01', gender: 'female', facilityId: 1 },
    });
    expect(res.statusCode).toBe(403);
    const found = await t.database.db.execute(sql`select count(*)::int as n from patients where national_id = '77665544'`);
    expect((found as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('accepts a write from our own origin', async () => {
    const cookie = await t.loginAs('nurse');
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      body: { nationalId: '77665545', firstName: 'Neema', lastName: 'Oduori', dateOfBirth: '1990-01-01', gender: 'female', facilityId: 1 },
    });
    expect(res.statusCode).toBe(201);
  });

  it('behind a trusted HTTPS proxy, accepts our https:// origin and marks the cookie Secure', async () => {
    const ctx = await createTestContext({ config: { trustProxy: 1 } });
    try {
      const https = { origin: 'https://afya.busia.example', host: 'afya.busia.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'afya.busia.example' };
      const res = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') }, headers: https });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await ctx.close();
    }
  });

  it('takes JSON bodies only (a form post is 415)', async () => {
    const cookie = await t.loginAs('nurse');
    const res = await t.app.inject({ method: 'POST', url: '/api/patients', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'firstName=x' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const cookie = await t.loginAs('nurse');
    const res = await t.app.inject({ method: 'POST', url: '/api/patients', headers: { cookie, 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('headers and errors', () => {
  it('sends security headers and keeps API answers out of caches', async () => {
    const res = await t.request({ url: '/api/facilities', cookie: await t.loginAs('nurse') });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.request({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('never writes patient data to the logs, even when the database refuses a patient', async () => {
    const lines: string[] = [];
    const ctx = await createTestContext({ config: { logLevel: 'info' }, logStream: { write: (l) => void lines.push(l) } });
    try {
      // A database rule the API does not know about makes the insert fail with the row's values in the error.
      await ctx.database.db.execute(sql`alter table patients add constraint test_refuse check (first_name <> 'Zawadi')`);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/patients?search=Kadogo',
        cookie: await ctx.loginAs('nurse'),
        body: { nationalId: '40404040', firstName: 'Zawadi', lastName: 'Kadogo', dateOfBirth: '1999-09-09', gender: 'female', phoneNumber: '0799 111 222', facilityId: 1 },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'internal' });
      const log = lines.join('');
      expect(log).toContain('request failed');
      for (const secret of ['40404040', 'Zawadi', 'Kadogo', '799111222', 'afya_session']) expect(log, secret).not.toContain(secret);
    } finally {
      await ctx.close();
    }
  });

  it('never shows internals in a 500', async () => {
    const { database, drop } = await openTestDatabase('migrated');
    const app = await buildApp({ db: database.db, config: testConfig(), now: () => new Date() });
    await database.close(); // every query now fails inside the server
    const res = await app.inject({ method: 'GET', url: '/api/demo/accounts' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'internal' });
    expect(res.body).not.toMatch(/at |\.ts|PGlite|closed/i);
    await app.close();
    await drop();
  });
});

describe('the audit trail', () => {
  it('is readable by the administrator, newest first and paged, and not by a nurse', async () => {
    const admin = await t.loginAs('admin');
    const res = await t.request({ url: '/api/audit-events?limit=5', cookie: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { at: string; action: string }[];
    expect(rows).toHaveLength(5);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(5);
    expect([...rows.map((r) => r.at)].sort().reverse()).toEqual(rows.map((r) => r.at));
    expect((await t.request({ url: '/api/audit-events', cookie: await t.loginAs('nurse') })).statusCode).toBe(403);
  });

  it('cannot be rewritten or deleted', async () => {
    await expect(t.database.db.execute(sql`update audit_events set outcome = 'success' where outcome = 'denied'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});
