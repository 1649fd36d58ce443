// How the settings word codes, rows and the server's messages: a health records officer reads "CA40…" for a prefix,
// finds the row a typed code lands in, and is told which row already counts a code, by number and name.
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MappingRow } from '../../../../shared/moh';
import { ApiError } from '../../../lib/api-client';
import en from './locales/en.json';
import { codeText, codeTitle, errorText, filterRows, HMIS_ROLES, messageText, takesCodes } from './settings-labels';

const t = i18n.t.bind(i18n);

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: { ...en, common: { error: 'Error' } } } }, interpolation: { escapeValue: false } });
});

/** A row of MOH 705A as the server lists it, with `overrides`. */
const row = (overrides: Partial<MappingRow>): MappingRow => ({ form: '705A', key: 'cholera', row: 4, label: 'Cholera', source: 'diagnosis', note: null, codes: [], ...overrides });
const code = (id: number, c: string, match: 'exact' | 'prefix' = 'exact', title = c, withExtension: string[] | null = null) => ({ id, code: c, match, title, withExtension });

const ROWS = [
  row({ key: 'pneumonia', row: 7, label: 'Pneumonia', codes: [code(1, 'CA40', 'prefix', 'Pneumonia and its subcategories')] }),
  row({ key: 'severe_pneumonia', row: 8, label: 'Severe pneumonia', codes: [code(2, 'CA40', 'prefix', 'Pneumonia and its subcategories', ['XS25'])] }),
  row({ key: 'suspected_malaria', row: 13, label: 'Suspected Malaria', codes: [code(3, '1F45', 'exact', 'Malaria without parasitological confirmation'), code(4, '1F4Z', 'exact', 'Malaria, unspecified')] }),
  row({ key: 'confirmed_malaria', row: 15, label: 'Confirmed Malaria', codes: [code(5, '1F40', 'prefix', 'Malaria due to Plasmodium falciparum and its subcategories')] }),
  row({ key: 'other_injuries', row: 44, label: 'Other injuries', codes: [code(6, 'N', 'prefix', 'N and its subcategories')] }),
  row({ key: 'new_attendances', row: 70, label: 'No. of New Attendances', source: 'visit' }),
];
const found = (search: string) => filterRows(ROWS, search).map((m) => m.row.row);

describe('a code on a chip', () => {
  it('ends a prefix in "…" and keeps an exact code as it is', () => {
    expect(codeText({ code: 'CA40', match: 'prefix' })).toBe('CA40…');
    expect(codeText({ code: '1F4Z', match: 'exact' })).toBe('1F4Z');
  });

  it("leaves out the server's English 'and its subcategories', and a title that only repeats the code", () => {
    expect(codeTitle(code(1, 'CA40', 'prefix', 'Pneumonia and its subcategories'))).toBe('Pneumonia');
    expect(codeTitle(code(1, 'N', 'prefix', 'N and its subcategories'))).toBe('');
    expect(codeTitle(code(1, '1A00', 'exact', 'Cholera'))).toBe('Cholera');
  });

  it('takes codes on disease rows and on Physical disability only', () => {
    expect(takesCodes(row({}))).toBe(true);
    expect(takesCodes(row({ source: 'visit' }))).toBe(false);
    expect(takesCodes(row({ source: 'register', key: 'physical_disability' }))).toBe(true);
    expect(takesCodes(row({ source: 'register', key: 'deaths_due_to_road_traffic_injuries' }))).toBe(false);
  });
});

describe('the search over a form’s rows', () => {
  it('finds every row, unmarked, when nothing is typed', () => {
    expect(filterRows(ROWS, '  ')).toEqual(ROWS.map((r) => ({ row: r, codes: null })));
  });

  it('finds a row by its number or its name', () => {
    expect(found('13')).toEqual([13]);
    expect(found('malaria')).toEqual([13, 15]);
    expect(found('ATTENDANCES')).toEqual([70]);
  });

  it('finds a typed code in the row whose prefix covers it, and marks that code', () => {
    expect(found('ca40.0')).toEqual([7, 8]);
    expect(filterRows(ROWS, 'CA40.0')[0]!.codes).toEqual(new Set([1]));
    expect(found('1F40.Z')).toEqual([15]);
    expect(found('1F4')).toEqual([13, 15]);
  });

  it('does not read a short word as a code under a one-letter prefix (N… is not "nec")', () => {
    expect(found('nec')).toEqual([]);
    expect(found('NA07')).toEqual([44]);
  });

  it('finds a code by words of its title, and by an extension code', () => {
    expect(found('unspecified')).toEqual([13]);
    expect(found('xs25')).toEqual([8]);
  });
});

describe("the server's messages, in the reader's words", () => {
  it('names the row a conflicting code already counts in, by number and name', () => {
    expect(messageText(t, 'CA40 (prefix) is already mapped to pneumonia on MOH 705A: remove it there first', ROWS)).toBe(
      'CA40… already counts in row 7 · Pneumonia on MOH 705A: remove it there first',
    );
  });

  it('names the row a KHIS dataElement already belongs to', () => {
    expect(messageText(t, 'Aq705Bdiar1 is already the data element of cholera', [{ key: 'cholera', label: 'Cholera' }])).toBe('Aq705Bdiar1 is already the dataElement of Cholera');
  });

  it('words a known message again, and leaves an unknown one as it came', () => {
    expect(messageText(t, 'A dataElement is a DHIS2 identifier: a letter and ten letters or digits')).toBe('A dataElement is a KHIS identifier: a letter and ten letters or digits');
    expect(messageText(t, 'Something new')).toBe('Something new');
  });

  it('keeps the status before the text (SPEC.md §8)', () => {
    expect(errorText(t, new ApiError(409, 'CA40 (prefix) is already mapped to pneumonia on MOH 705A: remove it there first'), ROWS)).toBe(
      '409: CA40… already counts in row 7 · Pneumonia on MOH 705A: remove it there first',
    );
    expect(errorText(t, new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText(t, 'odd')).toBe('Error');
  });

  it('lists the HMIS roles of the permission table', () => {
    expect([...HMIS_ROLES].sort()).toEqual(['county_director', 'facility_incharge', 'records_officer', 'subcounty_medical_officer']);
  });
});
