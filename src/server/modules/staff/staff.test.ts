import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { ROLES } from '../../../shared/access/index.js';
import { createTestContext, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';
import { maskPhone } from './staff.service.js';

let t: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestContext({ config: { logLevel: 'info' }, logStream: { write: (l) => void logLines.push(l) } });
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; email: string; role: string; isActive: boolean; maskedPhone: string | null; canChangeStatus: boolean };

const today = countyDate(TEST_NOW);
let serial = 0;
function newStaff(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: 'Phanice',
    lastName: 'Makokha',
    email: `phanice.makokha${serial}@health.busiacounty.example`,
    role: 'nurse',
    facilityId: 5,
    phoneNumber: '0712 345 678',
    nationalId: '',
    joinedAt: addDays(today, -3),
    ...overrides,
  };
}

async function list(cookie: string, query = '') {
  const res = await t.request({ url: `/api/staff${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return { rows: res.json() as Row[], total: Number(res.headers['x-total-count']) };
}

async function create(role: (typeof ROLES)[number], body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/staff', cookie: await t.loginAs(role), body });
}

/** The first row of a query that always answers one (a count). */
async function one<T>(query: Parameters<TestContext['rows']>[0]): Promise<T> {
  const [row] = await t.rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

const passwordLogin = (email: string, password: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });

/** The temporary password the owner of `email` was last sent by SMS, read off the demo phone. */
async function passwordOnPhone(email: string): Promise<string> {
  const messages = (await t.request({ url: '/api/demo/phone' })).json() as { message: string }[];
  const found = /Temporary password: (\S+) /.exec(messages.find((m) => m.message.includes(` ${email} `))?.message ?? '');
  if (!found) throw new Error(`no temporary password for ${email} on the demo phone`);
  return found[1]!;
}

/**
 * A new account opened as the county does it (issue 25 finding 1): created by `by`, confirmed by a second director
 * when its role needs it, its temporary password read off its owner's phone.
 */
async function openAccount(by: (typeof ROLES)[number], body: Record<string, unknown>): Promise<{ staff: Row; temporaryPassword: string }> {
  const res = await create(by, body);
  expect(res.statusCode, res.body).toBe(201);
  const { staff, confirmation } = res.json() as { staff: Row; confirmation: string };
  if (confirmation === 'pending') {
    const requests = (await t.request({ url: '/api/staff/requests?status=pending&limit=200', cookie: await t.loginAs('county_director') })).json() as { id: number; userId: number }[];
    const request = requests.find((r) => r.userId === staff.id)!;
    const confirmed = await t.request({ method: 'POST', url: `/api/staff/requests/${request.id}/confirm`, cookie: await t.loginAt('county_director', 2) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { staff: (await list(await t.loginAs('admin'), `?search=${encodeURIComponent(String(body.email))}`)).rows[0]!, temporaryPassword: await passwordOnPhone(String(body.email).toLowerCase()) };
}

describe('the staff directory (any signed-in user)', () => {
  it('is 401 signed out, and lists every user for a nurse, with the total in X-Total-Count', async () => {
    expect((await t.request({ url: '/api/staff' })).statusCode).toBe(401);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from users`);
    const { rows, total } = await list(await t.loginAs('nurse'), '?limit=200');
    expect(total).toBe(n);
    expect(rows).toHaveLength(n);
    expect(rows[0]).toMatchObject({ facilityName: expect.any(String), facilityLevel: expect.any(Number), facilityLocation: expect.any(String) });
  });

  it('never carries a full phone number or a national ID, whoever asks', async () => {
    const phones = (await t.rows<{ phone: string; national_id: string }>(sql`select phone, national_id from users where phone is not null`)).flatMap((u) => [u.phone, u.national_id]);
    for (const role of ROLES) {
      const res = await t.request({ url: '/api/staff?limit=200', cookie: await t.loginAs(role) });
      const body = res.body;
      for (const secret of phones) expect(body).not.toContain(secret);
      for (const row of res.json() as Row[]) {
        expect(row).not.toHaveProperty('phone');
        expect(row).not.toHaveProperty('nationalId');
        expect(row).not.toHaveProperty('passwordHash');
        if (row.maskedPhone) expect(row.maskedPhone).toMatch(/^0\d{3} ••• \d{3}$/);
      }
    }
    const mary = (await list(await t.loginAs('nurse'), '?search=mary.achieng')).rows[0]!;
    expect(mary.maskedPhone).toBe('0721 ••• 904'); // +254721337904
  });

  it('masks Kenyan and foreign numbers alike', () => {
    expect(maskPhone('+254712345678')).toBe('0712 ••• 678');
    expect(maskPhone('+256772123456')).toBe('+256 ••• 456');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('12345')).toBe('•••');
  });

  it('searches first name, last name or email, case-insensitive (SPEC.md §5)', async () => {
    const cookie = await t.loginAs('nurse');
    const byFirst = await list(cookie, '?search=MARGARET');
    expect(byFirst.rows.map((r) => r.email)).toContain('margaret.nekesa@health.busiacounty.example');
    for (const r of byFirst.rows) expect(`${r.firstName} ${r.lastName} ${r.email}`.toLowerCase()).toContain('margaret');
    const byLast = await list(cookie, '?search=nEkEsA');
    expect(byLast.rows.every((r) => `${r.firstName} ${r.lastName} ${r.email}`.toLowerCase().includes('nekesa'))).toBe(true);
    expect(byLast.total).toBeGreaterThan(0);
    const byEmail = await list(cookie, '?search=david.omuse@');
    expect(byEmail.rows.map((r) => r.role)).toEqual(['admin']);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from users where first_name ilike '%an%' or last_name ilike '%an%' or email ilike '%an%'`);
    expect((await list(cookie, '?search=an')).total).toBe(n);
    expect((await list(cookie, '?search=zzzz-nobody')).total).toBe(0);
  });

  it('filters by facility, role and status, and pages', async () => {
    const cookie = await t.loginAs('clinical_officer');
    const { n: atOne } = await one<{ n: number }>(sql`select count(*)::int as n from users where facility_id = 1`);
    const facility = await list(cookie, '?facilityId=1&limit=200');
    expect(facility.total).toBe(atOne);
    expect(facility.rows.every((r) => r.facilityId === 1)).toBe(true);
    const nurses = await list(cookie, '?role=nurse&limit=200');
    const { n: nurseCount } = await one<{ n: number }>(sql`select count(*)::int as n from users where role = 'nurse'`);
    expect(nurses.total).toBe(nurseCount);
    expect(nurses.rows.every((r) => r.role === 'nurse')).toBe(true);
    // The role filter offers every role but the nutritionist; the list itself shows them.
    expect((await list(cookie, '?role=nutritionist')).total).toBeGreaterThan(0);
    const inactive = await list(cookie, '?status=inactive');
    expect(inactive.total).toBe(2);
    expect(inactive.rows.every((r) => !r.isActive)).toBe(true);
    const active = await list(cookie, '?status=active&role=all&facilityId=');
    expect(active.rows.every((r) => r.isActive)).toBe(true);
    const page1 = await list(cookie, '?limit=10&offset=0');
    const page2 = await list(cookie, '?limit=10&offset=10');
    expect(page1.rows).toHaveLength(10);
    expect(page2.rows.map((r) => r.id)).not.toContain(page1.rows[0]!.id);
    expect((await t.request({ url: '/api/staff?role=surgeon', cookie })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/staff?status=away', cookie })).statusCode).toBe(400);
  });

  it('tells each reader which accounts they may (de)activate: managers their roles, never themselves or demo accounts', async () => {
    const nurseView = await list(await t.loginAs('nurse'), '?limit=200');
    expect(nurseView.rows.some((r) => r.canChangeStatus)).toBe(false);
    const director = await list(await t.loginAs('county_director'), '?limit=200');
    const own = director.rows.find((r) => r.email === 'margaret.nekesa@health.busiacounty.example')!;
    expect(own.canChangeStatus).toBe(false);
    const demoEmails = new Set((await t.rows<{ email: string }>(sql`select email from users where is_demo`)).map((u) => u.email));
    expect(director.rows.filter((r) => demoEmails.has(r.email)).every((r) => !r.canChangeStatus)).toBe(true);
    expect(director.rows.filter((r) => !demoEmails.has(r.email)).every((r) => r.canChangeStatus)).toBe(true);
    const scmo = await list(await t.loginAs('subcounty_medical_officer'), '?limit=200&role=subcounty_medical_officer');
    expect(scmo.rows.every((r) => !r.canChangeStatus)).toBe(true);
  });
});

describe('the four cards', () => {
  it('count everyone, the active, medical officers, nurses and those on leave, as SQL does', async () => {
    const cookie = await t.loginAs('records_officer');
    for (const facilityId of [undefined, 1, 3]) {
      const res = await t.request({ url: `/api/staff/stats${facilityId ? `?facilityId=${facilityId}` : ''}`, cookie });
      expect(res.statusCode).toBe(200);
      const where = facilityId ? sql`where facility_id = ${facilityId}` : sql``;
      const [expected] = await t.rows<Record<string, number>>(sql`select count(*)::int as total,
        (count(*) filter (where is_active))::int as active,
        (count(*) filter (where role in ('clinical_officer', 'subcounty_medical_officer')))::int as "medicalOfficers",
        (count(*) filter (where role = 'nurse'))::int as nurses,
        (count(*) filter (where not is_active))::int as "onLeave" from users ${where}`);
      expect(res.json()).toEqual(expected);
    }
    const county = (await t.request({ url: '/api/staff/stats', cookie })).json();
    expect(county.onLeave).toBe(2);
    expect(county.active + county.onLeave).toBe(county.total);
  });
});

describe('Add Staff Member', () => {
  it('the county director adds a nurse: no password on screen; once confirmed, one by SMS, hashed, and audited', async () => {
    const body = newStaff({ email: 'Phanice.Wafula@Health.BusiaCounty.example', nationalId: '30123456' });
    const res = await create('county_director', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('temporaryPassword');
    expect(res.json()).toMatchObject({ confirmation: 'pending', sms: null, staff: { email: 'phanice.wafula@health.busiacounty.example', role: 'nurse', facilityId: 5, isActive: false, awaitingConfirmation: true, maskedPhone: '0712 ••• 678', joinedAt: body.joinedAt } });
    const { staff, temporaryPassword } = await openAccount('county_director', { ...body, email: 'phanice.wafula2@health.busiacounty.example', nationalId: '30123457' });
    expect(temporaryPassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
    expect(staff).toMatchObject({ role: 'nurse', isActive: true, awaitingConfirmation: false, awaitingFirstSignIn: true });
    const [row] = await t.rows<{ password_hash: string; must_change_password: boolean; phone: string; national_id: string; is_demo: boolean }>(
      sql`select password_hash, must_change_password, phone, national_id, is_demo from users where id = ${staff.id}`,
    );
    expect(row).toMatchObject({ must_change_password: true, phone: '+254712345678', national_id: '30123457', is_demo: false });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(temporaryPassword);
    const events = await t.rows<{ action: string; detail: string | null; user_id: number }>(sql`select action, detail, user_id from audit_events where entity = 'user' and entity_id = ${String(staff.id)}`);
    expect(events.map((e) => e.action)).toEqual(['staff.create', 'staff.request.confirm']);
    // Never written anywhere in plain text: not the audit trail, not the logs.
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from audit_events where detail like ${`%${temporaryPassword}%`}`);
    expect(n).toBe(0);
    expect(logLines.join('\n')).not.toContain(temporaryPassword);
    // Another password every time.
    const second = await openAccount('county_director', newStaff());
    expect(second.temporaryPassword).not.toBe(temporaryPassword);
  });

  it('refuses a known email (in any case) with 409 on the email field, and a known national ID', async () => {
    const dup = await create('county_director', newStaff({ email: 'MARY.ACHIENG@health.busiacounty.example' }));
    expect(dup.statusCode).toBe(409);
    expect(fieldErrors(dup).email).toBe('A staff member with this email already exists');
    const dupId = await create('county_director', newStaff({ nationalId: '29865102' }));
    expect(dupId.statusCode).toBe(409);
    expect(fieldErrors(dupId).nationalId).toBe('A staff member with this national ID already exists');
  });

  it('names each bad field (400)', async () => {
    const empty = await create('admin', {});
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toMatchObject({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Email is required',
      role: 'Please select a role',
      facilityId: 'Please select a facility',
      phoneNumber: 'Phone number is required',
      joinedAt: 'Join date is required',
    });
    const bad = await create('admin', newStaff({ email: 'not-an-email', role: 'surgeon', phoneNumber: 'call me', nationalId: '12ab', joinedAt: '2026-02-30' }));
    expect(fieldErrors(bad)).toMatchObject({
      email: 'Enter a valid email address',
      role: 'Please select a role',
      phoneNumber: 'Phone number must be a valid phone number',
      nationalId: 'National ID must be 7 to 10 digits',
      joinedAt: 'Enter a real date',
    });
    const later = await create('admin', newStaff({ joinedAt: addDays(today, 1), facilityId: 999 }));
    expect(later.statusCode).toBe(400);
    expect(fieldErrors(later)).toEqual({ facilityId: 'Unknown Facility', joinedAt: 'Join date cannot be in the future' });
  });

  it('is 403 for roles without staff:manage', async () => {
    for (const role of ['nurse', 'clinical_officer', 'facility_incharge', 'records_officer'] as const) {
      const res = await create(role, newStaff());
      expect(res.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: '/api/staff', body: newStaff() })).statusCode).toBe(401);
  });

  it('follows the role rule: the director creates any role, the administrator not the county officers, a sub-county MO facility roles only', async () => {
    expect((await create('county_director', newStaff({ role: 'county_director' }))).statusCode).toBe(201);
    expect((await create('county_director', newStaff({ role: 'subcounty_medical_officer' }))).statusCode).toBe(201);
    for (const role of ['county_director', 'subcounty_medical_officer']) {
      const res = await create('admin', newStaff({ role }));
      expect(res.statusCode).toBe(403);
      expect(fieldErrors(res).role).toMatch(/^Forbidden: your role may not create .+ accounts$/);
    }
    expect((await create('admin', newStaff({ role: 'admin' }))).statusCode).toBe(201);
    expect((await create('admin', newStaff({ role: 'pharmacist' }))).statusCode).toBe(201);
    // The sub-county medical officer of Teso South, at Alupe (facility 3), in his sub-county.
    for (const role of ['admin', 'subcounty_medical_officer', 'county_director']) {
      expect((await create('subcounty_medical_officer', newStaff({ role, facilityId: 3 }))).statusCode).toBe(403);
    }
    expect((await create('subcounty_medical_officer', newStaff({ role: 'facility_incharge', facilityId: 3 }))).statusCode).toBe(201);
    // Beyond his sub-county he manages no one: Khunyangu (facility 5) is in Butula.
    const elsewhere = await create('subcounty_medical_officer', newStaff({ role: 'nurse', facilityId: 5 }));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'out_of_scope', message: 'Forbidden: you may do this only within your own sub-county' });
  });
});

