// Issue 25, finding 9: dates at the edges of the calendar. A report for the month 0000-01 answered 500, an appointment
// on 9999-12-31 was booked, and a journal dated 0001-01-01 was told its "financial year 0/01" closed on 1-06-07-31.
// Every date, month and date filter the API takes now keeps one window (src/shared/validation.ts: the years 1900 to
// 2100), each field with its own words where it has a tighter rule; outside it the answer is 400 under that field.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../shared/access/index.js';
import { DATE_WINDOW_MESSAGE, inDateWindow, isRealDate, MONTH_WINDOW_MESSAGE } from '../shared/validation.js';
import { createTestContext, fieldErrors, type TestContext } from './test/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const journal = (date: string) => ({
  date,
  description: 'Electricity for February',
  lines: [
    { accountCode: '5210', debit: 1000, fund: 'fif' },
    { accountCode: '1120', credit: 1000, fund: 'fif' },
  ],
});

type Probe = { who: Role; method?: 'GET' | 'POST'; url: string; body?: unknown; field: string; message: string };

/** Each probe and the field and words it is refused with (TEST_NOW is 2026-03-16). */
const PROBES: Probe[] = [
  // The finding's own four.
  { who: 'county_director', method: 'POST', url: '/api/reports', body: { report: 'moh705a', facilityId: 1, period: '0000-01' }, field: 'period', message: MONTH_WINDOW_MESSAGE },
  { who: 'records_officer', method: 'POST', url: '/api/appointments', body: { patientId: 30, facilityId: 1, serviceId: 1, date: '9999-12-31' }, field: 'date', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', method: 'POST', url: '/api/accounting/journals', body: journal('0001-01-01'), field: 'date', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', method: 'POST', url: '/api/accounting/journals/1/reverse', body: { date: '9999-12-31', reason: 'Posted twice' }, field: 'date', message: DATE_WINDOW_MESSAGE },
  // Writes whose fields have tighter rules of their own keep their own words.
  { who: 'records_officer', method: 'POST', url: '/api/patients', body: { firstName: 'Akinyi', lastName: 'Wafula', dateOfBirth: '1899-12-31', gender: 'female', facilityId: 1 }, field: 'dateOfBirth', message: 'Date of birth must be after 1900' },
  { who: 'records_officer', method: 'POST', url: '/api/patients', body: { firstName: 'Akinyi', lastName: 'Wafula', dateOfBirth: '9999-01-01', gender: 'female', facilityId: 1 }, field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
  { who: 'clinical_officer', method: 'POST', url: '/api/medical-records', body: { patientId: 23, facilityId: 1, chiefComplaint: 'Cough', visitDate: '0001-01-01' }, field: 'visitDate', message: 'Visit date cannot be more than 10 years ago' },
  { who: 'clinical_officer', method: 'POST', url: '/api/medical-records', body: { patientId: 23, facilityId: 1, chiefComplaint: 'Cough', followUpDate: '9999-12-31' }, field: 'followUpDate', message: 'Follow-up date must be within 2 years of the visit' },
  { who: 'county_director', method: 'POST', url: '/api/staff', body: { joinedAt: '1899-01-01' }, field: 'joinedAt', message: 'Join date must be after 1963' },
  { who: 'records_officer', method: 'POST', url: '/api/billing', body: { patientId: 23, serviceType: 'consultation', amount: 500, paymentMethod: 'cash', dueDate: '2101-01-01' }, field: 'dueDate', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', method: 'POST', url: '/api/reports', body: { report: 'patient-demographics', facilityId: 1, startDate: '0001-01-01', endDate: '2026-03-01' }, field: 'startDate', message: DATE_WINDOW_MESSAGE },
  // Filters: each answered 500 or quietly searched the year 0.
  { who: 'records_officer', url: '/api/appointments?from=0000-01-01', field: 'from', message: DATE_WINDOW_MESSAGE },
  { who: 'records_officer', url: '/api/appointments/calendar?from=9999-12-31', field: 'from', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/accounting/journals?from=0000-01-01', field: 'from', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/accounting/trial-balance?to=0001-01-01', field: 'to', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/accounting/balance-sheet?to=0000-01-01', field: 'to', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/accounting/summary?to=0000-01-01', field: 'to', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/reports?period=custom&startDate=0000-01-01&endDate=2026-03-01', field: 'startDate', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/reports/stats?period=custom&startDate=0001-01-01&endDate=2026-03-01', field: 'startDate', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/audit-events?from=0000-01-01', field: 'from', message: DATE_WINDOW_MESSAGE },
  { who: 'county_director', url: '/api/staff/shifts?from=0000-01-01', field: 'from', message: DATE_WINDOW_MESSAGE },
];

describe('dates outside the years 1900 to 2100', () => {
  it.each(PROBES.map((p) => [`${p.method ?? 'GET'} ${p.url.replace(/\?.*/, '')} ${p.field}`, p] as const))('%s: 400 with the field’s own message', async (_name, p) => {
    const res = await t.request({ method: p.method ?? 'GET', url: p.url, cookie: await t.loginAs(p.who), body: p.body });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)[p.field]).toBe(p.message);
  });

  it('a journal dated just inside the window is told which financial year closed, in years people write', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: await t.loginAs('county_director'), body: journal('1900-01-01') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The financial year 1899/00 closed for adjustments on 1900-07-31: date the journal in 2025/26');
  });
});

