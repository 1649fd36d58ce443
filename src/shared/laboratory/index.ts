// The laboratory module's contracts: what the server validates and returns, and what the client's forms and screens use.
export * from './constants.js';
export * from './contracts.js';