describe('first sign-in with a temporary password', () => {
  it('signs in once with it, must choose a new one before anything else, and then only the new one works', async () => {
    const body = newStaff({ role: 'nurse', facilityId: 1 });
    const { staff, temporaryPassword } = await openAccount('county_director', body);
    const login = await passwordLogin(body.email, temporaryPassword);
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: staff.id, mustChangePassword: true });
    const cookie = sessionCookie(login);
    const other = sessionCookie(await passwordLogin(body.email, temporaryPassword));
    expect((await t.request({ url: '/api/auth/user', cookie })).json().mustChangePassword).toBe(true);
    const blocked = await t.request({ url: '/api/patients', cookie });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'password_change_required' });
    expect((await t.request({ url: '/api/staff', cookie })).statusCode).toBe(403);

    const change = (b: unknown) => t.request({ method: 'POST', url: '/api/auth/password', cookie, body: b });
    const wrong = await change({ currentPassword: 'not-the-temporary', newPassword: 'Mayenje-Ward-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong).currentPassword).toBe('Current password is incorrect');
    const same = await change({ currentPassword: temporaryPassword, newPassword: temporaryPassword });
    expect(fieldErrors(same).newPassword).toBe('Choose a password different from the current one');
    const short = await change({ currentPassword: temporaryPassword, newPassword: 'short' });
    expect(fieldErrors(short).newPassword).toBe('Password must be at least 10 characters');
    const ok = await change({ currentPassword: temporaryPassword, newPassword: 'Mayenje-Ward-2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: staff.id, mustChangePassword: false });

    // This session goes on and reaches the nurse's screens; the other one has ended.
    expect((await t.request({ url: '/api/patients', cookie })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/auth/user', cookie: other })).statusCode).toBe(401);
    // The temporary password worked for its first sign-in only; now only the new one does.
    expect((await passwordLogin(body.email, temporaryPassword)).statusCode).toBe(401);
    const again = await passwordLogin(body.email, 'Mayenje-Ward-2026');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.mustChangePassword).toBe(false);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'auth.password.change' and user_id = ${staff.id} and outcome = 'success'`);
    expect(n).toBe(1);
  });

  it('never flags a demo account, and demo accounts keep the published password', async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from users where is_demo and must_change_password`);
    expect(n).toBe(0);
    const cookie = await t.loginAs('pharmacist');
    expect((await t.request({ url: '/api/auth/user', cookie })).json().mustChangePassword).toBe(false);
    const res = await t.request({ method: 'POST', url: '/api/auth/password', cookie, body: { currentPassword: 'AfyaDemo#2026', newPassword: 'Something-New-2026' } });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/auth/password', body: { currentPassword: 'x', newPassword: 'y' } })).statusCode).toBe(401);
  });
});

