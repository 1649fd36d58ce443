import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import type { BillingRecord } from '../../../shared/billing/index.js';

let t: TestContext;
let clerk: string;
/** The county director reads every facility's invoices; the list's county-wide figures are checked as hers. */
let reader: string;

const validBill = {
  patientId: 12,
  serviceType: 'consultation',
  amount: 500,
  paymentMethod: 'mpesa',
  insuranceProvider: '',
  insuranceNumber: '',
  notes: '',
};

const rows = <T>(query: SQL) => t.rows<T>(query);
const count = (table: string) => t.count(table);

/** Bills whose patient or invoice number matches a search fragment, counted straight from the tables. */
async function countMatching(fragment: string): Promise<number> {
  const pattern = `%${fragment}%`;
  const res = await rows<{ n: number }>(
    sql`select count(*)::int as n from billing_records b join patients p on p.id = b.patient_id
        where p.first_name ilike ${pattern} or p.last_name ilike ${pattern} or p.national_id ilike ${pattern} or b.invoice_number ilike ${pattern}`,
  );
  return res[0]!.n;
}

beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.loginAs('records_officer');
  reader = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the billing list', () => {
  it('refuses a signed-out caller with 401 Unauthorized', async () => {
    const res = await t.request({ url: '/api/billing' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
  });

  it('refuses the pharmacist, who may not read billing (403)', async () => {
    const res = await t.request({ url: '/api/billing', cookie: await t.loginAs('pharmacist') });
    expect(res.statusCode).toBe(403);
  });

  it('keeps invoices, which name patients, from the system administrator (403) but not the county director', async () => {
    expect((await t.request({ url: '/api/billing?limit=1', cookie: await t.loginAs('admin') })).statusCode).toBe(403);
    const res = await t.request({ url: '/api/billing?limit=1', cookie: await t.loginAs('county_director') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });

  it('refuses an amount written as hex or in exponent form', async () => {
    for (const amount of ['0x10', '1e3', '12abc']) {
      const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { patientId: 1, serviceType: 'consultation', amount, paymentMethod: 'cash' } });
      expect(res.statusCode, amount).toBe(400);
      expect(fieldErrors(res).amount).toBe('Amount is required');
    }
  });

  it("keeps a billing desk to its own facility's invoices, and a sub-county officer to his sub-county's", async () => {
    // The records officer works at the county referral hospital (facility 1).
    const own = (await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where facility_id = 1`))[0]!.n;
    const res = await t.request({ url: '/api/billing?limit=200', cookie: clerk });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(own));
    expect((res.json() as BillingRecord[]).every((b) => b.facilityId === 1)).toBe(true);
    const elsewhere = await t.request({ url: '/api/billing?facilityId=5', cookie: clerk });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'out_of_scope', message: 'Forbidden: you may do this only at your own facility' });
    const [other] = await rows<{ id: number }>(sql`select id from billing_records where facility_id <> 1 order by id limit 1`);
    expect((await t.request({ url: `/api/billing/${other!.id}`, cookie: clerk })).statusCode).toBe(403);

    // The sub-county medical officer works at Alupe (facility 3), in Teso South.
    const officer = await t.loginAs('subcounty_medical_officer');
    const inSubcounty = (
      await rows<{ n: number }>(sql`select count(*)::int as n from billing_records b join facilities f on f.id = b.facility_id where f.subcounty = 'Teso South'`)
    )[0]!.n;
    const his = await t.request({ url: '/api/billing?limit=1', cookie: officer });
    expect(his.headers['x-total-count']).toBe(String(inSubcounty));
    expect((await t.request({ url: '/api/billing?facilityId=1', cookie: officer })).statusCode).toBe(403);
  });

  it('gives the county director the first 50 invoices county-wide, newest first, with the total in X-Total-Count', async () => {
    const res = await t.request({ url: '/api/billing', cookie: reader });
    expect(res.statusCode).toBe(200);
    const list = res.json() as BillingRecord[];
    expect(list).toHaveLength(50);
    expect(res.headers['x-total-count']).toBe(String(await count('billing_records')));
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(50);
    const created = list.map((b) => b.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(list[0]).toMatchObject({
      id: expect.any(Number),
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      patientName: expect.any(String),
      nationalId: expect.any(String),
      facilityName: expect.any(String),
      amount: expect.any(Number),
    });
  });

  it('pages with limit and offset without overlap', async () => {
    const first = (await t.request({ url: '/api/billing?limit=10&offset=0', cookie: reader })).json() as BillingRecord[];
    const second = (await t.request({ url: '/api/billing?limit=10&offset=10', cookie: reader })).json() as BillingRecord[];
    const both = (await t.request({ url: '/api/billing?limit=20&offset=0', cookie: reader })).json() as BillingRecord[];
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(10);
    const ids = new Set(first.map((b) => b.id));
    expect(second.some((b) => ids.has(b.id))).toBe(false);
    expect(both.map((b) => b.id)).toEqual([...first, ...second].map((b) => b.id));
    const total = await count('billing_records');
    const last = await t.request({ url: `/api/billing?limit=200&offset=${total - 3}`, cookie: reader });
    expect(last.json()).toHaveLength(3);
  });

  it('rejects a limit above 200 and an unknown status', async () => {
    const big = await t.request({ url: '/api/billing?limit=500', cookie: reader });
    expect(big.statusCode).toBe(400);
    expect(fieldErrors(big).limit).toBe('limit must be at most 200');
    const bad = await t.request({ url: '/api/billing?status=lost', cookie: reader });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).status).toBe('Unknown status');
  });

  // Overdue is derived on read: a pending invoice whose due date (county calendar) is before today, 16 March.
  const STATUS_SQL: Record<string, SQL> = {
    pending: sql`status = 'pending' and (due_date is null or due_date >= '2026-03-16')`,
    overdue: sql`status = 'pending' and due_date < '2026-03-16'`,
    paid: sql`status = 'paid'`,
    processing: sql`status = 'processing'`,
  };

  it('stores no invoice as overdue: the seed keeps them pending with a due date already past', async () => {
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where status = 'overdue'`))[0]!.n).toBe(0);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where due_date is null`))[0]!.n).toBe(0);
  });

  it.each(['pending', 'overdue', 'paid', 'processing'])('filters by status %s', async (status) => {
    const expected = (await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where ${STATUS_SQL[status]!}`))[0]!.n;
    expect(expected).toBeGreaterThan(0);
    const res = await t.request({ url: `/api/billing?status=${status}&limit=200`, cookie: reader });
    expect(res.statusCode).toBe(200);
    const list = res.json() as BillingRecord[];
    expect(res.headers['x-total-count']).toBe(String(expected));
    expect(list.length).toBe(Math.min(expected, 200));
    expect(list.every((b) => b.status === status)).toBe(true);
  });

  it.each(['nhif', 'cash', 'insurance'])('filters by payment method %s', async (method) => {
    const expected = (await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where payment_method = ${method}`))[0]!.n;
    expect(expected).toBeGreaterThan(0);
    const res = await t.request({ url: `/api/billing?paymentMethod=${method}&limit=200`, cookie: reader });
    const list = res.json() as BillingRecord[];
    expect(res.headers['x-total-count']).toBe(String(expected));
    expect(list.length).toBe(Math.min(expected, 200));
    expect(list.every((b) => b.paymentMethod === method)).toBe(true);
  });

  it('filters by facility, naming it on every row', async () => {
    const expected = (await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where facility_id = 5`))[0]!.n;
    expect(expected).toBeGreaterThan(0);
    const res = await t.request({ url: '/api/billing?facilityId=5&limit=200', cookie: reader });
    const list = res.json() as BillingRecord[];
    expect(res.headers['x-total-count']).toBe(String(expected));
    expect(list).toHaveLength(expected);
    expect(list.every((b) => b.facilityId === 5 && b.facilityName === 'Khunyangu Sub County Hospital')).toBe(true);
  });

  it('combines the filters', async () => {
    const expected = (
      await rows<{ n: number }>(sql`select count(*)::int as n from billing_records where facility_id = 1 and status = 'paid' and payment_method = 'mpesa'`)
    )[0]!.n;
    const res = await t.request({ url: '/api/billing?facilityId=1&status=paid&paymentMethod=mpesa&limit=200', cookie: reader });
    const list = res.json() as BillingRecord[];
    expect(res.headers['x-total-count']).toBe(String(expected));
    expect(list.length).toBe(expected);
    expect(list.every((b) => b.facilityId === 1 && b.status === 'paid' && b.paymentMethod === 'mpesa')).toBe(true);
  });

  it("gives one patient's invoices (Patient Details' billing slot), within the reader's scope, and audits the read", async () => {
    // A patient billed at the referral hospital and somewhere else, so scope shows in the answer.
    const [patient] = await rows<{ patientId: number; own: number; all: number }>(
      sql`select patient_id as "patientId", count(*) filter (where facility_id = 1)::int as own, count(*)::int as "all"
          from billing_records group by patient_id having count(*) filter (where facility_id = 1) > 0 and count(*) filter (where facility_id <> 1) > 0
          order by patient_id limit 1`,
    );
    expect(patient).toBeDefined();
    const { patientId, own, all } = patient!;
    const county = await t.request({ url: `/api/billing?patientId=${patientId}&limit=200`, cookie: reader });
    expect(county.statusCode).toBe(200);
    expect(county.headers['x-total-count']).toBe(String(all));
    expect((county.json() as BillingRecord[]).every((b) => b.patientId === patientId)).toBe(true);
    const desk = await t.request({ url: `/api/billing?patientId=${patientId}&limit=200`, cookie: clerk });
    expect(desk.headers['x-total-count']).toBe(String(own));
    expect((desk.json() as BillingRecord[]).every((b) => b.patientId === patientId && b.facilityId === 1)).toBe(true);
    const [audited] = await rows<{ detail: string }>(sql`select detail from audit_events where action = 'billing.list' order by id desc limit 1`);
    expect(audited!.detail).toContain(String(patientId));
    expect((await t.request({ url: '/api/billing?patientId=abc', cookie: reader })).statusCode).toBe(400);
  });

  describe('search by patient', () => {
    let sample: BillingRecord;
    beforeAll(async () => {
      sample = ((await t.request({ url: '/api/billing?limit=1&offset=100', cookie: reader })).json() as BillingRecord[])[0]!;
    });

    it('matches a fragment of the patient name, whatever its case', async () => {
      const lastName = sample.patientName.split(' ').at(-1)!;
      const fragment = lastName.slice(0, 4).toUpperCase();
      const res = await t.request({ url: `/api/billing?search=${encodeURIComponent(fragment)}&limit=200`, cookie: reader });
      const list = res.json() as BillingRecord[];
      expect(list.map((b) => b.id)).toContain(sample.id);
      const expected = await countMatching(fragment);
      expect(res.headers['x-total-count']).toBe(String(expected));
      expect(expected).toBeLessThan(await count('billing_records'));
      for (const b of list) {
        const hit = b.patientName.toLowerCase().includes(fragment.toLowerCase()) || b.nationalId.toLowerCase().includes(fragment.toLowerCase());
        expect(hit, `${b.patientName} ${b.nationalId}`).toBe(true);
      }
    });

    it('matches a fragment from the middle of the national ID', async () => {
      const fragment = sample.nationalId.slice(2, 8);
      const res = await t.request({ url: `/api/billing?search=${fragment}&limit=200`, cookie: reader });
      const list = res.json() as BillingRecord[];
      expect(list.map((b) => b.id)).toContain(sample.id);
      expect(res.headers['x-total-count']).toBe(String(await countMatching(fragment)));
      expect(list.every((b) => b.nationalId.includes(fragment) || b.patientName.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
      expect(list.every((b) => b.patientId === sample.patientId)).toBe(true);
    });

    it('finds an invoice by its number', async () => {
      const res = await t.request({ url: `/api/billing?search=${sample.invoiceNumber}`, cookie: reader });
      expect(res.json()).toEqual([expect.objectContaining({ id: sample.id, invoiceNumber: sample.invoiceNumber })]);
      expect(res.headers['x-total-count']).toBe('1');
    });

    it('finds nothing for a name nobody has', async () => {
      const res = await t.request({ url: '/api/billing?search=Zzyzxqw', cookie: reader });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    });
  });
});

