// Africa's Talking's delivery reports (issue 30 item 7): the gateway posts a form to the URL the county registered,
// with the secret it was given; a message it delivered shows delivered, one it could not deliver shows failed and
// why. A wrong or missing secret changes nothing, and a flood from one address is turned away.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsStatus } from '../../../shared/system/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { deliveryReportToken } from './sms/gateway.js';

const SMS = { mode: 'africastalking' as const, username: 'busia', apiKey: 'atsk_test_key', senderId: undefined, environment: 'sandbox' as const };
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext({ config: { sms: SMS, smsDeliveryLimit: { burst: 5, perMinute: 1 } } });
  token = (await deliveryReportToken(t.database.db, { sms: SMS }))!;
});
afterAll(() => t.close());

let n = 0;
/** A message Africa's Talking accepted (sent), with the id its answer gave. */
async function sent(): Promise<{ id: number; providerId: string }> {
  const providerId = `ATXid_${++n}`;
  const [row] = await t.rows<{ id: number }>(
    sql`insert into sms_messages (kind, phone, language, body, gateway, status, provider_message_id, sent_at) values ('test', '+254711222333', 'en', 'Test', 'africastalking', 'sent', ${providerId}, now()) returning id`,
  );
  return { id: row!.id, providerId };
}
const stored = async (id: number) => (await t.rows<{ status: string; error: string | null; delivered_at: string | null }>(sql`select status, error, delivered_at::text from sms_messages where id = ${id}`))[0]!;
/** The form the gateway posts, from an address of its own. */
const report = (fields: Record<string, string>, secret: string | null = token, from = '52.48.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/sms-messages/delivery-report${secret === null ? '' : `?token=${encodeURIComponent(secret)}`}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: from,
  });

describe("Africa's Talking delivery reports", () => {
  it('marks a message delivered, or failed with why; System Settings gives the URL to register', async () => {
    const a = await sent();
    const ok = await report({ id: a.providerId, status: 'Success', phoneNumber: '+254711222333', networkCode: '63902', retryCount: '0' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ recorded: true });
    expect(await stored(a.id)).toMatchObject({ status: 'delivered', error: null, delivered_at: expect.any(String) });

    const b = await sent();
    await report({ id: b.providerId, status: 'Failed', failureReason: 'AbsentSubscriber' }, token, '52.48.0.2');
    expect(await stored(b.id)).toMatchObject({ status: 'failed', error: 'Failed: AbsentSubscriber' });
    // Still on its way: nothing changes; a late failure never undoes a delivery.
    const c = await sent();
    expect((await report({ id: c.providerId, status: 'Buffered' }, token, '52.48.0.3')).json()).toEqual({ recorded: false });
    expect((await stored(c.id)).status).toBe('sent');
    expect((await report({ id: a.providerId, status: 'Failed' }, token, '52.48.0.3')).json()).toEqual({ recorded: false });
    expect((await stored(a.id)).status).toBe('delivered');

    // The administrator registers the URL with the gateway; no one else reads its secret.
    const statusFor = async (role: 'admin' | 'nurse') => ((await t.request({ url: '/api/system/settings', cookie: await t.loginAs(role) })).json() as { status: { sms: SmsStatus } }).status.sms;
    expect((await statusFor('admin')).deliveryReportPath).toBe(`/api/sms-messages/delivery-report?token=${token}`);
    expect((await statusFor('nurse')).deliveryReportPath).toBeNull();
  });

  it('changes nothing for a wrong or missing secret, and turns a flood from one address away', async () => {
    const m = await sent();
    // Of another length, one letter off, and one of the same length in letters but not in bytes.
    for (const secret of [null, 'x', token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a'), 'é'.repeat(token.length)]) {
      const res = await report({ id: m.providerId, status: 'Success' }, secret, '52.48.1.1');
      expect(res.statusCode).toBe(403);
    }
    expect((await stored(m.id)).status).toBe('sent');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await report({ id: 'ATXid_none', status: 'Success' }, token, '52.48.2.2')).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });
});
