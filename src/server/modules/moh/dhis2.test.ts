// The KHIS export formats: Bumala Health Centre's MOH 705A for March 2026 as the DHIS2 data value set, as part of a
// sub-county bulk set, and as ADX, each against a fixture written out in full.
import { describe, expect, it } from 'vitest';
import { ADX_IMPORT_QUERY, adxPeriod, adxXml, dataValueSet, dataValueSets, dhis2Period, khisValues, unmappedRows, type KhisForm, type KhisRowFigure, type KhisRowMapping } from './dhis2.js';

const MOH_705A = 'EnZokILHOeN';
const DEFAULT_COC = 'NhSoXUMPK2K';
// Data element and combo uids as a county would type them (made up: KHIS's own were not found in public code).
const DIARRHOEA = 'dE7DiarrH01';
const MALARIA_CONFIRMED = 'dE7MalConf1';
const PNEUMONIA = 'dE7Pneumo01';
const FIRST_ATTENDANCE = 'dE7NewAtt01';
const UNDER_ONE = 'coCUnder1yr';

/** The health records officer's mapping of the 705A rows: one row not mapped yet, one mapped but blank. */
const mapping: KhisRowMapping[] = [
  { rowKey: 'diarrhoea', dataElement: DIARRHOEA, categoryOptionCombo: DEFAULT_COC },
  { rowKey: 'malaria-confirmed', dataElement: ` ${MALARIA_CONFIRMED} `, categoryOptionCombo: DEFAULT_COC },
  { rowKey: 'pneumonia', dataElement: PNEUMONIA, categoryOptionCombo: null },
  { rowKey: 'new-attendances', dataElement: FIRST_ATTENDANCE, categoryOptionCombo: UNDER_ONE },
  { rowKey: 'tuberculosis', dataElement: '  ', categoryOptionCombo: DEFAULT_COC },
];

/** March's counts: no pneumonia at all (a deliberate 0), eye infections not recorded by the system. */
const figures: KhisRowFigure[] = [
  { rowKey: 'diarrhoea', value: 14 },
  { rowKey: 'malaria-confirmed', value: 31 },
  { rowKey: 'pneumonia', value: 0 },
  { rowKey: 'new-attendances', value: 212 },
  { rowKey: 'tuberculosis', value: 2 },
  { rowKey: 'dysentery', value: 3 },
  { rowKey: 'eye-infections', value: null },
  { rowKey: 'jiggers', value: null },
];

const bumala: KhisForm = { dataSet: MOH_705A, period: '2026-03', orgUnit: '15839', completeDate: '2026-04-03', values: khisValues(figures, mapping) };

describe('the rows that reach KHIS', () => {
  it('sends every counted, mapped row, zeros included, with the ids trimmed', () => {
    expect(khisValues(figures, mapping)).toEqual([
      { rowKey: 'diarrhoea', dataElement: DIARRHOEA, categoryOptionCombo: DEFAULT_COC, value: 14 },
      { rowKey: 'malaria-confirmed', dataElement: MALARIA_CONFIRMED, categoryOptionCombo: DEFAULT_COC, value: 31 },
      { rowKey: 'pneumonia', dataElement: PNEUMONIA, categoryOptionCombo: '', value: 0 },
      { rowKey: 'new-attendances', dataElement: FIRST_ATTENDANCE, categoryOptionCombo: UNDER_ONE, value: 212 },
    ]);
  });

  it('leaves out counted rows without a data element and names them, blank mapping or none', () => {
    expect(unmappedRows(figures, mapping)).toEqual(['tuberculosis', 'dysentery']);
  });

  it('never sends a row the system did not record, and does not call it unmapped either', () => {
    const sent = khisValues(figures, [...mapping, { rowKey: 'eye-infections', dataElement: 'dE7EyeInf01', categoryOptionCombo: DEFAULT_COC }]);
    expect(sent.map((v) => v.rowKey)).not.toContain('eye-infections');
    expect(JSON.stringify(dataValueSet({ ...bumala, values: sent }))).not.toContain('dE7EyeInf01');
    expect(unmappedRows(figures, mapping)).not.toContain('jiggers');
  });
});

