// The bank reconciliation statement as printed (the Treasury's FO 30; layout in core/pdf.ts): the cash book's
// balance, the receipts not yet credited and the payments not yet presented, the statement's items not in the
// books, the reconciled balance and the statement's — and the difference, which is zero when the books agree.
// It reads what GET /api/accounting/reconciliations/:id shows, so the paper and the screen never differ.
import { formatKesExact, parseTotal } from '../../../shared/money.js';
import { describeJournal, type BookLine, type ReconciliationDetail, type StatementLine } from '../../../shared/accounting/index.js';
import type { ServiceContext } from '../../core/context.js';
import { documentWords, documentDate, documentDateTime, renderPdf, type Language, type PdfContent, type PdfFile, type PdfSection } from '../../core/pdf.js';
import { reconciliationDetail } from './reconciliation.service.js';

const WORDS = documentWords('reconciliation', {
  en: {
    title: 'Bank Reconciliation Statement (FO 30)',
    account: 'Account',
    facility: 'Facility',
    countyLevel: 'County level',
    kind: 'Statement',
    kinds: { bank: 'Bank statement', mpesa: 'M-Pesa statement' },
    period: 'Period',
    file: 'File',
    status: 'Status',
    statuses: { pending_review: 'Pending Review', reconciled: 'Reconciled' },
    reconciledBy: 'Reconciled by',
    statement: 'Reconciliation',
    item: 'Item',
    amount: 'Amount (KES)',
    statementOpening: (d: string) => `Balance as per statement at the start of ${d} (opening)`,
    bookOpening: 'Balance as per cash book at the end of the day before',
    agreed: 'Add: difference agreed at the starting point',
    startingPoint: 'Starting point',
    startingPointText: (d: string, n: string, by: string) => `Reconciled from ${d}; ${n} earlier book lines cleared in one step; agreed by ${by}`,
    more: (n: number, total: string) => `… and ${n} more items (${total} in all): listed on screen`,
    bookBalance: (d: string) => `Balance as per cash book at ${d}`,
    lessUncredited: 'Less: receipts in the books not yet credited by the bank (deposits in transit)',
    addUnpresented: 'Add: payments in the books not yet presented (unpresented)',
    addStatementIn: 'Add: receipts on the statement not in the books',
    lessStatementOut: 'Less: payments and charges on the statement not in the books',
    reconciled: 'Reconciled balance',
    statementBalance: 'Balance as per statement',
    difference: 'Difference',
    noBalance: 'not given',
    uncredited: 'Receipts not yet credited',
    unpresented: 'Payments not yet presented',
    statementIn: 'Receipts on the statement not in the books (post a journal)',
    statementOut: 'Payments and charges on the statement not in the books (post a journal)',
    date: 'Date',
    journal: 'Journal',
    details: 'Details',
    reference: 'Reference',
    line: 'Line',
    none: 'None',
    preparedBy: 'Prepared by',
    checkedBy: 'Checked by (signature and date)',
  },
  sw: {
    title: 'Taarifa ya Ulinganisho wa Benki (FO 30)',
    account: 'Akaunti',
    facility: 'Kituo',
    countyLevel: 'Ngazi ya kaunti',
    kind: 'Taarifa',
    kinds: { bank: 'Taarifa ya benki', mpesa: 'Taarifa ya M-Pesa' },
    period: 'Kipindi',
    file: 'Faili',
    status: 'Hali',
    statuses: { pending_review: 'Inasubiri Ukaguzi', reconciled: 'Imelinganishwa' },
    reconciledBy: 'Imelinganishwa na',
    statement: 'Ulinganisho',
    item: 'Kipengele',
    amount: 'Kiasi (KES)',
    statementOpening: (d: string) => `Salio kulingana na taarifa mwanzoni mwa ${d} (la kuanzia)`,
    bookOpening: 'Salio kulingana na daftari la fedha mwisho wa siku iliyotangulia',
    agreed: 'Ongeza: tofauti iliyokubaliwa mahali pa kuanzia',
    startingPoint: 'Mahali pa kuanzia',
    startingPointText: (d: string, n: string, by: string) => `Imelinganishwa kuanzia ${d}; mistari ${n} ya awali ya vitabu imefutwa kwa hatua moja; imekubaliwa na ${by}`,
    more: (n: number, total: string) => `… na vipengele ${n} zaidi (${total} kwa jumla): vimeorodheshwa kwenye skrini`,
    bookBalance: (d: string) => `Salio kulingana na daftari la fedha tarehe ${d}`,
    lessUncredited: 'Toa: mapato yaliyo kwenye vitabu ambayo benki haijaweka bado (amana zilizo njiani)',
    addUnpresented: 'Ongeza: malipo yaliyo kwenye vitabu ambayo hayajawasilishwa bado',
    addStatementIn: 'Ongeza: mapato yaliyo kwenye taarifa lakini si kwenye vitabu',
    lessStatementOut: 'Toa: malipo na ada zilizo kwenye taarifa lakini si kwenye vitabu',
    reconciled: 'Salio lililolinganishwa',
    statementBalance: 'Salio kulingana na taarifa',
    difference: 'Tofauti',
    noBalance: 'halijatolewa',
    uncredited: 'Mapato ambayo hayajawekwa bado',
    unpresented: 'Malipo ambayo hayajawasilishwa bado',
    statementIn: 'Mapato yaliyo kwenye taarifa lakini si kwenye vitabu (weka jarida)',
    statementOut: 'Malipo na ada zilizo kwenye taarifa lakini si kwenye vitabu (weka jarida)',
    date: 'Tarehe',
    journal: 'Jarida',
    details: 'Maelezo',
    reference: 'Kumbukumbu',
    line: 'Mstari',
    none: 'Hakuna',
    preparedBy: 'Imeandaliwa na',
    checkedBy: 'Imekaguliwa na (sahihi na tarehe)',
  },
} as const);

