// The normal ranges of the vitals by age (vital-ranges.ts): what a nurse sees flagged for a newborn, an infant, a
// toddler, a school child and an adult, on the edges of each band and each reference's cut-off.
import { describe, expect, it } from 'vitest';
import { ageInMonths, bloodPressureFlag, vitalFlag, vitalRange } from './vital-ranges.js';

const MONTH_OLD = 1;
const INFANT = 6; // months
const TODDLER = 30;
const SCHOOL_CHILD = 8 * 12;
const ADULT = 35 * 12;

const flagOf = (...args: Parameters<typeof vitalFlag>) => vitalFlag(...args)?.flag ?? null;

describe('age in months', () => {
  it('counts whole months, a month completed on its day of the month', () => {
    expect(ageInMonths('2024-01-15', '2024-02-14')).toBe(0);
    expect(ageInMonths('2024-01-15', '2024-02-15')).toBe(1);
    expect(ageInMonths('2021-03-16', '2026-03-16')).toBe(60);
    expect(ageInMonths('2021-03-17', '2026-03-16')).toBe(59);
  });
});

describe('temperature', () => {
  it('flags a fever from 37.5 °C and low body temperature below 35.5 °C, at any age and with the age unknown', () => {
    for (const age of [MONTH_OLD, TODDLER, ADULT, null]) {
      expect(flagOf('temperature', 37.4, age)).toBeNull();
      expect(flagOf('temperature', 37.5, age)).toBe('high');
      expect(flagOf('temperature', 39.2, age)).toBe('high');
      expect(flagOf('temperature', 35.5, age)).toBeNull();
      expect(flagOf('temperature', 35.4, age)).toBe('low');
    }
  });

  it('reads a reading at the precision the record keeps: 37.46 is kept as 37.5, a fever', () => {
    expect(flagOf('temperature', 37.46, ADULT)).toBe('high');
  });

  it('says the range it read the reading against', () => {
    expect(vitalFlag('temperature', 39.2, ADULT)).toEqual({ flag: 'high', severe: false, range: { min: 35.5, max: 37.4 } });
  });
});

describe('respiratory rate (IMCI fast breathing)', () => {
  it('is fast from 60 under 2 months, from 50 between 2 and 12 months, from 40 between 1 and 5 years', () => {
    expect(flagOf('respiratoryRate', 59, MONTH_OLD)).toBeNull();
    expect(flagOf('respiratoryRate', 60, MONTH_OLD)).toBe('high');
    expect(flagOf('respiratoryRate', 49, INFANT)).toBeNull();
    expect(flagOf('respiratoryRate', 50, INFANT)).toBe('high');
    expect(flagOf('respiratoryRate', 50, 2)).toBe('high');
    expect(flagOf('respiratoryRate', 39, TODDLER)).toBeNull();
    expect(flagOf('respiratoryRate', 40, TODDLER)).toBe('high');
    expect(flagOf('respiratoryRate', 40, 12)).toBe('high');
    expect(flagOf('respiratoryRate', 40, 59)).toBe('high');
  });

  it('for an adult, 12 to 20 a minute is normal', () => {
    expect(flagOf('respiratoryRate', 11, ADULT)).toBe('low');
    expect(flagOf('respiratoryRate', 12, ADULT)).toBeNull();
    expect(flagOf('respiratoryRate', 20, ADULT)).toBeNull();
    expect(flagOf('respiratoryRate', 21, ADULT)).toBe('high');
  });

  it('a school child breathing 28 a minute is normal, as it would not be for an adult', () => {
    expect(flagOf('respiratoryRate', 28, SCHOOL_CHILD)).toBeNull();
    expect(flagOf('respiratoryRate', 28, ADULT)).toBe('high');
  });

  it('is not flagged when the age is not known', () => {
    expect(vitalFlag('respiratoryRate', 60, null)).toBeNull();
  });
});

