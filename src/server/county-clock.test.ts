// The server's own clock decides what "the future" is (issue 10, item 2): the shared contracts are built with the
// clock the app is given (AppDeps.now), not the machine's Date.now(). A nurse's clock is set far from the real
// date both ways, so a contract still reading the machine's time fails one direction or the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, countyDate, countyInstant } from '../shared/county-time.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, type TestContext } from './test/helper.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The nurse at the county referral hospital, signed in at the clock's time. */
async function nurseAt(at: Date): Promise<string> {
  t.clock.set(at);
  return sessionCookie(await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } }));
}

const patient = (dateOfBirth: string, nationalId: string) => ({
  nationalId,
  firstName: 'Akinyi',
  lastName: 'Wafula',
  dateOfBirth,
  gender: 'female',
  facilityId: 1,
});

describe('the county clock the server is given', () => {
  it('refuses a date of birth after its today, and takes one before, wherever the real calendar is', async () => {
    const in2000 = countyInstant('2000-01-01', 9, 0);
    const cookie = await nurseAt(in2000);
    const tomorrow = addDays(countyDate(in2000), 1);
    const refused = await t.request({ method: 'POST', url: '/api/patients', cookie, body: patient(tomorrow, '31000001') });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toMatchObject({ dateOfBirth: 'Date of birth cannot be in the future' });

    // In 2100 a child born on the last day of 2099 is a baby, not a patient from the future.
    const cookieLater = await nurseAt(countyInstant('2100-01-01', 9, 0));
    const born = await t.request({ method: 'POST', url: '/api/patients', cookie: cookieLater, body: patient('2099-12-31', '31000002') });
    expect(born.statusCode, born.body).toBe(201);
  });

  it('takes a back-dated visit up to its own today, even when the machine has not reached that day', async () => {
    const cookie = await nurseAt(countyInstant('2100-01-01', 9, 0));
    const visit = (visitDate: string) => t.request({ method: 'POST', url: '/api/medical-records', cookie, body: { patientId: 12, facilityId: 1, chiefComplaint: 'Fever', visitDate } });
    const kept = await visit('2099-12-31');
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ visitDate: countyInstant('2099-12-31', 12).toISOString() });
    const refused = await visit('2100-01-02');
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toMatchObject({ visitDate: 'Visit date cannot be in the future' });
  });
});