describe('creating an invoice', () => {
  it('the records officer bills a patient: 201, a pending INV-2026 invoice, an activity on top of the feed', async () => {
    const billsBefore = await count('billing_records');
    const activitiesBefore = await count('activities');
    const [patient] = await rows<{ first_name: string; last_name: string; national_id: string }>(
      sql`select first_name, last_name, national_id from patients where id = 12`,
    );
    const [lastInvoice] = await rows<{ n: string }>(sql`select max(invoice_number) as n from billing_records where invoice_number like 'INV-2026-%'`);
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: validBill });
    expect(res.statusCode).toBe(201);
    const bill = res.json() as BillingRecord;
    // The next number of the year's unbroken run.
    expect(bill.invoiceNumber).toBe(`INV-2026-${String(Number(lastInvoice!.n.slice(-6)) + 1).padStart(6, '0')}`);
    expect(typeof bill.amount).toBe('number');
    expect(bill).toMatchObject({
      patientId: 12,
      patientName: `${patient!.first_name} ${patient!.last_name}`,
      nationalId: patient!.national_id,
      serviceType: 'consultation',
      amount: 500,
      paymentMethod: 'mpesa',
      insuranceProvider: null,
      insuranceNumber: null,
      notes: null,
      status: 'pending',
      paidAt: null,
      // The records officer works at the county referral hospital: the invoice is theirs.
      facilityId: 1,
      facilityName: 'Busia County Referral Hospital',
      createdAt: TEST_NOW.toISOString(),
    });
    expect(await count('billing_records')).toBe(billsBefore + 1);
    expect(await count('activities')).toBe(activitiesBefore + 1);

    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: clerk })).json();
    // The facts, not a sentence: the client words them in the reader's language.
    expect(feed[0]).toMatchObject({
      action: 'billing_record_created',
      kind: 'invoice.created',
      params: { facility: 'Busia County Referral Hospital', invoice: bill.invoiceNumber, service: 'consultation', amountCents: 50_000 },
      description: null,
      facilityId: 1,
      userName: 'Joseph Barasa',
    });

    const top = (await t.request({ url: '/api/billing?limit=1', cookie: clerk })).json() as BillingRecord[];
    expect(top[0]).toEqual(bill);
  });

  it('keeps the insurer\'s coverage, works out what the patient pays, and sets the due date 30 county days on', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/billing',
      cookie: clerk,
      body: { ...validBill, amount: 1500, paymentMethod: 'insurance', insuranceProvider: 'jubilee', insuranceNumber: 'JUB-88123', insuranceCoveragePercent: '75' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ insuranceCoveragePercent: 75, patientPayable: 375, amountPaid: 0, claimStatus: null, dueDate: '2026-04-15', statusReason: null });
    const noInsurer = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, insuranceCoveragePercent: 50 } });
    expect(noInsurer.statusCode).toBe(400);
    expect(fieldErrors(noInsurer).insuranceProvider).toBe('Choose the insurance provider that gives the coverage');
    const tooMuch = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, insuranceProvider: 'aar', insuranceCoveragePercent: 120 } });
    expect(fieldErrors(tooMuch).insuranceCoveragePercent).toBe('Coverage must be a number from 0 to 100');
  });

  it('accepts the amount as a numeric string and keeps it as a number', async () => {
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, amount: '1250.50', serviceType: 'laboratory' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 1250.5, serviceType: 'laboratory', status: 'pending' });
  });

  it('accepts an amount of 0 (programme commodities are free)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, amount: 0, serviceType: 'pharmacy' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 0, serviceType: 'pharmacy' });
  });

  it('keeps the insurance details of an SHA invoice', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/billing',
      cookie: clerk,
      body: { ...validBill, paymentMethod: 'nhif', insuranceProvider: 'nhif', insuranceNumber: 'CR1234567890', notes: 'Outpatient cover' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paymentMethod: 'nhif', insuranceProvider: 'nhif', insuranceNumber: 'CR1234567890', notes: 'Outpatient cover' });
  });

  it('gives each new invoice its own consecutive number', async () => {
    const a = (await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: validBill })).json() as BillingRecord;
    const b = (await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: validBill })).json() as BillingRecord;
    expect(b.id).toBe(a.id + 1);
    expect(b.invoiceNumber).not.toBe(a.invoiceNumber);
  });

  it.each([
    ['patientId', { patientId: undefined }, 'Patient is required'],
    ['patientId', { patientId: '' }, 'Patient is required'],
    ['patientId', { patientId: 'abc' }, 'Patient is required'],
    ['patientId', { patientId: 0 }, 'Patient is required'],
    ['serviceType', { serviceType: undefined }, 'Service type is required'],
    ['serviceType', { serviceType: 'massage' }, 'Service type is required'],
    ['amount', { amount: undefined }, 'Amount is required'],
    ['amount', { amount: '' }, 'Amount is required'],
    ['amount', { amount: 'abc' }, 'Amount is required'],
    ['amount', { amount: -1 }, 'Amount cannot be negative'],
    ['amount', { amount: '-0.50' }, 'Amount cannot be negative'],
    ['paymentMethod', { paymentMethod: undefined }, 'Payment method is required'],
    ['paymentMethod', { paymentMethod: 'bitcoin' }, 'Payment method is required'],
  ])('rejects a bad %s with the spec message "%s"', async (field, override, message) => {
    const bills = await count('billing_records');
    const activities = await count('activities');
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await count('billing_records')).toBe(bills);
    expect(await count('activities')).toBe(activities);
  });

  it('reports every missing field at once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: {} });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      patientId: 'Patient is required',
      serviceType: 'Service type is required',
      amount: 'Amount is required',
      paymentMethod: 'Payment method is required',
    });
  });

  it('refuses a patient that does not exist with 400 and writes nothing', async () => {
    const bills = await count('billing_records');
    const activities = await count('activities');
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { ...validBill, patientId: 99999 } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).patientId).toBe('Patient not found');
    expect(await count('billing_records')).toBe(bills);
    expect(await count('activities')).toBe(activities);
  });

  it('refuses the clinical officer (403) and a signed-out caller (401), writing nothing', async () => {
    const bills = await count('billing_records');
    const denied = await t.request({ method: 'POST', url: '/api/billing', cookie: await t.loginAs('clinical_officer'), body: validBill });
    expect(denied.statusCode).toBe(403);
    const anon = await t.request({ method: 'POST', url: '/api/billing', body: validBill });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
    expect(await count('billing_records')).toBe(bills);
  });
});
