import { describe, expect, it } from 'vitest';
import { placeName } from './place-names.js';

describe('a place named in the reader’s language', () => {
  it('a Kiswahili reader reads the books of Kaunti ya Busia, not of Busia County', () => {
    expect(placeName('Busia County', 'sw')).toBe('Kaunti ya Busia');
    expect(placeName('Matayos Sub-County', 'sw')).toBe('Kaunti Ndogo ya Matayos');
    expect(placeName('Teso North Sub-County', 'sw')).toBe('Kaunti Ndogo ya Teso North');
  });
  it('English, and a facility’s own name, stay as they are', () => {
    expect(placeName('Busia County', 'en')).toBe('Busia County');
    expect(placeName('Matayos Sub-County', 'en')).toBe('Matayos Sub-County');
    expect(placeName('Busia County Referral Hospital', 'sw')).toBe('Busia County Referral Hospital');
    expect(placeName('Your facilities', 'sw')).toBe('Your facilities');
  });
});
