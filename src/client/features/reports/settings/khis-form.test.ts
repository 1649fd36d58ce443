// The KHIS identifiers form apart from the screen: a blank box for each identifier not set, the count of rows sent,
// where each of the server's messages goes, and KHIS's proposal reviewed before it is saved.
import { describe, expect, it } from 'vitest';
import type { KhisProposal } from '../../../../shared/moh';
import { khisValuesOf, placeIssues, rowsSent } from './khis-form';
import { changedRows, clashes, confirmedValues, initialPicks } from './khis-proposal';

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

describe("reviewing KHIS's proposal", () => {
  const proposal: KhisProposal = {
    form: '705A',
    dataSet: 'EnZokILHOeN',
    dataSetName: 'MOH 705 A',
    defaultCategoryOptionCombo: 'NhSoXUMPK2K',
    candidates: [
      { dataElement: 'DeCholera01', categoryOptionCombo: null, name: 'Cholera', code: 'MOH705A_CHOLERA' },
      { dataElement: 'DeMeasles01', categoryOptionCombo: null, name: 'Measles', code: null },
      { dataElement: 'DeMalaria01', categoryOptionCombo: 'CoConfirmed', name: 'Malaria (Confirmed)', code: null },
    ],
    rows: [
      { key: 'cholera', label: 'Cholera', dataElement: null, categoryOptionCombo: null, match: 'code', proposed: { dataElement: 'DeCholera01', categoryOptionCombo: null } },
      { key: 'measles', label: 'Measles', dataElement: 'Typed000001', categoryOptionCombo: null, match: 'name', proposed: { dataElement: 'DeMeasles01', categoryOptionCombo: null } },
      { key: 'confirmed_malaria', label: 'Confirmed Malaria', dataElement: 'DeMalaria01', categoryOptionCombo: 'CoConfirmed', match: 'name', proposed: { dataElement: 'DeMalaria01', categoryOptionCombo: 'CoConfirmed' } },
      { key: 'autism', label: 'Autism', dataElement: null, categoryOptionCombo: null, match: 'none', proposed: null },
    ],
  };
  const current = {
    form: '705A' as const,
    dataSet: '',
    rows: [
      { key: 'cholera', dataElement: '', categoryOptionCombo: '' },
      { key: 'measles', dataElement: 'Typed000001', categoryOptionCombo: '' },
      { key: 'confirmed_malaria', dataElement: 'DeMalaria01', categoryOptionCombo: 'CoConfirmed' },
      { key: 'autism', dataElement: '', categoryOptionCombo: '' },
    ],
  };

  it('ticks a proposal for a blank row or the same value, never one that replaces what the row has', () => {
    expect(initialPicks(proposal, current)).toEqual([
      { ticked: true, choice: 0 },
      { ticked: false, choice: 1 },
      { ticked: true, choice: 2 },
      { ticked: false, choice: -1 },
    ]);
  });

  it('saves the ticked rows as chosen, the others as the form shows them, with the dataSet KHIS was read by', () => {
    const picks = initialPicks(proposal, current);
    picks[3] = { ticked: true, choice: 1 };
    const next = confirmedValues(proposal, current, picks);
    expect(next).toEqual({
      form: '705A',
      dataSet: 'EnZokILHOeN',
      rows: [
        { key: 'cholera', dataElement: 'DeCholera01', categoryOptionCombo: '' },
        { key: 'measles', dataElement: 'Typed000001', categoryOptionCombo: '' },
        { key: 'confirmed_malaria', dataElement: 'DeMalaria01', categoryOptionCombo: 'CoConfirmed' },
        { key: 'autism', dataElement: 'DeMeasles01', categoryOptionCombo: '' },
      ],
    });
    expect(changedRows(current, next)).toBe(2);
    expect(clashes(next, 'NhSoXUMPK2K')).toEqual(new Set());
    // Measles' proposal ticked too: two rows under one data element.
    picks[1] = { ticked: true, choice: 1 };
    expect(clashes(confirmedValues(proposal, current, picks), 'NhSoXUMPK2K')).toEqual(new Set([1, 3]));
  });
});
