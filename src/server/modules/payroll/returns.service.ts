// A run's documents (issue 27 item 5): the payslip of one employee (PDF, English or Kiswahili), and the files the
// portals and banks take — the P10 PAYE return, the SHIF, NSSF, AHL, HELB and pension schedules, the bank net-pay
// file and the M-Pesa bulk payment file. Returns and payment files come only from an approved run: a file that pays
// people or tells KRA what was deducted must match what a second person approved.
import { and, eq, sql } from 'drizzle-orm';
import { can } from '../../../shared/access/index.js';
import { countyDate } from '../../../shared/county-time.js';
import type { CsvCell, CsvFile } from '../../../shared/csv.js';
import { toCsv } from '../../../shared/csv.js';
import { formatKesExact, parseKes, subtract, sum, toKes, type Cents } from '../../../shared/money.js';
import { dueDates, EMPLOYMENT_TERM_NAMES, PENSION_SCHEME_NAMES, periodEnd, type PAYROLL_REPORTS, type PAYROLL_RETURNS, type MyPayslip, type PayrollReturn, type Payslip, type Remittance } from '../../../shared/payroll/index.js';
import { getRun } from './runs.service.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, notFound, outOfScope } from '../../core/errors.js';
import { documentDate, documentWords, renderPdf, type Language, type PdfFile, type PdfSection } from '../../core/pdf.js';
import { facilityField } from '../facilities/index.js';
import { inForce } from './employees.service.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions as versions, payrollRunLines, payrollRuns } from './payroll.schema.js';

/** Each line of a run with the employee's numbers and payment details as they stood at the period's end. */
async function runLinesWithDetails(ctx: ServiceContext, runId: number, employeeId?: number) {
  const [run] = await ctx.db.select().from(payrollRuns).where(eq(payrollRuns.id, runId));
  if (!run) throw notFound('Pay run not found');
  const current = inForce(ctx.db, periodEnd(run.period));
  const lines = await ctx.db
    .select({
      line: payrollRunLines,
      personalNumber: payrollEmployees.personalNumber,
      v: versions,
      department: payrollDepartments.name,
      facilityName: facilityField(payrollRunLines.facilityId, 'name'),
    })
    .from(payrollRunLines)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollRunLines.employeeId))
    .innerJoin(versions, eq(versions.employeeId, payrollRunLines.employeeId))
    .innerJoin(current, eq(current.versionId, versions.id))
    .innerJoin(payrollDepartments, eq(payrollDepartments.id, payrollRunLines.departmentId))
    .where(and(eq(payrollRunLines.runId, runId), employeeId === undefined ? undefined : eq(payrollRunLines.employeeId, employeeId)))
    .orderBy(payrollRunLines.name, payrollRunLines.employeeId);
  return { run, lines };
}

/** Shillings as a file writes them (two decimals); several added as exact cents first. */
const money = (...amounts: number[]) => toKes(sum(amounts.map((a) => parseKes(a)))).toFixed(2);
/** The taxable earnings of some codes, exactly. */
const earned = (p: Payslip, codes: readonly string[]) => sum(p.earnings.filter((e) => e.taxable && codes.includes(e.code)).map((e) => parseKes(e.amount)));

/**
 * Which returns exist, each with its file name part and the columns the portal takes. A report the county reads
 * (REPORTS) has its columns in Kiswahili too (`sw`), and words its rows in the reader's language; a return or
 * payment file (RETURNS) keeps the columns its portal or bank takes, in English, whatever the reader's language.
 */
type ReturnLine = Awaited<ReturnType<typeof runLinesWithDetails>>['lines'][number];
type LineReturn = { name: string; header: string[]; sw?: string[]; rows: (l: ReturnLine, p: Payslip, lang: Language) => CsvCell[][] };
/** A report over the whole run (by department, by authority, by facility): its rows from every line at once. */
type WholeReturn = {
  name: string;
  header: string[];
  sw?: string[];
  whole: (lines: readonly ReturnLine[], run: RunRow, ctx: ServiceContext, lang: Language) => Promise<CsvCell[][]> | CsvCell[][];
};
type RunRow = typeof payrollRuns.$inferSelect;

