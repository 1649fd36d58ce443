// The accounting module's contracts (issue 14): what the server validates and returns, and what /accounting uses.
export * from './constants.js';
export * from './bounds.js';
export * from './accounts.js';
export * from './journals.js';
export * from './periods.js';
export * from './statements.js';
export * from './reconciliation.js';
export * from './bank-profiles.js';
export * from './journal-text.js';
