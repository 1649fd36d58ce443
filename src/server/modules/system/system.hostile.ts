// The hostile-input test's strategies for System Settings' write routes (src/server/hostile-input.test.ts; loaded by
// that test only). Breakers are hostile values each field's own schema refuses (filtered through it, so each one
// certainly fails whatever the other fields hold).
import fc from 'fast-check';
import type { z } from 'zod';
import { FACILITY_SERVICES, FACILITY_STATUSES, updateFacilitySchema } from '../../../shared/facilities/index.js';
import { setSecretSchema, updateAppointmentSettingsSchema, updateCountySettingsSchema, updateSmsSettingsSchema, updateSupplySettingsSchema } from '../../../shared/system/index.js';
import { defineHostile, hostileString, hostileValue, notABoolean, notANumber, notAString, notIn, tooLong, withNul, wrongType } from '../../test/hostile.js';

/** Values the field's schema refuses: hostile text and wrong types, and the given ones, filtered through the schema. */
function refusedBy(field: z.ZodType, ...more: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof(hostileValue, notAString, ...more).filter((v) => v !== undefined && !field.safeParse(JSON.parse(JSON.stringify(v) ?? 'null')).success);
}

const county = updateCountySettingsSchema.shape;
const sms = updateSmsSettingsSchema.shape;
const appointments = updateAppointmentSettingsSchema.shape;
const supply = updateSupplySettingsSchema.shape;
const version = fc.oneof(fc.constantFrom<unknown>(-1, 1.5, '1', '0', null, true, [], {}, 2 ** 31), hostileString, wrongType).filter(
  (v) => !(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1),
);

const facilityFields = updateFacilitySchema;
/** What the server receives of a value: JSON turns Infinity and NaN into null. */
const viaJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null');
const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
/** Refused by a field where blank (null or '') clears the figure, as the server receives it. */
const refusedOptional = (field: z.ZodType) => (v: unknown) => !blank(viaJson(v)) && !field.safeParse(viaJson(v)).success;

export default defineHostile({
  'PUT /api/system/settings/county': {
    role: 'admin',
    path: () => '/api/system/settings/county',
    base: { name: 'Busia', code: 40, headquarters: 'Busia', population: 893681, email: 'health@busia.go.ke', phone: '+254 700 000 000', expectedVersion: 1 },
    breakers: {
      name: refusedBy(county.name, tooLong(60), withNul('Busia')),
      code: notANumber(1, 47, true).filter((v) => !county.code.safeParse(viaJson(v)).success),
      headquarters: refusedBy(county.headquarters, tooLong(60), withNul('Busia')),
      population: notANumber(0, 100_000_000, true).filter((v) => !county.population.safeParse(viaJson(v)).success),
      email: refusedBy(county.email, tooLong(254)),
      phone: refusedBy(county.phone, tooLong(20)),
      expectedVersion: version,
    },
  },
  'PUT /api/system/settings/sms': {
    role: 'county_director',
    path: () => '/api/system/settings/sms',
    base: { remindersEnabled: true, environment: 'sandbox', username: 'sandbox', senderId: 'BUSIAHEALTH', expectedVersion: 1 },
    breakers: {
      remindersEnabled: notABoolean,
      environment: notIn(['sandbox', 'production']),
      username: refusedBy(sms.username, tooLong(60)),
      senderId: refusedBy(sms.senderId, tooLong(11)),
      expectedVersion: version,
    },
  },
  'PUT /api/system/settings/appointments': {
    role: 'admin',
    path: () => '/api/system/settings/appointments',
    base: { autoCompleteCheckedIn: true, bookingHorizonDays: 365, expectedVersion: 1 },
    breakers: {
      autoCompleteCheckedIn: notABoolean,
      // A missing horizon is the default year: undefined is no breaker.
      bookingHorizonDays: notANumber(1, 1825, true).filter((v) => v !== undefined && !appointments.bookingHorizonDays.safeParse(viaJson(v)).success),
      expectedVersion: version,
    },
  },
  'PUT /api/system/settings/supply': {
    role: 'county_director',
    path: () => '/api/system/settings/supply',
    base: { expiryWarningDays: 90, minimumMonthsOfStock: 2, minimumMonthsOfStockHospital: 3, invoiceTolerancePercent: 2.5, expectedVersion: 1 },
    breakers: {
      expiryWarningDays: notANumber(30, 365, true).filter((v) => !supply.expiryWarningDays.safeParse(viaJson(v)).success),
      minimumMonthsOfStock: notANumber(1, 12, true).filter((v) => !supply.minimumMonthsOfStock.safeParse(viaJson(v)).success),
      minimumMonthsOfStockHospital: notANumber(1, 12, true).filter((v) => !supply.minimumMonthsOfStockHospital.safeParse(viaJson(v)).success),
      invoiceTolerancePercent: fc
        .oneof(notANumber(0, 10), fc.constantFrom<unknown>(1.234, 0.001, '2.345', 9.999))
        .filter((v) => !supply.invoiceTolerancePercent.safeParse(viaJson(v)).success),
      expectedVersion: version,
    },
  },
  'PUT /api/system/secrets/sms.apiKey': {
    role: 'admin',
    path: () => '/api/system/secrets/sms.apiKey',
    base: { value: 'atsk_0123456789abcdef' },
    breakers: { value: refusedBy(setSecretSchema.shape.value, tooLong(200)) },
  },
  // Nothing is set in the test's county: clearing is refused (409) whatever is sent.
  'DELETE /api/system/secrets/sms.apiKey': { role: 'admin', path: () => '/api/system/secrets/sms.apiKey', base: {}, breakers: {}, noBody: true },
  'PATCH /api/facilities/:id': {
    role: 'county_director',
    path: () => '/api/facilities/1',
    base: { status: 'operational', capacity: 210, cots: 12, services: ['outpatient', 'pharmacy'] },
    breakers: {
      status: notIn(FACILITY_STATUSES),
      capacity: notANumber(0, 5000, true).filter(refusedOptional(facilityFields.shape.capacity)),
      cots: notANumber(0, 1000, true).filter(refusedOptional(facilityFields.shape.cots)),
      services: fc
        .oneof(
          fc.constantFrom<unknown>(null, 'outpatient', 1, true, {}, ['outpatient', 'outpatient'], ['OUTPATIENT'], [null]),
          fc.array(notIn(FACILITY_SERVICES), { minLength: 1, maxLength: 3 }),
          hostileString,
        )
        .filter((v) => !facilityFields.shape.services.safeParse(viaJson(v)).success),
    },
  },
});
