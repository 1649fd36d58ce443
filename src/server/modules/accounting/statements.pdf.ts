// A financial statement as a printed document (issue 14 item 5, issue 29 item 3): the same statement the screen
// shows, laid out by the county's PDF helper (core/pdf.ts) in English or Kiswahili — the IPSAS title, the period or
// the day it is as at in words, whose books, a table per section (subtotals and totals in bold, negatives in
// brackets), and the checks that prove it ties. Account names are data (the chart's): in Kiswahili an account's
// Kiswahili name when the county has given one, else its English name; whose books, "Kaunti ya Busia".
import { parseTotal } from '../../../shared/money.js';
import { placeName } from '../../../shared/place-names.js';
import type { Statement, StatementKind, StatementRow } from '../../../shared/accounting/index.js';
import { documentDate, documentWords, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import { checkDetail, figure, STATEMENT_TITLES } from './statements/common.js';

type Words = {
  titles: Record<StatementKind, string>;
  /** Column, section and computed-line labels by key (a missing key prints the English label). */
  labels: Record<string, string>;
  /** The two sides a check compares, by their English names (a missing name prints as it is). */
  checkNames: Record<string, string>;
  period: (from: string, to: string) => string;
  asAt: (to: string) => string;
  scope: string;
  /** The books of a reader with several facilities (scope.ts names them in English). */
  yourFacilities: string;
  fiscalYear: string;
  checks: string;
  holds: string;
  fails: string;
  nothing: string;
};

const EN: Words = {
  // The screen's titles (IPSAS names where the county uses them), one list for both.
  titles: STATEMENT_TITLES,
  labels: {},
  checkNames: {},
  period: (from, to) => `${from} to ${to}`,
  asAt: (to) => `As at ${to}`,
  scope: 'Books of',
  yourFacilities: 'Your facilities',
  fiscalYear: 'Financial year',
  checks: 'Checks',
  holds: 'holds',
  fails: 'DOES NOT HOLD',
  nothing: 'Nothing posted.',
};

const SW: Words = {
  titles: {
    'trial-balance': 'Mizani ya Majaribio',
    'income-statement': 'Taarifa ya Utendaji wa Kifedha',
    'balance-sheet': 'Taarifa ya Hali ya Kifedha',
    'changes-in-net-assets': 'Taarifa ya Mabadiliko ya Mali Halisi',
    'cash-flow': 'Taarifa ya Mtiririko wa Fedha',
    'budget-vs-actual': 'Taarifa ya Ulinganisho wa Bajeti na Kiasi Halisi',
    notes: 'Maelezo ya Taarifa za Fedha',
    'department-analysis': 'Uchambuzi wa Idara',
    'fif-performance': 'Utendaji wa FIF',
  },
  labels: {
    // Columns
    openingDebit: 'Debiti ya mwanzo',
    openingCredit: 'Krediti ya mwanzo',
    debit: 'Debiti',
    credit: 'Krediti',
    closingDebit: 'Debiti ya mwisho',
    closingCredit: 'Krediti ya mwisho',
    amount: 'Kiasi',
    inflow: 'Mapokezi',
    outflow: 'Malipo',
    net: 'Halisi',
    budget: 'Bajeti iliyoidhinishwa',
    actual: 'Halisi',
    variance: 'Tofauti',
    absorption: 'Matumizi ya bajeti %',
    revenue: 'Mapato',
    expenses: 'Matumizi',
    facility: 'Kituo',
    revenueTarget: 'Lengo la mapato',
    revenueActual: 'Mapato halisi',
    revenuePercent: '% ya lengo la mwaka',
    shaApproved: 'Madai ya SHA yaliyoidhinishwa',
    shaPaid: 'Madai yaliyolipwa',
    shaBalance: 'Salio',
    nhifDebt: 'Deni la zamani la NHIF',
    shaOpening: 'Salio la mwanzo',
    mflCode: 'Nambari ya MFL',
    expenditure: 'Matumizi halisi',
    // Sections
    assets: 'Mali',
    liabilities: 'Madeni',
    netAssets: 'Mali halisi',
    totals: 'Jumla',
    result: 'Ziada / (upungufu)',
    flows: 'Mtiririko wa fedha kutoka shughuli za uendeshaji',
    cash: 'Fedha taslimu na zinazolingana nazo',
    departments: 'Idara',
    facilities: 'Vituo',
    currentAssets: 'Mali za muda mfupi',
    nonCurrentAssets: 'Mali za muda mrefu',
    currentLiabilities: 'Madeni ya muda mfupi',
    nonCurrentLiabilities: 'Madeni ya muda mrefu',
    changes: 'Mabadiliko ya mali halisi',
    basis: 'Msingi wa utayarishaji',
    noteCash: '1. Fedha taslimu na zinazolingana nazo',
    noteReceivables: '2. Wadaiwa',
    noteInventories: '3. Bidhaa za akiba',
    notePayables: '4. Wadai na madeni mengine ya muda mfupi',
    // Computed lines
    total: 'Jumla',
    totalRevenue: 'Jumla ya mapato',
    serviceRevenue: 'Ambayo ni kutoka huduma kwa wagonjwa',
    totalExpenses: 'Jumla ya matumizi',
    netSurplus: 'Ziada / (upungufu) ya kipindi',
    totalAssets: 'Jumla ya mali',
    totalLiabilities: 'Jumla ya madeni',
    surplusNotClosed: 'Ziada ya kipindi ambayo bado haijafungwa',
    totalNetAssets: 'Jumla ya mali halisi',
    totalLiabilitiesAndNetAssets: 'Jumla ya madeni na mali halisi',
    cashAndEquivalents: 'Fedha taslimu na zinazolingana nazo',
    receivables: 'Wadaiwa',
    inventories: 'Bidhaa za akiba',
    totalCurrentAssets: 'Jumla ya mali za muda mfupi',
    totalNonCurrentAssets: 'Jumla ya mali za muda mrefu',
    payables: 'Wadai wa biashara na wengineo',
    statutoryDeductions: 'Makato ya kisheria na mishahara inayodaiwa',
    deposits: 'Amana',
    totalCurrentLiabilities: 'Jumla ya madeni ya muda mfupi',
    totalNonCurrentLiabilities: 'Jumla ya madeni ya muda mrefu',
    openingNetAssets: 'Mali halisi mwanzoni mwa kipindi',
    directToNetAssets: 'Salio lililoletwa na marekebisho ya mali halisi',
    closingNetAssets: 'Mali halisi mwishoni mwa kipindi',
    basisAccrual:
      'Taarifa hizi zimetayarishwa kwa msingi wa limbikizo chini ya Viwango vya Kimataifa vya Uhasibu wa Sekta ya Umma (IPSAS), ambavyo serikali za kaunti zinatumia tangu tarehe 1 Julai 2024 (Tangazo la Gazeti Na. 11033 la 2024).',
    basisCurrency: 'Takwimu ziko katika shilingi za Kenya (KES) hadi senti; takwimu hasi imeonyeshwa kwenye mabano.',
    basisYear: 'Mwaka wa fedha ni kuanzia tarehe 1 Julai hadi 30 Juni. Salio ni hadi tarehe ya mwisho iliyo kwenye kichwa; mapato, matumizi na mtiririko wa fedha ni wa kipindi kilicho kwenye kichwa.',
    basisBooks: 'Vitabu ni vile vilivyotajwa kwenye kichwa: idara ya afya ya kaunti pamoja na vituo vyake, vituo vya kaunti ndogo, au kituo kimoja.',
    receiptsFromPatients: 'Mapokezi kutoka kwa wagonjwa',
    receiptsFromInsurers: 'Mapokezi kutoka SHA na bima',
    transfersAndGrants: 'Uhamisho na ruzuku zilizopokelewa',
    paymentsToSuppliers: 'Malipo kwa wasambazaji',
    paymentsToStaff: 'Malipo kwa wafanyakazi na makato ya kisheria',
    otherFlows: 'Mapokezi na malipo mengine',
    cashTransfers: 'Uhamisho kati ya akaunti za fedha',
    netCashFlow: 'Mtiririko halisi wa fedha',
    openingCash: 'Fedha mwanzoni mwa kipindi',
    closingCash: 'Fedha mwishoni mwa kipindi',
    opd: 'Wagonjwa wa nje (OPD)',
    inpatient: 'Wagonjwa waliolazwa',
    maternity: 'Wazazi',
    theatre: 'Chumba cha upasuaji',
    emergency: 'Dharura',
    laboratory: 'Maabara',
    radiology: 'Radiolojia',
    pharmacy: 'Famasia',
    administration: 'Utawala',
    unassigned: 'Haijagawiwa',
    // Checks
    openingBalanced: 'Debiti za mwanzo ni sawa na krediti za mwanzo',
    movementsBalanced: 'Debiti ni sawa na krediti za kipindi',
    closingBalanced: 'Debiti za mwisho ni sawa na krediti za mwisho',
    surplus: 'Ziada = mapato − matumizi',
    balanced: 'Mali = madeni + mali halisi',
    cashReconciles: 'Fedha za mwanzo + mtiririko halisi = fedha za mwisho',
    revenueTies: 'Mapato yanalingana na vitabu',
    expensesTie: 'Matumizi yanalingana na vitabu',
    netAssetsReconcile: 'Mali halisi za mwanzo + marekebisho + ziada = mali halisi za mwisho',
    notesTie: 'Maelezo 1–3 yanajumlika kuwa mali za muda mfupi',
    shaBalanceTies: 'Madai ya SHA: salio la mwanzo + yaliyoidhinishwa − yaliyolipwa = salio',
  },
  checkNames: {
    Debits: 'Debiti',
    credits: 'krediti',
    Assets: 'Mali',
    'liabilities + net assets': 'madeni + mali halisi',
    Departments: 'Idara',
    'total revenue': 'jumla ya mapato',
    'total expenses': 'jumla ya matumizi',
    'Notes 1–3': 'Maelezo 1–3',
    'current assets': 'mali za muda mfupi',
    'Opening + net flow': 'Mwanzo + mtiririko halisi',
    'closing cash': 'fedha za mwisho',
    'Opening + adjustments + surplus': 'Mwanzo + marekebisho + ziada',
    'closing net assets': 'mali halisi za mwisho',
    Surplus: 'Ziada',
    'revenue − expenses': 'mapato − matumizi',
    'Revenue + expense variances': 'Tofauti za mapato + za matumizi',
    'surplus variance': 'tofauti ya ziada',
    Facilities: 'Vituo',
    'the books': 'vitabu',
    'Opening + approved − paid': 'Mwanzo + yaliyoidhinishwa − yaliyolipwa',
    balance: 'salio',
  },
  period: (from, to) => `${from} hadi ${to}`,
  asAt: (to) => `Hadi tarehe ${to}`,
  scope: 'Vitabu vya',
  yourFacilities: 'Vituo vyako',
  fiscalYear: 'Mwaka wa fedha',
  checks: 'Uthibitisho',
  holds: 'sawa',
  fails: 'SI SAWA',
  nothing: 'Hakuna kilichorekodiwa.',
};

const WORDS: Record<Language, Words> = documentWords('statements', { en: EN, sw: SW });

/** The statements whose figures are balances as at their end date (the others cover a period). */
const AS_AT: readonly StatementKind[] = ['balance-sheet', 'notes'];

/** A cell of a statement's column: money to the cent and a percent to one decimal, negatives in brackets. */
function cell(v: number | null | undefined, kind: string): string {
  if (v === null || v === undefined) return '';
  if (kind === 'money') return figure(parseTotal(v));
  const digits = Math.abs(v).toFixed(1);
  return v < 0 ? `(${digits})` : digits;
}

/**
 * A statement's words in a language: a section's, a column's and a line's label (an account's name in the reader's
 * language, a computed line's from the words above) — for its PDF and its CSV alike.
 */
export function statementWords(lang: Language) {
  const w = WORDS[lang];
  const say = (key: string | null, english: string) => (key !== null && w.labels[key]) || english;
  return {
    say,
    column: (c: Statement['columns'][number]) => (c.asAt ? w.asAt(documentDate(c.asAt, lang)) : say(c.key, c.label)),
    row: (r: StatementRow) => (r.code !== null ? (lang === 'sw' && r.labelSw) || r.label : say(r.key, r.label)),
    /** The CSV's first three heads. */
    heads: lang === 'sw' ? (['Sehemu', 'Akaunti', 'Maelezo'] as const) : (['Section', 'Code', 'Line'] as const),
  };
}

export function statementPdfContent(s: Statement, lang: Language): PdfContent {
  const w = WORDS[lang];
  const { say, column: columnLabel, row: rowLabel } = statementWords(lang);
  const hasCodes = s.sections.some((sec) => sec.rows.some((r) => r.code !== null));
  // The FIF table's columns need the page on its side.
  const wide = s.columns.length > 6;
  const cells = (r: StatementRow) => [
    ...(hasCodes ? [r.code ?? ''] : []),
    rowLabel(r),
    ...s.columns.map((c) => (c.kind === 'text' ? (r.text?.[c.key] ?? '') : cell(r.values[c.key], c.kind))),
  ];
  // Every section's table is sized for all the statement's lines, so the tables line up down the page.
  const all = s.sections.flatMap((sec) => sec.rows.filter((r) => r.kind !== 'text').map(cells));
  const books = s.scopeLabel === EN.yourFacilities ? w.yourFacilities : placeName(s.scopeLabel, lang);
  const when = AS_AT.includes(s.kind) ? w.asAt(documentDate(s.to, lang)) : w.period(documentDate(s.from, lang), documentDate(s.to, lang));
  const sections: PdfSection[] = [
    {
      kind: 'fields',
      rows: [
        [w.scope, books],
        [w.fiscalYear, s.fiscalYear],
      ],
    },
  ];
  for (const sec of s.sections) {
    const heading = say(sec.key, sec.label);
    // A section of sentences (the notes' basis of preparation) prints as text.
    if (sec.rows.length > 0 && sec.rows.every((r) => r.kind === 'text')) {
      sections.push({ kind: 'text', heading, body: sec.rows.map((r) => say(r.key, r.label)).join('\n\n') });
      continue;
    }
    sections.push({
      kind: 'table',
      heading,
      columns: [
        ...(hasCodes ? [{ label: lang === 'sw' ? 'Akaunti' : 'Account', width: 0.9 }] : []),
        // The line's own column: an account's or a computed line's name, or the facility's (lineColumn).
        { label: s.lineColumn ? say(s.lineColumn.toLowerCase(), s.lineColumn) : lang === 'sw' ? 'Maelezo' : 'Line', width: wide ? 2.6 : 3.2 },
        ...s.columns.map((c) => (c.kind === 'text' ? { label: columnLabel(c), width: 0.9 } : { label: columnLabel(c), width: 1.2, align: 'right' as const })),
      ],
      rows: sec.rows.map(cells),
      emphasis: sec.rows.map((r) => r.kind !== 'row'),
      fitRows: all,
      empty: w.nothing,
      fontSize: wide ? 6.5 : 8,
    });
  }
  const detail = (c: Statement['checks'][number]) => checkDetail([w.checkNames[c.names[0]] ?? c.names[0], w.checkNames[c.names[1]] ?? c.names[1]], parseTotal(c.left), parseTotal(c.right), c.ok);
  sections.push({ kind: 'fields', heading: w.checks, rows: s.checks.map((c) => [say(c.key, c.label), `${c.ok ? w.holds : w.fails}: ${detail(c)}`] as const) });
  return { title: w.titles[s.kind], reference: when, facility: books, sections, landscape: wide };
}
