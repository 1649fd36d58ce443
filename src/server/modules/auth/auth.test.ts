import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '../../../shared/access/index.js';
import {
  DEMO_PASSWORD,
  demoFaceTemplateHash,
  demoFingerprintHash,
  PASSWORD_DEMO_MESSAGE,
  PASSWORD_NAME_MESSAGE,
  PASSWORD_PLACE_MESSAGE,
  PASSWORD_PRODUCT_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
} from '../../../shared/auth/index.js';
import { users } from './auth.schema.js';
import { hashPassword } from './auth.service.js';
import { isStrongPassword } from './password-strength.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../env.js';
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
    expect(accounts).toHaveLength(ROLES.length);
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
    // Signed out by its holder: plainly signed out, with no reason to report.
    expect((await t.request({ url: '/api/auth/user', cookie })).json()).toEqual({ code: 'unauthorized', message: 'Unauthorized: please sign in' });
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
    const ended = await t.request({ url: '/api/auth/user', cookie });
    expect(ended.statusCode).toBe(401);
    // The sign-in page says why (issue 29 item 7), and keeps saying it for that cookie.
    expect(ended.json()).toEqual({ code: 'session_idle', message: 'Unauthorized: your session ended after a time without use. Please sign in again.' });
    expect((await t.request({ url: '/api/patients', cookie })).json()).toMatchObject({ code: 'session_idle' });
    t.clock.set(TEST_NOW);
  });

  it('moves a session\'s "last seen" in the same statement as the check, at most once a minute', async () => {
    t.clock.set(TEST_NOW);
    const cookie = sessionCookie(await login({ email: emailOf('nurse') }));
    const key = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    const lastSeen = async () => {
      const res = await t.database.db.execute(sql`select last_seen_at from sessions where token_hash = ${key}`);
      return new Date((res as unknown as { rows: { last_seen_at: string | Date }[] }).rows[0]!.last_seen_at).getTime();
    };
    t.clock.advance(50_000);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(TEST_NOW.getTime());
    t.clock.advance(20_000);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(TEST_NOW.getTime() + 70_000);
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
    const ended = await t.request({ url: '/api/auth/user', cookie });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_expired');
    t.clock.set(TEST_NOW);
  });

  it('signs out a deactivated account at once', async () => {
    const cookie = sessionCookie(await login({ email: emailOf('nutritionist') }));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, emailOf('nutritionist')));
    const ended = await t.request({ url: '/api/auth/user', cookie });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_deactivated');
    expect((await login({ email: emailOf('nutritionist') })).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, emailOf('nutritionist')));
  });
});

