// The employee register through the API (issue 27 item 1): an employee is not an account, every change is a version
// from a date with who and why, reads are the payroll roles' only and each is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Department, Employee, EmployeeDetail } from '../../../shared/payroll/index.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let officer: string;
let departments: Department[];
beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  officer = await t.loginAs('payroll_officer');
  departments = (await t.request({ url: '/api/payroll/departments', cookie: officer })).json() as Department[];
});
afterAll(() => t.close());

const nursing = () => departments.find((d) => d.name === 'Nursing')!.id;
let serial = 0;
const cleaner = (over: Record<string, unknown> = {}) => ({
  personalNumber: `2026/${String(++serial).padStart(4, '0')}`,
  nationalId: '23456789',
  firstName: 'Rose',
  lastName: 'Nafula',
  facilityId: 1,
  departmentId: departments.find((d) => d.name === 'Administration')!.id,
  cadre: 'Cleaner',
  jobGroup: 'B',
  terms: 'casual',
  hiredOn: '2025-01-06',
  pensionScheme: 'none',
  payMethod: 'mpesa',
  mpesaPhone: '0712 345 678',
  ...over,
});
const add = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/payroll/employees', cookie, body });
const change = (id: number, body: unknown) => t.request({ method: 'PATCH', url: `/api/payroll/employees/${id}`, cookie: officer, body });
const lastAudit = async (action: string) => (await t.rows<{ detail: string | null; entity_id: string | null }>(sql`select detail, entity_id from audit_events where action = ${action} order by id desc limit 1`))[0];

describe('the departments', () => {
  it('are the spec’s six to begin with, and the county may add one (once)', async () => {
    expect(departments.map((d) => d.name).sort()).toEqual(['Administration', 'Clinical', 'Laboratory', 'Medical', 'Nursing', 'Pharmacy']);
    const added = await t.request({ method: 'POST', url: '/api/payroll/departments', cookie: officer, body: { name: 'Community Health' } });
    expect(added.statusCode).toBe(201);
    const again = await t.request({ method: 'POST', url: '/api/payroll/departments', cookie: officer, body: { name: 'community health' } });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ name: 'This department is already on the list' });
  });
});

