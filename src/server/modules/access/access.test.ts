import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GRANTS, PERMISSIONS, ROLES, type AccessMatrix, type AccessSession, type AccessUser } from '../../../shared/access/index.js';
import type { AuditEvent } from '../../../shared/audit/index.js';
import { createTestContext, fieldErrors, sessionCookie, type TestContext } from '../../test/helper.js';
import { hashPassword } from '../auth/index.js';

let t: TestContext;
let director: string;
let admin: string;
let nurse: string;
/** A member of staff who signs in with a password (not a demo account): the one whose access changes. */
let staff: { id: number; email: string; role: string; facilityId: number };
const PASSWORD = 'Matayos-Ward-2026!';

async function signIn(email = staff.email): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

const me = (cookie: string) => t.request({ url: '/api/auth/user', cookie });

beforeAll(async () => {
  t = await createTestContext();
  [director, admin, nurse] = await Promise.all([t.loginAs('county_director'), t.loginAs('admin'), t.loginAs('nurse')]);
  const [row] = await t.rows<{ id: number; email: string; role: string; facility_id: number }>(
    sql`select id, email, role, facility_id from users where not is_demo and is_active and role = 'nurse' order by id limit 1`,
  );
  staff = { id: row!.id, email: row!.email, role: row!.role, facilityId: row!.facility_id };
  // The account gets a password as its first sign-in would give it one (a test's own setup, straight in the database).
  await t.rows(sql`update users set password_hash = ${await hashPassword(PASSWORD)}, must_change_password = false where id = ${staff.id} returning id`);
});
afterAll(() => t.close());