/** Rows grouped by a key, each group's figures added as exact cents. */
function grouped(lines: readonly ReturnLine[], key: (l: ReturnLine) => string, figures: readonly ((p: Payslip) => number)[]): [string, number, Cents[]][] {
  const groups = new Map<string, { n: number; totals: Cents[] }>();
  for (const l of lines) {
    const g = groups.get(key(l)) ?? { n: 0, totals: figures.map(() => parseKes(0)) };
    g.n += 1;
    g.totals = g.totals.map((t, i) => sum([t, parseKes(figures[i]!(l.line.payslip))]));
    groups.set(key(l), g);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, g]) => [k, g.n, g.totals]);
}
const kes = (c: Cents) => toKes(c).toFixed(2);

/** The words the payroll reports' rows hold, in Kiswahili (as the payroll screens and the payslip word them). */
const SW_REPORT_WORDS: Readonly<Record<string, string>> = {
  ...({ permanent: 'Kudumu na pensheni', contract: 'Mkataba', casual: 'Kibarua', locum: 'Wa muda', intern: 'Mwanafunzi wa mafunzo' } satisfies Record<keyof typeof EMPLOYMENT_TERM_NAMES, string>),
  'Affordable Housing Levy': 'Ushuru wa Nyumba Nafuu',
  Pension: 'Pensheni',
  New: 'Mpya',
  'Pay changed by more than 10%': 'Mshahara halisi umebadilika zaidi ya 10%',
  Left: 'Ameondoka',
  Exchequer: 'Hazina',
};
/** A report's word (an English phrase, or an employment term's code with its English name) in the reader's language. */
const reportWord = (lang: Language, english: string, code: string = english) => (lang === 'sw' ? (SW_REPORT_WORDS[code] ?? english) : english);
// The terms of employment as the payslip prints them (reportWord), for the test that reads each Kiswahili document.
documentWords('employment-terms', {
  en: Object.values(EMPLOYMENT_TERM_NAMES),
  sw: Object.entries(EMPLOYMENT_TERM_NAMES).map(([code, name]) => reportWord('sw', name, code)),
});

