// The coded visit's form, apart from the screen (issue 13): what the Add Medical Record form sends for what the
// nurse typed, what a correction starts from, who is asked for MUAC, and how the records list writes the vitals.
import type { TFunction } from 'i18next';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { correctMedicalRecordSchema, createMedicalRecordSchema, VITAL_KEYS, type MedicalRecord } from '../../../shared/medical-records';
import { emptyRecordValues, isUnderFive, recordResolver, recordValuesOf, type RecordFormValues } from './medical-record-fields';
import { vitalReadings } from './patient-labels';

const NOW = new Date('2026-03-16T09:30:00+03:00');
const createResolver = recordResolver(createMedicalRecordSchema(() => NOW));
const correctResolver = recordResolver(correctMedicalRecordSchema);
const options: ResolverOptions<RecordFormValues> = { fields: {}, shouldUseNativeValidation: false };

/** The form as the nurse left it: a new visit of patient 7 at facility 1, with `overrides`. */
const typed = (overrides: Partial<RecordFormValues> = {}): RecordFormValues => ({ ...emptyRecordValues(7, 1), chiefComplaint: 'Fever for two days', ...overrides });
const vitals = (v: Partial<RecordFormValues['vitals']>) => ({ ...emptyRecordValues(7, 1).vitals, ...v });

const noVitals = Object.fromEntries(VITAL_KEYS.map((k) => [k, null])) as MedicalRecord['vitals'];

function record(overrides: Partial<MedicalRecord> = {}): MedicalRecord {
  return {
    id: 41,
    patientId: 7,
    facilityId: 1,
    facilityName: 'Busia County Referral Hospital',
    clinicianId: 4,
    clinicianName: 'Brian Ouma',
    clinicianRole: 'clinical_officer',
    chiefComplaint: 'Headache',
    diagnosis: 'Clinical malaria',
    treatment: null,
    prescription: 'AL 4 tablets twice daily for 3 days',
    notes: null,
    followUpDate: '2026-03-19',
    visitDate: '2026-03-16T06:30:00.000Z',
    createdAt: '2026-03-16T06:30:00.000Z',
    visitType: 'revisit',
    vitals: { ...noVitals, temperature: 38.5, systolic: 120, diastolic: 80 },
    diagnoses: [{ code: '1F4Z', title: 'Malaria, unspecified', caseType: 'repeat' }],
    referredFrom: 'community_unit',
    referredTo: null,
    outcome: null,
    outcomeAt: null,
    version: 2,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

describe('the Add Medical Record form', () => {
  it('sends a visit with nothing coded as the spec’s record: no vitals, no diagnoses, the type left to the OPD rule', async () => {
    const result = await createResolver(typed(), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ patientId: 7, facilityId: 1, chiefComplaint: 'Fever for two days', diagnoses: [], referredFrom: null, referredTo: null });
    expect((result.values as { visitType?: string }).visitType).toBeUndefined();
    expect((result.values as { vitals: Record<string, number | null> }).vitals).toEqual(noVitals);
  });

  it('reads the vitals as numbers, a phone keyboard’s decimal comma too, and sends each diagnosis without its title', async () => {
    const result = await createResolver(
      typed({ vitals: vitals({ temperature: '38,5', pulse: ' 96 ', weight: '61.25' }), diagnoses: [{ code: '1F40.Z', title: 'Malaria due to Plasmodium falciparum, unspecified', caseType: 'new' }] }),
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ vitals: { temperature: 38.5, pulse: 96, weight: 61.25, spo2: null }, diagnoses: [{ code: '1F40.Z', caseType: 'new' }] });
  });

  it('refuses a temperature no living patient has, and half a blood pressure, under their own fields', async () => {
    const result = await createResolver(typed({ vitals: vitals({ temperature: '50', systolic: '120' }) }), undefined, options);
    expect(result.errors.vitals?.temperature?.message).toBe('Temperature must be between 25 and 45 °C');
    expect(result.errors.vitals?.diastolic?.message).toBe('Enter both systolic and diastolic blood pressure');
    expect(result.errors.chiefComplaint).toBeUndefined();
  });

  it('refuses the same code twice on the row of the second', async () => {
    const malaria = { code: '1F4Z', title: 'Malaria, unspecified', caseType: 'new' as const };
    const result = await createResolver(typed({ diagnoses: [malaria, { ...malaria, caseType: 'repeat' }] }), undefined, options);
    expect(result.errors.diagnoses?.[1]?.code?.message).toBe('This diagnosis is already on the visit');
  });
});

