// The access module's contracts: what the server validates and returns, and what the client's forms and screens use.
export * from './permissions.js';
export * from './roles.js';