const REPORTS: Record<(typeof PAYROLL_REPORTS)[number], LineReturn | WholeReturn> = {
  register: {
    name: 'Register',
    header: ['Personal Number', 'Name', 'Facility', 'Department', 'Job Group', 'Terms', 'Basic Salary', 'Allowances', 'Gross Pay', 'PAYE', 'NSSF', 'SHIF', 'Housing Levy', 'Pension', 'HELB', 'Other Deductions', 'Total Deductions', 'Net Pay'],
    sw: [
      'Nambari ya Kibinafsi',
      'Jina',
      'Kituo',
      'Idara',
      'Kundi la Kazi',
      'Masharti',
      'Mshahara wa Msingi',
      'Posho',
      'Mshahara Ghafi',
      'PAYE',
      'NSSF',
      'SHIF',
      'Ushuru wa Nyumba',
      'Pensheni',
      'HELB',
      'Makato Mengine',
      'Jumla ya Makato',
      'Mshahara Halisi',
    ],
    rows: (l, p, lang) => [
      [
        l.personalNumber,
        l.line.name,
        l.facilityName ?? '',
        l.department,
        l.line.jobGroup,
        reportWord(lang, EMPLOYMENT_TERM_NAMES[l.line.terms], l.line.terms),
        money(p.basic),
        money(p.taxableEarnings, p.nonTaxableEarnings),
        money(p.totalEarnings),
        money(p.paye),
        money(p.nssf.employee),
        money(p.shif),
        money(p.ahl.employee),
        money(p.pension?.employee ?? 0),
        money(p.helb),
        money(...p.voluntary.map((d) => d.amount)),
        money(p.totalDeductions),
        money(p.net),
      ],
    ],
  },
  departments: {
    name: 'Departments',
    header: ['Department', 'Employees', 'Gross Pay', 'Total Deductions', 'Net Pay', 'Employer Cost'],
    sw: ['Idara', 'Wafanyakazi', 'Mshahara Ghafi', 'Jumla ya Makato', 'Mshahara Halisi', 'Gharama ya Mwajiri'],
    whole: (lines) =>
      grouped(lines, (l) => l.department, [(p) => p.totalEarnings, (p) => p.totalDeductions, (p) => p.net, (p) => p.employer.total]).map(([name, n, [gross, deductions, net, cost]]) => [name, n, kes(gross!), kes(deductions!), kes(net!), kes(cost!)]),
  },
  statutory: {
    name: 'Statutory',
    header: ['Deduction', 'Employees', 'Employee Share', 'Employer Share', 'Total', 'Due'],
    sw: ['Makato', 'Wafanyakazi', 'Sehemu ya Mfanyakazi', 'Sehemu ya Mwajiri', 'Jumla', 'Tarehe ya Mwisho'],
    whole: (lines, run, _ctx, lang) => {
      const due = dueDates(run.period);
      const rows: [string, Remittance | null, (p: Payslip) => number, (p: Payslip) => number][] = [
        ['PAYE', 'paye', (p) => p.paye, () => 0],
        ['SHIF', 'shif', (p) => p.shif, () => 0],
        ['NSSF', 'nssf', (p) => p.nssf.employee, (p) => p.nssf.employer],
        ['Affordable Housing Levy', 'ahl', (p) => p.ahl.employee, (p) => p.ahl.employer],
        ['Pension', 'pension', (p) => p.pension?.employee ?? 0, (p) => p.pension?.employer ?? 0],
        ['HELB', 'helb', (p) => p.helb, () => 0],
      ];
      return rows.map(([name, code, employee, employer]) => {
        const ee = sum(lines.map((l) => parseKes(employee(l.line.payslip))));
        const er = sum(lines.map((l) => parseKes(employer(l.line.payslip))));
        const n = lines.filter((l) => employee(l.line.payslip) > 0 || employer(l.line.payslip) > 0).length;
        return [reportWord(lang, name), n, kes(ee), kes(er), kes(sum([ee, er])), code ? due[code] : ''];
      });
    },
  },
  variance: {
    name: 'Variance',
    header: ['Personal Number', 'Name', 'Change', 'Net Pay Last Month', 'Net Pay This Month', 'Difference'],
    sw: ['Nambari ya Kibinafsi', 'Jina', 'Mabadiliko', 'Mshahara Halisi Mwezi Uliopita', 'Mshahara Halisi Mwezi Huu', 'Tofauti'],
    whole: async (_lines, run, ctx, lang) => {
      const detail = await getRun(ctx, run.id, { only: 'changes' });
      const changed = detail.lines!.map((l) => [
        l.personalNumber,
        l.name,
        reportWord(lang, l.change === 'new' ? 'New' : 'Pay changed by more than 10%'),
        l.previousNet === null ? '' : money(l.previousNet),
        money(l.payslip.net),
        kes(subtract(parseKes(l.payslip.net), parseKes(l.previousNet ?? 0))),
      ]);
      const gone = detail.exited!.map((e) => [e.personalNumber, e.name, reportWord(lang, 'Left'), '', '0.00', '']);
      return [...changed, ...gone];
    },
  },
  costs: {
    name: 'Costs',
    header: ['Facility', 'Fund', 'Employees', 'Gross Pay', 'Employer NSSF', 'Employer Pension', 'Employer Housing Levy', 'Total Cost'],
    sw: ['Kituo', 'Mfuko', 'Wafanyakazi', 'Mshahara Ghafi', 'NSSF ya Mwajiri', 'Pensheni ya Mwajiri', 'Ushuru wa Nyumba wa Mwajiri', 'Jumla ya Gharama'],
    whole: (lines, _run, _ctx, lang) =>
      grouped(lines, (l) => l.facilityName ?? '', [(p) => p.totalEarnings, (p) => p.employer.nssf, (p) => p.employer.pension, (p) => p.employer.ahl, (p) => p.employer.total]).map(([facility, n, [gross, nssf, pension, ahl, total]]) => [
        facility,
        reportWord(lang, 'Exchequer'),
        n,
        kes(gross!),
        kes(nssf!),
        kes(pension!),
        kes(ahl!),
        kes(total!),
      ]),
  },
};

