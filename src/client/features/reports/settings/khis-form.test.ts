// The KHIS identifiers form apart from the screen: a blank box for each identifier not set, the count of rows sent,
// and where each of the server's messages goes.
import { describe, expect, it } from 'vitest';
import { khisValuesOf, placeIssues, rowsSent } from './khis-form';

describe('the KHIS identifiers form', () => {
  it('starts from what the server holds, a blank box for each identifier not set', () => {
    const values = khisValuesOf({
      form: '705A',
      dataSet: 'EnZokILHOeN',
      defaultCategoryOptionCombo: 'NhSoXUMPK2K',
      rows: [
        { key: 'cholera', label: 'Cholera', dataElement: 'Aa345678901', categoryOptionCombo: null },
        { key: 'measles', label: 'Measles', dataElement: null, categoryOptionCombo: null },
      ],
    });
    expect(values).toEqual({
      form: '705A',
      dataSet: 'EnZokILHOeN',
      rows: [
        { key: 'cholera', dataElement: 'Aa345678901', categoryOptionCombo: '' },
        { key: 'measles', dataElement: '', categoryOptionCombo: '' },
      ],
    });
    expect(khisValuesOf({ form: '717', dataSet: null, defaultCategoryOptionCombo: 'NhSoXUMPK2K', rows: [] }).dataSet).toBe('');
  });

  it('counts the rows sent: those with a dataElement', () => {
    expect(rowsSent([{ dataElement: 'Aa345678901' }, { dataElement: '  ' }, { dataElement: '' }])).toBe(1);
  });

  it("puts each of the server's messages under its box, and the rest above Save", () => {
    expect(
      placeIssues({ dataSet: 'bad set', 'rows.3.dataElement': 'taken', 'rows.4.categoryOptionCombo': 'bad combo', 'rows.5.key': 'No row x on MOH 705A', form: 'bad form' }),
    ).toEqual({
      fields: [
        ['dataSet', 'bad set'],
        ['rows.3.dataElement', 'taken'],
        ['rows.4.categoryOptionCombo', 'bad combo'],
      ],
      other: ['No row x on MOH 705A', 'bad form'],
    });
  });
});
