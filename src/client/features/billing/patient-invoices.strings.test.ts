// The registry's Patient Details registers only some of the billing strings (patient-invoices.strings.ts): every
// key a patient's invoices show must be among them, or a patient's record would read "billing.patient.…".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import picked from 'locale-keys:features/billing/locales/en.json|billing.patient,billing.status,billing.services,billing.retryWhat';
import { BILLING_STATUSES, SERVICE_TYPES } from '../../../shared/billing';

const has = (path: string) => path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), picked) !== undefined;

describe("a patient's invoices in the registry", () => {
  it('shows only keys the registry registers, in the same picks as the strings file', () => {
    const used = [...readFileSync(new URL('./patient-invoices.tsx', import.meta.url), 'utf8').matchAll(/\bt\('(billing\.[A-Za-z0-9_.]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(3);
    const keys = [...used, 'billing.retryWhat', ...BILLING_STATUSES.map((s) => `billing.status.${s}`), ...SERVICE_TYPES.map((s) => `billing.services.${s}`)];
    expect(keys.filter((k) => !has(k))).toEqual([]);
    const strings = readFileSync(new URL('./patient-invoices.strings.ts', import.meta.url), 'utf8');
    expect(strings).toContain("'locale-keys:features/billing/locales/en.json|billing.patient,billing.status,billing.services,billing.retryWhat'");
  });
  it('carries none of the billing screen’s other strings', () => {
    expect(Object.keys((picked as { billing: object }).billing).sort()).toEqual(['patient', 'retryWhat', 'services', 'status']);
  });
});
