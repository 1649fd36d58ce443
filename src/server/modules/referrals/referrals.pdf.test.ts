// The printed referral letter (GET /api/referrals/:id/letter.pdf): a real PDF of the referral, in the reader's
// language, read by whoever may read the referral, and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Referral } from '../../../shared/referrals/index.js';
import { createTestContext, expectPdf, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';

let t: TestContext;
let officer: string;
let referral: Referral;
let officerName: string;

beforeAll(async () => {
  t = await createTestContext();
  officer = await t.loginAs('clinical_officer');
  const me = (await t.request({ url: '/api/auth/user', cookie: officer })).json() as { id: number; firstName: string; lastName: string; facilityId: number };
  officerName = `${me.firstName} ${me.lastName}`;
  const res = await t.request({
    method: 'POST',
    url: '/api/referrals',
    cookie: officer,
    body: {
      patientId: 12,
      fromFacilityId: me.facilityId,
      toFacilityId: 4,
      referralReason: 'Suspected appendicitis – needs a surgeon’s review',
      urgencyLevel: 'emergency',
      clinicalNotes: 'Right iliac fossa pain for 2 days, rebound tenderness, temp 38.6 C. IV fluids started. BP ≥ 90 🙂',
      referringDoctor: officerName,
      referringDoctorId: me.id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  referral = res.json();
});
afterAll(() => t.close());

const letter = (id: number, cookie = officer, query = '') => t.request({ url: `/api/referrals/${id}/letter.pdf${query}`, cookie });

describe('the printed referral letter', () => {
  it('is a PDF of the referral: patient, from and to, reason, urgency, clinical notes, the referring clinician and cadre, date', async () => {
    const res = await letter(referral.id);
    const text = expectPdf(res, `referral-${referral.id}.pdf`);
    for (const expected of [
      'COUNTY GOVERNMENT OF BUSIA',
      'Department of Health',
      'Referral Letter',
      `Referral no. ${referral.id}`,
      referral.patientName,
      referral.patientNationalId,
      `From Facility ${referral.fromFacility}`,
      `To Facility ${referral.toFacility}`,
      'Urgency Level Emergency',
      'Status Pending',
      'Suspected appendicitis – needs a surgeon’s review',
      // What the standard fonts cannot print (≥, an emoji) is a question mark, never a broken document.
      'rebound tenderness, temp 38.6 C. IV fluids started. BP ? 90 ?',
      `Name ${officerName}`,
      'Cadre Clinical Officer',
      `by ${officerName}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('speaks Kiswahili when asked', async () => {
    const text = pdfText((await letter(referral.id, officer, '?lang=sw')).rawPayload);
    for (const expected of ['Barua ya Rufaa', 'Idara ya Afya', 'Kiwango cha Uharaka Dharura', 'Hali Inasubiri', 'Sababu ya Rufaa', 'Maelezo ya Kitabibu', 'Kada Afisa wa Kliniki', 'Kituo Kinachopokea']) {
      expect(text).toContain(expected);
    }
  });

  it('is audited as a read of the referral', async () => {
    const count = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'referral.letter.print' and entity_id = ${String(referral.id)}`))[0]!.n;
    const before = await count();
    await letter(referral.id);
    expect(await count()).toBe(before + 1);
  });

  it('is refused to a role that may not read referrals (the system administrator), and for no such referral', async () => {
    const admin = await letter(referral.id, await t.loginAs('admin'));
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'forbidden' });
    expect((await letter(999999)).statusCode).toBe(404);
    expect((await t.request({ url: `/api/referrals/${referral.id}/letter.pdf` })).statusCode).toBe(401);
  });
});