// Every page asks who is signed in as it starts (the client's current user, public/boot.js): signed out must be an
// answer, not an error the browser logs on every signed-out page (issue 33 item 3). GET /api/auth/user keeps its 401.
describe('GET /api/auth/session: who is signed in, for the page that starts', () => {
  it('answers 200 with no user when signed out, and with no user for a cookie that names no session', async () => {
    for (const cookie of [undefined, 'afya_session=not-a-session', `afya_session=${'x'.repeat(43)}`]) {
      const res = await t.request({ url: '/api/auth/session', cookie });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.json(), cookie).toEqual({ user: null });
    }
    expect((await t.request({ url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('answers the signed-in user exactly as GET /api/auth/user and a sign-in give it', async () => {
    const signedIn = await login({ email: emailOf('nurse') });
    const cookie = sessionCookie(signedIn);
    const res = await t.request({ url: '/api/auth/session', cookie });
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as { user: Record<string, unknown> };
    expect(user).toEqual((await t.request({ url: '/api/auth/user', cookie })).json());
    expect(user).toEqual(signedIn.json().user);
    expect(user).toMatchObject({ firstName: 'Mary', lastName: 'Achieng', role: 'nurse', mustChangePassword: false });
    expect(user.permissions).toContain('patients:read');
  });

  it('answers no user once the session has ended: signed out plainly after logging out, with the reason after 30 idle minutes', async () => {
    const out = sessionCookie(await login({ email: emailOf('nutritionist') }));
    await t.request({ url: '/api/logout', cookie: out });
    expect((await t.request({ url: '/api/auth/session', cookie: out })).json()).toEqual({ user: null });

    t.clock.set(TEST_NOW);
    const idle = sessionCookie(await login({ email: emailOf('nurse') }));
    t.clock.advance(31 * 60_000);
    const res = await t.request({ url: '/api/auth/session', cookie: idle });
    expect(res.statusCode).toBe(200);
    // The sign-in page says why (issue 29 item 7), as it did from GET /api/auth/user's 401.
    expect(res.json()).toEqual({ user: null, ended: 'idle' });
    expect((await t.request({ url: '/api/auth/user', cookie: idle })).json()).toMatchObject({ code: 'session_idle' });
    t.clock.set(TEST_NOW);
  });
});

describe('sign-in throttle: growing delays per account and address (issue 11 finding 5)', () => {
  /** A staff sign-in from a given address (a facility's NAT, an attacker's machine). */
  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) });

  it('an attacker hammering the facility in-charge\'s account from one address does not keep her out from her own', async () => {
    t.clock.set(TEST_NOW);
    const email = emailOf('facility_incharge');
    for (let i = 0; i < 40; i++) {
      const res = await signInFrom('203.0.113.7', email, `guess-${i}`);
      expect([401, 429]).toContain(res.statusCode);
    }
    expect((await signInFrom('203.0.113.7', email, `guess-again`)).statusCode).toBe(429);
    // At her facility, at once, with the right password.
    const ok = await signInFrom('198.51.100.20', email, DEMO_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
  });

  it('the same account and address waits the real remaining time (Retry-After), then the right password works', async () => {
    t.clock.set(TEST_NOW);
    const email = emailOf('pharmacist');
    for (let i = 0; i < 5; i++) expect((await signInFrom('203.0.113.8', email, `guess-${i}`)).statusCode).toBe(401);
    const limited = await signInFrom('203.0.113.8', email, DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.json().message).toBe('Too many sign-in attempts. Please wait 30 seconds and try again.');
    t.clock.advance(12_500);
    const later = await signInFrom('203.0.113.8', email, DEMO_PASSWORD);
    expect(later.statusCode).toBe(429);
    // 17.5 seconds left, rounded up.
    expect(later.headers['retry-after']).toBe('18');
    t.clock.advance(17_500);
    expect((await signInFrom('203.0.113.8', email, DEMO_PASSWORD)).statusCode).toBe(200);
    t.clock.set(TEST_NOW);
  });

  it('the waits grow: every further failure from the pair doubles the delay, up to the cap', async () => {
    t.clock.set(TEST_NOW);
    const email = emailOf('lab_technician');
    const ip = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect((await signInFrom(ip, email, `guess-${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await signInFrom(ip, email, 'still-guessing');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await signInFrom(ip, email, `guess-after-wait-${i}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    const refused = await signInFrom(ip, email, DEMO_PASSWORD);
    expect(refused.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    t.clock.set(TEST_NOW);
  });

  it('counts parallel guesses one by one: no more than 5 wrong passwords are checked before the first wait', async () => {
    t.clock.set(TEST_NOW);
    const email = emailOf('subcounty_medical_officer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: `parallel-${i}` } })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('starts a pair\'s count again after a successful sign-in', async () => {
    t.clock.set(TEST_NOW);
    const email = emailOf('nutritionist');
    const attempt = (password: string) => signInFrom('192.0.2.44', email, password);
    for (let i = 0; i < 5; i++) expect((await attempt(`typo-${i}`)).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(`typo-again-${i}`)).statusCode).toBe(401);
    t.clock.set(TEST_NOW);
  });

  it('a facility behind one address keeps signing in through a morning of typos by many of its staff', async () => {
    t.clock.set(TEST_NOW);
    const nat = '192.0.2.200';
    // Forty failed sign-ins over ten accounts (unknown emails and mistyped passwords) from the facility's NAT...
    for (let i = 0; i < 40; i++) {
      const res = await signInFrom(nat, `clinician${i % 10}@health.busiacounty.example`, `typo-${i}`);
      expect(res.statusCode).toBe(401);
    }
    // ...and the nurse, at the same facility, signs in.
    expect((await signInFrom(nat, emailOf('nurse'), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address that fails on many accounts (spraying), with the real remaining time', async () => {
    const ctx = await createTestContext({ config: { loginMaxFailuresPerIp: 3, loginIpWindowMinutes: 60 } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: `guess${i}@health.busiacounty.example` } });
        expect(res.statusCode).toBe(401);
        ctx.clock.advance(60_000);
      }
      const res = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } });
      expect(res.statusCode).toBe(429);
      // The first failure leaves the hour's window 57 minutes from now.
      expect(res.headers['retry-after']).toBe(String(57 * 60));
      ctx.clock.advance(57 * 60_000);
      expect((await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } })).statusCode).toBe(200);
      const [refusal] = await ctx.rows<{ detail: string }>(sql`select detail from audit_events where action = 'auth.login' and outcome = 'denied'`);
      expect(refusal?.detail).toBe(`throttled by address for ${57 * 60} s`);
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

describe('demo sessions end when demo mode is switched off (issue 11 finding 6)', () => {
  it('a demo-portal session made with demo mode on is refused (401) by the server restarted without it; a password session keeps working', async () => {
    const ctx = await createTestContext();
    // The same database, served again with demo mode off (an operator who tried the demo, then went live).
    const live = await buildApp({ db: ctx.database.db, config: testConfig({ demoMode: false }), now: () => ctx.clock.now });
    try {
      const director = sessionCookie(await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } }));
      const [staff] = await ctx.database.db.select().from(users).where(eq(users.isDemo, false)).limit(1);
      await ctx.database.db.update(users).set({ passwordHash: await hashPassword('Nambale-Clinic-2026') }).where(eq(users.id, staff!.id));
      const staffSession = sessionCookie(await ctx.request({ method: 'POST', url: '/api/auth/login', body: { email: staff!.email, password: 'Nambale-Clinic-2026' } }));
      // A demo account through the staff sign-in page with the published password is no better.
      const demoByPassword = sessionCookie(await ctx.request({ method: 'POST', url: '/api/auth/login', body: { email: emailOf('nurse'), password: DEMO_PASSWORD } }));
      expect((await ctx.request({ url: '/api/auth/user', cookie: director })).statusCode).toBe(200);

      const asLive = (cookie: string) => live.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect((await asLive(director)).statusCode).toBe(401);
      expect((await asLive(demoByPassword)).statusCode).toBe(401);
      const me = await asLive(staffSession);
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(staff!.email);
      const [marks] = await ctx.rows<{ demo: number; staff: number }>(
        sql`select count(*) filter (where via_demo)::int as demo, count(*) filter (where not via_demo)::int as staff from sessions`,
      );
      // The refused sessions are gone, not just ignored (the demo account's too); the staff member's remains.
      expect(marks).toEqual({ demo: 0, staff: 1 });
    } finally {
      await live.close();
      await ctx.close();
    }
  });
});

/**
 * The director adds a nurse at the referral hospital, a second director confirms her (issue 25 finding 1), and her
 * temporary password reaches her phone (the demo phone).
 */
async function addNurse(firstName: string, lastName: string, phoneNumber: string, email = `${firstName}.${lastName}@health.busiacounty.example`.toLowerCase()): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/api/staff',
    cookie: await t.loginAs('county_director'),
    body: { firstName, lastName, email, role: 'nurse', facilityId: 1, phoneNumber, nationalId: '', joinedAt: '2026-01-05' },
  });
  expect(created.statusCode).toBe(201);
  const requests = (await t.request({ url: '/api/staff/requests?status=pending', cookie: await t.loginAs('county_director') })).json() as { id: number; userId: number }[];
  const request = requests.find((r) => r.userId === created.json().staff.id)!;
  expect((await t.request({ method: 'POST', url: `/api/staff/requests/${request.id}/confirm`, cookie: await t.loginAt('county_director', 2) })).statusCode).toBe(200);
  const phone = (await t.request({ url: '/api/demo/phone' })).json() as { message: string }[];
  return /Temporary password: (\S+) /.exec(phone.find((m) => m.message.includes(` ${email} `))!.message)![1]!;
}

describe('choosing a password: guessable ones are refused (issue 11 finding 7)', () => {
  /** Jane Wanjiru joins the hospital: the director adds her, she signs in once with the temporary password. */
  async function janeSignedIn() {
    const temporaryPassword = await addNurse('Jane', 'Wanjiru', '0712 345 678');
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'jane.wanjiru@health.busiacounty.example', password: temporaryPassword } });
    expect(login.statusCode).toBe(200);
    return { cookie: sessionCookie(login), temporaryPassword, id: login.json().user.id as number };
  }

  it('refuses password12, 1234567890 and her own email\'s local part with 400 and the field message, then takes a strong passphrase', async () => {
    const { cookie, temporaryPassword, id } = await janeSignedIn();
    const change = (newPassword: string) => t.request({ method: 'POST', url: '/api/auth/password', cookie, body: { currentPassword: temporaryPassword, newPassword } });
    const refusals = { password12: WEAK_PASSWORD_MESSAGE, '1234567890': WEAK_PASSWORD_MESSAGE, 'jane.wanjiru': PASSWORD_NAME_MESSAGE, Wanjiru2026: PASSWORD_NAME_MESSAGE };
    for (const [guessable, message] of Object.entries(refusals)) {
      const res = await change(guessable);
      expect(res.statusCode, guessable).toBe(400);
      expect(res.json().issues, guessable).toEqual([{ path: 'newPassword', message }]);
    }
    // The refusals are in the trail, without the passwords; and they did not count as sign-in failures.
    const audited = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'auth.password.change' and user_id = ${id} and outcome = 'failure'`);
    expect(audited.map((r) => r.detail)).toEqual(Array(4).fill('new password too easy to guess'));
    expect(await t.rows(sql`select 1 from login_attempts where email = 'jane.wanjiru@health.busiacounty.example' and not success`)).toEqual([]);
    // The minimum length still comes first.
    expect(fieldErrors(await change('short')).newPassword).toBe('Password must be at least 10 characters');

    const ok = await change('sunrise over lake victoria');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.mustChangePassword).toBe(false);
    const again = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'jane.wanjiru@health.busiacounty.example', password: 'sunrise over lake victoria' } });
    expect(again.statusCode).toBe(200);
  });

  it('gives new accounts temporary passwords that pass the same rule, which refuses the published demo password to everyone', async () => {
    const issued = await addNurse('Otieno', 'Were', '0712 345 679');
    expect(await isStrongPassword(issued, { email: 'otieno.were@health.busiacounty.example', firstName: 'Otieno', lastName: 'Were' })).toBe(true);
    // The demo accounts keep it (they cannot change it: 403), and nobody else may choose it.
    for (const role of ROLES) expect(await isStrongPassword(DEMO_PASSWORD, { email: emailOf(role) }), role).toBe(false);
  });
});

describe("choosing a password: not one built on one's own name, the county's or the system's (issue 25 finding 6)", () => {
  /** A nurse is added and confirmed (addNurse); she signs in with her temporary password and must choose her own. */
  async function nurseSignedIn(firstName: string, lastName: string, email: string, phoneNumber: string) {
    const temporaryPassword = await addNurse(firstName, lastName, phoneNumber, email);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: temporaryPassword } });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    return (newPassword: string) => t.request({ method: 'POST', url: '/api/auth/password', cookie, body: { currentPassword: temporaryPassword, newPassword } });
  }

  it("refuses Mary Wanjiku's name, the county's, Kenya's and the demo password, each with its own message, and takes a passphrase", async () => {
    const change = await nurseSignedIn('Mary', 'Wanjiku', 'mary.wanjiku@health.busiacounty.example', '0712 345 681');
    const refused = {
      MaryWanjiku2026: PASSWORD_NAME_MESSAGE,
      'Mary Wanjiku 2026': PASSWORD_NAME_MESSAGE,
      marywanjiku2026: PASSWORD_NAME_MESSAGE,
      'Busia County 2026': PASSWORD_PLACE_MESSAGE,
      'Kenya@2026!': PASSWORD_PLACE_MESSAGE,
      'Matayos Clinic 2026': PASSWORD_PLACE_MESSAGE,
      'AfyaKaunti 2026!': PASSWORD_PRODUCT_MESSAGE,
      [DEMO_PASSWORD]: PASSWORD_DEMO_MESSAGE,
    };
    for (const [password, message] of Object.entries(refused)) {
      const res = await change(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ code: 'invalid_input', message, issues: [{ path: 'newPassword', message }] });
    }
    // Her name inside a passphrase that is strong without it is hers to choose.
    expect((await change('Wanjiku keeps green tractors')).statusCode).toBe(200);
  });

  it("refuses a nurse's own email local part, digits and all", async () => {
    const change = await nurseSignedIn('Achieng', 'Odhiambo', 'weak.probe98@health.busiacounty.example', '0712 345 682');
    const res = await change('weak.probe98');
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).newPassword).toBe(PASSWORD_NAME_MESSAGE);
    expect((await change('acacia river lamp kettle')).statusCode).toBe(200);
  });

  it('looks for names of three letters or more only: a two-letter name does not refuse every word that holds it', async () => {
    const change = await nurseSignedIn('Jo', 'Ng', 'jo.ng@health.busiacounty.example', '0712 345 683');
    // "singing ringing song" holds "ng" five times: taken out, "siiriiso" is guessable, yet the phrase is not hers.
    expect((await change('singing ringing song')).statusCode).toBe(200);
  });
});