describe('one facility: the DHIS2 data value set', () => {
  it('is the documented JSON shape: monthly period YYYYMM, values as strings, the default combo kept when given', () => {
    expect(dataValueSet(bumala)).toStrictEqual({
      dataSet: 'EnZokILHOeN',
      period: '202603',
      orgUnit: '15839',
      completeDate: '2026-04-03',
      dataValues: [
        { dataElement: 'dE7DiarrH01', categoryOptionCombo: 'NhSoXUMPK2K', value: '14' },
        { dataElement: 'dE7MalConf1', categoryOptionCombo: 'NhSoXUMPK2K', value: '31' },
        // No combo mapped: left out, and DHIS2 uses the default.
        { dataElement: 'dE7Pneumo01', value: '0' },
        { dataElement: 'dE7NewAtt01', categoryOptionCombo: 'coCUnder1yr', value: '212' },
      ],
    });
  });

  it('refuses what KHIS would misread: a count that is not whole, a bad period or date, a missing dataSet', () => {
    const row = { rowKey: 'diarrhoea', dataElement: DIARRHOEA, categoryOptionCombo: DEFAULT_COC };
    expect(() => dataValueSet({ ...bumala, values: [{ ...row, value: 2.5 }] })).toThrow('Row diarrhoea: a KHIS value must be a whole count, not 2.5');
    expect(() => dataValueSet({ ...bumala, values: [{ ...row, value: -1 }] })).toThrow(/whole count, not -1/);
    expect(() => dataValueSet({ ...bumala, values: [{ ...row, value: Number.NaN }] })).toThrow(/whole count, not NaN/);
    expect(() => dataValueSet({ ...bumala, period: '202603' })).toThrow('A KHIS period must be a month as YYYY-MM, not "202603"');
    expect(() => dataValueSet({ ...bumala, period: '2026-13' })).toThrow(/YYYY-MM/);
    expect(() => dataValueSet({ ...bumala, completeDate: '3/4/2026' })).toThrow(/completeDate must be YYYY-MM-DD/);
    expect(() => dataValueSet({ ...bumala, dataSet: ' ' })).toThrow(/no KHIS dataSet id/);
    expect(() => dataValueSet({ ...bumala, orgUnit: '' })).toThrow(/no MFL code/);
  });

  it('stops when two rows map to the same KHIS cell, which would silently keep only the second', () => {
    const twice = [
      { rowKey: 'diarrhoea', dataElement: DIARRHOEA, categoryOptionCombo: DEFAULT_COC, value: 14 },
      { rowKey: 'dysentery', dataElement: DIARRHOEA, categoryOptionCombo: '', value: 3 },
    ];
    expect(() => dataValueSet({ ...bumala, values: twice })).toThrow('Rows diarrhoea and dysentery of facility 15839 both map to KHIS data element dE7DiarrH01 (NhSoXUMPK2K) for 2026-03');
    // The same element under another combo is another cell.
    expect(() => dataValueSet({ ...bumala, values: [twice[0]!, { ...twice[1]!, categoryOptionCombo: UNDER_ONE }] })).not.toThrow();
  });
});

