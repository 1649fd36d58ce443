// The procurement module's contracts (issue 28; PROCUREMENT.md): suppliers and the county's item catalogue first.
export * from './suppliers.js';
