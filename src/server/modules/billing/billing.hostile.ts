// The hostile-input test's strategies for the billing module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import {
  CLAIM_DECISIONS,
  INSURANCE_PROVIDERS,
  MAX_MPESA_KES,
  mpesaPhone,
  PAYMENT_METHODS,
  PAYMENT_METHODS_TAKEN,
  RESOLUTION_ACTIONS,
  SERVICE_TYPES,
} from '../../../shared/billing/index.js';
import {
  asRecord,
  badOptionalText,
  badText,
  defineHostile,
  hostileIds,
  hostileString,
  notADate,
  notAnId,
  notANumber,
  notAnOptionalId,
  notAString,
  notIn,
  tooLong,
  withNul,
} from '../../test/hostile.js';

const validLine = { description: 'Consultation', quantity: 1, unitPrice: 500 };
const badLine = fc.oneof(
  badText(200, 'Consultation').map((description) => ({ ...validLine, description })),
  notANumber(1, 10_000, true).map((quantity) => ({ ...validLine, quantity })),
  notANumber(0, 10_000_000).map((unitPrice) => ({ ...validLine, unitPrice })),
);

export default defineHostile({
  'POST /api/billing': {
    role: 'records_officer',
    path: () => '/api/billing',
    base: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'cash', insuranceNumber: '', notes: 'Outpatient visit' },
    breakers: {
      patientId: notAnId,
      serviceType: notIn(SERVICE_TYPES),
      amount: notANumber(0, 10_000_000),
      paymentMethod: notIn(PAYMENT_METHODS),
      insuranceNumber: badOptionalText(50, 'JUB-88123'),
      notes: badOptionalText(1000, 'Outpatient visit'),
      facilityId: notAnOptionalId,
      insuranceCoveragePercent: notANumber(0, 100).filter((v) => v !== '' && v !== null),
      dueDate: notADate.filter((v) => v !== null),
    },
    texts: { fields: ['notes', 'insuranceNumber'], stored: asRecord },
  },
  'POST /api/billing/:id/payments': {
    role: 'records_officer',
    path: () => `/api/billing/${hostileIds.pendingInvoice}/payments`,
    base: { method: 'mpesa', phoneNumber: '0712 345 678' },
    fixed: ['method'],
    breakers: {
      method: notIn(PAYMENT_METHODS_TAKEN),
      // Not a Safaricom number in any of its written forms (checked with the rule the schema uses).
      phoneNumber: fc.oneof(notAString, tooLong(20), hostileString.filter((s) => mpesaPhone(s.trim()) === null)),
    },
  },
  'POST /api/billing/receipt-blocks': {
    role: 'records_officer',
    path: () => '/api/billing/receipt-blocks',
    base: { count: 25 },
    breakers: { count: notANumber(5, 100, true) },
  },
  'POST /api/billing/:id/claims': {
    role: 'records_officer',
    path: () => `/api/billing/${hostileIds.pendingInvoice}/claims`,
    base: { provider: 'aar', memberNumber: 'AAR-778812', diagnosis: 'Malaria', lines: [validLine] },
    breakers: {
      provider: notIn(INSURANCE_PROVIDERS),
      memberNumber: badText(30, 'AAR-778812'),
      diagnosis: badText(500, 'Malaria'),
      lines: fc.oneof(
        fc.constantFrom<unknown>(null, [], {}, 'lines', 1),
        fc.constant(Array.from({ length: 21 }, () => validLine)),
        fc.array(badLine, { minLength: 1, maxLength: 3 }),
        fc.array(hostileString, { minLength: 1, maxLength: 3 }),
      ),
    },
  },
  'POST /api/billing/:id/waivers': {
    // billing:waive: the in-charge at her facility.
    role: 'facility_incharge',
    path: () => `/api/billing/${hostileIds.pendingInvoice}/waivers`,
    base: { amount: 1, reason: 'Exempted: the patient cannot pay' },
    breakers: { amount: fc.oneof(notANumber(0.01, 10_000_000), fc.constant(0)), reason: badText(500, 'Exempted') },
  },
  'POST /api/insurance-claims/:id/decision': {
    // claims:approve; the in-charge did not submit the claim (the records officer did).
    role: 'facility_incharge',
    path: () => `/api/insurance-claims/${hostileIds.submittedClaim}/decision`,
    base: { decision: 'rejected', reason: 'Member not found in the SHA register' },
    breakers: { decision: notIn(CLAIM_DECISIONS), reason: fc.oneof(notAString, tooLong(500), withNul('Not a member')) },
  },
  'POST /api/payments/:id/resolution': {
    // payments:resolve; no payment is held for review in the demo's hostile run: a valid body meets 404.
    role: 'finance_officer',
    path: () => '/api/payments/2147483647/resolution',
    base: { action: 'accept', amount: 700, reference: 'SC73KQ2M1P', reason: 'The statement shows KES 700' },
    fixed: ['action'],
    breakers: {
      action: notIn(RESOLUTION_ACTIONS),
      amount: fc.oneof(notANumber(1, MAX_MPESA_KES).filter((v) => v !== '' && v !== null && v !== undefined), fc.constantFrom<unknown>(0.5, 700.5, -1)),
      reference: badOptionalText(40, 'SC73KQ2M1P'),
      reason: badOptionalText(500, 'The statement shows KES 700'),
    },
  },
  'POST /api/payment-resolutions/:id/approve': {
    role: 'county_director',
    path: () => '/api/payment-resolutions/2147483647/approve',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/payment-resolutions/:id/decline': {
    role: 'county_director',
    path: () => '/api/payment-resolutions/2147483647/decline',
    base: { reason: 'The statement shows nothing on that day' },
    breakers: { reason: badText(500, 'Nothing on the statement') },
  },
  'POST /api/payments/:id/mpesa-query': {
    role: 'records_officer',
    // No body schema: the body is ignored, and this payment does not exist (404).
    path: () => '/api/payments/2147483647/mpesa-query',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/payments/mpesa/callback': {
    role: null,
    path: () => '/api/payments/mpesa/callback',
    base: { Body: { stkCallback: { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: 'ws_CO_191220191020363925', ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } },
    breakers: {
      Body: fc.oneof(notAString.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)), fc.constant({})),
      'Body.stkCallback': fc.constantFrom<unknown>(null, [], 'x', 1, {}),
      'Body.stkCallback.CheckoutRequestID': fc.oneof(notAString, fc.constant(''), tooLong(100), withNul('ws_CO_1')),
      // A whole number within PostgreSQL's integer, or its digits as text: never null, '', true or [] read as 0 or 1.
      'Body.stkCallback.ResultCode': fc.oneof(
        fc.constantFrom<unknown>('abc', '1.5', 1.5, {}, '1e999', [1, 2], null, '', true, [], -1, 2 ** 31, 1e20),
        hostileString.filter((s) => !/^\d{1,9}$/.test(s)),
      ),
      'Body.stkCallback.ResultDesc': fc.oneof(notAString.filter((v) => v !== undefined), tooLong(500), withNul('Cancelled')),
      'Body.stkCallback.MerchantRequestID': fc.oneof(notAString.filter((v) => v !== undefined), tooLong(100), withNul('29115')),
    },
  },
});
