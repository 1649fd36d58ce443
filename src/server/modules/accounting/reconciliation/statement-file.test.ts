// Reading statement files as banks and Safaricom write them: quoted cells with commas and line breaks, a byte-order
// mark, CRLF, newest-first order, Kenyan day-first dates, withdrawals printed negative, amounts in brackets.
import { describe, expect, it } from 'vitest';
import { toKes } from '../../../../shared/money.js';
import { readAmount, readCsv, readDate } from '../../../core/csv-read.js';
import { readStatementFile } from './statement-file.js';

const TODAY = '2026-03-16';
const view = (f: ReturnType<typeof readStatementFile>) => ({
  lines: f.lines.map((l) => [l.lineNo, l.date, l.reference, toKes(l.amount)]),
  opening: f.openingBalance && toKes(f.openingBalance),
  closing: f.closingBalance && toKes(f.closingBalance),
  issues: f.issues.map((i) => i.path),
});

describe('the CSV reader', () => {
  it('keeps each record’s first line number through quoted line breaks, a BOM and CRLF', () => {
    const { records } = readCsv('\uFEFFa,b\r\n"x, y","two\r\nlines"\r\n\r\n3,"say ""hi"""\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'two\r\nlines'] },
      { line: 5, cells: ['3', 'say "hi"'] },
    ]);
    expect(readCsv('a\n"open').issues).toEqual([{ path: 'csv.line.2', message: 'Line 2: a quoted cell is never closed' }]);
  });

  it('reads amounts and dates exactly, and refuses what they are not', () => {
    expect([readAmount('1,234.50'), readAmount('(1,234.50)'), readAmount('-45.00'), readAmount('KES 10')].map((a) => a && toKes(a))).toEqual([1234.5, -1234.5, -45, 10]);
    expect([readAmount(''), readAmount('-')]).toEqual([null, null]);
    for (const bad of ['3,50.00', '1.234', '1e3', 'abc', '12,34']) expect(readAmount(bad), bad).toBeUndefined();
    expect([readDate('05/03/2026'), readDate('2026-03-10 14:22:05'), readDate('5/3/2026')]).toEqual(['2026-03-05', '2026-03-10', '2026-03-05']);
    expect([readDate('31/02/2026'), readDate('2026-13-01'), readDate('March 5')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('a statement file', () => {
  it('reads a newest-first M-Pesa export oldest first, with its opening and closing balances', () => {
    const csv = [
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance',
      'RK3,2026-03-05 10:00:00,Charges,Completed,,-30.00,"1,270.00"',
      'RK2,2026-03-04 10:00:00,Pay Bill,Completed,300.00,,"1,300.00"',
      'RK1,2026-03-03 10:00:00,Pay Bill,Completed,"1,000.00",,"1,000.00"',
    ].join('\n');
    expect(view(readStatementFile('mpesa', csv, TODAY))).toEqual({
      lines: [
        [4, '2026-03-03', 'RK1', 1000],
        [3, '2026-03-04', 'RK2', 300],
        [2, '2026-03-05', 'RK3', -30],
      ],
      opening: 0,
      closing: 1270,
      issues: [],
    });
  });

  it('reports every bad line, a missing column, a future date', () => {
    const csv = ['Date,Description,Reference,Debit,Credit,Balance', '01/03/2026,A,R1,10.00,5.00,', '02/03/2026,,R2,,,', '20/03/2026,C,R3,1.00,,'].join('\n');
    expect(view(readStatementFile('bank', csv, TODAY)).issues).toEqual(['csv.line.2.amount', 'csv.line.3.amount', 'csv.line.3.description', 'csv.line.4.date']);
    expect(view(readStatementFile('bank', 'Date,Details,Debit\n01/03/2026,A,1', TODAY)).issues).toEqual(['csv.header']);
  });

  it('refuses a date outside the years 1900 to 2100 (issue 25, finding 9)', () => {
    const csv = ['Date,Description,Reference,Debit,Credit,Balance', '15/03/1850,A,R1,10.00,,', '1899-12-31,B,R2,,5.00,', '01/03/2026,C,R3,,5.00,'].join('\n');
    expect(readStatementFile('bank', csv, TODAY).issues).toEqual([
      { path: 'csv.line.2.date', message: 'Line 2: 1850-03-15 is not between 1900 and 2100' },
      { path: 'csv.line.3.date', message: 'Line 3: 1899-12-31 is not between 1900 and 2100' },
    ]);
  });
});