describe('deactivating and reactivating', () => {
  async function signedInNewNurse() {
    const body = newStaff({ role: 'nurse', facilityId: 2 });
    const { staff, temporaryPassword } = await openAccount('county_director', body);
    const cookie = sessionCookie(await passwordLogin(body.email, temporaryPassword));
    await t.request({ method: 'POST', url: '/api/auth/password', cookie, body: { currentPassword: temporaryPassword, newPassword: 'Port-Victoria-2026' } });
    return { staff, email: body.email, cookie };
  }
  const patch = async (role: (typeof ROLES)[number], id: number, isActive: unknown) =>
    t.request({ method: 'PATCH', url: `/api/staff/${id}/status`, cookie: await t.loginAs(role), body: { isActive } });

  it('deactivation signs the person out at once and counts them On Leave; reactivation lets them sign in again', async () => {
    const { staff, email, cookie } = await signedInNewNurse();
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(200);
    const before = (await t.request({ url: '/api/staff/stats', cookie })).json();
    const res = await patch('county_director', staff.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: staff.id, isActive: false });
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${staff.id}`);
    expect(n).toBe(0);
    expect((await t.request({ url: '/api/auth/user', cookie })).statusCode).toBe(401);
    expect((await passwordLogin(email, 'Port-Victoria-2026')).statusCode).toBe(401);
    const after = (await t.request({ url: '/api/staff/stats', cookie: await t.loginAs('nurse') })).json();
    expect(after.onLeave).toBe(before.onLeave + 1);
    expect(after.active).toBe(before.active - 1);

    expect((await patch('admin', staff.id, true)).json()).toMatchObject({ isActive: true });
    expect((await passwordLogin(email, 'Port-Victoria-2026')).statusCode).toBe(200);
    const actions = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'user' and entity_id = ${String(staff.id)} and action like 'staff.%' order by id`);
    expect(actions.map((a) => a.action)).toEqual(['staff.create', 'staff.request.confirm', 'staff.deactivate', 'staff.reactivate']);
  });

  it('refuses oneself, other roles\' accounts, demo accounts, roles without staff:manage and unknown ids', async () => {
    const [director] = await t.rows<{ id: number }>(sql`select id from users where email = 'margaret.nekesa@health.busiacounty.example'`);
    const self = await patch('county_director', director!.id, false);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('Forbidden: you cannot change the status of your own account');
    const [staffAdmin] = await t.rows<{ id: number }>(sql`select id from users where role = 'admin' and not is_demo limit 1`);
    expect((await patch('subcounty_medical_officer', staffAdmin!.id, false)).statusCode).toBe(403);
    const [nurseDemo] = await t.rows<{ id: number }>(sql`select id from users where email = 'mary.achieng@health.busiacounty.example'`);
    expect((await patch('county_director', nurseDemo!.id, false)).statusCode).toBe(409);
    const [plainNurse] = await t.rows<{ id: number }>(sql`select id from users where role = 'nurse' and not is_demo and is_active limit 1`);
    expect((await patch('nurse', plainNurse!.id, false)).statusCode).toBe(403);
    expect((await patch('county_director', plainNurse!.id, 'no')).statusCode).toBe(400);
    expect((await patch('county_director', 999_999, false)).statusCode).toBe(404);
    const { active } = await one<{ active: boolean }>(sql`select is_active as active from users where id = ${plainNurse!.id}`);
    expect(active).toBe(true);
  });
});

