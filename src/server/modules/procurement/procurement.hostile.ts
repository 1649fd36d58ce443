// The hostile-input test's strategies for the procurement module's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import {
  asRecord,
  badOptionalText,
  badText,
  defineHostile,
  hostileIds,
  hostileString,
  nextSerial,
  notABoolean,
  notADate,
  notAnId,
  notANumber,
  notAString,
  notIn,
  tooLong,
  withNul,
} from '../../test/hostile.js';
import { COST_CENTRES, FUNDS } from '../../../shared/accounting/index.js';
import {
  AGPO_CATEGORIES,
  MAX_ORDER_LINES,
  MAX_ORDER_QUANTITY,
  MAX_UNIT_PRICE,
  ORDER_KINDS,
  PAYING_ACCOUNTS,
  PRIORITIES,
  PROCUREMENT_METHODS,
  SUPPLIER_CATEGORIES,
  SUPPLIER_STATUSES,
  SUPPLIER_TYPES,
} from '../../../shared/procurement/index.js';

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

// ---------------------------------------------------------------------------------------------------------------
// Requisitions, the plan, the threshold matrix, orders, deliveries, donations, invoices and payments.

/**
 * Records of the demo county's procurement trail (orders.seed.ts writes them in this order, at the referral hospital,
 * facility 1): a hostile body is refused by the route's schema before the record is read, so nothing is written
 * whatever the record's state. A route whose body may be empty ({} is valid) or is ignored names no record instead.
 */
const SEEDED = { inTransitOrder: 4, pendingOrder: 6, heldInvoice: 3, kemsa: 1, programme: 3 } as const;
/** No such record: a valid body is refused (404) too, and nothing is written. */
const NONE = 2_147_483_647;

/** Fails optionalIdQuery (Number(v), then a whole number 1 to 2^31 - 1; '', 'all' and a missing value are fine). */
const notAnOptionalIdNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 31, 1e308, '0', '-1', '1.5', '2147483648', 'abc', "1' or 1=1", ' ', null, false, {}, [1, 2], { id: 1 }),
  hostileString.filter((s) => {
    const n = Number(s);
    return s !== '' && s !== 'all' && !(Number.isInteger(n) && n >= 1 && n <= 2 ** 31 - 1);
  }),
);
const quantity = notANumber(1, MAX_ORDER_QUANTITY, true);
const price = notANumber(0, MAX_UNIT_PRICE);
const count = notANumber(0, MAX_ORDER_QUANTITY, true);
/** A list of lines: not a list, none, too many, or some broken line (each certainly fails; so does the list). */
function badLines(valid: Record<string, unknown>, badLine: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, [], {}, 'items', 1, [null], [[]]),
    fc.constant(Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({ ...valid, orderItemId: i + 1 }))),
    fc.array(badLine, { minLength: 1, maxLength: 3 }),
    fc.array(hostileString, { minLength: 1, maxLength: 3 }),
  );
}
/** One field of a valid line replaced by a value that fails it (or deleted, where the field is required). */
const lineWith = (valid: Record<string, unknown>, field: string, bad: fc.Arbitrary<unknown>) => bad.map((v) => ({ ...valid, [field]: v }));
const without = (valid: Record<string, unknown>, ...fields: string[]) => Object.fromEntries(Object.entries(valid).filter(([k]) => !fields.includes(k)));

const requisitionLine = { catalogItemId: 3, itemName: 'Amoxicillin Dispersible 250mg', specification: 'Blister packs of 10', quantity: 2000, unit: 'tablets', estimatedPrice: 3 };
const badRequisitionLine = fc.oneof(
  lineWith(requisitionLine, 'catalogItemId', notAnOptionalIdNumber),
  lineWith(requisitionLine, 'itemName', badText(200, 'Amoxicillin')),
  fc.constant(without(requisitionLine, 'itemName')),
  lineWith(requisitionLine, 'specification', badOptionalText(500, 'Blister packs')),
  lineWith(requisitionLine, 'quantity', quantity),
  lineWith(requisitionLine, 'unit', badText(30, 'tablets')),
  lineWith(requisitionLine, 'estimatedPrice', price),
);

