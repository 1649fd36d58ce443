// Writes stay within the actor's scope (DESIGN.md §7, docs/decisions/0007-scoped-permissions.md): a nurse writes
// at her own facility, a sub-county medical officer within his sub-county, the county director anywhere. A write
// beyond the scope is a 403 that says why, writes nothing and is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './test/helper.js';

let t: TestContext;
/** Mary Achieng, nurse at Busia County Referral Hospital (facility 1). */
let nurse: string;
/** Faith Nafula, pharmacist at facility 1. */
let pharmacist: string;
/** Buduta Dispensary (facility 50, Funyula): a facility none of them works at. */
const BUDUTA = 50;

const visit = (facilityId: number) => ({ patientId: 12, facilityId, chiefComplaint: 'Fever for two days', diagnosis: 'Malaria' });
const invoice = (facilityId?: number) => ({ patientId: 12, serviceType: 'consultation', amount: 300, paymentMethod: 'cash', ...(facilityId ? { facilityId } : {}) });

async function written(): Promise<Record<string, number>> {
  const [row] = await t.rows<Record<string, number>>(sql`select (select count(*) from medical_records)::int as records, (select count(*) from billing_records)::int as invoices,
    (select count(*) from stock_movements)::int as movements, (select count(*) from activities)::int as activities`);
  return row!;
}

async function lastDenial(): Promise<{ detail: string; outcome: string } | undefined> {
  const [row] = await t.rows<{ detail: string; outcome: string }>(sql`select detail, outcome from audit_events order by id desc limit 1`);
  return row;
}

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
  pharmacist = await t.loginAs('pharmacist');
});
afterAll(() => t.close());

describe("a nurse writes at her own facility, not at another's", () => {
  it('a medical record at Buduta is refused (403, nothing written, audited); at her own hospital it is kept', async () => {
    const before = await written();
    const refused = await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: visit(BUDUTA) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'out_of_scope', message: 'Forbidden: you may do this only at your own facility' });
    expect(await written()).toEqual(before);
    expect(await lastDenial()).toEqual({ outcome: 'denied', detail: 'facility 50 is outside the facility scope' });

    const kept = await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: visit(1) });
    expect(kept.statusCode).toBe(201);
    expect(kept.json()).toMatchObject({ facilityId: 1, facilityName: 'Busia County Referral Hospital' });
  });

  it('an invoice at Buduta is refused; one at her own hospital (named or by default) is raised', async () => {
    const before = await written();
    const refused = await t.request({ method: 'POST', url: '/api/billing', cookie: nurse, body: invoice(BUDUTA) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('out_of_scope');
    expect(await written()).toEqual(before);

    for (const body of [invoice(1), invoice()]) {
      const raised = await t.request({ method: 'POST', url: '/api/billing', cookie: nurse, body });
      expect(raised.statusCode).toBe(201);
      expect(raised.json().facilityId).toBe(1);
    }
  });

  it("a stock movement on Buduta's shelf is refused, and on her own hospital's it is recorded (the pharmacist's; a nurse moves no stock at all)", async () => {
    const budutaStore = await t.loginAt('pharmacist', BUDUTA);
    const item = (
      await t.request({
        method: 'POST',
        url: '/api/inventory',
        cookie: budutaStore,
        body: { itemName: 'Ceftriaxone 1g Injection', category: 'pharmaceuticals', facilityId: BUDUTA, currentStock: 100, minimumStock: 20, unit: 'vials', supplier: 'KEMSA', unitCost: 1 },
      })
    ).json() as { id: number };
    const issue = { kind: 'issued', quantity: 5, reason: 'Dispensed to outpatients' };
    const before = await written();
    const refused = await t.request({ method: 'POST', url: `/api/inventory/${item.id}/movements`, cookie: pharmacist, body: issue });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('out_of_scope');
    expect(await written()).toEqual(before);
    // The nurse is refused by her role before her facility is asked.
    const byRole = await t.request({ method: 'POST', url: `/api/inventory/${item.id}/movements`, cookie: nurse, body: issue });
    expect(byRole.json()).toMatchObject({ code: 'forbidden' });

    // Paracetamol (item 1) is on the county referral hospital's shelf.
    const kept = await t.request({ method: 'POST', url: '/api/inventory/1/movements', cookie: pharmacist, body: issue });
    expect(kept.statusCode).toBe(201);
    // Buduta's own pharmacist may.
    expect((await t.request({ method: 'POST', url: `/api/inventory/${item.id}/movements`, cookie: budutaStore, body: issue })).statusCode).toBe(201);
  });

  it('a patient is registered at her own facility only', async () => {
    const patient = { nationalId: '44550011', firstName: 'Scoped', lastName: 'Wekesa', dateOfBirth: '1990-01-01', gender: 'female' };
    expect((await t.request({ method: 'POST', url: '/api/patients', cookie: nurse, body: { ...patient, facilityId: BUDUTA } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/patients', cookie: nurse, body: { ...patient, facilityId: 1 } })).statusCode).toBe(201);
  });

  it('an unknown facility is not a scope question: the service says it does not exist', async () => {
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: visit(99_999) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'facilityId', message: 'Unknown Facility' }]);
  });
});

describe('a sub-county medical officer writes within his sub-county; the director anywhere', () => {
  it('Peter Wekesa (Teso South) records at any Teso South facility, not in Matayos', async () => {
    const officer = await t.loginAs('subcounty_medical_officer');
    // Facility 21 is in Teso South, as his own Alupe (facility 3) is; the county referral hospital is in Matayos.
    expect((await t.request({ method: 'POST', url: '/api/medical-records', cookie: officer, body: visit(21) })).statusCode).toBe(201);
    const refused = await t.request({ method: 'POST', url: '/api/medical-records', cookie: officer, body: visit(1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'out_of_scope', message: 'Forbidden: you may do this only within your own sub-county' });
  });

  it("the county director registers a patient at any facility of the county", async () => {
    const director = await t.loginAs('county_director');
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: director,
      body: { nationalId: '44550012', firstName: 'County', lastName: 'Wide', dateOfBirth: '1985-06-01', gender: 'male', facilityId: BUDUTA },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().facilityId).toBe(BUDUTA);
  });
});

describe('reads', () => {
  it('clinical reads stay county-wide for continuity of care (and audited)', async () => {
    const [elsewhere] = await t.rows<{ id: number }>(sql`select id from patients where facility_id <> 1 order by id limit 1`);
    const res = await t.request({ url: `/api/patients/${elsewhere!.id}/records`, cookie: nurse });
    expect(res.statusCode).toBe(200);
    const [audited] = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'patient' and entity_id = ${String(elsewhere!.id)} order by id desc limit 1`);
    expect(audited!.action).toBe('patient.records.read');
  });
});