describe('pulse', () => {
  it('an adult’s 112 is fast; an infant’s is normal, and an infant’s 100 slow', () => {
    expect(flagOf('pulse', 112, ADULT)).toBe('high');
    expect(flagOf('pulse', 112, INFANT)).toBeNull();
    expect(flagOf('pulse', 100, INFANT)).toBe('low');
  });

  it('follows the bands at their edges: 160 normal under 1 year, 150 from 1 to 2 years, 140 from 2 to 5', () => {
    expect(flagOf('pulse', 160, 11)).toBeNull();
    expect(flagOf('pulse', 160, 12)).toBe('high');
    expect(flagOf('pulse', 150, 23)).toBeNull();
    expect(flagOf('pulse', 150, 24)).toBe('high');
    expect(flagOf('pulse', 140, 59)).toBeNull();
    expect(flagOf('pulse', 121, SCHOOL_CHILD)).toBe('high');
    expect(vitalRange('pulse', ADULT)).toEqual({ min: 60, max: 100 });
  });
});

describe('SpO2', () => {
  it('is low below 94 %, severely (hypoxaemia) below 90 %', () => {
    expect(vitalFlag('spo2', 94, ADULT)).toBeNull();
    expect(vitalFlag('spo2', 93, TODDLER)).toMatchObject({ flag: 'low', severe: false });
    expect(vitalFlag('spo2', 89, null)).toMatchObject({ flag: 'low', severe: true });
    expect(vitalFlag('spo2', 90, ADULT)).toMatchObject({ flag: 'low', severe: false });
  });
});

describe('blood pressure', () => {
  it('an adult is high from 140 systolic or 90 diastolic, severely from 180/110, and low below 90 systolic', () => {
    expect(bloodPressureFlag(139, 89, ADULT)).toBeNull();
    expect(bloodPressureFlag(140, 80, ADULT)).toMatchObject({ flag: 'high', severe: false });
    expect(bloodPressureFlag(130, 90, ADULT)).toMatchObject({ flag: 'high', severe: false });
    expect(bloodPressureFlag(182, 100, ADULT)).toMatchObject({ flag: 'high', severe: true });
    expect(bloodPressureFlag(89, 60, ADULT)).toMatchObject({ flag: 'low', severe: false, systolic: { min: 90, max: 139 } });
  });

  it('a child is low below 70 + twice the age in years (PALS), high at the AAP screening values', () => {
    // Four years old: the lowest normal systolic is 78; 102/60 needs further evaluation.
    expect(bloodPressureFlag(77, 40, 4 * 12)).toMatchObject({ flag: 'low' });
    expect(bloodPressureFlag(78, 40, 4 * 12)).toBeNull();
    expect(bloodPressureFlag(101, 59, 4 * 12)).toBeNull();
    expect(bloodPressureFlag(102, 50, 4 * 12)).toMatchObject({ flag: 'high' });
    expect(bloodPressureFlag(95, 60, 4 * 12)).toMatchObject({ flag: 'high' });
  });

  it('an adolescent is high from 130/80; a reading with half the pressure, or no age, is not flagged', () => {
    expect(bloodPressureFlag(129, 79, 15 * 12)).toBeNull();
    expect(bloodPressureFlag(130, 70, 15 * 12)).toMatchObject({ flag: 'high' });
    expect(bloodPressureFlag(190, null, ADULT)).toBeNull();
    expect(bloodPressureFlag(190, 120, null)).toBeNull();
  });
});

describe('MUAC', () => {
  it('a child of 6 to 59 months is low below 12.5 cm (moderate) and severely below 11.5 cm (severe acute malnutrition)', () => {
    expect(vitalFlag('muac', 12.5, INFANT)).toBeNull();
    expect(vitalFlag('muac', 12.4, TODDLER)).toMatchObject({ flag: 'low', severe: false });
    expect(vitalFlag('muac', 11.5, 59)).toMatchObject({ flag: 'low', severe: false });
    expect(vitalFlag('muac', 11.4, TODDLER)).toMatchObject({ flag: 'low', severe: true });
  });

  it('an adult is low below 23 cm', () => {
    expect(vitalFlag('muac', 22.9, ADULT)).toMatchObject({ flag: 'low' });
    expect(vitalFlag('muac', 23, ADULT)).toBeNull();
  });

  it('is not read under 6 months nor between 5 and 18 years, where the cut-offs go by age', () => {
    expect(vitalFlag('muac', 9, 3)).toBeNull();
    expect(vitalFlag('muac', 11, SCHOOL_CHILD)).toBeNull();
    expect(vitalRange('muac', 60)).toBeNull();
  });
});
