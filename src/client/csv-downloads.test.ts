// Every CSV file the browser builds (issue 33 item 4) — the dashboard's and revenue's Export Report, the reports'
// Export Data and the IPPD differences — as Excel and a strict parser read it once saved (lib/download.ts adds the
// byte-order mark): every line ending CRLF, one header row with every cell named, every row as wide (csv-parse in
// strict mode); a report for people in the reader's language (the Kiswahili header has no English head left but
// figures and names Kiswahili shares), the IPPD differences' column codes the same in both.
import { parse } from 'csv-parse/sync';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '../shared/csv';
import type { IppdComparison } from '../shared/payroll';
import { report } from './test/factories';
import type { RevenueSummary } from '../shared/revenue';
import appEn from './locales/en.json';
import appSw from './locales/sw.json';
import dashboardEn from './features/dashboard/locales/en.json';
import dashboardSw from './features/dashboard/locales/sw.json';
import { dashboardCsv } from './features/dashboard/dashboard-report';
import { ippdDifferencesCsv } from './features/payroll/ippd-csv';
import reportsEn from './features/reports/locales/en.json';
import reportsSw from './features/reports/locales/sw.json';
import { reportListCsv } from './features/reports/report-list-csv';
import revenueEn from './features/revenue/locales/en.json';
import revenueSw from './features/revenue/locales/sw.json';
import { revenueReportCsv } from './features/revenue/revenue-report';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      en: { translation: { ...appEn, ...dashboardEn, ...reportsEn, ...revenueEn } },
      sw: { translation: { ...appSw, ...dashboardSw, ...reportsSw, ...revenueSw } },
    },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

const figure = (amount: number, count: number, previousAmount: number, previousCount: number, changePercent: number | null) => ({ amount, count, previousAmount, previousCount, changePercent });
const SUMMARY: RevenueSummary = {
  period: 'month',
  facilityId: 1,
  current: { start: '2026-03-01', end: '2026-03-16' },
  previous: { start: '2026-02-13', end: '2026-02-28' },
  totalRevenue: figure(125_400, 310, 118_000, 290, 6.3),
  shaClaims: figure(40_250.5, 41, 0, 0, null),
  cashPayments: figure(60_000, 200, 61_000, 210, -1.6),
  pendingPayments: { ...figure(12_000, 30, 9_000, 25, 33.3), overdueAmount: 4_000, overdueCount: 9 },
};
const REPORT = report();
const IPPD: IppdComparison = {
  runId: 3,
  period: '2026-03',
  figures: ['basic', 'gross', 'paye', 'net'],
  registerLines: 3,
  runLines: 3,
  matched: 1,
  totals: { register: { gross: 150_000, net: 120_000 }, run: { gross: 151_000, net: 121_000 } },
  differences: [
    { kind: 'differs', personalNumber: 'CG/2019/004', registerNumber: null, name: 'Agnes Achieng', line: 2, figures: [{ figure: 'gross', register: 50_000, run: 51_000 }, { figure: 'net', register: 41_000, run: 42_000 }] },
    { kind: 'only_ippd', personalNumber: 'CG/2020/011', registerNumber: null, name: 'Peter Wafula, Jr.', line: 3, figures: [] },
  ],
  issues: [],
};