const orderLine = { catalogItemId: 3, itemName: 'Amoxicillin Dispersible 250mg', quantity: 2000, unitPrice: 3, specifications: 'Blister packs of 10', unit: 'tablets' };
const badOrderLine = fc.oneof(
  lineWith(orderLine, 'catalogItemId', notAnOptionalIdNumber),
  lineWith(orderLine, 'inventoryItemId', notAnOptionalIdNumber),
  lineWith(orderLine, 'itemName', badText(200, 'Amoxicillin')),
  lineWith(orderLine, 'quantity', quantity),
  fc.constant(without(orderLine, 'quantity')),
  lineWith(orderLine, 'unitPrice', price),
  lineWith(orderLine, 'specifications', badOptionalText(500, 'Blister packs')),
  // A missing unit is 'units'; null and '' are too.
  lineWith(orderLine, 'unit', fc.oneof(notAString.filter((v) => v !== null), tooLong(30), withNul('tablets'))),
);

/** The committee: not a list, fewer than three, more than nine, a member named twice, or a member who is no id. */
const badCommittee: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, 'x', 1, {}, [], [1], [1, 2], [1, 1, 2], [1, 2, 2], [1, 2, '2'], [0, 1, 2], [1, 2, -3], ['a', 'b', 'c'], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  fc.tuple(notAnId, fc.constant<unknown>(2), fc.constant<unknown>(3)),
);
/** Facility 1's clinical officer, nurse and records officer (none of them the pharmacist who requisitions). */
const COMMITTEE = [4, 5, 6];
const inspected = { batchNumber: 'KEM2603A1', expiryDate: '2028-01-31', delivered: 100, accepted: 100, rejected: 0 };
/** An inspected line broken in a field every kind of delivery line has, or in the inspection's sums. */
const badInspection = (valid: Record<string, unknown>) => [
  lineWith(valid, 'expiryDate', notADate.filter((v) => v !== null && v !== '')),
  lineWith(valid, 'delivered', count),
  lineWith(valid, 'accepted', count),
  lineWith(valid, 'rejected', count),
  fc.constant(without(valid, 'accepted')),
  lineWith(valid, 'rejectionReason', badOptionalText(300, 'Crushed cartons')),
  // Accepted and rejected do not add up to what was delivered; nothing delivered; goods rejected without a reason.
  fc.constant({ ...valid, delivered: 100, accepted: 90, rejected: 0 }),
  fc.constant({ ...valid, delivered: 0, accepted: 0, rejected: 0 }),
  fc.constant({ ...valid, delivered: 100, accepted: 90, rejected: 10, rejectionReason: '' }),
];
const deliveryLine = { orderItemId: 1, ...inspected };
const badDeliveryLine = fc.oneof(lineWith(deliveryLine, 'orderItemId', notAnId), fc.constant(without(deliveryLine, 'orderItemId')), lineWith(deliveryLine, 'batchNumber', badOptionalText(40, 'KEM2603A1')), ...badInspection(deliveryLine));
const donationLine = { catalogItemId: 1, ...inspected, unitValue: 85 };
const badDonationLine = fc.oneof(
  lineWith(donationLine, 'catalogItemId', notAnOptionalIdNumber),
  lineWith(donationLine, 'inventoryItemId', notAnOptionalIdNumber),
  // Neither a stock line nor a catalogue item.
  fc.constant(without(donationLine, 'catalogItemId')),
  // A donation is goods: its batch is required.
  lineWith(donationLine, 'batchNumber', badText(40, 'RDT2601NM')),
  lineWith(donationLine, 'unitValue', price),
  ...badInspection(donationLine),
);