// The files a portal or a bank takes (PAYROLL.md "Returns and when they are due"): their columns and words as the
// portal's template has them, in English whatever the reader's language — iTax, the SHA and NSSF portals, HELB and the
// banks read them, not a person. Each has one header row (the portal's column names, for the officer who copies the
// lines into the authority's template) and, like every CSV, a UTF-8 byte-order mark: KRA's P10 is filled in KRA's
// Excel template, and Excel needs the mark to read a name such as "Ng'ang'a Wanjirũ" as written.
const RETURNS: Record<(typeof PAYROLL_RETURNS)[number], LineReturn> = {
  // iTax's P10 employee sheet, in the order PAYROLL.md lists (an estimate of the current template's order).
  p10: {
    name: 'P10',
    header: [
      'PIN of Employee',
      'Name of Employee',
      'Residential Status',
      'Type of Employee',
      'Basic Salary',
      'Housing Allowance',
      'Transport Allowance',
      'Leave Pay',
      'Overtime Allowance',
      'Lump Sum Payment',
      'Other Allowances',
      'Non-Cash Benefits',
      'Value of Quarters',
      'Total Gross Pay',
      'Actual Retirement Contribution',
      'Allowable Retirement Contribution',
      'SHIF Contribution',
      'Affordable Housing Levy',
      'Mortgage Interest',
      'Taxable Pay',
      'Tax Charged',
      'Personal Relief',
      'Insurance Relief',
      'PAYE Tax',
    ],
    rows: (l, p) => {
      const [housing, transport, overtime, lumpSum] = [['house'], ['commuter'], ['overtime'], ['arrears']].map((codes) => earned(p, codes)) as [Cents, Cents, Cents, Cents];
      const other = subtract(parseKes(p.taxableEarnings), sum([housing, transport, overtime, lumpSum]));
      return [
        [
          l.v.kraPin ?? '',
          l.line.name,
          'Resident',
          'Primary Employee',
          money(p.basic),
          money(toKes(housing)),
          money(toKes(transport)),
          money(0),
          money(toKes(overtime)),
          money(toKes(lumpSum)),
          money(toKes(other)),
          money(0),
          money(0),
          money(p.gross),
          money(p.retirement.actual),
          money(p.retirement.allowed),
          money(p.shif),
          money(p.ahl.employee),
          money(p.mortgageInterestAllowed),
          money(p.taxable),
          money(p.tax),
          money(p.reliefs.personal),
          money(p.reliefs.insurance),
          money(p.paye),
        ],
      ];
    },
  },
  shif: { name: 'SHIF', header: ['ID Number', 'SHA Number', 'Name', 'Gross Pay', 'SHIF Contribution'], rows: (l, p) => [[l.v.nationalId, l.v.shaNumber ?? '', l.line.name, money(p.gross), money(p.shif)]] },
  nssf: {
    name: 'NSSF',
    header: ['ID Number', 'NSSF Number', 'Name', 'Pensionable Pay', 'Tier I Employee', 'Tier II Employee', 'Tier I Employer', 'Tier II Employer', 'Total'],
    rows: (l, p) => [[l.v.nationalId, l.v.nssfNumber ?? '', l.line.name, money(p.nssf.pensionablePay), money(p.nssf.tier1), money(p.nssf.tier2), money(p.nssf.employerTier1), money(p.nssf.employerTier2), money(p.nssf.employee, p.nssf.employer)]],
  },
  ahl: {
    name: 'AHL',
    header: ['PIN of Employee', 'ID Number', 'Name', 'Gross Pay', 'Employee Levy', 'Employer Levy', 'Total'],
    rows: (l, p) => [[l.v.kraPin ?? '', l.v.nationalId, l.line.name, money(p.gross), money(p.ahl.employee), money(p.ahl.employer), money(p.ahl.employee, p.ahl.employer)]],
  },
  helb: { name: 'HELB', header: ['ID Number', 'Name', 'Amount'], rows: (l, p) => (p.helb > 0 ? [[l.v.nationalId, l.line.name, money(p.helb)]] : []) },
  pension: {
    name: 'Pension',
    header: ['Scheme', 'Personal Number', 'ID Number', 'Name', 'Basic Salary', 'Employee Contribution', 'Employer Contribution', 'Total'],
    rows: (l, p) =>
      p.pension
        ? [[PENSION_SCHEME_NAMES[l.v.pensionScheme], l.personalNumber, l.v.nationalId, l.line.name, money(p.basic), money(p.pension.employee), money(p.pension.employer), money(p.pension.employee, p.pension.employer)]]
        : [],
  },
  bank: {
    name: 'Bank',
    header: ['Bank Code', 'Branch Code', 'Account Number', 'Name', 'Personal Number', 'Amount'],
    rows: (l, p) => (l.v.payMethod === 'bank' && p.net > 0 ? [[l.v.bankCode, l.v.bankBranch, l.v.bankAccount, l.line.name, l.personalNumber, money(p.net)]] : []),
  },
  mpesa: {
    name: 'M-Pesa',
    header: ['Phone Number', 'Amount', 'Name', 'Reference'],
    rows: (l, p) => (l.v.payMethod === 'mpesa' && p.net > 0 ? [[`254${(l.v.mpesaPhone ?? '').replace(/\D/g, '').slice(-9)}`, money(p.net), l.line.name, l.personalNumber]] : []),
  },
};