/** Each file the browser builds, in a language; `words`: a file for people, worded in the reader's language. */
function files(t: TFunction): { name: string; text: string; words: boolean }[] {
  return [
    { name: 'revenue Export Report', text: revenueReportCsv(t, SUMMARY, 'Busia County Referral Hospital'), words: true },
    {
      name: 'dashboard Export Report',
      text: dashboardCsv(t, {
        scopeName: 'Busia County Referral Hospital',
        stats: { totalPatients: 1200, activeStaff: 85, todayAppointments: 14, todayRevenue: 9_500 },
        revenue: { totalRevenue: 125_400, periodStart: '2026-03-01', periodEnd: '2026-03-16' },
        demographics: {
          total: 1200,
          ageBands: [
            { band: '0-18', count: 400, percent: 33 },
            { band: '19-35', count: 500, percent: 42 },
            { band: '36-60', count: 250, percent: 21 },
            { band: '60+', count: 50, percent: 4 },
          ],
          gender: [
            { gender: 'female', count: 700, percent: 58 },
            { gender: 'male', count: 500, percent: 42 },
          ],
        },
        trend: [
          { month: '2026-02', total: 118_000 },
          { month: '2026-03', total: 125_400 },
        ],
      }),
      words: true,
    },
    { name: 'reports Export Data', text: reportListCsv(t, [REPORT, { ...REPORT, id: 8, status: 'failed', facility: 'All Facilities' }]), words: true },
    { name: 'IPPD differences', text: ippdDifferencesCsv(IPPD), words: false },
  ];
}

/** The file as saved (lib/download.ts downloadText) read by csv-parse in strict mode, after checking every line ends CRLF. */
function read(text: string, name: string): string[][] {
  const saved = CSV_BOM + text;
  const unquoted = saved.replace(/"(?:[^"]|"")*"/g, '""');
  expect(unquoted.endsWith('\r\n'), `${name}: its last line ends CRLF`).toBe(true);
  expect(unquoted.search(/(?<!\r)\n|\r(?!\n)/), `${name}: where a line ends without CRLF`).toBe(-1);
  return parse(saved, { bom: true, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
}

describe('every CSV file the browser builds', () => {
  it('is one table: CRLF lines, one named header row, every row as wide (csv-parse strict)', () => {
    for (const { name, text } of files(i18n.getFixedT('en'))) {
      const [header, ...rows] = read(text, name);
      expect(header!.every((h) => h.trim() !== ''), name).toBe(true);
      expect(new Set(header).size, name).toBe(header!.length);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(rows.some((r) => r.join() === header!.join()), name).toBe(false);
    }
  });

  it('reads in Kiswahili: the same table, its header worded, its figures as they are', () => {
    const en = files(i18n.getFixedT('en'));
    const sw = files(i18n.getFixedT('sw'));
    for (const [i, file] of en.entries()) {
      const [enHeader, ...enRows] = read(file.text, file.name);
      const [swHeader, ...swRows] = read(sw[i]!.text, file.name);
      expect(swRows.map((r) => r.length), file.name).toEqual(enRows.map((r) => r.length));
      for (const [r, row] of enRows.entries()) for (const [c, cell] of row.entries()) if (/^-?\d+(\.\d+)?$/.test(cell)) expect(swRows[r]![c], file.name).toBe(cell);
      if (!file.words) {
        expect(swHeader, file.name).toEqual(enHeader);
        continue;
      }
      expect(enHeader!.filter((head, c) => swHeader![c] === head), file.name).toEqual([]);
    }
  });

  it('has no title, blank or note line: the revenue report names its scope and periods on every row', () => {
    const [header, ...rows] = read(revenueReportCsv(i18n.getFixedT('en'), SUMMARY, 'Busia County Referral Hospital'), 'revenue Export Report');
    expect(header).toEqual(['Scope', 'Period', 'Compared with', 'Figure', 'This period (KES)', 'Count', 'Last period (KES)', 'Last period count', 'Change (%)']);
    expect(rows.map((r) => r.slice(3, 6))).toEqual([
      ['Total Revenue', '125400', '310'],
      ['SHA Claims', '40250.5', '41'],
      ['Cash Payments', '60000', '200'],
      ['Pending Payments', '12000', '30'],
      ['Overdue (of Pending Payments)', '4000', '9'],
    ]);
    expect(new Set(rows.map((r) => r.slice(0, 3).join('|'))).size).toBe(1);
    expect(rows[0]![0]).toBe('Busia County Referral Hospital');
  });
});
