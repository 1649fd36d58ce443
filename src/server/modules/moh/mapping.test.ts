// The mapping's precedence rules against the rows of the bundled file (moh705-icd11.json `codes[].rows` gives the
// row of every listed code by precedence alone: the resolver must agree with all of them).
import { describe, expect, it } from 'vitest';
import { ICD11_FILE } from '../medical-records/index.js';
import { mappingResolver, type MappingEntry } from './mapping.js';

type Row = { row: number; key: string; icd11?: { code: string; match: 'exact' | 'prefix'; withExtension?: string[] }[] };
const data = ICD11_FILE as { forms: Record<'705A' | '705B', Row[]>; codes: { code: string; chapter: string; rows?: Record<string, string> }[] };

/** The entries of a form as the migration loads them, without the rows counted from something else than a code. */
function entriesOf(form: '705A' | '705B'): MappingEntry[] {
  return data.forms[form]
    .filter((r) => r.key !== 'deaths_due_to_road_traffic_injuries')
    .flatMap((r) => (r.icd11 ?? []).map((c) => ({ rowKey: r.key, row: r.row, code: c.code, match: c.match, withExtension: c.withExtension ?? null })));
}

describe('ICD-11 → MOH 705 row', () => {
  for (const form of ['705A', '705B'] as const) {
    it(`puts every listed code of ${form} in the row the data file gives it`, () => {
      const resolve = mappingResolver(entriesOf(form));
      const coded = data.codes.filter((c) => c.rows);
      expect(coded.length).toBeGreaterThan(300);
      for (const c of coded) expect([c.code, resolve(c.code) ?? 'all_other_diseases']).toEqual([c.code, c.rows![form]]);
    });
  }

  it('lets a satisfied extension beat the plain code, and ignores an extension the entry does not name', () => {
    const resolve = mappingResolver(entriesOf('705A'));
    expect(resolve('5C70.0')).toBe('diarrhoea_with_some_dehydration');
    expect(resolve('5C70.0&XS25')).toBe('diarrhoea_with_severe_dehydration');
    expect(resolve('5C70.0&XS0T')).toBe('diarrhoea_with_some_dehydration');
    expect(resolve('CA40.Z&XS25')).toBe('severe_pneumonia');
    expect(resolve('PA75&XE33Q')).toBe('dog_bites');
    expect(resolve('PA75&XE9X2')).toBe('snake_bites');
    expect(resolve('PA75')).toBe('other_bites');
    expect(resolve('PE40&XE6U2')).toBe('sexual_violence');
    expect(resolve('PE40')).toBe('violence_related_injuries');
  });

  it('prefers the longer prefix and the exact code, and leaves an unmapped code to All other diseases', () => {
    const a = mappingResolver(entriesOf('705A'));
    const b = mappingResolver(entriesOf('705B'));
    expect(a('6A02')).toBe('autism');
    expect(b('6A02')).toBe('mental_disorders');
    expect(b('BA00.Z')).toBe('hypertention');
    expect(b('BD1Z')).toBe('cardiovascular_conditions');
    expect(a('1G05')).toBe('jiggers_infestation');
    expect(a('MG26')).toBeNull();
    expect(a('RA01')).toBeNull();
  });
});