/** Any YYYY-MM-DD shaped text, real or not, from year 0 to 9999, weighted to the window's edges. */
const anyDate = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })),
  fc.tuple(fc.constantFrom(0, 1, 1899, 1900, 2100, 2101, 9999), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })),
).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** Representative routes, each taking the date in one field. */
const ROUTES: { name: string; who: Role; field: string; send: (date: string, cookie: string) => ReturnType<TestContext['request']> }[] = [
  { name: 'the appointments list', who: 'records_officer', field: 'from', send: (d, cookie) => t.request({ url: `/api/appointments?from=${d}`, cookie }) },
  { name: 'the trial balance', who: 'county_director', field: 'to', send: (d, cookie) => t.request({ url: `/api/accounting/trial-balance?to=${d}`, cookie }) },
  { name: 'the reports’ figures', who: 'county_director', field: 'startDate', send: (d, cookie) => t.request({ url: `/api/reports/stats?period=custom&startDate=${d}&endDate=2026-03-16`, cookie }) },
  { name: 'the audit trail', who: 'county_director', field: 'to', send: (d, cookie) => t.request({ url: `/api/audit-events?from=1900-01-01&to=${d}`, cookie }) },
  {
    name: 'booking an appointment',
    who: 'records_officer',
    field: 'date',
    send: (d, cookie) => t.request({ method: 'POST', url: '/api/appointments', cookie, body: { patientId: 31, facilityId: 1, serviceId: 2, date: d } }),
  },
];

describe('any date on a few representative routes', () => {
  it.each(ROUTES.map((r) => [r.name, r] as const))('%s: never a 500; a real date outside the window is 400 under its field', async (_name, route) => {
    const cookie = await t.loginAs(route.who);
    await fc.assert(
      fc.asyncProperty(anyDate, async (date) => {
        const res = await route.send(date, cookie);
        expect(res.statusCode, `${date}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (isRealDate(date) && !inDateWindow(date)) {
          expect(res.statusCode).toBe(400);
          expect(fieldErrors(res)[route.field]).toBe(DATE_WINDOW_MESSAGE);
        }
        if (!isRealDate(date)) expect(res.statusCode).toBe(400);
      }),
      { numRuns: 40, examples: [['0000-01-01'], ['0001-01-01'], ['1899-12-31'], ['1900-01-01'], ['2100-12-31'], ['2101-01-01'], ['9999-12-31']] },
    );
  });
});
