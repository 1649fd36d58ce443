// Passkeys (domain/REPORTING.md §Passkeys), end to end through the API with a software authenticator that makes
// real WebAuthn answers (src/server/test/soft-authenticator.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSKEY_EXPIRED_MESSAGE, PASSKEY_REVOKED_MESSAGE } from '../../../shared/auth/index.js';
import { createTestContext, emailOf, sessionCookie, type TestContext } from '../../test/helper.js';
import { softAuthenticator, type SoftAuthenticator } from '../../test/soft-authenticator.js';
import { listPasskeys, revokePasskey } from './index.js';
import { clientAddress, MAX_OPEN_CHALLENGES } from './passkeys.service.js';
import { hashPassword } from './auth.service.js';

// The tests' server is Fastify's inject, which the browser reaches as http://localhost (port 80: env.ts testConfig).
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';
const browser = { host: 'localhost', origin: ORIGIN };

/** Unfinished passkey sign-ins one address may hold (PASSKEY_CHALLENGES_PER_IP), small here to flood quickly. */
const PER_ADDRESS = 12;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { passkeyChallengesPerIp: PER_ADDRESS } });
});
afterAll(() => t.close());

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: 'POST', url, body, cookie, headers: browser });

let staffCount = 0;
/** A member of staff who is not a demo account (their "biometric enabled" marker follows their passkeys). */
async function newStaff(): Promise<{ id: number; cookie: string }> {
  const email = `passkey.staff.${++staffCount}@demo.afyakaunti.example`;
  await t.asOwner(sql`insert into users (email, first_name, last_name, role, facility_id, is_active, is_demo)
    values (${email}, 'Wanjiru', 'Otieno', 'nurse', 1, true, true)`);
  const res = await t.request({ method: 'POST', url: '/api/demo/login', body: { email } });
  expect(res.statusCode).toBe(200);
  const [user] = await t.rows<{ id: number }>(sql`update users set is_demo = false where email = ${email} returning id`);
  return { id: user!.id, cookie: sessionCookie(res) };
}

async function enrol(cookie: string, name = 'My phone', synced = false): Promise<{ auth: SoftAuthenticator; passkey: { id: number } }> {
  const auth = softAuthenticator({ origin: ORIGIN, rpID: RP_ID, synced });
  const options = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, cookie)).json() as Options;
  const res = await post('/api/auth/passkeys/register/verify', { name, response: auth.register(options) }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return { auth, passkey: res.json() as { id: number } };
}

async function signIn(auth: SoftAuthenticator, behave: Parameters<SoftAuthenticator['authenticate']>[1] = {}) {
  const options = await post('/api/auth/passkeys/login/options', { mediation: 'modal' });
  expect(options.statusCode).toBe(200);
  return post('/api/auth/passkeys/login/verify', { response: auth.authenticate(options.json() as Options, behave) });
}

