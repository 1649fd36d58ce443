// The hostile-input test's strategies for the appointments module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only). The demo accounts work at the county
// referral hospital (facility 1): its services are ids 1 to 5 (opd first) and its day's appointments come first
// in the seed (appointment 1 is scheduled there today).
import fc from 'fast-check';
import { APPOINTMENT_KINDS, APPOINTMENT_STATUSES, normaliseKenyanMobile, SMS_LANGUAGES, TRACING_OUTCOMES } from '../../../shared/appointments/index.js';
import { asRecord, badOptionalText, badText, defineHostile, hostileString, nextSerial, notABoolean, notADate, notAnId, notANumber, notAString, notIn, tooLong } from '../../test/hostile.js';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Fails a required time (HH:MM, 24-hour): not a string, or text that is not a time. */
const notATime = fc.oneof(notAString, fc.constantFrom<unknown>('24:00', '9:30', '09:60', '0930', '09:30:00', '', ' ', 'noon'), hostileString.filter((s) => !HHMM.test(s.trim())));
/** Fails an optional time ('' and null are fine there): text that is not a time. */
const notAnOptionalTime = fc.oneof(fc.constantFrom<unknown>('24:00', '9:30', '09:60', '0930', 'noon', 0, true, [], {}), hostileString.filter((s) => s.trim() !== '' && !HHMM.test(s.trim())));
/** Fails a service code: not a string, or not 2 to 30 lower-case letters, digits or _ starting with a letter. */
/** Fails a required Kenyan mobile: not a string, or text that is not one (a landline, another country, too short, words). */
const notAKenyanMobile = fc.oneof(
  notAString,
  fc.constantFrom<unknown>('', ' ', '0201234567', '+255712345678', '071234567', '07123456789', 'call me', '0712 345 67x'),
  hostileString.filter((s) => normaliseKenyanMobile(s) === null),
);
const notACode = fc.oneof(notAString, fc.constantFrom<unknown>('A', 'a', '1opd', 'has space', 'OPD', 'x'.repeat(31), ''), hostileString.filter((s) => !/^[a-z][a-z0-9_]{1,29}$/.test(s.trim())));

export default defineHostile({
  'POST /api/appointment-services': {
    role: 'facility_incharge',
    path: () => '/api/appointment-services',
    base: { facilityId: 1, code: 'physio', name: 'Physiotherapy', durationMinutes: 30, opensAt: '08:00', closesAt: '16:00', dailyCapacity: 20 },
    breakers: {
      facilityId: notAnId,
      code: notACode,
      name: badText(100, 'Physiotherapy'),
      nameSw: badOptionalText(100, 'Tiba ya viungo'),
      durationMinutes: notANumber(5, 480, true),
      opensAt: notATime,
      closesAt: notATime,
      dailyCapacity: notANumber(1, 2000, true),
    },
    texts: { fields: ['name', 'nameSw'], fresh: () => ({ code: `svc_${nextSerial()}` }), stored: asRecord },
  },
  'PATCH /api/appointment-services/:id': {
    role: 'facility_incharge',
    path: () => '/api/appointment-services/1',
    base: { name: 'General OPD', dailyCapacity: 150 },
    breakers: {
      name: badText(100, 'General OPD'),
      nameSw: badOptionalText(100, 'OPD ya jumla'),
      durationMinutes: notANumber(5, 480, true),
      opensAt: notATime,
      closesAt: notATime,
      dailyCapacity: notANumber(1, 2000, true),
      isActive: notABoolean,
    },
    texts: { fields: ['name', 'nameSw'], stored: asRecord },
  },
  'POST /api/appointments': {
    role: 'records_officer',
    path: () => '/api/appointments',
    base: { patientId: 12, facilityId: 1, serviceId: 1, date: '2026-04-20', startTime: '09:00', kind: 'scheduled', notes: 'Review of blood pressure', overrideCapacity: false },
    breakers: {
      patientId: notAnId,
      facilityId: notAnId,
      serviceId: notAnId,
      date: notADate,
      startTime: notAnOptionalTime,
      kind: notIn(APPOINTMENT_KINDS),
      notes: badOptionalText(1000, 'Review of blood pressure'),
      overrideCapacity: notABoolean,
    },
    // Each valid booking a new day, so the patient holds no open appointment of the service that day.
    texts: { fields: ['notes'], fresh: () => ({ date: `2026-05-${String((nextSerial() % 28) + 1).padStart(2, '0')}`, patientId: 20 + (nextSerial() % 200) }), stored: asRecord },
  },
  'PATCH /api/appointments/:id': {
    role: 'records_officer',
    path: () => '/api/appointments/1',
    base: { date: '2026-04-21', startTime: '10:00', notes: 'Moved at the patient’s request', overrideCapacity: false },
    breakers: {
      date: notADate,
      startTime: notAnOptionalTime,
      serviceId: notAnId,
      notes: badOptionalText(1000, 'Moved'),
      overrideCapacity: notABoolean,
    },
  },
  'PATCH /api/appointments/:id/status': {
    role: 'records_officer',
    path: () => '/api/appointments/1/status',
    base: { status: 'cancelled', reason: 'Patient travelled upcountry' },
    breakers: { status: notIn(APPOINTMENT_STATUSES), reason: badOptionalText(500, 'Patient travelled') },
  },
  'PATCH /api/appointments/:id/tracing': {
    role: 'records_officer',
    path: () => '/api/appointments/1/tracing',
    base: { outcome: 'reached_will_return', notes: 'Called twice' },
    breakers: { outcome: notIn(TRACING_OUTCOMES), notes: badOptionalText(1000, 'Called twice') },
  },
  // A resend takes no body and names a message that does not exist: a real failed one would really be sent again.
  'POST /api/sms-messages/:id/resend': { role: 'admin', path: () => '/api/sms-messages/2147483647/resend', base: {}, breakers: {}, noBody: true },
  'POST /api/sms-messages/test': {
    role: 'admin',
    path: () => '/api/sms-messages/test',
    base: { phone: '0712345678', language: 'en' },
    breakers: { phone: notAKenyanMobile, language: notIn(SMS_LANGUAGES).filter((v) => v !== undefined) },
  },
  'POST /api/sms-messages/delivery-report': {
    // Africa's Talking, server to server: no session; this run has no gateway, so a valid report is refused (403).
    role: null,
    path: () => '/api/sms-messages/delivery-report?token=x',
    base: { id: 'ATXid_1', status: 'Success' },
    breakers: { id: badText(100, 'ATXid_1'), status: badText(40, 'Success'), failureReason: badOptionalText(200, 'Absent') },
    // It reads the form the gateway posts as well as JSON.
    form: true,
  },
  'PUT /api/patients/:id/sms-consent': {
    role: 'records_officer',
    path: () => '/api/patients/12/sms-consent',
    base: { consented: true, phone: '0712345678', language: 'sw' },
    breakers: {
      consented: notABoolean,
      phone: fc.oneof(notAString.filter((v) => v !== null), tooLong(20)),
      language: notIn(SMS_LANGUAGES).filter((v) => v !== undefined),
    },
  },
});
