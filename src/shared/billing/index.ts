// The billing module's contracts: what the server validates and returns, and what the client's forms and screens use.
export * from './constants.js';
export * from './due.js';
export * from './invoices.js';
export * from './payments.js';
export * from './receipt-block-size.js';
