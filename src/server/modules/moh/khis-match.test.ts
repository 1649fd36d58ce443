// How a KHIS data element is recognised as a row of ours (khis-match.ts): the same words however KHIS writes them, and
// a proposal only when it is unique both ways.
import { describe, expect, it } from 'vitest';
import { candidatesOf, nameKeys, proposeRows, words } from './khis-match.js';
import type { Dhis2DataSet } from './dhis2-client.js';

describe('a name or code as words', () => {
  it.each([
    ['MOH 705A Rev 2020_Diseases of the Skin', 'Diseases of the skin'],
    ['MOH705A_DIARRHOEA_NO_DEHYDRATION', 'diarrhoea_with_no_dehydration'],
    ['moh 705 a Upper respiratory tract infections', 'URTI'],
    ['Urinary Tract Infection', 'UTIs'],
    ['No. of New Attendances', 'MOH 705B First attendances'],
    ['Referrals From Other Health Facility', 'Referrals from other HF'],
    ['Deaths due to Road Traffic Injuries', 'Deaths due to RTA'],
    ['Tonsillitis', 'tonsilities'],
    ['Dysentery', 'dysentry'],
    ['Anaemia', 'Anemia'],
    ["Down's syndrome", 'Downs Syndrome'],
    ['Dis. of Puerperium & Childbirth', 'Diseases of puerperium and childbirth'],
    ['Diarrhœa', 'Diarrhoea'],
  ])('"%s" is "%s"', (a, b) => {
    expect(words(a)).not.toBe('');
    expect(words(a)).toBe(words(b));
  });

  it.each([
    ['Referrals From Other Health Facility', 'Referrals To Other Health Facility'],
    ['No. of New Attendances', 'No. of Re-Attendances'],
    ['Road Traffic Injuries', 'Deaths due to Road Traffic Injuries'],
    ['Diarrhoea with no dehydration', 'Diarrhoea with some dehydration'],
    ['Mohamed', 'med'],
  ])('"%s" is not "%s"', (a, b) => {
    expect(words(a)).not.toBe(words(b));
  });

  it('may leave out parenthesised words, or a slash’s second word', () => {
    expect(nameKeys('Dysentery (bloody diarrhoea)')).toEqual(new Set(['bloody diarrhoea dysentery', 'dysentery']));
    expect(nameKeys('Eye Infections/Conditions').has(words('Eye infection'))).toBe(true);
    expect(nameKeys('MOH 705A')).toEqual(new Set());
  });
});

const element = (id: string, name: string, code: string | null = null, combos = [{ id: 'NhSoXUMPK2K', name: 'default', code: null }]) => ({ id, name, shortName: null, formName: null, code, combos });
const set = (...dataElements: ReturnType<typeof element>[]): Dhis2DataSet => ({ id: 'Ds00000000A', name: 'Test', code: null, dataElements });

describe('proposals', () => {
  it('by code first, then by name among the rest; a default combo is left blank', () => {
    const candidates = candidatesOf(set(element('De0000000Ch', 'MOH 705A Cholera', 'MOH705A_CHOLERA'), element('De0000000Me', 'MOH 705A Measles')), 'NhSoXUMPK2K');
    const rows = [
      { key: 'measles', label: 'Measles' },
      { key: 'cholera', label: 'Cholera' },
      { key: 'mumps', label: 'Mumps' },
    ];
    expect(proposeRows(rows, candidates)).toEqual([
      { match: 'name', candidate: 1 },
      { match: 'code', candidate: 0 },
      { match: 'none', candidate: null },
    ]);
    expect(candidates[0]).toMatchObject({ dataElement: 'De0000000Ch', categoryOptionCombo: null });
  });

  it("names the default combo when this DHIS2's default is another uid", () => {
    const [c] = candidatesOf(set(element('De0000000Ch', 'Cholera', null, [{ id: 'HllvX50cXC0', name: 'default', code: null }])), 'NhSoXUMPK2K');
    expect(c).toMatchObject({ categoryOptionCombo: 'HllvX50cXC0', name: 'Cholera' });
  });

  it('none for a row two values fit, or for two rows one value fits', () => {
    const candidates = candidatesOf(set(element('De0000000B1', 'Brucellosis'), element('De0000000B2', 'Brucellosis (old)'), element('De0000000In', 'Other Injuries')), 'NhSoXUMPK2K');
    const rows = [
      { key: 'brucellosis', label: 'Brucellosis' },
      { key: 'other_injuries', label: 'Other Injuries' },
      { key: 'other_injuries_2', label: 'Other injuries' },
    ];
    expect(proposeRows(rows, candidates).map((p) => p.match)).toEqual(['none', 'none', 'none']);
  });

  it("matches a disaggregated element's combos to the rows they are", () => {
    const combos = ['Under 5 years, Male', 'Under 5 years, Female'].map((name, i) => ({ id: `Co000000${i}Mf`, name, code: null }));
    const candidates = candidatesOf(set(element('De000000New', 'MOH 717 New attendances', null, combos)), 'NhSoXUMPK2K');
    expect(candidates.map((c) => c.name)).toEqual(['MOH 717 New attendances (Under 5 years, Male)', 'MOH 717 New attendances (Under 5 years, Female)']);
    const rows = [
      { key: 'opd_new_u5_f', label: 'New attendances: Under 5 years, female' },
      { key: 'opd_new_u5_m', label: 'New attendances: Under 5 years, male' },
    ];
    expect(proposeRows(rows, candidates)).toEqual([
      { match: 'name', candidate: 1 },
      { match: 'name', candidate: 0 },
    ]);
  });
});
