// The procurement module's contracts (issue 28; PROCUREMENT.md): suppliers and the catalogue, requisitions, the
// plan and the threshold matrix, purchase orders, deliveries, donations, invoices, payments and pending bills.
export * from './suppliers.js';
export * from './orders.js';
export * from './receipts.js';
export * from './reports.js';