/** GET /api/payroll/runs/:id/returns/:return: the file for an approved run, a report worded in the reader's language; audited. */
export async function runReturn(ctx: ServiceContext, runId: number, kind: PayrollReturn, lang: Language = 'en'): Promise<CsvFile> {
  const { run, lines } = await runLinesWithDetails(ctx, runId);
  if (run.status !== 'approved') throw conflict('Returns and payment files come only from an approved run');
  const spec: LineReturn | WholeReturn = kind in RETURNS ? RETURNS[kind as keyof typeof RETURNS] : REPORTS[kind as keyof typeof REPORTS];
  const rows = 'whole' in spec ? await spec.whole(lines, run, ctx, lang) : lines.flatMap((l) => spec.rows(l, l.line.payslip, lang));
  await audit(ctx.db, ctx.actor, { action: 'payroll.return.download', entity: 'payroll_run', entityId: runId, detail: `${kind}: ${rows.length} lines` });
  const scope = run.scopeKind === 'county' ? 'county' : run.scopeKind === 'subcounty' ? run.subcounty!.toLowerCase().replace(/\W+/g, '-') : `facility-${run.facilityId}`;
  return { filename: `${spec.name.toLowerCase().replace(/\W+/g, '')}-${run.period}-${scope}.csv`, content: toCsv([lang === 'sw' && spec.sw ? spec.sw : spec.header, ...rows]) };
}

const PAYSLIP_WORDS = documentWords('payslip', {
  en: {
    title: 'Payslip',
    draft: 'not yet approved',
    employee: 'Employee',
    personalNumber: 'Personal number',
    kraPin: 'KRA PIN',
    facility: 'Facility',
    department: 'Department',
    jobGroup: 'Job group',
    terms: 'Terms',
    period: 'Pay period',
    earnings: 'Earnings',
    deductions: 'Deductions',
    item: 'Item',
    amount: 'Amount (KES)',
    basic: 'Basic salary',
    gross: 'Gross pay',
    totalEarnings: 'Total earnings',
    nssf: 'NSSF',
    shif: 'SHIF',
    ahl: 'Affordable Housing Levy',
    pension: 'Pension',
    paye: 'PAYE',
    helb: 'HELB',
    totalDeductions: 'Total deductions',
    net: 'Net pay',
    held: 'Held back this month (one-third rule)',
    tax: 'Tax',
    taxable: 'Taxable pay',
    taxCharged: 'Tax charged',
    relief: 'Personal relief',
    insurance: 'Insurance relief',
    employer: 'Employer contributions',
    none: 'None',
    paidTo: 'Paid to',
    // The allowances of the salary scale by code, as the payroll screens name them (an earning prints its own label).
    allowances: { house: 'House allowance', commuter: 'Commuter allowance', risk: 'Risk allowance', non_practice: 'Non-practice allowance', extraneous: 'Extraneous allowance', call: 'Call allowance', uniform: 'Uniform allowance' } as Record<string, string>,
  },
  sw: {
    title: 'Hati ya Mshahara',
    draft: 'bado haijaidhinishwa',
    employee: 'Mfanyakazi',
    personalNumber: 'Nambari ya kibinafsi',
    kraPin: 'PIN ya KRA',
    facility: 'Kituo',
    department: 'Idara',
    jobGroup: 'Kundi la kazi',
    terms: 'Masharti',
    period: 'Kipindi cha malipo',
    earnings: 'Mapato',
    deductions: 'Makato',
    item: 'Kipengele',
    amount: 'Kiasi (KES)',
    basic: 'Mshahara wa msingi',
    gross: 'Mshahara ghafi',
    totalEarnings: 'Jumla ya mapato',
    nssf: 'NSSF',
    shif: 'SHIF',
    ahl: 'Ushuru wa Nyumba Nafuu',
    pension: 'Pensheni',
    paye: 'PAYE',
    helb: 'HELB',
    totalDeductions: 'Jumla ya makato',
    net: 'Mshahara halisi',
    held: 'Yaliyozuiliwa mwezi huu (kanuni ya theluthi moja)',
    tax: 'Kodi',
    taxable: 'Mapato yanayotozwa kodi',
    taxCharged: 'Kodi iliyotozwa',
    relief: 'Msamaha wa kibinafsi',
    insurance: 'Msamaha wa bima',
    employer: 'Michango ya mwajiri',
    none: 'Hakuna',
    paidTo: 'Imelipwa kwa',
    allowances: { house: 'Posho la nyumba', commuter: 'Posho la usafiri', risk: 'Posho la hatari', non_practice: 'Posho la kutofanya kazi binafsi', extraneous: 'Posho la kazi ya ziada', call: 'Posho la zamu ya simu', uniform: 'Posho la sare' } as Record<string, string>,
  },
} as const);

