import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '../../../shared/access/index.js';
import { DEMO_PASSWORD, demoFaceTemplateHash, demoFingerprintHash } from '../../../shared/auth/index.js';
import { users } from './auth.schema.js';
import { hashPassword } from './auth.service.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (body: unknown, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/demo/login', body, headers });

describe('the demo portal accounts', () => {
  it('lists one demo account per role, with the fields the cards show and no secrets', async () => {
    const res = await t.request({ url: '/api/demo/accounts' });
    expect(res.statusCode).toBe(200);
    const accounts = res.json() as Record<string, unknown>[];
    expect(accounts).toHaveLength(10);
    expect(new Set(accounts.map((a) => a.role))).toEqual(new Set(ROLES));
    for (const a of accounts) {
      expect(Object.keys(a).sort()).toEqual(['email', 'facilityId', 'firstName', 'hasBiometric', 'lastName', 'nationalId', 'phoneNumber', 'role']);
      expect(a.email).toMatch(/^[a-z.]+@[a-z.]+\.example$/);
      expect(a.nationalId).toMatch(/^\d{8}$/);
      expect(a.phoneNumber).toMatch(/^\+2547\d{8}$/);
    }
    const withBiometric = accounts.filter((a) => a.hasBiometric).length;
    expect(withBiometric).toBeGreaterThan(0);
    expect(withBiometric).toBeLessThan(10);
  });
});

