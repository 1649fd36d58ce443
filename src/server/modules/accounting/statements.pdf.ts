// A financial statement as a printed document (issue 14 item 5): the same statement the screen shows, laid out by the
// county's PDF helper (core/pdf.ts) in English or Kiswahili — the title, whose books and the period, a table per
// section, and the checks that prove it ties. Account names are data (the chart's), printed as they are.
import { formatKesExact, parseTotal } from '../../../shared/money.js';
import type { Statement, StatementKind } from '../../../shared/accounting/index.js';
import { documentDate, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import { STATEMENT_TITLES } from './statements/common.js';

type Words = {
  titles: Record<StatementKind, string>;
  /** Column, section and computed-line labels by key (a missing key prints the English label). */
  labels: Record<string, string>;
  period: (from: string, to: string) => string;
  asAt: (to: string) => string;
  scope: string;
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
  period: (from, to) => `${from} to ${to}`,
  asAt: (to) => `As at ${to}`,
  scope: 'Books of',
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
    'cash-flow': 'Taarifa ya Mtiririko wa Fedha',
    'budget-vs-actual': 'Bajeti dhidi ya Matumizi Halisi',
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
    // Computed lines
    total: 'Jumla',
    totalRevenue: 'Jumla ya mapato',
    totalExpenses: 'Jumla ya matumizi',
    netSurplus: 'Ziada / (upungufu) ya kipindi',
    totalAssets: 'Jumla ya mali',
    totalLiabilities: 'Jumla ya madeni',
    surplusNotClosed: 'Ziada ya kipindi ambayo bado haijafungwa',
    totalNetAssets: 'Jumla ya mali halisi',
    totalLiabilitiesAndNetAssets: 'Jumla ya madeni na mali halisi',
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
  },
  period: (from, to) => `${from} hadi ${to}`,
  asAt: (to) => `Hadi ${to}`,
  scope: 'Vitabu vya',
  fiscalYear: 'Mwaka wa fedha',
  checks: 'Uthibitisho',
  holds: 'sawa',
  fails: 'SI SAWA',
  nothing: 'Hakuna kilichorekodiwa.',
};

const WORDS: Record<Language, Words> = { en: EN, sw: SW };

export function statementPdfContent(s: Statement, lang: Language): PdfContent {
  const w = WORDS[lang];
  const say = (key: string | null, english: string) => (key !== null && w.labels[key]) || english;
  const money = s.columns.filter((c) => c.kind !== 'text');
  const hasText = s.columns.some((c) => c.kind === 'text');
  // The FIF table's eleven columns need the page on its side.
  const wide = s.columns.length > 6;
  const cell = (v: number | null | undefined, kind: string) => (v === null || v === undefined ? '' : kind === 'money' ? formatKesExact(parseTotal(v)).replace(/^KES /, '') : `${v.toFixed(1)}`);
  const columnLabel = (key: string, english: string) => (s.kind === 'balance-sheet' && key === 'amount' ? w.asAt(documentDate(s.to, lang)) : say(key, english));
  const sections: PdfSection[] = [
    {
      kind: 'fields',
      rows: [
        [w.scope, s.scopeLabel],
        s.kind === 'balance-sheet' ? ['', w.asAt(documentDate(s.to, lang))] : ['', w.period(documentDate(s.from, lang), documentDate(s.to, lang))],
        [w.fiscalYear, s.fiscalYear],
      ],
    },
  ];
  for (const sec of s.sections) {
    sections.push({
      kind: 'table',
      heading: say(sec.key, sec.label),
      columns: [
        ...(hasText ? [] : [{ label: lang === 'sw' ? 'Akaunti' : 'Account', width: 0.9 }]),
        { label: hasText ? say('facility', 'Facility') : lang === 'sw' ? 'Maelezo' : 'Line', width: wide ? 2.6 : 3.2 },
        ...money.map((c) => ({ label: columnLabel(c.key, c.label), width: 1.2, align: 'right' as const })),
      ],
      rows: sec.rows.map((r) => [...(hasText ? [] : [r.code ?? '']), r.code !== null ? r.label : say(r.key, r.label), ...money.map((c) => cell(r.values[c.key], c.kind))]),
      empty: w.nothing,
      fontSize: wide ? 6.5 : 8,
    });
  }
  sections.push({ kind: 'fields', heading: w.checks, rows: s.checks.map((c) => [say(c.key, c.label), `${c.ok ? w.holds : w.fails}: ${c.detail}`] as const) });
  return { title: w.titles[s.kind], reference: s.kind === 'balance-sheet' ? s.to : `${s.from} – ${s.to}`, facility: s.scopeLabel, sections, landscape: wide };
}