/**
 * GET /api/payroll/runs/:id/payslips/:employeeId.pdf: one employee's payslip — for the payroll roles from any run,
 * for the employee herself (her linked account) from an approved run only; audited either way.
 */
export async function payslipPdf(ctx: ServiceContext, runId: number, employeeId: number, lang: Language, reader: string): Promise<PdfFile> {
  const { run, lines } = await runLinesWithDetails(ctx, runId, employeeId);
  const l = lines[0];
  if (!l) throw notFound('This employee is not in this pay run');
  if (!can(ctx.actor.role, 'payroll:read') && !(run.status === 'approved' && (await linkedEmployee(ctx)) === employeeId)) throw outOfScope('A payslip is read by the payroll office and by the employee herself');
  if (run.status === 'rejected') throw conflict('This run was rejected: its payslips were never paid');
  const w = PAYSLIP_WORDS[lang];
  const p = l.line.payslip;
  const amount = (n: number) => formatKesExact(parseKes(n)).replace(/^KES\s*/, '');
  /** A two-column table of the payslip: what, and how much. */
  const itemTable = (heading: string, rows: readonly (readonly [string, string])[]): PdfSection => ({
    kind: 'table',
    heading,
    columns: [
      { label: w.item, width: 0.7 },
      { label: w.amount, width: 0.3, align: 'right' },
    ],
    rows,
  });
  const pdf = await renderPdf(
    {
      title: run.status === 'approved' ? w.title : `${w.title} (${w.draft})`,
      reference: `${l.personalNumber} · ${run.period}`,
      facility: l.facilityName,
      sections: [
        {
          kind: 'fields',
          heading: w.employee,
          rows: [
            [w.employee, l.line.name],
            [w.personalNumber, l.personalNumber],
            [w.kraPin, l.v.kraPin ?? w.none],
            [w.department, l.department],
            [w.jobGroup, l.line.jobGroup],
            [w.terms, reportWord(lang, EMPLOYMENT_TERM_NAMES[l.line.terms], l.line.terms)],
            [w.period, `${documentDate(`${run.period}-01`, lang)} – ${documentDate(periodEnd(run.period), lang)}`],
            [w.paidTo, l.v.payMethod === 'bank' ? `${l.v.bankCode ?? ''} ${l.v.bankBranch ?? ''} ${l.v.bankAccount ? `••••${l.v.bankAccount.slice(-4)}` : ''}`.trim() : `M-Pesa ••••${(l.v.mpesaPhone ?? '').slice(-3)}`],
          ],
        },
        itemTable(w.earnings, [[w.basic, amount(p.basic)], ...p.earnings.map((e) => [lang === 'en' ? e.label : (w.allowances[e.code] ?? e.label), amount(e.amount)] as const), [w.totalEarnings, amount(p.totalEarnings)]]),
        itemTable(w.deductions, [
            [w.paye, amount(p.paye)],
            [w.nssf, amount(p.nssf.employee)],
            [w.shif, amount(p.shif)],
            [w.ahl, amount(p.ahl.employee)],
            ...(p.pension ? [[`${w.pension} (${PENSION_SCHEME_NAMES[p.pension.scheme as keyof typeof PENSION_SCHEME_NAMES] ?? p.pension.scheme})`, amount(p.pension.employee)] as const] : []),
            ...(p.helb > 0 ? [[w.helb, amount(p.helb)] as const] : []),
            ...p.voluntary.map((d) => [`${d.label} – ${d.payee}`, amount(d.amount)] as const),
            [w.totalDeductions, amount(p.totalDeductions)],
            [w.net, amount(p.net)],
        ]),
        ...(p.dropped.length > 0 ? [itemTable(w.held, p.dropped.map((d) => [`${d.label} – ${d.payee}`, amount(d.amount)] as const))] : []),
        {
          kind: 'fields',
          heading: w.tax,
          rows: [
            [w.gross, amount(p.gross)],
            [w.taxable, amount(p.taxable)],
            [w.taxCharged, amount(p.tax)],
            [w.relief, amount(p.reliefs.personal)],
            [w.insurance, amount(p.reliefs.insurance)],
            [w.paye, amount(p.paye)],
            [w.employer, `NSSF ${amount(p.employer.nssf)} · AHL ${amount(p.employer.ahl)}${p.pension ? ` · ${w.pension} ${amount(p.employer.pension)}` : ''}`],
          ],
        },
      ],
    },
    lang,
    { by: reader, at: ctx.now() },
  );
  await audit(ctx.db, ctx.actor, { action: 'payroll.payslip.read', entity: 'payroll_run', entityId: runId, detail: `employee ${employeeId}` });
  return { filename: `payslip-${run.period}-${l.personalNumber}.pdf`, pdf };
}

