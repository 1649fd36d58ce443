// A bank's or Safaricom's statement file, read into lines: money in positive, money out negative, exact cents. The
// file's columns are read through a mapping — a saved profile's (KCB, Equity, the M-Pesa portal…) or the officer's
// own choice: which header holds the date, the description, the reference, money out and money in (or one signed
// amount), the balance and, for M-Pesa, the transaction status (only Completed rows moved money; the others are
// kept out with a note). The header row may sit below a few lines of preamble (the account's name, the period).
import { add, isNegative, isPositive, isZero, negate, subtract, sum, ZERO, type Cents } from '../../../../shared/money.js';
import { BANK_COLUMN_FIELDS, columnKey, type BankColumnField, type BankColumns, type BankStatementKind, type DateOrder, type ImportIssue } from '../../../../shared/accounting/index.js';
import { inDateWindow } from '../../../../shared/validation.js';
import { lineIssue, readCsv, type CsvRecord } from '../../../core/csv-read.js';
import { readBalance, readStatementAmount, readStatementDate } from './statement-cells.js';
import { accountingLineSaid, accountingSaid } from '../accounting.words.js';

export type FileLine = { lineNo: number; date: string; description: string; reference: string | null; amount: Cents; balance: Cents | null };

export type StatementFile = {
  lines: FileLine[];
  skipped: { lineNo: number; reason: string }[];
  issues: ImportIssue[];
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: Cents | null;
  closingBalance: Cents | null;
  totalIn: Cents;
  totalOut: Cents;
  /** The header row read (its non-blank cells), or [] when the mapping's header was not found. */
  headers: string[];
};

/** How a file's columns are read: a profile's columns and date order, or the officer's own. */
export type StatementMapping = { columns: BankColumns; dateOrder: DateOrder };

/** How far down the file the header row may be (below the bank's or Safaricom's preamble). */
export const PREAMBLE_ROWS = 15;
const MAX_DESCRIPTION = 300;
const MAX_REFERENCE = 60;


/**
 * The columns a header row must have for the mapping to read it: the date, the money columns, and the description
 * (bank) or the receipt number and status (M-Pesa, whose Details may be absent). A bank's reference and the balance
 * may be missing from a file: its lines have none.
 */
export function requiredColumns(kind: BankStatementKind, columns: BankColumns): string[] {
  const fields: BankColumnField[] = kind === 'bank' ? ['date', 'description', 'amount', 'moneyOut', 'moneyIn', 'status'] : ['date', 'reference', 'amount', 'moneyOut', 'moneyIn', 'status'];
  return fields.map((f) => columns[f]).filter((name): name is string => !!name);
}

/** The index of the first record within the first 15 whose cells hold every given column, or -1. */
export function findHeader(records: readonly CsvRecord[], names: readonly string[]): number {
  const wanted = names.map(columnKey);
  return records.slice(0, PREAMBLE_ROWS).findIndex((r) => {
    const keys = new Set(r.cells.map(columnKey));
    return wanted.every((w) => keys.has(w));
  });
}

/** How many of a mapping's columns a header row has (a closer fit between two profiles that both fit). */
export function columnsPresent(header: readonly string[], columns: BankColumns): number {
  const keys = new Set(header.map(columnKey));
  return BANK_COLUMN_FIELDS.filter((f) => columns[f] && keys.has(columnKey(columns[f]))).length;
}

const headerCells = (cells: readonly string[]) => [...new Set(cells.map((c) => c.trim()).filter((c) => c !== ''))];

/**
 * When no mapping fits: the row within the first 15 most like a header — the most cells that are words, not dates
 * or amounts (at least two); the first of equals. Its cells are what the officer chooses the columns from.
 */
export function likelyHeader(records: readonly CsvRecord[]): string[] {
  let best: string[] = [];
  for (const r of records.slice(0, PREAMBLE_ROWS)) {
    const words = headerCells(r.cells).filter((c) => readStatementDate(c) === undefined && readStatementAmount(c) === undefined);
    if (words.length >= 2 && words.length > best.length && words.length === headerCells(r.cells).length) best = headerCells(r.cells);
  }
  return best;
}

/** Rows that state a balance without moving money: kept out, not refused. */
const BALANCE_ROW = /^(opening|closing|brought forward|carried forward|balance (b\/f|c\/f|brought forward|carried forward)|(b\/f|c\/f)\b)/i;

