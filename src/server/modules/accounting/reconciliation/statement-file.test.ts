// Reading statement files as banks and Safaricom write them: quoted cells with commas and line breaks, a byte-order
// mark, CRLF, newest-first order, Kenyan day-first dates, withdrawals printed negative, amounts in brackets — each
// bank's own column names read through its profile (the seeded ones of migration 0032), and the same statement
// saved from Excel as .xlsx.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import type { BankColumns, BankStatementKind, DateOrder } from '../../../../shared/accounting/index.js';
import { toKes } from '../../../../shared/money.js';
import { readAmount, readCsv, readDate } from '../../../core/csv-read.js';
import type { FieldIssue } from '../../../core/errors.js';
import { wordOnServer } from '../../../core/words.js';
import type { ProfileRow } from '../bank-profiles.service.js';
import { likelyHeader, readStatementFile, readStatementRecords, type StatementMapping } from './statement-file.js';
import { readBalance, readStatementAmount, readStatementDate } from './statement-cells.js';
import { detectProfile } from './statement-read.js';
import { numberText, readXlsx } from './xlsx-sheet.js';

const TODAY = '2026-03-16';
const view = (f: ReturnType<typeof readStatementFile>) => ({
  lines: f.lines.map((l) => [l.lineNo, l.date, l.reference, toKes(l.amount)]),
  opening: f.openingBalance && toKes(f.openingBalance),
  closing: f.closingBalance && toKes(f.closingBalance),
  issues: f.issues.map((i) => i.path),
});