describe('adding an employee', () => {
  it('puts a casual cleaner who never signs in on the register, paid by M-Pesa, from her date of hire; audited', async () => {
    const res = await add(cleaner());
    expect(res.statusCode).toBe(201);
    const e = res.json() as EmployeeDetail;
    expect(e).toMatchObject({
      firstName: 'Rose',
      facilityName: 'Busia County Referral Hospital',
      departmentName: 'Administration',
      terms: 'casual',
      pensionScheme: 'none',
      contractedOut: false,
      helbMonthly: 0,
      payMethod: 'mpesa',
      mpesaPhone: '+254712345678',
      userId: null,
      effectiveFrom: '2025-01-06',
    });
    expect(e.history).toHaveLength(1);
    expect(e.history[0]).toMatchObject({ effectiveFrom: '2025-01-06', reason: 'Added to the register', changedBy: 'Caroline Nanjala' });
    expect(await lastAudit('payroll.employee.create')).toMatchObject({ entity_id: String(e.id) });
  });

  it('links an employee to her sign-in account, and refuses to link one account to a second employee', async () => {
    // The demo county's staff are on the register already, each linked to their account: Mary Achieng among them.
    const [mary] = await t.rows<{ id: number }>(sql`select id from users where email like 'mary.achieng@%'`);
    const linked = (await t.request({ url: '/api/payroll/employees?search=achieng&limit=200', cookie: officer })).json() as Employee[];
    expect(linked.filter((e) => e.userId === mary!.id).map((e) => [e.firstName, e.lastName, e.cadre])).toEqual([['Mary', 'Achieng', 'Nursing Officer']]);
    // A new nurse's account, not on the register yet.
    await t.loginAt('nurse', 5);
    const [fresh] = await t.rows<{ id: number }>(sql`select id from users where email = 'nurse.at.5@health.busiacounty.example'`);
    const nurse = cleaner({ firstName: 'Lilian', lastName: 'Awino', facilityId: 5, departmentId: nursing(), cadre: 'Nursing Officer', jobGroup: 'K', terms: 'permanent', pensionScheme: 'lapfund', userId: fresh!.id, payMethod: 'bank', bankCode: '01', bankBranch: '094', bankAccount: '1100223344', mpesaPhone: '' });
    const res = await add(nurse);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: fresh!.id, bankAccount: '1100223344', mpesaPhone: null });
    const twice = await add({ ...nurse, personalNumber: 'X/2026/1', userId: mary!.id });
    expect(twice.statusCode).toBe(409);
    expect(fieldErrors(twice)).toEqual({ userId: 'This account is already linked to another employee' });
  });

  it('says what is wrong with each field, the rules across fields included, and writes nothing', async () => {
    const before = await t.count('payroll_employees');
    const res = await add(cleaner({ kraPin: 'A12345', shaNumber: 'CR123', nationalId: '12', payMethod: 'bank', mpesaPhone: '', disabilityCertificate: 'KRA/DIS/2025/11', exitedOn: '2024-12-31', terms: 'temporary' }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      kraPin: 'KRA PIN is a letter A or P, nine digits and a letter (A123456789B)',
      shaNumber: 'SHA number is CR, 13 digits, a dash and a check digit (CR0680969605010-6)',
      nationalId: 'National ID is 6 to 9 digits',
      terms: 'Terms of service are required',
    });
    const crossed = await add(cleaner({ payMethod: 'bank', mpesaPhone: '', disabilityCertificate: 'KRA/DIS/2025/11', exitedOn: '2024-12-31' }));
    expect(fieldErrors(crossed)).toEqual({
      bankCode: 'Bank code is required for pay by bank',
      bankBranch: 'Branch code is required for pay by bank',
      bankAccount: 'Account number is required for pay by bank',
      disabilityExpiresOn: 'Give the certificate’s expiry date',
      exitedOn: 'Date of exit cannot be before the date of hire',
    });
    const unknown = await add(cleaner({ facilityId: 99_999, departmentId: 99_999 }));
    expect(fieldErrors(unknown)).toEqual({ facilityId: 'Unknown Facility', departmentId: 'Unknown department' });
    const number = cleaner();
    expect((await add(number)).statusCode).toBe(201);
    const duplicate = await add({ ...number, firstName: 'Someone Else' });
    expect(duplicate.statusCode).toBe(409);
    expect(fieldErrors(duplicate)).toEqual({ personalNumber: 'This personal number is already on the register' });
    expect(await t.count('payroll_employees')).toBe(before + 1);
  });
});