const P9A_WORDS = documentWords('p9a', {
  en: {
    title: 'P9A Tax Deduction Card',
    year: 'Year of income',
    employer: 'Employer',
    employerName: 'County Government of Busia: Department of Health',
    // Short words: thirteen figures share a portrait page, and a heading is broken only between words.
    columns: ['Month', 'Basic salary', 'Non-cash benefits', 'Value of quarters', 'Gross pay', 'Pension actual', 'Pension allowed', 'SHIF', 'Housing Levy', 'Taxable pay', 'Tax charged', 'Personal relief', 'Insurance relief', 'PAYE'],
    total: 'Total',
    none: 'None',
  },
  sw: {
    title: 'Kadi ya Makato ya Kodi P9A',
    year: 'Mwaka wa mapato',
    employer: 'Mwajiri',
    employerName: 'Serikali ya Kaunti ya Busia: Idara ya Afya',
    columns: ['Mwezi', 'Msingi', 'Faida zisizo pesa', 'Thamani ya makazi', 'Mshahara ghafi', 'Pensheni halisi', 'Pensheni kikomo', 'SHIF', 'Ushuru wa Nyumba', 'Mapato ya kodi', 'Kodi', 'Msamaha binafsi', 'Msamaha wa bima', 'PAYE'],
    total: 'Jumla',
    none: 'Hakuna',
  },
} as const);

/**
 * GET /api/payroll/employees/:id/p9a.pdf?year=: an employee's year on KRA's P9A card, month by month from the approved
 * runs that paid her (PAYROLL.md: since 2025 with SHIF and the Housing Levy) — for the payroll office, and for the
 * employee herself through her linked account; audited.
 */