/** The profiles migration 0032 seeds, read from the migration itself (so the tests follow the seed). */
const SEEDED: ProfileRow[] = [
  ...readFileSync(new URL('../../../../../drizzle/0032_reconciliation_opening_profiles.sql', import.meta.url), 'utf8').matchAll(/\('([^']+)', '(bank|mpesa)', '(\{[^']+\})', '(dmy|mdy)'\)/g),
].map((m, i) => ({ id: i + 1, name: m[1]!, kind: m[2] as BankStatementKind, columns: JSON.parse(m[3]!) as BankColumns, dateOrder: m[4] as DateOrder }));
const profile = (name: string): StatementMapping => {
  const p = SEEDED.find((x) => x.name === name || x.name.startsWith(`${name} (`));
  if (!p) throw new Error(`no seeded profile ${name}`);
  return { columns: p.columns, dateOrder: p.dateOrder };
};
const STANDARD = profile('Standard');
const MPESA = profile('M-Pesa portal');

describe('the CSV reader', () => {
  it('keeps each record’s first line number through quoted line breaks, a BOM and CRLF', () => {
    const { records } = readCsv('\uFEFFa,b\r\n"x, y","two\r\nlines"\r\n\r\n3,"say ""hi"""\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'two\r\nlines'] },
      { line: 5, cells: ['3', 'say "hi"'] },
    ]);
    expect(readCsv('a\n"open').issues).toEqual([{ path: 'csv.line.2', message: 'Line 2: a quoted cell is never closed', key: 'csv.quoteNotClosed', facts: { line: '2' } }]);
  });

  it('reads amounts and dates exactly, and refuses what they are not', () => {
    expect([readAmount('1,234.50'), readAmount('(1,234.50)'), readAmount('-45.00'), readAmount('KES 10'), readAmount('Kshs 1,000'), readAmount('Ksh.250')].map((a) => a && toKes(a))).toEqual([1234.5, -1234.5, -45, 10, 1000, 250]);
    expect([readAmount(''), readAmount('-')]).toEqual([null, null]);
    for (const bad of ['3,50.00', '1.234', '1e3', 'abc', '12,34']) expect(readAmount(bad), bad).toBeUndefined();
    expect([readDate('05/03/2026'), readDate('2026-03-10 14:22:05'), readDate('5/3/2026')]).toEqual(['2026-03-05', '2026-03-10', '2026-03-05']);
    expect([readDate('31/02/2026'), readDate('2026-13-01'), readDate('March 5')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('a statement’s dates and amounts', () => {
  it('reads the dates banks print, day first or month first as the profile says, with or without a time', () => {
    const dates = ['2026-11-05', '05/11/2026', '05-11-2026', '05.11.26', '05 Nov 2026', '05-NOV-2026', '5-Nov-26', '5 November 2026', 'Nov 5, 2026', '05/11/2026 14:22', '05-Nov-2026 02:22:05 PM', '2026-11-05T14:22:05.000Z', '05/11/2026, 14:22'];
    for (const d of dates) expect(readStatementDate(d), d).toBe('2026-11-05');
    expect(readStatementDate('11/05/2026', 'mdy')).toBe('2026-11-05');
    expect(readStatementDate('11/05/2026', 'dmy')).toBe('2026-05-11');
    // A month name is a month whatever the order; 1999 from a two-digit 99.
    expect(readStatementDate('05-Nov-2026', 'mdy')).toBe('2026-11-05');
    expect(readStatementDate('31-Dec-99')).toBe('1999-12-31');
    for (const bad of ['31/02/2026', '13/13/2026', '02/31/2026', '5 Nox 2026', 'Opening balance', '2026', '46084', '05/11']) expect(readStatementDate(bad, bad === '02/31/2026' ? 'mdy' : 'dmy'), bad).toBeUndefined();
  });

  it('reads amounts with separators, KES and Ksh prefixes, brackets, a minus sign, and CR / DR', () => {
    const read = (t: string) => {
      const r = readStatementAmount(t);
      return r && [r.cents && toKes(r.cents), r.side];
    };
    expect(['1,234.50', 'KES 1,234.50', 'Ksh1,234.50', '(1,234.50)', '\u22121,234.50', '1,234.50 CR', '1,234.50DR', '1 234.50', ''].map(read)).toEqual([
      [1234.5, null],
      [1234.5, null],
      [1234.5, null],
      [-1234.5, null],
      [-1234.5, null],
      [1234.5, 'cr'],
      [1234.5, 'dr'],
      [1234.5, null],
      [null, null],
    ]);
    expect(readStatementAmount('CR')).toBeUndefined();
    expect(readStatementAmount('12.345')).toBeUndefined();
    expect([readBalance('42,150.00 CR'), readBalance('350.00 DR'), readBalance('-350.00')].map((b) => b && toKes(b))).toEqual([42150, -350, -350]);
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
    expect(view(readStatementFile('mpesa', csv, MPESA, TODAY))).toEqual({
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
    expect(view(readStatementFile('bank', csv, STANDARD, TODAY)).issues).toEqual(['csv.line.2.amount', 'csv.line.3.amount', 'csv.line.3.description', 'csv.line.4.date']);
    expect(view(readStatementFile('bank', 'Date,Details,Debit\n01/03/2026,A,1', STANDARD, TODAY)).issues).toEqual(['csv.header']);
    // Keyed, so a Kiswahili reader of the refused import reads it in Kiswahili (core/words.ts), the columns as they are.
    const header = readStatementFile('bank', 'Date,Details,Debit\n01/03/2026,A,1', STANDARD, TODAY).issues[0] as FieldIssue;
    expect(header).toMatchObject({ key: 'accounting.noHeaderRow', facts: { columns: expect.any(String) } });
    expect(wordOnServer(header, 'sw')).toBe(`Faili halina mstari wa kichwa wenye safu ${header.facts!.columns}`);
    expect(header.message).toBe(`The file has no header row with the columns ${header.facts!.columns}`);
  });

  it('refuses a date outside the years 1900 to 2100 (issue 25, finding 9)', () => {
    const csv = ['Date,Description,Reference,Debit,Credit,Balance', '15/03/1850,A,R1,10.00,,', '1899-12-31,B,R2,,5.00,', '01/03/2026,C,R3,,5.00,'].join('\n');
    expect(readStatementFile('bank', csv, STANDARD, TODAY).issues).toEqual([
      { path: 'csv.line.2.date', message: 'Line 2: 1850-03-15 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '2', date: '1850-03-15' } },
      { path: 'csv.line.3.date', message: 'Line 3: 1899-12-31 is not between 1900 and 2100', key: 'accounting.importDateWindow', facts: { line: '3', date: '1899-12-31' } },
    ]);
  });

  it('names the columns in its messages: a bad amount, both sides, neither, a missing date', () => {
    const kcb = profile('KCB');
    const csv = [
      'Transaction Date,Narrative,Bank Reference,Money Out,Money In,Ledger Balance',
      '01/03/2026,A,R1,abc,,',
      '02/03/2026,B,R2,10.00,5.00,',
      '03/03/2026,C,R3,,,',
      ',D,R4,,5.00,',
      '04/03/2026,E,R5,,-5.00,',
    ].join('\n');
    expect(readStatementFile('bank', csv, kcb, TODAY).issues.map((i) => i.message)).toEqual([
      'Line 2: Money Out "abc" is not an amount',
      'Line 3: a line has Money Out or Money In, not both',
      'Line 4: the line has neither Money Out nor Money In',
      'Line 5: the date is missing',
      'Line 6: Money In cannot be negative',
    ]);
  });

  it('words its line problems for a Kiswahili reader too, the line number and the columns as facts', () => {
    const kcb = profile('KCB');
    const csv = ['Transaction Date,Narrative,Bank Reference,Money Out,Money In,Ledger Balance', '01/03/2026,A,R1,abc,,', '02/03/2026,B,R2,10.00,5.00,', '03/03/2026,C,R3,,,', '31/12/2099,F,R6,1.00,,x'].join('\n');
    const issues = readStatementFile('bank', csv, kcb, TODAY).issues;
    expect(issues[0]).toEqual({ path: 'csv.line.2.amount', message: 'Line 2: Money Out "abc" is not an amount', key: 'accounting.statementNotAmount', facts: { line: '2', column: 'Money Out', text: 'abc' } });
    expect(issues.map((i) => wordOnServer(i as FieldIssue, 'sw'))).toEqual([
      'Mstari 2: Money Out "abc" si kiasi cha pesa',
      'Mstari 3: mstari una Money Out au Money In, si vyote viwili',
      'Mstari 4: mstari hauna Money Out wala Money In',
      'Mstari 5: 2099-12-31 ni tarehe ya baadaye',
      'Mstari 5: salio "x" si kiasi cha pesa',
    ]);
  });
});

/** A statement of three lines in a bank's own columns, under a line of preamble; money out printed negative. */
function bankCsv(c: BankColumns): string {
  const header = [c.date, c.description, c.reference!, c.moneyOut!, c.moneyIn!, c.balance!];
  return [
    'ACCOUNT STATEMENT,BUSIA COUNTY REFERRAL HOSPITAL FIF',
    header.map((h) => (h.includes(',') ? `"${h}"` : h)).join(','),
    '02/03/2026,CASH DEPOSIT BUSIA BRANCH,DEP-001,,"30,000.00","30,000.00"',
    '06/03/2026,CHEQUE 000123 KENYA POWER,CHQ000123,"-12,500.00",,"17,500.00"',
    '13/03/2026,LEDGER FEES,,350.00,,"17,150.00"',
  ].join('\r\n');
}

describe('each seeded profile', () => {
  it('the migration seeds the six layouts', () => {
    expect(SEEDED.map((p) => p.name)).toEqual(['Standard (Date, Description, Reference, Debit, Credit, Balance)', 'KCB', 'Equity', 'Co-op', 'NCBA', 'M-Pesa portal']);
  });

  for (const bank of ['Standard', 'KCB', 'Equity', 'Co-op', 'NCBA']) {
    it(`reads a ${bank} statement in its own column names, and is the profile found for it`, () => {
      const mapping = profile(bank);
      const csv = bankCsv(mapping.columns);
      const f = readStatementFile('bank', csv, mapping, TODAY);
      expect(view(f)).toEqual({
        lines: [
          [3, '2026-03-02', 'DEP-001', 30000],
          [4, '2026-03-06', 'CHQ000123', -12500],
          [5, '2026-03-13', null, -350],
        ],
        opening: 0,
        closing: 17150,
        issues: [],
      });
      expect(f.headers).toEqual([mapping.columns.date, mapping.columns.description, mapping.columns.reference, mapping.columns.moneyOut, mapping.columns.moneyIn, mapping.columns.balance]);
      expect(detectProfile('bank', readCsv(csv).records, SEEDED)?.name).toMatch(new RegExp(`^${bank}`));
      // Not an M-Pesa statement.
      expect(detectProfile('mpesa', readCsv(csv).records, SEEDED)).toBeNull();
    });
  }

  it('the M-Pesa portal’s export is found by its header, its Failed rows kept out with why', () => {
    const csv = readFileSync(new URL('../fixtures/mpesa-statement.csv', import.meta.url), 'utf8');
    const records = readCsv(csv).records;
    expect(detectProfile('mpesa', records, SEEDED)?.name).toBe('M-Pesa portal');
    expect(detectProfile('bank', records, SEEDED)).toBeNull();
    const f = readStatementRecords('mpesa', records, MPESA, TODAY);
    expect(f.issues).toEqual([]);
    expect(f.lines).toHaveLength(9);
    expect(f.skipped).toEqual([{ lineNo: 7, reason: 'Line 7: status "Failed" — only Completed transactions moved money' }]);
  });

  it('an unknown layout fits no profile: its header row is offered to choose the columns from', () => {
    const csv = ['Stanbic Bank Kenya,Statement of account', 'Period,01/03/2026,31/03/2026', 'Txn Date,Value Date,Particulars,Amount,Running Bal', '02/03/2026,02/03/2026,Deposit,"30,000.00","30,000.00"'].join('\n');
    const records = readCsv(csv).records;
    expect(detectProfile('bank', records, SEEDED)).toBeNull();
    expect(likelyHeader(records)).toEqual(['Txn Date', 'Value Date', 'Particulars', 'Amount', 'Running Bal']);
    // One signed amount column, month first: read through the officer's own columns.
    const own: StatementMapping = { columns: { date: 'Txn Date', description: 'Particulars', amount: 'Amount', balance: 'Running Bal' }, dateOrder: 'mdy' };
    const signed = [...csv.split('\n').slice(0, 3), '03/02/2026,03/02/2026,Deposit,"30,000.00","30,000.00"', '03/06/2026,03/06/2026,Cheque 123,"-12,500.00","17,500.00"', '03/07/2026,03/07/2026,Fees,350.00 DR,"17,150.00"'].join('\n');
    expect(view(readStatementFile('bank', signed, own, TODAY))).toEqual({
      lines: [
        [4, '2026-03-02', null, 30000],
        [5, '2026-03-06', null, -12500],
        [6, '2026-03-07', null, -350],
      ],
      opening: 0,
      closing: 17150,
      issues: [],
    });
  });

  it('a row that only states the opening balance is kept out, not refused', () => {
    const csv = ['Date,Description,Reference,Debit,Credit,Balance', '01/03/2026,Opening Balance,,,,"5,000.00"', '02/03/2026,DEPOSIT,D1,,100.00,"5,100.00"', '31/03/2026,Closing balance,,,,"5,100.00"'].join('\n');
    const f = readStatementFile('bank', csv, STANDARD, TODAY.replace('03-16', '03-31'));
    expect(view(f)).toMatchObject({ lines: [[3, '2026-03-02', 'D1', 100]], opening: 5000, closing: 5100, issues: [] });
    expect(f.skipped.map((s) => s.lineNo)).toEqual([2, 4]);
  });
});

const xlsxOf = async (rows: SheetData) => (await writeExcelFile(rows).toBuffer()).toString('base64');
const day = (iso: string) => ({ value: new Date(`${iso}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' });

describe('an XLSX statement', () => {
  it('reads into the same lines as its CSV twin: date cells as dates, numbers exact, text as written', async () => {
    const kcb = profile('KCB');
    const xlsx = await xlsxOf([
      ['ACCOUNT STATEMENT', 'BUSIA COUNTY REFERRAL HOSPITAL FIF', null, null, null, null],
      ['Transaction Date', 'Narrative', 'Bank Reference', 'Money Out', 'Money In', 'Ledger Balance'],
      [day('2026-03-02'), 'CASH DEPOSIT BUSIA BRANCH', 'DEP-001', null, { value: 30000, format: '#,##0.00' }, 30000],
      // A balance Excel computed in floating point, and a reference typed as text with its leading zeros.
      [{ value: new Date('2026-03-06T14:30:00Z'), type: Date, format: 'dd/mm/yyyy hh:mm' }, 'CHEQUE 000123 KENYA POWER', '000123', -12500, null, 17500 - 2 ** -38],
      ['13/03/2026', 'LEDGER FEES', null, 350, null, 17150],
    ]);
    const read = await readXlsx(xlsx);
    expect(read.issues).toEqual([]);
    expect(read.records[2]).toEqual({ line: 3, cells: ['2026-03-02', 'CASH DEPOSIT BUSIA BRANCH', 'DEP-001', '', '30000', '30000'] });
    expect(read.records[3]!.cells).toEqual(['2026-03-06', 'CHEQUE 000123 KENYA POWER', '000123', '-12500', '', '17500']);
    const fromXlsx = readStatementRecords('bank', read.records, kcb, TODAY);
    const twin = readStatementFile('bank', bankCsv(kcb.columns).replace('CHQ000123', '000123'), kcb, TODAY);
    expect(view(fromXlsx)).toEqual(view(twin));
    expect(fromXlsx.lines.map((l) => l.description)).toEqual(twin.lines.map((l) => l.description));
  });

  it('keeps a number’s cents exact, and a value with more decimals than cents is refused by its line', () => {
    expect(['4705.499999999999', '0.30000000000000004', '1234.5', '30000', '-45', '1.005', '1E-3', '123456789012345678'].map(numberText)).toEqual(['4705.5', '0.3', '1234.5', '30000', '-45', '1.005', '0.001', '123456789012345678']);
  });

  it('refuses what is not an XLSX workbook, an old .xls, a zip that unpacks to too much, a cell numbered far out', async () => {
    expect((await readXlsx(Buffer.from('Date,Description\n').toString('base64'))).issues).toEqual([{ path: 'xlsx', message: expect.stringContaining('not an XLSX workbook') }]);
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect((await readXlsx(xls.toString('base64'))).issues[0]!.message).toContain('Excel 97–2003');
    // 40 MB of spaces deflate to some 40 KB: a sheet part that would unpack past the limit.
    const bomb = zipOf('xl/worksheets/sheet1.xml', deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(100_000);
    expect((await readXlsx(bomb.toString('base64'))).issues[0]!.message).toMatch(/unpacks to more than 24 MB/);
    // One cell numbered far out would have the reader fill billions of empty rows or cells before it.
    const far = (ref: string) => zipOf('xl/worksheets/sheet1.xml', deflateRawSync(Buffer.from(`<worksheet><sheetData><row r="${ref.replace(/^[A-Z]+/, '')}"><c r="${ref}"><v>1</v></c></row></sheetData></worksheet>`)));
    expect((await readXlsx(far('A999999999').toString('base64'))).issues[0]!.message).toBe('The sheet has rows beyond row 20,000: at most 20,000');
    expect((await readXlsx(far('ZZZZ1').toString('base64'))).issues[0]!.message).toMatch(/beyond column IV/);
  });
});

/** A zip of one deflated entry whose headers claim a small size (as a crafted file would). */
function zipOf(name: string, packed: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(1000, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + packed.length, 16);
  return Buffer.concat([local, fileName, packed, central, fileName, end]);
}