describe('the duty roster', () => {
  it('shows the next 7 days by default, of active staff, as the table holds it', async () => {
    const cookie = await t.loginAs('nurse');
    const res = await t.request({ url: '/api/staff/shifts', cookie });
    expect(res.statusCode).toBe(200);
    const shifts = res.json() as { userId: number; shiftDate: string; shift: string; facilityId: number; facilityName: string }[];
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from staff_shifts s join users u on u.id = s.user_id where u.is_active and s.shift_date between ${today} and ${addDays(today, 6)}`,
    );
    expect(shifts).toHaveLength(n);
    expect(n).toBeGreaterThan(0);
    expect(new Set(shifts.map((s) => s.shiftDate))).toEqual(new Set(Array.from({ length: 7 }, (_, i) => addDays(today, i))));
    expect(shifts.every((s) => ['day', 'night', 'on_call'].includes(s.shift))).toBe(true);
    // One shift per person per day, and every facility with rostered staff has a day shift every day.
    expect(new Set(shifts.map((s) => `${s.userId}:${s.shiftDate}`)).size).toBe(shifts.length);
    const atOne = shifts.filter((s) => s.facilityId === 1);
    for (let i = 0; i < 7; i++) expect(atOne.some((s) => s.shiftDate === addDays(today, i) && s.shift === 'day')).toBe(true);
  });

  it('filters by facility and dates, and refuses a reversed or too long range', async () => {
    const cookie = await t.loginAs('admin');
    const past = (await t.request({ url: `/api/staff/shifts?facilityId=1&from=${addDays(today, -7)}&to=${addDays(today, -1)}`, cookie })).json() as { facilityId: number; shiftDate: string }[];
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((s) => s.facilityId === 1 && s.shiftDate < today)).toBe(true);
    const reversed = await t.request({ url: `/api/staff/shifts?from=${today}&to=${addDays(today, -1)}`, cookie });
    expect(reversed.statusCode).toBe(400);
    const long = await t.request({ url: `/api/staff/shifts?from=${today}&to=${addDays(today, 40)}`, cookie });
    expect(fieldErrors(long).to).toBe('A roster covers at most 31 days');
    expect(long.json().issues.find((i: { path: string }) => i.path === 'to')).toMatchObject({ key: 'staff.rosterMax', facts: { max: 31 } });
    expect((await t.request({ url: '/api/staff/shifts' })).statusCode).toBe(401);
  });

  it('leaves staff on leave off the roster', async () => {
    const [rostered] = await t.rows<{ id: number }>(
      sql`select u.id from users u join staff_shifts s on s.user_id = u.id where u.is_active and not u.is_demo and s.shift_date = ${today} order by u.id limit 1`,
    );
    const onDuty = async () =>
      ((await t.request({ url: '/api/staff/shifts', cookie: await t.loginAs('nurse') })).json() as { userId: number }[]).some((s) => s.userId === rostered!.id);
    expect(await onDuty()).toBe(true);
    const director = await t.loginAs('county_director');
    expect((await t.request({ method: 'PATCH', url: `/api/staff/${rostered!.id}/status`, cookie: director, body: { isActive: false } })).statusCode).toBe(200);
    expect(await onDuty()).toBe(false);
    await t.request({ method: 'PATCH', url: `/api/staff/${rostered!.id}/status`, cookie: director, body: { isActive: true } });
    expect(await onDuty()).toBe(true);
  });
});