export async function p9aPdf(ctx: ServiceContext, employeeId: number, year: number, lang: Language, reader: string): Promise<PdfFile> {
  const current = inForce(ctx.db, `${year}-12-31`);
  const [who] = await ctx.db
    .select({ personalNumber: payrollEmployees.personalNumber, v: versions, facilityName: facilityField(versions.facilityId, 'name') })
    .from(payrollEmployees)
    .innerJoin(versions, eq(versions.employeeId, payrollEmployees.id))
    .innerJoin(current, eq(current.versionId, versions.id))
    .where(eq(payrollEmployees.id, employeeId));
  if (!who) throw notFound('Employee not found');
  if (!can(ctx.actor.role, 'payroll:read') && (await linkedEmployee(ctx)) !== employeeId) throw outOfScope('A P9A is read by the payroll office and by the employee herself');
  const months = await ctx.db
    .select({ period: payrollRuns.period, payslip: payrollRunLines.payslip })
    .from(payrollRunLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
    .where(and(eq(payrollRunLines.employeeId, employeeId), eq(payrollRuns.status, 'approved'), sql`${payrollRuns.period} like ${`${year}-%`}`))
    .orderBy(payrollRuns.period);
  const w = P9A_WORDS[lang];
  const figures: ((p: Payslip) => number)[] = [
    (p) => p.basic,
    () => 0,
    () => 0,
    (p) => p.gross,
    (p) => p.retirement.actual,
    (p) => p.retirement.allowed,
    (p) => p.shif,
    (p) => p.ahl.employee,
    (p) => p.taxable,
    (p) => p.tax,
    (p) => p.reliefs.personal,
    (p) => p.reliefs.insurance,
    (p) => p.paye,
  ];
  const amount = (c: Cents) => formatKesExact(c).replace(/^KES\s*/, '');
  const rows = months.map((m) => [documentDate(`${m.period}-01`, lang).replace(/^\d+\s/, ''), ...figures.map((f) => amount(parseKes(f(m.payslip))))]);
  const totals = figures.map((f) => amount(sum(months.map((m) => parseKes(f(m.payslip))))));
  const pdf = await renderPdf(
    {
      title: w.title,
      reference: `${who.personalNumber} · ${year}`,
      facility: who.facilityName ?? undefined,
      sections: [
        {
          kind: 'fields',
          rows: [
            [w.employer, w.employerName],
            [PAYSLIP_WORDS[lang].employee, `${who.v.firstName} ${who.v.lastName}`],
            [PAYSLIP_WORDS[lang].kraPin, who.v.kraPin ?? w.none],
            [PAYSLIP_WORDS[lang].personalNumber, who.personalNumber],
            [w.year, String(year)],
          ],
        },
        {
          kind: 'table',
          columns: w.columns.map((label, i) => ({ label, width: i === 0 ? 0.1 : 0.9 / 13, align: i === 0 ? ('left' as const) : ('right' as const) })),
          rows: [...rows, [w.total, ...totals]],
          fontSize: 6,
        },
      ],
    },
    lang,
    { by: reader, at: ctx.now() },
  );
  await audit(ctx.db, ctx.actor, { action: 'payroll.p9a.read', entity: 'payroll_employee', entityId: employeeId, detail: `${year}: ${months.length} months` });
  return { filename: `p9a-${year}-${who.personalNumber.replace(/\W+/g, '-')}.pdf`, pdf };
}

/**
 * GET /api/payroll/my-payslips: the payslips of the employee linked to the signed-in account (any role: a nurse reads
 * her own pay), from approved runs only, newest first; none for an account linked to no employee. Audited.
 */
export async function myPayslips(ctx: ServiceContext): Promise<MyPayslip[]> {
  const employeeId = await linkedEmployee(ctx);
  if (employeeId === null) return [];
  const rows = await ctx.db
    .select({ runId: payrollRuns.id, employeeId: payrollRunLines.employeeId, period: payrollRuns.period, gross: payrollRunLines.gross, net: payrollRunLines.net })
    .from(payrollRunLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
    .where(
      and(
        eq(payrollRuns.status, 'approved'),
        eq(payrollRunLines.employeeId, employeeId),
      ),
    )
    .orderBy(sql`${payrollRuns.period} desc`)
    .limit(36);
  if (rows.length > 0) await audit(ctx.db, ctx.actor, { action: 'payroll.payslip.list', entity: 'payroll_employee', entityId: rows[0]!.employeeId, detail: `${rows.length} months` });
  return rows.map((r) => ({ ...r, gross: toKes(r.gross), net: toKes(r.net) }));
}

/**
 * The employee the signed-in account is linked to today (the register's version in force now, not an earlier or a
 * corrected one): whose payslips and P9A the account reads. Null when it is linked to no one.
 */
async function linkedEmployee(ctx: ServiceContext): Promise<number | null> {
  if (ctx.actor.id === null) return null;
  const current = inForce(ctx.db, countyDate(ctx.now()));
  const [row] = await ctx.db
    .select({ employeeId: versions.employeeId })
    .from(versions)
    .innerJoin(current, eq(current.versionId, versions.id))
    .where(eq(versions.userId, ctx.actor.id))
    .limit(1);
  return row?.employeeId ?? null;
}
