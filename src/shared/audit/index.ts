// The audit trail's contracts.
export * from './contracts.js';