const money = (kes: number) => formatKesExact(parseTotal(kes));
/** A figure that may be negative, in brackets as accounts print it. */
const signed = (kes: number) => (kes < 0 ? `(${money(-kes)})` : money(kes));
/** Each list of the printed FO 30 shows at most this many items, then how many more and their total. */
const PRINTED_ITEMS = 40;

export function reconciliationContent(d: ReconciliationDetail, lang: Language, reader: string): PdfContent {
  const w = WORDS[lang];
  const s = d.statement;
  const f = d.fo30;
  function capped<T extends { amount: number }>(items: T[], row: (x: T) => string[], width: number): string[][] {
    const shown = items.slice(0, PRINTED_ITEMS).map(row);
    const rest = items.slice(PRINTED_ITEMS);
    if (rest.length === 0) return shown;
    const sum = rest.reduce((a, x) => a + Math.round(Math.abs(x.amount) * 100), 0) / 100;
    return [...shown, [w.more(rest.length, money(sum)), ...Array.from({ length: width - 1 }, () => '')]];
  }
  const bookTable = (heading: string, items: BookLine[]): PdfSection => ({
    kind: 'table',
    heading,
    columns: [
      { label: w.date, width: 14 },
      { label: w.journal, width: 20 },
      { label: w.details, width: 36 },
      { label: w.reference, width: 16 },
      { label: w.amount, width: 16, align: 'right' },
    ],
    rows: capped(items, (b) => [documentDate(b.date, lang), b.journalNumber, describeJournal(b, lang), b.reference ?? '', money(Math.abs(b.amount))], 5),
    empty: w.none,
  });
  const statementTable = (heading: string, items: StatementLine[]): PdfSection => ({
    kind: 'table',
    heading,
    columns: [
      { label: w.line, width: 8 },
      { label: w.date, width: 14 },
      { label: w.details, width: 44 },
      { label: w.reference, width: 18 },
      { label: w.amount, width: 16, align: 'right' },
    ],
    rows: capped(items, (l) => [String(l.lineNo), documentDate(l.date, lang), l.description, l.reference ?? '', money(Math.abs(l.amount))], 5),
    empty: w.none,
  });
  // The account in the reader's language: its Kiswahili name when the county has given one.
  const account = `${s.accountCode} ${(lang === 'sw' && s.accountNameSw) || s.accountName}`;
  return {
    title: w.title,
    reference: account,
    facility: s.facilityName,
    sections: [
      {
        kind: 'fields',
        rows: [
          [w.account, account],
          [w.facility, s.facilityName ?? w.countyLevel],
          [w.kind, w.kinds[s.kind]],
          [w.period, `${documentDate(s.periodStart, lang)} – ${documentDate(s.periodEnd, lang)}`],
          [w.file, s.filename],
          [w.status, w.statuses[s.status]],
          ...(s.reconciledByName && s.reconciledAt ? [[w.reconciledBy, `${s.reconciledByName}, ${documentDateTime(s.reconciledAt, lang)}`] as const] : []),
          ...(d.startingPoint ? [[w.startingPoint, w.startingPointText(documentDate(d.startingPoint.date, lang), String(d.startingPoint.clearedCount), d.startingPoint.agreedByName ?? '')] as const] : []),
        ],
      },
      {
        kind: 'table',
        heading: w.statement,
        columns: [
          { label: w.item, width: 75 },
          { label: w.amount, width: 25, align: 'right' },
        ],
        rows: [
          [w.statementOpening(documentDate(f.openingDate, lang)), f.statementOpening === null ? w.noBalance : signed(f.statementOpening)],
          [w.bookOpening, signed(f.bookOpening)],
          [w.bookBalance(documentDate(f.asAt, lang)), signed(f.bookBalance)],
          [w.lessUncredited, `(${money(f.uncreditedReceipts.total)})`],
          [w.addUnpresented, money(f.unpresentedPayments.total)],
          [w.addStatementIn, money(f.statementReceiptsNotInBooks.total)],
          [w.lessStatementOut, `(${money(-f.statementPaymentsNotInBooks.total)})`],
          ...(f.agreedDifference !== 0 ? [[w.agreed, signed(f.agreedDifference)]] : []),
          [w.reconciled, signed(f.reconciledBalance)],
          [w.statementBalance, f.statementBalance === null ? w.noBalance : signed(f.statementBalance)],
          [w.difference, f.difference === null ? '—' : signed(f.difference)],
        ],
      },
      bookTable(w.uncredited, f.uncreditedReceipts.items),
      bookTable(w.unpresented, f.unpresentedPayments.items),
      statementTable(w.statementIn, f.statementReceiptsNotInBooks.items),
      statementTable(w.statementOut, f.statementPaymentsNotInBooks.items),
      {
        kind: 'fields',
        rows: [
          [w.preparedBy, reader],
          [w.checkedBy, '______________________________'],
        ],
      },
    ],
  };
}

/** GET /api/accounting/reconciliations/:id/statement.pdf. */
export async function reconciliationPdf(ctx: ServiceContext, id: number, lang: Language, reader: string): Promise<PdfFile> {
  const detail = await reconciliationDetail(ctx, id);
  const pdf = await renderPdf(reconciliationContent(detail, lang, reader), lang, { by: reader, at: ctx.now() });
  return { filename: `FO30-${detail.statement.accountCode}-${detail.statement.periodEnd}.pdf`, pdf };
}
