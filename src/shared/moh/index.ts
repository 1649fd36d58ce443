// The MOH forms' contracts: the 705 mapping, the HMIS settings, the age rule and the generated forms' shape.
export * from './age-rule.js';
export * from './contracts.js';
export * from './khis-sync.js';
