// The hostile-input test's strategies for the procurement module's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { badOptionalText, badText, defineHostile, nextSerial, notADate, notAnId, notANumber, notAString, notIn } from '../../test/hostile.js';
import { AGPO_CATEGORIES, SUPPLIER_CATEGORIES, SUPPLIER_STATUSES, SUPPLIER_TYPES } from '../../../shared/procurement/index.js';

const supplier = () => ({
  name: `Hostile Supplies ${nextSerial()} Ltd`,
  type: 'commercial',
  category: 'pharmaceuticals',
  contact: 'Jane Wanjiku',
  phone: '0722123456',
  location: 'Busia town',
  kraPin: `P${String(100_000_000 + nextSerial()).slice(-9)}X`,
  paymentTermsDays: 30,
});
const notAPhone = fc.oneof(notAString, fc.constantFrom<unknown>('', '12345', '+256712345678', '0812345678', '07123456789'));
const notAPin = fc.constantFrom<unknown>('P12345678X', 'X123456789A', 'P1234567890', 1234, true, [], {});

export default defineHostile({
  'POST /api/procurement/suppliers': {
    role: 'procurement_officer',
    path: () => '/api/procurement/suppliers',
    base: supplier(),
    breakers: {
      name: badText(120, 'Busia Pharmaceuticals'),
      type: notIn(SUPPLIER_TYPES),
      category: notIn(SUPPLIER_CATEGORIES),
      contact: badText(80, 'Jane Wanjiku'),
      phone: notAPhone,
      location: badText(120, 'Busia town'),
      kraPin: fc.oneof(notAPin, fc.constantFrom<unknown>('', null)),
      paymentTermsDays: notANumber(0, 365, true).filter((v) => v !== null && v !== '' && v !== ' '),
      agpoCategory: notIn(AGPO_CATEGORIES).filter((v) => v !== undefined),
      status: notIn(SUPPLIER_STATUSES).filter((v) => v !== undefined),
      taxComplianceExpiry: notADate.filter((v) => v !== null && v !== '' && v !== undefined),
      notes: badOptionalText(500, 'Delivers on Tuesdays'),
    },
  },
  'PATCH /api/procurement/suppliers/:id': {
    role: 'procurement_officer',
    // A supplier who is not there: refused whatever the body.
    path: () => '/api/procurement/suppliers/2147483647',
    base: { status: 'approved' },
    breakers: { status: notIn(SUPPLIER_STATUSES).filter((v) => v !== undefined), phone: notAPhone, paymentTermsDays: notANumber(0, 365, true).filter((v) => v !== undefined) },
  },
  'POST /api/procurement/catalog/import': {
    role: 'procurement_officer',
    // A supplier who is not there: refused (400) once valid, so nothing is written.
    path: () => '/api/procurement/catalog/import',
    base: { supplierId: 2147483647, csv: 'code,name,unit_price\nK-1,Paracetamol 500mg,0.5', dryRun: true },
    breakers: {
      supplierId: notAnId,
      csv: fc.constantFrom<unknown>('', null, 12, [], 'x'.repeat(2_000_001), 'a\u0000b'),
      effectiveFrom: notADate.filter((v) => v !== null && v !== '' && v !== undefined),
      dryRun: fc.constantFrom<unknown>('yes', 1, null, []),
    },
  },
});
