// The registry's Patient Details registers only some of the referrals strings (patient-referrals.strings.ts): every
// key the patient's referrals list shows must be among them, or a patient's record would read "referrals.patient.…".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import picked from 'locale-keys:features/referrals/locales/en.json|referrals.patient,referrals.status,referrals.urgency,referrals.table.to';
import { REFERRAL_STATUSES, URGENCY_LEVELS } from '../../../shared/referrals';

const has = (path: string) => path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), picked) !== undefined;

describe("a patient's referrals in the registry", () => {
  it('registers every key the list and its badges show, in the same picks as the strings file', () => {
    const file = new URL('./patient-referrals.tsx', import.meta.url);
    const used = [...readFileSync(file, 'utf8').matchAll(/\bt\('(referrals\.[A-Za-z0-9_.]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(3);
    const keys = [...used, ...REFERRAL_STATUSES.map((s) => `referrals.status.${s}`), ...URGENCY_LEVELS.map((u) => `referrals.urgency.${u}`)];
    expect(keys.filter((k) => !has(k))).toEqual([]);
    // The strings file picks the same keys as this test (one list, copied in both, checked here).
    const strings = readFileSync(new URL('./patient-referrals.strings.ts', import.meta.url), 'utf8');
    expect(strings).toContain("'locale-keys:features/referrals/locales/en.json|referrals.patient,referrals.status,referrals.urgency,referrals.table.to'");
    // Only those: the rest of the referrals screen's strings stay out.
    expect(Object.keys((picked as { referrals: object }).referrals).sort()).toEqual(['patient', 'status', 'table', 'urgency']);
  });
});
