// The medical-records module's contracts: what the server validates and returns, and what the client's forms and screens use.
export * from './contracts.js';
export * from './diagnosis-search.js';
export * from './diagnosis-synonyms.js';
export * from './icd11.js';
export * from './vital-ranges.js';