const auditCount = async (action: string, entityId: number | null, outcome = 'success') =>
  (
    await t.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = ${action} and outcome = ${outcome} and (${entityId}::text is null or entity_id = ${entityId}::text)`,
    )
  )[0]!.n;

describe('enrolling a passkey', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/auth/passkeys/register/options', { name: 'My phone' })).statusCode).toBe(401);
    const auth = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    const response = auth.register({ challenge: 'abc', rp: { id: RP_ID }, user: { id: 'dXNlcg' } });
    expect((await post('/api/auth/passkeys/register/verify', { name: 'x', response })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/auth/passkeys' })).statusCode).toBe(401);
  });

  it('asks for a discoverable passkey with user verification, keeps it without its key, and marks the account', async () => {
    const staff = await newStaff();
    const res = await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie);
    expect(res.statusCode).toBe(200);
    const options = res.json() as Record<string, unknown> & Options;
    expect(options.rp).toEqual({ name: 'AfyaKaunti', id: RP_ID });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    const stored = await t.rows<{ purpose: string; user_id: number; expires_at: Date }>(sql`select * from webauthn_challenges where challenge = ${options.challenge}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'register', user_id: staff.id });
    expect(new Date(stored[0]!.expires_at).getTime() - t.clock.now.getTime()).toBe(5 * 60_000);

    const auth = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    const done = await post('/api/auth/passkeys/register/verify', { name: '  My phone ', response: auth.register(options) }, staff.cookie);
    expect(done.statusCode, done.body).toBe(201);
    const passkey = done.json() as Record<string, unknown>;
    expect(Object.keys(passkey).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'id', 'lastUsedAt', 'name', 'revokedAt']);
    expect(passkey).toMatchObject({ name: 'My phone', deviceType: 'singleDevice', backedUp: false, lastUsedAt: null, revokedAt: null });
    const [row] = await t.rows<{ credential_id: string; counter: number; transports: string[]; has_biometric: boolean }>(
      sql`select p.credential_id, p.counter, p.transports, u.has_biometric from passkeys p join users u on u.id = p.user_id where p.id = ${passkey.id as number}`,
    );
    expect(row).toMatchObject({ credential_id: auth.credentialId, transports: ['internal'], has_biometric: true });
    expect(Number(row!.counter)).toBe(0);
    expect(await auditCount('passkey.enrol', passkey.id as number)).toBe(1);

    // The next enrolment leaves out the passkey this device already holds.
    const again = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as { excludeCredentials: { id: string }[] };
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([auth.credentialId]);

    const list = await t.request({ url: '/api/auth/passkeys', cookie: staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).not.toContain('publicKey');
  });

  it('refuses a passkey whose device did not verify the person (no UV flag)', async () => {
    const staff = await newStaff();
    const auth = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    const options = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as Options;
    const res = await post('/api/auth/passkeys/register/verify', { name: 'No PIN', response: auth.register(options, { userVerified: false }) }, staff.cookie);
    expect(res.statusCode).toBe(400);
    expect((await t.rows(sql`select 1 from passkeys where user_id = ${staff.id}`)).length).toBe(0);
    expect(await auditCount('passkey.enrol', null, 'failure')).toBeGreaterThan(0);
  });

  it('uses a challenge once, only for its own user, and only for 5 minutes', async () => {
    const staff = await newStaff();
    const other = await newStaff();
    const options = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as Options;
    // Another user cannot answer it.
    const stranger = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    const stolen = await post('/api/auth/passkeys/register/verify', { name: 'x', response: stranger.register(options) }, other.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(PASSKEY_EXPIRED_MESSAGE);

    const fresh = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as Options;
    const auth = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    const response = auth.register(fresh);
    expect((await post('/api/auth/passkeys/register/verify', { name: 'Once', response }, staff.cookie)).statusCode).toBe(201);
    const replay = await post('/api/auth/passkeys/register/verify', { name: 'Twice', response }, staff.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSKEY_EXPIRED_MESSAGE);

    const late = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as Options;
    t.clock.advance(5 * 60_000);
    const res = await post('/api/auth/passkeys/register/verify', { name: 'Late', response: softAuthenticator({ origin: ORIGIN, rpID: RP_ID }).register(late) }, staff.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_EXPIRED_MESSAGE);
    // Expired challenges are swept when the next one is made.
    await post('/api/auth/passkeys/login/options', { mediation: 'modal' });
    expect(await t.rows(sql`select 1 from webauthn_challenges where expires_at <= ${t.clock.now.toISOString()}::timestamptz`)).toHaveLength(0);
  });

  it('refuses an answer made for another site', async () => {
    const staff = await newStaff();
    const auth = softAuthenticator({ origin: 'https://evil.example', rpID: 'evil.example' });
    const options = (await post('/api/auth/passkeys/register/options', { name: 'My phone' }, staff.cookie)).json() as Options;
    const res = await post('/api/auth/passkeys/register/verify', { name: 'x', response: auth.register({ ...options, rp: { id: 'evil.example' } }) }, staff.cookie);
    expect(res.statusCode).toBe(400);
    // A browser on another site is refused before anything is made.
    const foreign = await t.request({ method: 'POST', url: '/api/auth/passkeys/login/options', body: { mediation: 'modal' }, headers: { ...browser, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('offers no account (discoverable), signs the person in with a passkey session, and audits it', async () => {
    const staff = await newStaff();
    const { auth, passkey } = await enrol(staff.cookie);
    const options = await post('/api/auth/passkeys/login/options', { mediation: 'modal' });
    expect(options.json()).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [] });
    const [challenge] = await t.rows<{ purpose: string; user_id: number | null }>(sql`select * from webauthn_challenges where challenge = ${(options.json() as Options).challenge}`);
    expect(challenge).toMatchObject({ purpose: 'authenticate', user_id: null });

    const res = await post('/api/auth/passkeys/login/verify', { response: auth.authenticate(options.json() as Options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: staff.id, firstName: 'Wanjiru' });
    const cookie = sessionCookie(res);
    expect((await t.request({ url: '/api/auth/user', cookie })).json()).toMatchObject({ id: staff.id });
    const sessions = await t.rows<{ method: string; via_demo: boolean }>(sql`select method, via_demo from sessions where user_id = ${staff.id} order by id desc limit 1`);
    expect(sessions[0]).toEqual({ method: 'passkey', via_demo: false });
    expect(await auditCount('passkey.use', passkey.id)).toBe(1);
    const [used] = await t.rows<{ last_used_at: Date | null }>(sql`select last_used_at from passkeys where id = ${passkey.id}`);
    expect(new Date(used!.last_used_at!).getTime()).toBe(t.clock.now.getTime());
  });

  it('uses a sign-in challenge once and for 5 minutes', async () => {
    const staff = await newStaff();
    const { auth } = await enrol(staff.cookie);
    const options = (await post('/api/auth/passkeys/login/options', { mediation: 'modal' })).json() as Options;
    const response = auth.authenticate(options);
    expect((await post('/api/auth/passkeys/login/verify', { response })).statusCode).toBe(200);
    const replays = await auditCount('passkey.use', null, 'failure');
    const replay = await post('/api/auth/passkeys/login/verify', { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSKEY_EXPIRED_MESSAGE);
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(await auditCount('passkey.use', null, 'failure')).toBe(replays + 1);

    const late = (await post('/api/auth/passkeys/login/options', { mediation: 'modal' })).json() as Options;
    t.clock.advance(5 * 60_000 - 1000);
    const stillOk = (await post('/api/auth/passkeys/login/options', { mediation: 'modal' })).json() as Options;
    expect((await post('/api/auth/passkeys/login/verify', { response: auth.authenticate(stillOk) })).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await post('/api/auth/passkeys/login/verify', { response: auth.authenticate(late) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_EXPIRED_MESSAGE);
  });

  it('refuses a device that did not verify the person', async () => {
    const staff = await newStaff();
    const { auth, passkey } = await enrol(staff.cookie);
    const res = await signIn(auth, { userVerified: false });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await auditCount('passkey.use', passkey.id, 'failure')).toBe(1);
  });

  it('accepts a synced passkey whose counter stays 0, again and again', async () => {
    const staff = await newStaff();
    const { auth, passkey } = await enrol(staff.cookie, 'Synced phone', true);
    const [row] = await t.rows<{ device_type: string; backed_up: boolean }>(sql`select device_type, backed_up from passkeys where id = ${passkey.id}`);
    expect(row).toEqual({ device_type: 'multiDevice', backed_up: true });
    for (let i = 0; i < 3; i++) expect((await signIn(auth, { counter: 0 })).statusCode).toBe(200);
    expect(await auditCount('passkey.use', passkey.id)).toBe(3);
  });

  it('refuses a counter that goes down (or stays) from a non-zero value, and audits it', async () => {
    const staff = await newStaff();
    const { auth, passkey } = await enrol(staff.cookie);
    expect((await signIn(auth, { counter: 5 })).statusCode).toBe(200);
    expect((await signIn(auth, { counter: 6 })).statusCode).toBe(200);
    for (const counter of [3, 6, 0]) {
      const res = await signIn(auth, { counter });
      expect(res.statusCode).toBe(401);
    }
    const [row] = await t.rows<{ counter: string }>(sql`select counter from passkeys where id = ${passkey.id}`);
    expect(Number(row!.counter)).toBe(6);
    const failures = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'passkey.use' and outcome = 'failure' and entity_id = ${String(passkey.id)}`);
    expect(failures.map((f) => f.detail)).toEqual(Array(3).fill('counter went down (a copied passkey?)'));
  });

  it('refuses an unknown passkey and a deactivated account', async () => {
    const stranger = softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
    expect((await signIn(stranger)).statusCode).toBe(401);

    const staff = await newStaff();
    const { auth, passkey } = await enrol(staff.cookie);
    await t.asOwner(sql`update users set is_active = false where id = ${staff.id}`);
    const res = await signIn(auth);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized: Invalid credentials');
    expect(await auditCount('passkey.use', passkey.id, 'failure')).toBe(1);
  });

  it('counts failures against the sign-in throttle of the address', async () => {
    const before = await t.rows<{ n: number }>(sql`select count(*)::int as n from login_attempts where not success`);
    await signIn(softAuthenticator({ origin: ORIGIN, rpID: RP_ID }));
    const after = await t.rows<{ n: number }>(sql`select count(*)::int as n from login_attempts where not success`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('refuses new sign-in challenges (429) while the store holds its ceiling of open ones', async () => {
    const [{ n: open }] = (await t.rows<{ n: number }>(
      sql`select count(*)::int as n from webauthn_challenges where purpose = 'authenticate' and expires_at > ${t.clock.now.toISOString()}::timestamptz`,
    )) as [{ n: number }];
    await t.asOwner(sql`insert into webauthn_challenges (challenge, purpose, expires_at)
      select 'flood-' || g, 'authenticate', ${new Date(t.clock.now.getTime() + 60_000).toISOString()}::timestamptz
      from generate_series(1, ${MAX_OPEN_CHALLENGES - open}) g`);
    const refused = await post('/api/auth/passkeys/login/options', { mediation: 'modal' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many passkey sign-ins are in progress\. Please wait \d+ (second|minute)s? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.asOwner(sql`delete from webauthn_challenges where challenge like 'flood-%'`);
    expect((await post('/api/auth/passkeys/login/options', { mediation: 'modal' })).statusCode).toBe(200);
  });
});

describe('a flood of passkey sign-ins from one address (issue 25 finding 4)', () => {
  /** login/options as a browser at `address` asks for it. */
  const optionsFrom = (address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/login/options',
      remoteAddress: address,
      headers: { ...browser, 'content-type': 'application/json' },
      payload: JSON.stringify({ mediation: 'modal' }),
    });

  it('refuses the flooding address with 429 and the real wait, while a nurse elsewhere still signs in with her passkey', async () => {
    const staff = await newStaff();
    const { auth } = await enrol(staff.cookie);
    // Someone on the internet asks for challenges and never answers them, as fast as the server will take them.
    const flooder = '203.0.113.66';
    const answers = await Promise.all(Array.from({ length: PER_ADDRESS + 20 }, () => optionsFrom(flooder)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PER_ADDRESS);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(20);
    // The first of its challenges runs out 5 minutes after it was made: that is when it may ask again.
    expect(refused[0]!.headers['retry-after']).toBe('300');
    expect(refused[0]!.json().message).toBe('Too many passkey sign-ins from this address. Please wait 5 minutes and try again.');

    // The nurse at the facility, from her own address, is not held up by it.
    const options = await optionsFrom('198.51.100.20');
    expect(options.statusCode, options.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/login/verify',
      remoteAddress: '198.51.100.20',
      headers: { ...browser, 'content-type': 'application/json' },
      payload: JSON.stringify({ response: auth.authenticate(options.json() as Options) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: staff.id });

    // The flooder's challenges expire, and with them its wait.
    t.clock.advance(5 * 60_000);
    expect((await optionsFrom(flooder)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, where one machine holds countless addresses', async () => {
    for (let i = 1; i <= PER_ADDRESS; i++) expect((await optionsFrom(`2001:db8:25:4::${i.toString(16)}`)).statusCode).toBe(200);
    expect((await optionsFrom('2001:db8:25:4:ffff::1')).statusCode).toBe(429);
    expect((await optionsFrom('2001:db8:25:5::1')).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    expect(['::ffff:203.0.113.9', '2001:0db8:0:0:1::2', '2001:db8::', '::1', 'fe80::1%eth0'].map(clientAddress)).toEqual([
      '203.0.113.9',
      '2001:db8:0:0::/64',
      '2001:db8:0:0::/64',
      '0:0:0:0::/64',
      'fe80:0:0:0::/64',
    ]);
  });
});

describe('revoking a passkey', () => {
  it('stops it at once, keeps who and when, audits it, and clears the marker when none is left', async () => {
    const staff = await newStaff();
    const first = await enrol(staff.cookie, 'Laptop');
    const second = await enrol(staff.cookie, 'Phone');
    const res = await t.request({ method: 'DELETE', url: `/api/auth/passkeys/${first.passkey.id}`, cookie: staff.cookie, headers: browser });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revokedAt).toBe(t.clock.now.toISOString());
    const revoked = await signIn(first.auth);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(PASSKEY_REVOKED_MESSAGE);
    expect(await auditCount('passkey.revoke', first.passkey.id)).toBe(1);
    expect((await t.rows<{ has_biometric: boolean }>(sql`select has_biometric from users where id = ${staff.id}`))[0]!.has_biometric).toBe(true);
    const signedIn = await signIn(second.auth);
    expect(signedIn.statusCode).toBe(200);
    const phoneSession = sessionCookie(signedIn);

    // Twice: a conflict. Someone else's: not found.
    expect((await t.request({ method: 'DELETE', url: `/api/auth/passkeys/${first.passkey.id}`, cookie: staff.cookie, headers: browser })).statusCode).toBe(409);
    const other = await newStaff();
    expect((await t.request({ method: 'DELETE', url: `/api/auth/passkeys/${second.passkey.id}`, cookie: other.cookie, headers: browser })).statusCode).toBe(404);

    // Access Control's revoke (the exported function): the same code, the admin as who revoked it.
    const [admin] = await t.rows<{ id: number }>(sql`select id from users where email = ${emailOf('county_director')}`);
    const done = await revokePasskey(t.database.db, { passkeyId: second.passkey.id, by: admin!.id, now: t.clock.now });
    expect(done.revokedAt).not.toBeNull();
    // Revoked by someone else (a lost phone): the account's passkey sessions end at once; its password-less demo
    // session (how the test signed it in) stays.
    expect((await t.request({ url: '/api/auth/user', cookie: phoneSession })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/auth/user', cookie: staff.cookie })).statusCode).toBe(200);
    const [row] = await t.rows<{ revoked_by: number; has_biometric: boolean }>(
      sql`select p.revoked_by, u.has_biometric from passkeys p join users u on u.id = p.user_id where p.id = ${second.passkey.id}`,
    );
    expect(row).toEqual({ revoked_by: admin!.id, has_biometric: false });
    const [event] = await t.rows<{ user_id: number; detail: string }>(sql`select user_id, detail from audit_events where action = 'passkey.revoke' and entity_id = ${String(second.passkey.id)}`);
    expect(event).toEqual({ user_id: admin!.id, detail: `passkey of user ${staff.id}; 1 passkey sessions ended` });
    expect((await signIn(second.auth)).json().message).toBe(PASSKEY_REVOKED_MESSAGE);

    const listed = await listPasskeys(t.database.db, staff.id);
    expect(listed.map((p) => [p.name, p.revokedAt !== null])).toEqual([
      ['Phone', true],
      ['Laptop', true],
    ]);
  });
});

describe('a demo account', () => {
  it("keeps the demo portal's fingerprint and face device when its last passkey is revoked, and only that", async () => {
    const withDevice = await t.loginAs('nurse');
    const without = await t.loginAs('records_officer');
    for (const [cookie, seeded] of [
      [withDevice, true],
      [without, false],
    ] as const) {
      const { passkey } = await enrol(cookie);
      const [marked] = await t.rows<{ has_biometric: boolean }>(sql`select u.has_biometric from users u join passkeys p on p.user_id = u.id where p.id = ${passkey.id}`);
      expect(marked!.has_biometric).toBe(true);
      expect((await t.request({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, cookie, headers: browser })).statusCode).toBe(200);
      const [after] = await t.rows<{ has_biometric: boolean }>(sql`select u.has_biometric from users u join passkeys p on p.user_id = u.id where p.id = ${passkey.id}`);
      expect(after!.has_biometric).toBe(seeded);
    }
  });
});

describe('how a session was made', () => {
  it('records demo for the demo portal', async () => {
    const cookie = await t.loginAs('nurse');
    expect(cookie).toBeTruthy();
    const [row] = await t.rows<{ method: string }>(sql`select s.method from sessions s join users u on u.id = s.user_id where u.email = ${emailOf('nurse')} order by s.id desc limit 1`);
    expect(row!.method).toBe('demo');
  });

  it('records password for a password sign-in', async () => {
    const email = 'passkey.password@county.example';
    const passwordHash = await hashPassword('a long enough password');
    await t.asOwner(sql`insert into users (email, first_name, last_name, role, facility_id, password_hash) values (${email}, 'Achieng', 'Mwangi', 'nurse', 1, ${passwordHash})`);
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: 'a long enough password' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.rows<{ method: string }>(sql`select s.method from sessions s join users u on u.id = s.user_id where u.email = ${email}`);
    expect(row!.method).toBe('password');
  });
});