describe('signing in', () => {
  it('is 401 Unauthorized before sign-in', async () => {
    const res = await t.request({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
  });

  it('the nurse signs in on the demo portal with her email only and the session knows her', async () => {
    const res = await login({ email: emailOf('nurse') });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Mary', lastName: 'Achieng', role: 'nurse', facilityId: 1, isActive: true });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const me = await t.request({ url: '/api/auth/user', cookie: sessionCookie(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: emailOf('nurse'), role: 'nurse', permissions: expect.arrayContaining(['patients:register']), mustChangePassword: false });
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('accepts the email in any case', async () => {
    const res = await login({ email: emailOf('pharmacist').toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('takes email and password as the System Test sends them, and refuses a wrong password', async () => {
    expect((await login({ email: emailOf('records_officer'), password: DEMO_PASSWORD })).statusCode).toBe(200);
    const wrong = await login({ email: emailOf('records_officer'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toContain('Unauthorized');
  });

  it('refuses an unknown email and a malformed one', async () => {
    expect((await login({ email: 'nobody@health.busiacounty.example' })).statusCode).toBe(401);
    const bad = await login({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).email).toBe('Enter a valid email address');
  });

  it('does not let ordinary staff in through the demo portal', async () => {
    const [staff] = await t.database.db.select().from(users).where(eq(users.isDemo, false)).limit(1);
    expect((await login({ email: staff!.email })).statusCode).toBe(401);
  });

  it('signs in with the demo fingerprint and face hashes of an account with biometrics', async () => {
    const email = emailOf('clinical_officer');
    const fp = await t.request({ method: 'POST', url: '/api/demo/biometric/fingerprint', body: { fingerprintHash: demoFingerprintHash(email) } });
    expect(fp.statusCode).toBe(200);
    expect(fp.json().user.role).toBe('clinical_officer');
    const face = await t.request({ method: 'POST', url: '/api/demo/biometric/face', body: { faceTemplateHash: demoFaceTemplateHash(email) } });
    expect(face.statusCode).toBe(200);
    expect(face.json().user.email).toBe(email);
  });

  it('refuses biometrics for an account without them, and hashes of the wrong kind', async () => {
    const noBio = emailOf('records_officer');
    const res = await t.request({ method: 'POST', url: '/api/demo/biometric/fingerprint', body: { fingerprintHash: demoFingerprintHash(noBio) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Biometric authentication failed');
    const swapped = await t.request({ method: 'POST', url: '/api/demo/biometric/face', body: { faceTemplateHash: demoFingerprintHash(emailOf('nurse')) } });
    expect(swapped.statusCode).toBe(401);
    const empty = await t.request({ method: 'POST', url: '/api/demo/biometric/face', body: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('staff sign-in: /api/login leads to the /login page, which signs in with email and password', async () => {
    const nav = await t.request({ url: '/api/login' });
    expect(nav.statusCode).toBe(302);
    expect(nav.headers.location).toBe('/login');
    const page = await t.request({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const ok = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: emailOf('lab_technician'), password: DEMO_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.role).toBe('lab_technician');
    const bad = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: emailOf('lab_technician'), password: 'wrong' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Unauthorized: Invalid credentials');
    const missing = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: emailOf('lab_technician') } });
    expect(fieldErrors(missing).password).toBe('Password is required');
  });

  it('logging out ends the session and returns to /', async () => {
    const cookie = sessionCookie(await login({ email: emailOf('nutritionist') }));
    const out = await t.request({ url: '/api/logout', cookie });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/afya_session=;/);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(401);
  });

  it('gives a new session on every sign-in and ends the one it replaces', async () => {
    const first = sessionCookie(await login({ email: emailOf('nurse') }));
    const second = sessionCookie(await login({ email: emailOf('nurse') }, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await t.request({ url: '/api/auth/user', cookie: first })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/auth/user', cookie: second })).statusCode).toBe(200);
  });

  it('stores sessions hashed, never the cookie value', async () => {
    const cookie = sessionCookie(await login({ email: emailOf('nurse') }));
    const token = cookie.split('=')[1]!;
    const res = await t.database.db.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`);
    expect((res as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('session lifetime (30 minutes idle, 12 hours at most)', () => {
  it('ends a session after 30 idle minutes', async () => {
    t.clock.set(TEST_NOW);
    const cookie = sessionCookie(await login({ email: emailOf('nurse') }));
    t.clock.advance(29 * 60_000);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(401);
    t.clock.set(TEST_NOW);
  });

  it('ends a busy session 12 hours after sign-in', async () => {
    t.clock.set(TEST_NOW);
    const cookie = sessionCookie(await login({ email: emailOf('nurse') }));
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.set(new Date(TEST_NOW.getTime() + minutes * 60_000));
      expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    }
    t.clock.set(new Date(TEST_NOW.getTime() + 12 * 3_600_000));
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(401);
    t.clock.set(TEST_NOW);
  });

  it('signs out a deactivated account at once', async () => {
    const cookie = sessionCookie(await login({ email: emailOf('nutritionist') }));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, emailOf('nutritionist')));
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(401);
    expect((await login({ email: emailOf('nutritionist') })).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, emailOf('nutritionist')));
  });
});

describe('sign-in rate limits', () => {
  it('locks an account for the window after 5 failed passwords, even for the right one, with a clear 429', async () => {
    const email = emailOf('facility_incharge');
    for (let i = 0; i < 5; i++) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: `guess-${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: DEMO_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    t.clock.advance(16 * 60_000);
    expect((await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: DEMO_PASSWORD } })).statusCode).toBe(200);
    t.clock.set(TEST_NOW);
  });

  it('counts parallel guesses one by one: no more than 5 wrong passwords are ever checked', async () => {
    const email = emailOf('subcounty_medical_officer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: `parallel-${i}` } })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('starts an account\'s count again after a successful sign-in', async () => {
    const email = emailOf('pharmacist');
    const attempt = (password: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
    for (let i = 0; i < 4; i++) expect((await attempt(`typo-${i}`)).statusCode).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(`typo-again-${i}`)).statusCode).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address that tries many accounts', async () => {
    const ctx = await createTestContext({ config: { loginMaxAttemptsPerIp: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: `guess${i}@health.busiacounty.example` } });
        expect(res.statusCode).toBe(401);
      }
      const res = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } });
      expect(res.statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

describe('demo mode off (production)', () => {
  it('hides the demo portal (404 whatever the body), shuts the demo accounts out and keeps staff sign-in', async () => {
    const ctx = await createTestContext({ config: { demoMode: false } });
    try {
      expect((await ctx.request({ url: '/api/demo/accounts' })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: '/api/demo/login', body: {} })).statusCode).toBe(404);
      const fp = await ctx.request({ method: 'POST', url: '/api/demo/biometric/fingerprint', body: { fingerprintHash: demoFingerprintHash(emailOf('nurse')) } });
      expect(fp.statusCode).toBe(404);
      // The demo password is published: outside demo mode it opens nothing.
      const demo = await ctx.request({ method: 'POST', url: '/api/auth/login', body: { email: emailOf('nurse'), password: DEMO_PASSWORD } });
      expect(demo.statusCode).toBe(401);
      // A real staff member with a real password still signs in.
      const [staff] = await ctx.database.db.select().from(users).where(eq(users.isDemo, false)).limit(1);
      await ctx.database.db.update(users).set({ passwordHash: await hashPassword('Nambale-Clinic-2026') }).where(eq(users.id, staff!.id));
      const ok = await ctx.request({ method: 'POST', url: '/api/auth/login', body: { email: staff!.email, password: 'Nambale-Clinic-2026' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe(staff!.email);
    } finally {
      await ctx.close();
    }
  });
});