export function emptyStatement(issues: ImportIssue[], headers: string[] = []): StatementFile {
  return { lines: [], skipped: [], issues, periodStart: null, periodEnd: null, openingBalance: null, closingBalance: null, totalIn: ZERO, totalOut: ZERO, headers };
}

/** Reads a file's records (a CSV's or an XLSX sheet's) through a mapping. */
export function readStatementRecords(kind: BankStatementKind, records: readonly CsvRecord[], mapping: StatementMapping, today: string): StatementFile {
  const { columns, dateOrder } = mapping;
  const required = requiredColumns(kind, columns);
  const h = findHeader(records, required);
  if (h < 0) {
    return emptyStatement([{ path: 'csv.header', ...accountingSaid(kind === 'mpesa' ? 'noHeaderRowMpesa' : 'noHeaderRow', { columns: required.join(', ') }) }], likelyHeader(records));
  }
  const header = records[h]!;
  const keys = header.cells.map(columnKey);
  for (const f of BANK_COLUMN_FIELDS) {
    const name = columns[f];
    if (name && keys.filter((k) => k === columnKey(name)).length > 1) {
      return emptyStatement([{ path: 'csv.header', ...accountingSaid('headerColumnTwice', { line: String(header.line), column: name }) }], headerCells(header.cells));
    }
  }
  const at = Object.fromEntries(BANK_COLUMN_FIELDS.map((f) => [f, columns[f] ? keys.indexOf(columnKey(columns[f])) : -1])) as Record<BankColumnField, number>;
  const cell = (r: CsvRecord, f: BankColumnField) => (at[f] < 0 ? '' : (r.cells[at[f]] ?? '').trim());
  const named = (f: BankColumnField) => columns[f]!;

  const issues: ImportIssue[] = [];
  const skipped: StatementFile['skipped'] = [];
  const lines: FileLine[] = [];
  for (const r of records.slice(h + 1)) {
    if (at.status >= 0) {
      const status = cell(r, 'status');
      if (status.toLowerCase() !== 'completed') {
        skipped.push({ lineNo: r.line, reason: `Line ${r.line}: ${status === '' ? 'no transaction status' : `status "${status.slice(0, 30)}"`} — only Completed transactions moved money` });
        continue;
      }
    }
    const description = cell(r, 'description').replace(/\s+/g, ' ').trim();
    const money: ImportIssue[] = [];
    let amount: Cents | null = null;
    let noMoney = false;
    if (at.amount >= 0) {
      const text = cell(r, 'amount');
      const read = readStatementAmount(text);
      if (read === undefined) money.push(accountingLineSaid(r.line, 'amount', 'statementNotAmount', { column: named('amount'), text: text.slice(0, 30) }));
      else if (read.cents === null || isZero(read.cents)) noMoney = true;
      else {
        // One signed column: money out negative; a DR / CR suffix says the side whatever the sign.
        const size = isNegative(read.cents) ? negate(read.cents) : read.cents;
        amount = read.side === 'dr' ? negate(size) : read.side === 'cr' ? size : read.cents;
      }
    } else {
      const outText = cell(r, 'moneyOut');
      const inText = cell(r, 'moneyIn');
      const out = at.moneyOut >= 0 ? readStatementAmount(outText) : { cents: null };
      const into = at.moneyIn >= 0 ? readStatementAmount(inText) : { cents: null };
      if (out === undefined) money.push(accountingLineSaid(r.line, 'amount', 'statementNotAmount', { column: named('moneyOut'), text: outText.slice(0, 30) }));
      if (into === undefined) money.push(accountingLineSaid(r.line, 'amount', 'statementNotAmount', { column: named('moneyIn'), text: inText.slice(0, 30) }));
      if (out !== undefined && into !== undefined) {
        // Banks print money out either way: 12,500.00 or -12,500.00 in the Money Out column.
        const outCents = out.cents === null ? ZERO : isNegative(out.cents) ? negate(out.cents) : out.cents;
        const inCents = into.cents ?? ZERO;
        if (isNegative(inCents)) money.push(accountingLineSaid(r.line, 'amount', 'statementNotNegative', { column: named('moneyIn') }));
        else if (!isZero(outCents) && !isZero(inCents)) money.push(accountingLineSaid(r.line, 'amount', 'statementBothSides', { out: named('moneyOut'), in: named('moneyIn') }));
        else if (isZero(outCents) && isZero(inCents)) noMoney = true;
        else amount = isZero(outCents) ? inCents : negate(outCents);
      }
    }
    const balanceText = cell(r, 'balance');
    const balance = readBalance(balanceText);
    // "Opening balance" / "Balance b/f" rows state a balance and move no money: left out, with why.
    if (noMoney && balance !== undefined && BALANCE_ROW.test(description)) {
      skipped.push({ lineNo: r.line, reason: `Line ${r.line}: "${description.slice(0, 40)}" states a balance; it moved no money` });
      continue;
    }
    if (noMoney) {
      const [o, i] = [columns.moneyOut, columns.moneyIn];
      money.push(at.amount >= 0 ? accountingLineSaid(r.line, 'amount', 'statementNoAmount', { column: named('amount') }) : o && i ? accountingLineSaid(r.line, 'amount', 'statementNeitherSide', { out: o, in: i }) : accountingLineSaid(r.line, 'amount', 'statementNoAmount', { column: (o ?? i)! }));
    }

    const problems: ImportIssue[] = [];
    const dateText = cell(r, 'date');
    const date = readStatementDate(dateText, dateOrder);
    if (!date) problems.push(dateText === '' ? lineIssue(r.line, 'date', 'the date is missing') : accountingLineSaid(r.line, 'date', dateOrder === 'dmy' ? 'statementNotDateDmy' : 'statementNotDateMdy', { text: dateText.slice(0, 40) }));
    else if (!inDateWindow(date)) problems.push(accountingLineSaid(r.line, 'date', 'importDateWindow', { date }));
    else if (date > today) problems.push(accountingLineSaid(r.line, 'date', 'statementFuture', { date }));
    problems.push(...money);
    if (balance === undefined) problems.push(accountingLineSaid(r.line, 'balance', 'statementBalanceNotAmount', { text: balanceText.slice(0, 30) }));
    const reference = cell(r, 'reference');
    if (kind === 'mpesa' && reference === '') problems.push(lineIssue(r.line, 'reference', 'the receipt number is missing'));
    if (reference.length > MAX_REFERENCE) problems.push(accountingLineSaid(r.line, 'reference', kind === 'bank' ? 'statementReferenceLong' : 'statementReceiptLong', { max: String(MAX_REFERENCE) }));
    if (kind === 'bank' && description === '') problems.push(lineIssue(r.line, 'description', 'the description is missing'));
    if (problems.length) {
      issues.push(...problems);
      continue;
    }
    lines.push({ lineNo: r.line, date: date!, description: description.slice(0, MAX_DESCRIPTION) || '(no details)', reference: reference || null, amount: amount!, balance: balance ?? null });
  }
  if (issues.length === 0 && lines.length === 0) issues.push({ path: 'csv', message: skipped.length ? 'The file has no Completed transaction' : 'The file has no transaction lines under its header' });

  // Statements come newest first as often as oldest first: read them oldest first, keeping a day's order.
  const ordered = lines.length > 1 && lines[0]!.date > lines[lines.length - 1]!.date ? [...lines].reverse() : lines;
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const withBalance = first?.balance !== null && last?.balance !== null && first !== undefined && last !== undefined;
  return {
    lines: ordered,
    skipped,
    issues,
    periodStart: first ? ordered.reduce((m, l) => (l.date < m ? l.date : m), first.date) : null,
    periodEnd: last ? ordered.reduce((m, l) => (l.date > m ? l.date : m), last.date) : null,
    openingBalance: withBalance ? subtract(first.balance!, first.amount) : null,
    closingBalance: withBalance ? last.balance : null,
    totalIn: sum(ordered.filter((l) => isPositive(l.amount)).map((l) => l.amount)),
    totalOut: ordered.filter((l) => isNegative(l.amount)).reduce((t, l) => add(t, l.amount), ZERO),
    headers: headerCells(header.cells),
  };
}

/** A CSV statement read through a mapping (the tests' and the CSV path's entry). */
export function readStatementFile(kind: BankStatementKind, csv: string, mapping: StatementMapping, today: string): StatementFile {
  const read = readCsv(csv);
  if (read.issues.length) return emptyStatement(read.issues);
  return readStatementRecords(kind, read.records, mapping, today);
}
