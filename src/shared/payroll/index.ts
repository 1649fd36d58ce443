// The payroll module's contracts (issue 27): Kenya's statutory rates as effective-dated rows, and the one
// calculation of a month's pay that the server runs and the screen previews with.
export * from './calculate.js';
export * from './contracts.js';
export * from './employees.js';
export * from './rates.js';
export * from './runs.js';
export * from './deadlines.js';
export * from './timesheets.js';
export * from './ippd.js';