describe('changing an employee', () => {
  it('keeps each change as a version from its date with who and why; a future one shows only from its date', async () => {
    const e = (await add(cleaner({ terms: 'contract', jobGroup: 'D' }))).json() as EmployeeDetail;
    // Promoted from April (TEST_NOW is 16 March 2026): today she is still in D.
    const res = await change(e.id, { effectiveFrom: '2026-04-01', reason: 'Promoted after interview', jobGroup: 'F', helbMonthly: 1500 });
    expect(res.statusCode).toBe(200);
    const now = res.json() as EmployeeDetail;
    expect([now.jobGroup, now.helbMonthly, now.effectiveFrom]).toEqual(['D', 0, '2025-01-06']);
    expect(now.upcoming).toEqual([
      expect.objectContaining({
        effectiveFrom: '2026-04-01',
        reason: 'Promoted after interview',
        changedBy: 'Caroline Nanjala',
        changes: [
          { field: 'jobGroup', from: 'D', to: 'F' },
          { field: 'helbMonthly', from: 0, to: 1500 },
        ],
      }),
    ]);
    expect((await lastAudit('payroll.employee.change'))?.detail).toBe('from 2026-04-01: jobGroup, helbMonthly');

    t.clock.set(new Date('2026-04-02T06:00:00Z'));
    try {
      // A session of its own in April (the officer's stays in March, where the other tests are).
      const signedIn = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } });
      const april = (await t.request({ url: `/api/payroll/employees/${e.id}`, cookie: sessionCookie(signedIn) })).json() as EmployeeDetail;
      expect([april.jobGroup, april.helbMonthly, april.effectiveFrom]).toEqual(['F', 1500, '2026-04-01']);
      expect(april.history.map((h) => h.effectiveFrom)).toEqual(['2026-04-01', '2025-01-06']);
      expect(april.upcoming).toEqual([]);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('refuses a change before this month, one before the last, one that changes nothing, and an unknown field', async () => {
    const e = (await add(cleaner())).json() as EmployeeDetail;
    const past = await change(e.id, { effectiveFrom: '2026-02-01', reason: 'Late', jobGroup: 'C' });
    expect(fieldErrors(past)).toEqual({ effectiveFrom: 'A change cannot apply before this month: pay already worked out stays as it was (pay the difference as arrears)' });
    expect((await change(e.id, { effectiveFrom: '2026-05-01', reason: 'Transfer', facilityId: 3 })).statusCode).toBe(200);
    const before = await change(e.id, { effectiveFrom: '2026-04-01', reason: 'Raise', jobGroup: 'C' });
    expect(before.statusCode).toBe(409);
    expect(fieldErrors(before)).toEqual({ effectiveFrom: 'Must be on or after 2026-05-01, the last change' });
    expect(before.json().message).toBe('A change from 2026-05-01 is already recorded: a new one applies on or after it');
    // A Kiswahili reader (the API client sends the language on screen) reads the refusal and its field in Kiswahili.
    const beforeSw = await t.request({ method: 'PATCH', url: `/api/payroll/employees/${e.id}`, cookie: officer, body: { effectiveFrom: '2026-04-01', reason: 'Raise', jobGroup: 'C' }, headers: { 'accept-language': 'sw' } });
    expect(beforeSw.statusCode).toBe(409);
    expect(beforeSw.json()).toMatchObject({ message: 'Mabadiliko ya kuanzia 2026-05-01 tayari yameandikwa: mapya yaanze tarehe hiyo au baadaye', key: 'payroll.changeRecorded', facts: { date: '2026-05-01' } });
    expect(fieldErrors(beforeSw)).toEqual({ effectiveFrom: 'Lazima iwe 2026-05-01 au baadaye, tarehe ya mabadiliko ya mwisho' });
    expect(beforeSw.json().issues[0]).toMatchObject({ key: 'payroll.changeOnOrAfter', facts: { date: '2026-05-01' } });
    // On the last change's own date it corrects it: both are kept, the correction is the one in force.
    const corrected = await change(e.id, { effectiveFrom: '2026-05-01', reason: 'Transfer to facility 4, not 3', facilityId: 4 });
    expect(corrected.statusCode).toBe(200);
    expect((corrected.json() as EmployeeDetail).upcoming.map((u) => [u.effectiveFrom, u.reason])).toEqual([
      ['2026-05-01', 'Transfer'],
      ['2026-05-01', 'Transfer to facility 4, not 3'],
    ]);
    t.clock.set(new Date('2026-05-02T06:00:00Z'));
    try {
      const signedIn = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('payroll_officer') } });
      expect(((await t.request({ url: `/api/payroll/employees/${e.id}`, cookie: sessionCookie(signedIn) })).json() as EmployeeDetail).facilityId).toBe(4);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const same = await change(e.id, { effectiveFrom: '2026-06-01', reason: 'No-op', facilityId: 4 });
    expect(fieldErrors(same)).toEqual({ effectiveFrom: 'Nothing changes: change at least one field' });
    const stray = await change(e.id, { effectiveFrom: '2026-06-01', reason: 'x', salary: 1 });
    expect(stray.statusCode).toBe(400);
    expect((await change(2_147_483_647, { effectiveFrom: '2026-06-01', reason: 'x', jobGroup: 'C' })).statusCode).toBe(404);
  });
});