describe('a sub-county report: one bulk data value set', () => {
  const sigalagala: KhisForm = {
    dataSet: MOH_705A,
    period: '2026-03',
    orgUnit: '16017',
    completeDate: '2026-04-05',
    values: [{ rowKey: 'diarrhoea', dataElement: DIARRHOEA, categoryOptionCombo: DEFAULT_COC, value: 6 }],
  };

  it('puts period and orgUnit on every value and no dataSet or completeDate at the top', () => {
    expect(dataValueSets([bumala, sigalagala])).toStrictEqual({
      dataValues: [
        { dataElement: 'dE7DiarrH01', categoryOptionCombo: 'NhSoXUMPK2K', period: '202603', orgUnit: '15839', value: '14' },
        { dataElement: 'dE7MalConf1', categoryOptionCombo: 'NhSoXUMPK2K', period: '202603', orgUnit: '15839', value: '31' },
        { dataElement: 'dE7Pneumo01', period: '202603', orgUnit: '15839', value: '0' },
        { dataElement: 'dE7NewAtt01', categoryOptionCombo: 'coCUnder1yr', period: '202603', orgUnit: '15839', value: '212' },
        { dataElement: 'dE7DiarrH01', categoryOptionCombo: 'NhSoXUMPK2K', period: '202603', orgUnit: '16017', value: '6' },
      ],
    });
  });

  it('stops when one facility appears twice for the same month', () => {
    expect(() => dataValueSets([bumala, { ...sigalagala, orgUnit: '15839' }])).toThrow(/Rows diarrhoea and diarrhoea of facility 15839 both map/);
    expect(() => dataValueSets([bumala, { ...sigalagala, orgUnit: '15839', period: '2026-02' }])).not.toThrow();
  });
});

describe('ADX', () => {
  const exported = new Date('2026-04-03T06:15:00Z');

  it('writes one group per facility form, the month as YYYY-MM-01/P1M and the export time in county time', () => {
    const sigalagala: KhisForm = { dataSet: MOH_705A, period: '2026-03', orgUnit: '16017', completeDate: '2026-04-05', values: [] };
    expect(adxXml([bumala, sigalagala], exported)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<adx xmlns="urn:ihe:qrph:adx:2015" exported="2026-04-03T09:15:00+03:00">',
        '  <group orgUnit="15839" period="2026-03-01/P1M" completeDate="2026-04-03" dataSet="EnZokILHOeN">',
        // KHIS's default combo is left out: DHIS2's ADX import gives a data element with the default combo the default.
        '    <dataValue dataElement="dE7DiarrH01" value="14"/>',
        '    <dataValue dataElement="dE7MalConf1" value="31"/>',
        '    <dataValue dataElement="dE7Pneumo01" value="0"/>',
        // A disaggregated row names its combo, which DHIS2's ADX import takes before any category attributes.
        '    <dataValue dataElement="dE7NewAtt01" categoryOptionCombo="coCUnder1yr" value="212"/>',
        '  </group>',
        '  <group orgUnit="16017" period="2026-03-01/P1M" completeDate="2026-04-05" dataSet="EnZokILHOeN">',
        '  </group>',
        '</adx>',
        '',
      ].join('\n'),
    );
  });

  it('escapes whatever a county types into an id, and refuses characters XML cannot carry', () => {
    const odd: KhisForm = {
      dataSet: 'MOH "705" <A>',
      period: '2026-03',
      orgUnit: "O'Brien & Sons\tClinic",
      completeDate: '2026-04-03',
      values: [{ rowKey: 'r', dataElement: 'a&b<c>"d"\n', categoryOptionCombo: "x'y", value: 1 }],
    };
    expect(adxXml([odd], exported)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<adx xmlns="urn:ihe:qrph:adx:2015" exported="2026-04-03T09:15:00+03:00">',
        '  <group orgUnit="O&apos;Brien &amp; Sons&#9;Clinic" period="2026-03-01/P1M" completeDate="2026-04-03" dataSet="MOH &quot;705&quot; &lt;A&gt;">',
        '    <dataValue dataElement="a&amp;b&lt;c&gt;&quot;d&quot;&#10;" categoryOptionCombo="x&apos;y" value="1"/>',
        '  </group>',
        '</adx>',
        '',
      ].join('\n'),
    );
    expect(() => adxXml([{ ...odd, orgUnit: 'bell\u0007' }], exported)).toThrow(/control character/);
  });

  it('names the id schemes an upload of the file needs: ADX reads codes unless told otherwise', () => {
    expect(ADX_IMPORT_QUERY).toBe('idScheme=uid&orgUnitIdScheme=code');
  });

  it('writes periods as DHIS2 and ADX spell a month, December included', () => {
    expect(dhis2Period('2025-12')).toBe('202512');
    expect(adxPeriod('2025-12')).toBe('2025-12-01/P1M');
  });
});
