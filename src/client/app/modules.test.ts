// Patient Details' slots as the registry fills them (issue 26): which module's part shows where, and to whom. The
// parts themselves load lazily; nothing here loads them.
import { describe, expect, it } from 'vitest';
import { can } from '../../shared/access';
import { PATIENT_DETAILS } from './modules';

const filled = () => Object.fromEntries(PATIENT_DETAILS.map(({ slot, parts }) => [slot, parts.map((p) => p.read)]));

describe("Patient Details' slots", () => {
  it('are the records, appointments, referrals and billing, in that order, each filled by the module that reads it', () => {
    expect(filled()).toEqual({
      records: ['records:read'],
      appointments: ['appointments:read'],
      referrals: ['referrals:read'],
      billing: ['billing:read'],
    });
  });

  it("show a nurse every part, and the system administrator none (he may not read patients' records)", () => {
    const shown = (role: string) => PATIENT_DETAILS.flatMap(({ slot, parts }) => (parts.some((p) => can(role, p.read)) ? [slot] : []));
    expect(shown('nurse')).toEqual(['records', 'appointments', 'referrals', 'billing']);
    // The pharmacist reads records but not invoices: the billing slot is not shown to him.
    expect(shown('pharmacist')).toContain('records');
    expect(shown('pharmacist')).not.toContain('billing');
    expect(shown('admin')).toEqual([]);
  });
});