const invoiceLine = { orderItemId: 1, quantity: 450, unitPrice: 6.48 };
const badInvoiceLines = fc.oneof(
  badLines(
    invoiceLine,
    fc.oneof(lineWith(invoiceLine, 'orderItemId', notAnId), lineWith(invoiceLine, 'quantity', quantity), lineWith(invoiceLine, 'unitPrice', price), fc.constant(without(invoiceLine, 'unitPrice'))),
  ),
  // One order line invoiced twice.
  fc.constant([invoiceLine, { ...invoiceLine, quantity: 1 }]),
);
const fiscalYear = /^\d{4}\/\d{2}$/;
const notAFiscalYear = fc.oneof(notAString, fc.constantFrom<unknown>('2025-26', '2025/2026', '25/26', '2025/26 ', ' 2025/26', '2025/6', ''), hostileString.filter((s) => !fiscalYear.test(s)));
const notAnAccountCode = fc.oneof(fc.constantFrom<unknown>('123', '12345', 'abcd', ' 5250', '5250 ', '5250\u0000', 5250, null, '', [], {}), hostileString.filter((s) => !/^\d{4}$/.test(s)));
const references = { egpReference: badOptionalText(60, 'EGP-BSA-2026-0301'), ifmisPoNumber: badOptionalText(40, '0070021') };

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
  'POST /api/procurement/requisitions': {
    // procurement:requisition: the pharmacy asks for its own facility.
    role: 'pharmacist',
    path: () => '/api/procurement/requisitions',
    base: { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: '2026-06-30', justification: 'Stock-out of amoxicillin expected in May', items: [requisitionLine] },
    breakers: {
      facilityId: notAnId,
      costCentre: notIn(COST_CENTRES),
      fund: notIn(FUNDS),
      neededBy: notADate,
      justification: badOptionalText(500, 'Stock-out expected'),
      items: badLines(requisitionLine, badRequisitionLine),
    },
    texts: { fields: ['justification'], stored: asRecord },
  },
  'POST /api/procurement/plan': {
    role: 'procurement_officer',
    path: () => '/api/procurement/plan',
    base: { fiscalYear: '2025/26', facilityId: 1, catalogItemId: 3, itemName: 'Amoxicillin Dispersible 250mg', unit: 'tablets', quantity: 20_000, method: 'public_entity', estimatedCost: 60_000, quarter: 4, fund: 'fif' },
    breakers: {
      fiscalYear: notAFiscalYear,
      // null is the county's own plan.
      facilityId: notAnId.filter((v) => v !== null),
      catalogItemId: notAnOptionalIdNumber,
      itemName: badText(200, 'Amoxicillin'),
      unit: badText(30, 'tablets'),
      quantity,
      method: notIn(PROCUREMENT_METHODS),
      estimatedCost: price,
      quarter: notANumber(1, 4, true),
      fund: notIn(FUNDS),
    },
    texts: { fields: ['itemName', 'unit'], stored: asRecord },
  },
  'POST /api/procurement/thresholds': {
    role: 'procurement_officer',
    path: () => '/api/procurement/thresholds',
    base: { method: 'rfq', category: 'goods', maxValue: 1_000_000, effectiveFrom: '2026-07-01' },
    breakers: {
      method: notIn(PROCUREMENT_METHODS),
      category: notIn(ORDER_KINDS),
      // null is no limit.
      maxValue: notANumber(0, 9_999_999_999).filter((v) => v !== null),
      effectiveFrom: notADate,
    },
  },
  'POST /api/procurement/purchase-orders': {
    role: 'procurement_officer',
    path: () => '/api/procurement/purchase-orders',
    // A draft (no submit): KEMSA's amoxicillin for the referral hospital's pharmacy.
    base: {
      supplierId: SEEDED.kemsa,
      requestedBy: 1,
      priority: 'medium',
      deliveryDate: '2026-04-30',
      items: [orderLine],
      notes: 'Deliver to the main store',
      facilityId: 1,
      kind: 'goods',
      method: 'public_entity',
      fund: 'fif',
      costCentre: 'pharmacy',
      egpReference: '',
      ifmisPoNumber: '',
    },
    breakers: {
      supplierId: notAnId,
      requestedBy: notAnId,
      priority: notIn(PRIORITIES),
      deliveryDate: notADate,
      items: badLines(orderLine, badOrderLine),
      notes: badOptionalText(1000, 'Deliver to the main store'),
      facilityId: notAnId,
      kind: notIn(ORDER_KINDS),
      method: notIn(PROCUREMENT_METHODS),
      fund: notIn(FUNDS),
      costCentre: notIn(COST_CENTRES),
      accountCode: notAnAccountCode,
      requisitionId: notAnOptionalIdNumber,
      ...references,
      submit: notABoolean,
    },
    // Requested by a member of staff who is there (the test finds one).
    texts: { fields: ['notes', 'egpReference', 'ifmisPoNumber'], fresh: () => ({ requestedBy: hostileIds.staffMember }), stored: asRecord },
  },
  'POST /api/procurement/purchase-orders/:id/submit': {
    role: 'procurement_officer',
    // Both references are always sent (null when none): an order that is not there, so a valid body is a 404.
    path: () => `/api/procurement/purchase-orders/${NONE}/submit`,
    base: { egpReference: 'EGP-BSA-2026-0301', ifmisPoNumber: '0070021' },
    breakers: references,
  },
  'POST /api/procurement/purchase-orders/:id/approve': {
    // procurement:approve: the accounting officer.
    role: 'county_director',
    // An order that is not there, so a valid body is a 404 and nothing is approved.
    path: () => `/api/procurement/purchase-orders/${NONE}/approve`,
    base: { egpReference: 'EGP-BSA-2026-0301', ifmisPoNumber: '0070021' },
    breakers: references,
  },
  'POST /api/procurement/purchase-orders/:id/reject': {
    role: 'county_director',
    path: () => `/api/procurement/purchase-orders/${SEEDED.pendingOrder}/reject`,
    base: { reason: 'KEMSA has these kits at a lower price: order from KEMSA' },
    breakers: { reason: badText(500, 'Order from KEMSA') },
  },
  'POST /api/procurement/purchase-orders/:id/cancel': {
    role: 'procurement_officer',
    path: () => `/api/procurement/purchase-orders/${SEEDED.pendingOrder}/cancel`,
    base: { reason: 'Raised twice: the requisition was already ordered' },
    breakers: { reason: badText(500, 'Raised twice') },
  },
  'POST /api/procurement/purchase-orders/:id/in-transit': {
    role: 'procurement_officer',
    // No body schema: the body is ignored, and this order does not exist (404).
    path: () => `/api/procurement/purchase-orders/${NONE}/in-transit`,
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/procurement/purchase-orders/:id/deliveries': {
    // procurement:receive: the store at its facility.
    role: 'pharmacist',
    path: () => `/api/procurement/purchase-orders/${SEEDED.inTransitOrder}/deliveries`,
    base: { deliveryNote: 'BPL-DN-0311', deliveredOn: '2026-03-10', committee: COMMITTEE, notes: 'Two cartons dented', items: [deliveryLine] },
    breakers: {
      deliveryNote: badText(60, 'BPL-DN-0311'),
      deliveredOn: notADate,
      committee: badCommittee,
      notes: badOptionalText(500, 'Two cartons dented'),
      items: badLines(deliveryLine, badDeliveryLine),
    },
  },
  'POST /api/procurement/donations': {
    role: 'pharmacist',
    path: () => '/api/procurement/donations',
    base: { facilityId: 1, supplierId: SEEDED.programme, deliveryNote: 'NMCP/KEMSA-DN-26-0413', deliveredOn: '2026-03-10', committee: COMMITTEE, notes: 'Quarterly programme allocation', items: [donationLine] },
    breakers: {
      facilityId: notAnId,
      supplierId: notAnId,
      deliveryNote: badText(60, 'NMCP-DN-1'),
      deliveredOn: notADate,
      committee: badCommittee,
      notes: badOptionalText(500, 'Quarterly allocation'),
      items: badLines(donationLine, badDonationLine),
    },
  },
  'POST /api/procurement/invoices': {
    role: 'procurement_officer',
    path: () => '/api/procurement/invoices',
    base: { orderId: SEEDED.inTransitOrder, invoiceNumber: 'BPL/INV/26/0311', invoiceDate: '2026-03-12', items: [invoiceLine] },
    breakers: { orderId: notAnId, invoiceNumber: badText(60, 'BPL/INV/26/0311'), invoiceDate: notADate, items: badInvoiceLines },
  },
  'PATCH /api/procurement/invoices/:id': {
    role: 'procurement_officer',
    // The held invoice (it charged more than the order's price).
    path: () => `/api/procurement/invoices/${SEEDED.heldInvoice}`,
    base: { invoiceNumber: 'KEMSA/INV/26/10233-C', items: [invoiceLine] },
    breakers: { invoiceNumber: badOptionalText(60, 'KEMSA/INV/26/10233-C'), items: badInvoiceLines },
  },
  'POST /api/procurement/payments': {
    // procurement:pay: the accounting officer.
    role: 'county_director',
    path: () => '/api/procurement/payments',
    base: { invoiceIds: [2], paidOn: '2026-03-16', bankAccount: '1120', reference: 'EFT 4471921' },
    breakers: {
      invoiceIds: fc.oneof(
        fc.constantFrom<unknown>(null, 'x', 1, {}, [], [1, 1], [2, '2'], [0], [-1], ['a'], [null]),
        fc.constant(Array.from({ length: 51 }, (_, i) => i + 1)),
        fc.array(notAnId, { minLength: 1, maxLength: 3 }),
      ),
      paidOn: notADate,
      bankAccount: notIn(PAYING_ACCOUNTS),
      reference: badOptionalText(60, 'EFT 4471921'),
    },
  },
});
