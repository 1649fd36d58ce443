import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Bukhayo North/Walatsi')).toBe('Bukhayo North/Walatsi');
    expect(csvCell('Busia, Matayos')).toBe('"Busia, Matayos"');
    expect(csvCell('the "new" ward')).toBe('"the ""new"" ward"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('keeps text a spreadsheet would run as a formula as plain text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+254722000000')).toBe("'+254722000000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
  });

  it('quotes a semicolon or a tab, so a spreadsheet that splits on them cannot start a cell with a formula', () => {
    expect(csvCell('Wafula;=HYPERLINK("http://evil.example")')).toBe('"Wafula;=HYPERLINK(""http://evil.example"")"');
    expect(csvCell('Barasa;@SUM(A1)')).toBe('"Barasa;@SUM(A1)"');
    expect(csvCell('Akinyi\t+1')).toBe('"Akinyi\t+1"');
    expect(toCsv([['Name', 'Ward'], ['Okello;-1+1', 'Matayos']])).toBe('Name,Ward\r\n"Okello;-1+1",Matayos\r\n');
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-450)).toBe('-450');
    expect(csvCell(0.5)).toBe('0.5');
  });

  it('joins rows into lines ending with CRLF (RFC 4180), and leaves a line break inside a cell as it is', () => {
    expect(toCsv([['Item', 'Stock'], ['Paracetamol 500mg', 450]])).toBe('Item,Stock\r\nParacetamol 500mg,450\r\n');
    expect(toCsv([['Note'], ['line\nbreak']])).toBe('Note\r\n"line\nbreak"\r\n');
  });

  it('refuses a row wider or narrower than the header: a title line, a blank line or a note line is no row of the table', () => {
    expect(() => toCsv([['Item', 'Stock'], ['MOH 705A']])).toThrow('CSV row 2 has 1 cells where the header has 2');
    expect(() => toCsv([['Item', 'Stock'], []])).toThrow(RangeError);
    expect(() => toCsv([['Item', 'Stock'], ['Paracetamol 500mg', 450, 'note']])).toThrow('CSV row 2 has 3 cells');
    expect(toCsv([['Item', 'Stock']])).toBe('Item,Stock\r\n');
  });
});