describe('the role × permission matrix', () => {
  it('is the table the server enforces, for anyone signed in', async () => {
    const res = await t.request({ url: '/api/access/matrix', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const matrix = res.json() as AccessMatrix;
    expect(matrix.roles).toEqual([...ROLES]);
    expect(matrix.permissions.map((p) => p.permission)).toEqual([...PERMISSIONS]);
    expect(matrix.grants).toEqual(JSON.parse(JSON.stringify(GRANTS)));
    expect(matrix.permissions.find((p) => p.permission === 'appointments:override')?.module).toBe('appointments');
    expect(matrix.permissions.find((p) => p.permission === 'access:manage')?.module).toBe('access');
  });
});

describe('accounts', () => {
  it('are listed for the administrator and the director, with sessions and passkeys counted, never for a nurse', async () => {
    expect((await t.request({ url: '/api/access/users', cookie: nurse })).statusCode).toBe(403);
    const res = await t.request({ url: `/api/access/users?search=${encodeURIComponent(staff.email)}`, cookie: admin });
    expect(res.statusCode).toBe(200);
    const [row] = res.json() as AccessUser[];
    expect(res.headers['x-total-count']).toBe('1');
    expect(row).toMatchObject({ id: staff.id, role: 'nurse', isActive: true, isDemo: false, canChange: true, passkeys: 0 });
    const all = await t.request({ url: '/api/access/users?role=county_director&limit=5', cookie: director });
    const directors = all.json() as AccessUser[];
    expect(directors.length).toBeGreaterThan(0);
    expect(directors.every((u) => u.role === 'county_director')).toBe(true);
    // The director's own row: they cannot change their own access.
    expect(directors.find((u) => u.isDemo)?.canChange).toBe(false);
  });

  it('change role with a reason: audited, and the person is signed out to sign in to what they may now do', async () => {
    const cookie = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: director, body: { role: 'clinical_officer', reason: 'Qualified as a clinical officer' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: staff.id, role: 'clinical_officer', activeSessions: 0 });
    expect((await me(cookie)).statusCode).toBe(401);
    const again = await signIn();
    expect((await me(again)).json().role).toBe('clinical_officer');
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where action = 'access.change' and entity_id = ${String(staff.id)} order by id desc limit 1`);
    expect(event?.detail).toBe('role nurse -> clinical_officer; reason: Qualified as a clinical officer');
    // And back, so the other stories see a nurse.
    expect((await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: director, body: { role: 'nurse', reason: 'Back to nursing' } })).statusCode).toBe(200);
  });

  it('refuses without a reason, a change to nothing, an unknown facility, one’s own account, a demo account', async () => {
    const noReason = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: director, body: { role: 'nurse' } });
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason).reason).toBe('A reason is required');
    const nothing = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: director, body: { role: 'nurse', reason: 'No change' } });
    expect(nothing.statusCode).toBe(409);
    const facility = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: director, body: { facilityId: 999_999, reason: 'Transfer' } });
    expect(facility.statusCode).toBe(400);
    expect(fieldErrors(facility).facilityId).toBe('Facility not found');
    const [self] = await t.rows<{ id: number }>(sql`select id from users where email = (select email from users where role = 'county_director' and is_demo order by id limit 1)`);
    const own = await t.request({ method: 'PATCH', url: `/api/access/users/${self!.id}`, cookie: director, body: { isActive: false, reason: 'Leaving' } });
    expect(own.statusCode).toBe(403);
    const [demoNurse] = await t.rows<{ id: number }>(sql`select id from users where role = 'nurse' and is_demo order by id limit 1`);
    const demo = await t.request({ method: 'PATCH', url: `/api/access/users/${demoNurse!.id}`, cookie: director, body: { role: 'pharmacist', reason: 'Try' } });
    expect(demo.statusCode).toBe(409);
    expect(await t.count("audit_events where action = 'access.change' and outcome = 'success'")).toBe(2);
  });

  it('keeps the county’s officers to the director: the administrator may not give or change those roles', async () => {
    const give = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: admin, body: { role: 'county_director', reason: 'Promotion' } });
    expect(give.statusCode).toBe(400);
    expect(fieldErrors(give).role).toBe('Your role may not give the County Health Director role');
    const [scmo] = await t.rows<{ id: number }>(sql`select id from users where role = 'subcounty_medical_officer' and not is_demo order by id limit 1`);
    const change = await t.request({ method: 'PATCH', url: `/api/access/users/${scmo!.id}`, cookie: admin, body: { isActive: false, reason: 'Leave' } });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe('Forbidden: your role may not manage Sub-County Medical Officer accounts');
    // In Kiswahili, the cadres named as the shell names them (issue 30 item 8).
    const sw = { 'accept-language': 'sw' };
    const giveSw = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: admin, body: { role: 'county_director', reason: 'Promotion' }, headers: sw });
    expect(fieldErrors(giveSw).role).toBe('Jukumu lako haliruhusiwi kutoa jukumu la Mkurugenzi wa Afya wa Kaunti');
    const changeSw = await t.request({ method: 'PATCH', url: `/api/access/users/${scmo!.id}`, cookie: admin, body: { isActive: false, reason: 'Leave' }, headers: sw });
    expect(changeSw.json()).toMatchObject({
      code: 'forbidden',
      message: 'Hairuhusiwi: jukumu lako haliruhusiwi kusimamia akaunti za Afisa wa Matibabu wa Kaunti Ndogo',
      key: 'access.mayNotManage',
      facts: { role: 'subcounty_medical_officer' },
    });
  });

  it('deactivation signs the person out at once and keeps them out', async () => {
    const cookie = await signIn();
    const res = await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: admin, body: { isActive: false, reason: 'Left the county service' } });
    expect(res.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: staff.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect((await t.request({ method: 'PATCH', url: `/api/access/users/${staff.id}`, cookie: admin, body: { isActive: true, reason: 'Returned' } })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('are listed per user and a revoked one is signed out on its very next request', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    const list = await t.request({ url: `/api/access/users/${staff.id}/sessions`, cookie: admin });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as AccessSession[];
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.method === 'password' && s.userId === staff.id && !s.current)).toBe(true);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
    const newest = sessions[0]!;
    const revoke = await t.request({ method: 'DELETE', url: `/api/access/sessions/${newest.id}`, cookie: admin });
    expect(revoke.statusCode).toBe(200);
    const answers = [await me(phone), await me(laptop)];
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    // The revoked one is told why on the sign-in page.
    expect(answers.find((a) => a.statusCode === 401)!.json()).toEqual({ code: 'session_revoked', message: 'Unauthorized: an administrator ended your session. Please sign in again.' });
    expect((await t.request({ method: 'DELETE', url: `/api/access/sessions/${newest.id}`, cookie: admin })).statusCode).toBe(404);
    const [event] = await t.rows<{ entity_id: string; detail: string }>(sql`select entity_id, detail from audit_events where action = 'session.revoke' order by id desc limit 1`);
    expect(event).toEqual({ entity_id: String(staff.id), detail: `session ${newest.id}` });
  });

  it('a user’s own list marks the session they are using; a nurse may not list or revoke', async () => {
    const mine = await t.request({ url: '/api/auth/user', cookie: admin });
    const list = await t.request({ url: `/api/access/users/${mine.json().id}/sessions`, cookie: admin });
    expect((list.json() as AccessSession[]).some((s) => s.current)).toBe(true);
    expect((await t.request({ url: `/api/access/users/${staff.id}/sessions`, cookie: nurse })).statusCode).toBe(403);
    const target = (list.json() as AccessSession[])[0]!;
    expect((await t.request({ method: 'DELETE', url: `/api/access/sessions/${target.id}`, cookie: nurse })).statusCode).toBe(403);
  });
});

describe('passkeys', () => {
  it('are listed per user (never the key) and a manager revokes one at once; a second revoke is refused', async () => {
    // A passkey as an enrolment leaves it (the passkeys tests enrol real ones through a software authenticator).
    const [row] = await t.rows<{ id: number }>(
      sql`insert into passkeys (user_id, credential_id, public_key, counter, device_type, backed_up, name)
          values (${staff.id}, 'access-test-credential', '\\x0102'::bytea, 0, 'multiDevice', true, 'Lydia''s phone') returning id`,
    );
    const list = await t.request({ url: `/api/access/users/${staff.id}/passkeys`, cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: row!.id, name: "Lydia's phone", backedUp: true, revokedAt: null })]);
    expect(list.body).not.toContain('publicKey');
    expect((await t.request({ url: `/api/access/users?search=${encodeURIComponent(staff.email)}`, cookie: admin })).json()[0].passkeys).toBe(1);
    expect((await t.request({ method: 'POST', url: `/api/access/passkeys/${row!.id}/revoke`, cookie: nurse })).statusCode).toBe(403);
    const revoke = await t.request({ method: 'POST', url: `/api/access/passkeys/${row!.id}/revoke`, cookie: director });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const [stored] = await t.rows<{ revoked: boolean }>(sql`select revoked_at is not null as revoked from passkeys where id = ${row!.id}`);
    expect(stored?.revoked).toBe(true);
    expect((await t.request({ method: 'POST', url: `/api/access/passkeys/${row!.id}/revoke`, cookie: director })).statusCode).toBe(409);
    expect((await t.request({ url: `/api/access/users?search=${encodeURIComponent(staff.email)}`, cookie: admin })).json()[0].passkeys).toBe(0);
    expect(await t.count(`audit_events where action = 'passkey.revoke' and outcome = 'success'`)).toBe(1);
  });
});

describe('the audit trail', () => {
  it('filters by who, what, patient and dates', async () => {
    const [patient] = await t.rows<{ id: number }>(sql`select id from patients order by id desc limit 1`);
    expect((await t.request({ url: `/api/patients/${patient!.id}`, cookie: nurse })).statusCode).toBe(200);
    const nurseId = (await me(nurse)).json().id as number;
    const byPatient = await t.request({ url: `/api/audit-events?patientId=${patient!.id}`, cookie: director });
    expect(byPatient.statusCode).toBe(200);
    const events = byPatient.json() as AuditEvent[];
    expect(events.some((e) => e.action === 'patient.read' && e.userId === nurseId && e.entityId === String(patient!.id))).toBe(true);
    expect(events.every((e) => e.entityId === String(patient!.id) || (e.detail ?? '').includes(String(patient!.id)))).toBe(true);

    const byWho = (await t.request({ url: `/api/audit-events?userId=${nurseId}&action=patient.`, cookie: admin })).json() as AuditEvent[];
    expect(byWho.length).toBeGreaterThan(0);
    expect(byWho.every((e) => e.userId === nurseId && e.action.startsWith('patient.'))).toBe(true);

    const exact = (await t.request({ url: '/api/audit-events?action=access.change', cookie: admin })).json() as AuditEvent[];
    expect(exact.length).toBeGreaterThanOrEqual(4);
    expect(exact.every((e) => e.action === 'access.change')).toBe(true);

    const today = t.clock.now.toISOString().slice(0, 10);
    const none = await t.request({ url: '/api/audit-events?from=2001-01-01&to=2001-01-31', cookie: admin });
    expect(none.headers['x-total-count']).toBe('0');
    const backwards = await t.request({ url: `/api/audit-events?from=${today}&to=2001-01-01`, cookie: admin });
    expect(fieldErrors(backwards).to).toBe('The end date must not be before the start date');
    expect((await t.request({ url: '/api/audit-events', cookie: nurse })).statusCode).toBe(403);
  });
});