describe('a correction', () => {
  it('starts from the record as it reads, and sends it back unchanged but for the reason and the version read', async () => {
    const values = recordValuesOf(record());
    expect(values.vitals).toMatchObject({ temperature: '38.5', systolic: '120', diastolic: '80', pulse: '' });
    const result = await correctResolver({ ...values, reason: 'Prescription completed' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      chiefComplaint: 'Headache',
      diagnosis: 'Clinical malaria',
      treatment: null,
      prescription: 'AL 4 tablets twice daily for 3 days',
      notes: null,
      followUpDate: '2026-03-19',
      visitType: 'revisit',
      vitals: { ...noVitals, temperature: 38.5, systolic: 120, diastolic: 80 },
      diagnoses: [{ code: '1F4Z', caseType: 'repeat' }],
      referredFrom: 'community_unit',
      referredTo: null,
      outcome: null,
      deathTime: null,
      reason: 'Prescription completed',
      version: 2,
    });
  });

  it('asks why', async () => {
    const result = await correctResolver(recordValuesOf(record()), undefined, options);
    expect(result.errors.reason?.message).toBe('Say why the record is corrected');
  });
});

describe('MUAC', () => {
  it('is asked for a child under five on the day of the visit', () => {
    expect(isUnderFive('2021-03-17', '2026-03-16')).toBe(true);
    expect(isUnderFive('2021-03-16', '2026-03-16')).toBe(false);
    expect(isUnderFive(undefined, '2026-03-16')).toBe(false);
  });
});

describe('the vitals line of a record', () => {
  const t = ((key: string) => key) as unknown as TFunction;
  const line = (v: Partial<MedicalRecord['vitals']>) =>
    vitalReadings(t, { ...noVitals, ...v })
      .map((r) => `${r.abbr} ${r.value}`)
      .join(' · ');

  it('shows only what was measured, in the clinic’s shorthand', () => {
    expect(line({ temperature: 38.5, pulse: 96, systolic: 120, diastolic: 80, spo2: 97 })).toBe('T 38.5 °C · P 96 · BP 120/80 · SpO2 97 %');
    expect(line({ weight: 12.4, muac: 13.2 })).toBe('Wt 12.4 kg · MUAC 13.2 cm');
    expect(line({})).toBe('');
  });

  it('names each reading in full for its abbreviation', () => {
    expect(vitalReadings(t, { ...noVitals, respiratoryRate: 22 })).toEqual([{ key: 'respiratoryRate', abbr: 'RR', title: 'patients.vitals.respiratoryRate', value: '22', flag: null }]);
  });

  it('flags a reading outside the normal range for the patient’s age, and only then', () => {
    const adult = 30 * 12;
    const flags = (v: Partial<typeof noVitals>, age: number | null) => vitalReadings(t, { ...noVitals, ...v }, age).map((r) => [r.key, r.flag]);
    expect(flags({ temperature: 39.2, pulse: 112, systolic: 120, diastolic: 80, spo2: 97, weight: 70 }, adult)).toEqual([
      ['temperature', 'high'],
      ['pulse', 'high'],
      ['bp', null],
      ['spo2', null],
      ['weight', null],
    ]);
    // A pulse of 112 is normal for a child of two; a saturation of 91 % is low at any age, known or not.
    expect(flags({ pulse: 112, spo2: 91 }, 24)).toEqual([
      ['pulse', null],
      ['spo2', 'low'],
    ]);
    expect(flags({ pulse: 112, spo2: 91 }, null)).toEqual([
      ['pulse', null],
      ['spo2', 'low'],
    ]);
  });
});
