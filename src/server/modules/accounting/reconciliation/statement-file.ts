// A bank's or Safaricom's statement file, read into lines: money in positive, money out negative, exact cents.
// Bank statements: Date, Description, Reference, Debit, Credit, Balance (a debit on the county's statement is money
// out). M-Pesa organisation statements, as the org portal exports them: Receipt No., Completion Time, Details,
// Transaction Status, Paid In, Withdrawn, Balance — only Completed rows moved money; the others are kept out with
// a note. Both may carry a few lines of preamble (the account's name, the period) above the header row.
import { add, isNegative, isPositive, isZero, negate, subtract, sum, ZERO, type Cents } from '../../../../shared/money.js';
import type { BankStatementKind, ImportIssue } from '../../../../shared/accounting/index.js';
import { inDateWindow } from '../../../../shared/validation.js';
import { columnsOf, headerKey, lineIssue, readAmount, readCsv, readDate, type CsvRecord } from '../../../core/csv-read.js';

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
};

const BANK = ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'] as const;
const MPESA = ['Receipt No.', 'Completion Time', 'Details', 'Transaction Status', 'Paid In', 'Withdrawn', 'Balance'] as const;
/** How far down the file the header row may be (below the bank's or Safaricom's preamble). */
const PREAMBLE_ROWS = 15;
const MAX_DESCRIPTION = 300;
const MAX_REFERENCE = 60;

function findHeader(records: CsvRecord[], first: string, second: string): number {
  return records.slice(0, PREAMBLE_ROWS).findIndex((r) => {
    const keys = r.cells.map(headerKey);
    return keys.includes(headerKey(first)) && keys.includes(headerKey(second));
  });
}

export function readStatementFile(kind: BankStatementKind, csv: string, today: string): StatementFile {
  const empty: StatementFile = { lines: [], skipped: [], issues: [], periodStart: null, periodEnd: null, openingBalance: null, closingBalance: null, totalIn: ZERO, totalOut: ZERO };
  const read = readCsv(csv);
  if (read.issues.length) return { ...empty, issues: read.issues };
  const names = kind === 'bank' ? BANK : MPESA;
  const h = kind === 'bank' ? findHeader(read.records, 'Date', 'Description') : findHeader(read.records, 'Receipt No.', 'Completion Time');
  if (h < 0) {
    return { ...empty, issues: [{ path: 'csv.header', message: `The file has no header row with the columns ${names.join(', ')}${kind === 'mpesa' ? ' (an M-Pesa organisation statement)' : ''}` }] };
  }
  const header = read.records[h]!;
  const { at, missing } =
    kind === 'bank' ? columnsOf(header.cells, BANK, ['Reference', 'Balance']) : columnsOf(header.cells, MPESA, ['Details', 'Balance']);
  if (missing.length) return { ...empty, issues: [{ path: 'csv.header', message: `Line ${header.line}: the header row has no column ${missing.join(', ')}` }] };

  const cell = (r: CsvRecord, name: string) => {
    const i = (at as Record<string, number>)[name]!;
    return i < 0 ? '' : (r.cells[i] ?? '');
  };
  const issues: ImportIssue[] = [];
  const skipped: StatementFile['skipped'] = [];
  const lines: FileLine[] = [];
  for (const r of read.records.slice(h + 1)) {
    const problems: ImportIssue[] = [];
    const dateText = cell(r, kind === 'bank' ? 'Date' : 'Completion Time');
    const date = readDate(dateText);
    if (!date) problems.push(lineIssue(r.line, 'date', dateText === '' ? 'the date is missing' : `"${dateText.slice(0, 40)}" is not a date (use YYYY-MM-DD or DD/MM/YYYY)`));
    else if (!inDateWindow(date)) problems.push(lineIssue(r.line, 'date', `${date} is not between 1900 and 2100`));
    else if (date > today) problems.push(lineIssue(r.line, 'date', `${date} is in the future`));
    let amount: Cents | null = null;
    if (kind === 'bank') {
      const debit = readAmount(cell(r, 'Debit'));
      const credit = readAmount(cell(r, 'Credit'));
      if (debit === undefined) problems.push(lineIssue(r.line, 'amount', `the debit "${cell(r, 'Debit').slice(0, 30)}" is not an amount`));
      if (credit === undefined) problems.push(lineIssue(r.line, 'amount', `the credit "${cell(r, 'Credit').slice(0, 30)}" is not an amount`));
      if (debit !== undefined && credit !== undefined) {
        const out = debit === null ? ZERO : debit;
        const into = credit === null ? ZERO : credit;
        if (isNegative(out) || isNegative(into)) problems.push(lineIssue(r.line, 'amount', 'a debit or a credit cannot be negative'));
        else if (!isZero(out) && !isZero(into)) problems.push(lineIssue(r.line, 'amount', 'a line has a debit or a credit, not both'));
        else if (isZero(out) && isZero(into)) problems.push(lineIssue(r.line, 'amount', 'the line has neither a debit nor a credit'));
        else amount = isZero(out) ? into : negate(out);
      }
    } else {
      const status = cell(r, 'Transaction Status');
      if (status.toLowerCase() !== 'completed') {
        skipped.push({ lineNo: r.line, reason: `Line ${r.line}: ${status === '' ? 'no transaction status' : `status "${status.slice(0, 30)}"`} — only Completed transactions moved money` });
        continue;
      }
      const paidIn = readAmount(cell(r, 'Paid In'));
      const withdrawn = readAmount(cell(r, 'Withdrawn'));
      if (paidIn === undefined) problems.push(lineIssue(r.line, 'amount', `Paid In "${cell(r, 'Paid In').slice(0, 30)}" is not an amount`));
      if (withdrawn === undefined) problems.push(lineIssue(r.line, 'amount', `Withdrawn "${cell(r, 'Withdrawn').slice(0, 30)}" is not an amount`));
      if (paidIn !== undefined && withdrawn !== undefined) {
        const into = paidIn ?? ZERO;
        // The portal prints withdrawals as negative numbers; some exports drop the sign.
        const out = withdrawn === null ? ZERO : isNegative(withdrawn) ? negate(withdrawn) : withdrawn;
        if (isNegative(into)) problems.push(lineIssue(r.line, 'amount', 'Paid In cannot be negative'));
        else if (!isZero(out) && !isZero(into)) problems.push(lineIssue(r.line, 'amount', 'a line is paid in or withdrawn, not both'));
        else if (isZero(out) && isZero(into)) problems.push(lineIssue(r.line, 'amount', 'the line has neither Paid In nor Withdrawn'));
        else amount = isZero(out) ? into : negate(out);
      }
    }
    const balanceText = cell(r, 'Balance');
    const balance = readAmount(balanceText);
    if (balance === undefined) problems.push(lineIssue(r.line, 'balance', `the balance "${balanceText.slice(0, 30)}" is not an amount`));
    const reference = (kind === 'bank' ? cell(r, 'Reference') : cell(r, 'Receipt No.')).trim();
    if (kind === 'mpesa' && reference === '') problems.push(lineIssue(r.line, 'reference', 'the receipt number is missing'));
    if (reference.length > MAX_REFERENCE) problems.push(lineIssue(r.line, 'reference', `the ${kind === 'bank' ? 'reference' : 'receipt number'} is longer than ${MAX_REFERENCE} characters`));
    const description = (kind === 'bank' ? cell(r, 'Description') : cell(r, 'Details')).replace(/\s+/g, ' ').trim();
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
  };
}