describe('reading the register', () => {
  it('searches by name, personal number or national ID and filters by department and terms, each list read audited', async () => {
    await add(cleaner({ firstName: 'Everlyne', lastName: 'Lunani-Khaemba', nationalId: '19415926', departmentId: nursing(), terms: 'locum' }));
    const res = await t.request({ url: '/api/payroll/employees?search=LUNANI', cookie: officer });
    expect(res.statusCode).toBe(200);
    const found = res.json() as Employee[];
    expect(found.map((e) => e.lastName)).toEqual(['Lunani-Khaemba']);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await lastAudit('payroll.employee.list'))?.detail).toBe(`1 of 1; employees ${found[0]!.id}`);
    const byId = (await t.request({ url: '/api/payroll/employees?search=19415926', cookie: officer })).json() as Employee[];
    expect(byId.map((e) => e.id)).toEqual([found[0]!.id]);
    const locums = (await t.request({ url: `/api/payroll/employees?terms=locum&departmentId=${nursing()}&limit=200`, cookie: officer })).json() as Employee[];
    expect(locums.length).toBeGreaterThan(0);
    expect(locums.every((e) => e.terms === 'locum' && e.departmentName === 'Nursing')).toBe(true);
    expect((await t.request({ url: '/api/payroll/employees?terms=permanentt', cookie: officer })).statusCode).toBe(400);
  });

  it('is the payroll roles’ only: a nurse, the in-charge and the system administrator get 403 on every route, a stranger 401', async () => {
    const e = (await add(cleaner())).json() as EmployeeDetail;
    const routes = [
      { method: 'GET', url: '/api/payroll/employees' },
      { method: 'GET', url: `/api/payroll/employees/${e.id}` },
      { method: 'POST', url: '/api/payroll/employees', body: cleaner() },
      { method: 'PATCH', url: `/api/payroll/employees/${e.id}`, body: { effectiveFrom: '2026-06-01', reason: 'x', jobGroup: 'C' } },
      { method: 'GET', url: '/api/payroll/departments' },
      { method: 'POST', url: '/api/payroll/departments', body: { name: 'Stores' } },
    ] as const;
    for (const role of ['nurse', 'facility_incharge', 'admin'] as const) {
      const cookie = await t.loginAs(role);
      for (const r of routes) expect((await t.request({ ...r, cookie })).statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
    }
    for (const r of routes) expect((await t.request({ ...r })).statusCode).toBe(401);
    // The director reads the register (and each read is audited) but does not keep it: the payroll officer does.
    const director = await t.loginAs('county_director');
    expect((await t.request({ url: `/api/payroll/employees/${e.id}`, cookie: director })).statusCode).toBe(200);
    expect(await lastAudit('payroll.employee.read')).toMatchObject({ entity_id: String(e.id) });
    expect((await add(cleaner(), director)).statusCode).toBe(403);
  });
});

describe('the demo county’s register', () => {
  it('holds a county health workforce: about 1,800 people, hundreds at the referral hospital, a few at a dispensary, every account linked', async () => {
    const [shape] = await t.rows<{ total: number; referral: number; smallest: number; largest_dispensary: number; helb: number; disability: number; expired: number; no_pin: number; casual: number; unlinked_accounts: number }>(sql`
      with current as (select distinct on (employee_id) * from payroll_employee_versions where effective_from <= '2026-03-16' order by employee_id, effective_from desc),
           per as (select f.id, f.level, count(c.*)::int as n from facilities f left join current c on c.facility_id = f.id group by f.id, f.level)
      select (select count(*)::int from current) as total,
             (select n from per where id = 1) as referral,
             (select min(n) from per) as smallest,
             (select max(n) from per where level = 2) as largest_dispensary,
             (select count(*)::int from current where helb_monthly > 0) as helb,
             (select count(*)::int from current where disability_certificate is not null) as disability,
             (select count(*)::int from current where disability_expires_on < '2026-03-16') as expired,
             (select count(*)::int from current where kra_pin is null) as no_pin,
             (select count(*)::int from current where terms = 'casual') as casual,
             (select count(*)::int from users u where u.facility_id is not null and u.email not like '%.at.%' and not exists (select 1 from current c where c.user_id = u.id)) as unlinked_accounts`);
    expect(shape!.total).toBeGreaterThan(1_500);
    expect(shape!.total).toBeLessThan(2_200);
    expect(shape!.referral).toBeGreaterThan(300);
    expect(shape!.smallest).toBeGreaterThanOrEqual(1);
    expect(shape!.largest_dispensary).toBeLessThanOrEqual(8);
    expect(shape!.helb).toBeGreaterThan(50);
    expect(shape!.disability).toBeGreaterThan(3);
    expect(shape!.expired).toBeGreaterThan(0);
    expect(shape!.no_pin).toBeGreaterThan(0);
    expect(shape!.casual).toBeGreaterThan(20);
    expect(shape!.unlinked_accounts).toBe(0);
  });
});
