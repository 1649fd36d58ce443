// The MOH forms' contracts: the 705 mapping, the HMIS settings, the age rule, the generated forms' shape and the
// IDSR notifiable rows.
export * from './age-rule.js';
export * from './contracts.js';
export * from './idsr.js';
export * from './khis-sync.js';
