// The hostile-input test's strategy for POST /api/sync (core/sync-batch.ts; loaded by src/server/hostile-input.test.ts
// with the modules' strategies). A broken batch is refused whole, before any write of it is tried.
import fc from 'fast-check';
import { defineHostile, hostileString, hostileValue, notAString, notIn, tooLong } from '../test/hostile.js';

/** One valid write: a registration at the referral hospital. */
const write = () => ({
  method: 'POST',
  path: '/api/patients',
  idempotencyKey: 'hx-sync-0001',
  recordedAt: new Date().toISOString(),
  body: { nationalId: 'HX0000901', firstName: 'Akinyi', lastName: 'Wanyama', dateOfBirth: '1994-05-12', gender: 'female', facilityId: 1 },
});
const API_PATH = /^\/api\/[A-Za-z0-9\-/:]+$/;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** A write with one field that certainly fails its rule (or a key the write does not know: it is strict). */
const brokenWrite = fc.oneof(
  notIn(['POST', 'PATCH']).map((method) => ({ ...write(), method })),
  fc.oneof(notAString, tooLong(200), hostileString.filter((s) => !API_PATH.test(s))).map((path) => ({ ...write(), path })),
  fc.oneof(notAString, fc.constant(''), tooLong(255), hostileString.filter((s) => !KEY.test(s))).map((idempotencyKey) => ({ ...write(), idempotencyKey })),
  fc.oneof(notAString, tooLong(40)).map((recordedAt) => ({ ...write(), recordedAt })),
  fc.oneof(fc.constant<unknown>(null), fc.integer(), fc.string(), fc.array(hostileValue, { maxLength: 3 })).map((body) => ({ ...write(), body })),
  // Its patient from a write that is not before it (the first write has none before it).
  fc.constant({ ...write(), use: { patientId: 0 } }),
  // A :field of its path that no earlier answer fills.
  fc.constantFrom('/api/billing/:invoiceId/payments', '/api/billing/:/payments').map((path) => ({ ...write(), path })),
  hostileValue.map((v) => ({ ...write(), role: v })),
);

export default defineHostile({
  'POST /api/sync': {
    role: 'nurse',
    path: () => '/api/sync',
    base: { writes: [write()] },
    breakers: {
      writes: fc.oneof(
        hostileValue.filter((v) => !Array.isArray(v)),
        fc.constant([]),
        fc.constant(Array.from({ length: 51 }, write)),
        brokenWrite.map((w) => [w]),
      ),
    },
  },
});
