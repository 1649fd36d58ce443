// The payroll module's refusals with figures, worded on the server in English and Kiswahili (core/words.ts, issue 30
// item 8): a run's month, an employee's name, a file's line. A run's status, its scope or a table's name is a word,
// not a fact — "yameidhinishwa", "kituo hiki" — so each gets its own message, made below from one sentence.
import type { Language } from '../../../shared/language.js';
import { REMITTANCES, RUN_SCOPE_KINDS, RUN_STATUSES, STATUTORY_KINDS, STATUTORY_TABLE_NAMES, type RunScopeKind, type RunStatus, type StatutoryKind } from '../../../shared/payroll/index.js';
import { lineSaid as lineSaidIn, type ImportIssue } from '../../core/csv-read.js';
import { serverWords } from '../../core/words.js';

type Remittance = (typeof REMITTANCES)[number];
const cap = <V extends string>(value: V) => `${value[0]!.toUpperCase()}${value.slice(1)}` as Capitalize<V>;
/** The name of a message made for one value: keyOf('submitNotDraft', 'approved') is 'submitNotDraftApproved'. */
export const keyOf = <N extends string, V extends string>(name: N, value: V) => `${name}${cap(value)}` as `${N}${Capitalize<V>}`;

/** One message per value (a status, a scope, a table), the value worded by `words`. */
function each<N extends string, V extends string>(name: N, values: readonly V[], words: (value: V) => string) {
  return Object.fromEntries(values.map((v) => [keyOf(name, v), words(v)])) as Record<`${N}${Capitalize<V>}`, string>;
}

/** A run as it stands: "This run is approved", "Malipo haya yameidhinishwa". */
const IS: Record<RunStatus, string> = { draft: 'ni rasimu', submitted: 'yamewasilishwa', approved: 'yameidhinishwa', rejected: 'yamekataliwa' };
/** A run's status in brackets after its number. */
const STATUS: Record<RunStatus, string> = { draft: 'rasimu', submitted: 'yanasubiri idhini', approved: 'yameidhinishwa', rejected: 'yamekataliwa' };
/** "this facility", "this sub-county", "this county". */
const THIS: Record<RunScopeKind, string> = { facility: 'kituo hiki', subcounty: 'kaunti ndogo hii', county: 'kaunti hii' };
/** A statutory table as the payroll screen names it (its locale file's payroll.tables). */
const TABLE: Record<StatutoryKind, string> = {
  paye: 'Kodi ya PAYE',
  shif: 'Mchango wa SHIF',
  ahl: 'Ushuru wa Nyumba',
  nssf: 'Mchango wa NSSF',
  deductible: 'vikomo vya makato',
  disability: 'msamaha wa ulemavu',
  nita: 'Ushuru wa NITA',
};
const REMITTANCE: Record<Remittance, string> = { paye: 'PAYE', shif: 'SHIF', nssf: 'NSSF', ahl: 'Ushuru wa Nyumba (AHL)', helb: 'HELB', pension: 'pensheni' };

/** What is wrong with one line of an imported file (timesheet, salary scale, IPPD register): 'Line 7: …'. */
const LINE_PROBLEMS = {
  en: {
    personalNumberRequired: 'personal_number is required',
    timesheetFigure: '{column} must be a number from 0 to {max} ({value})',
    periodFormat: 'period must be a month as YYYY-MM ({value})',
    periodFormatBlank: 'period must be a month as YYYY-MM (blank)',
    monthToCome: '{period} is a month still to come',
    periodTooEarly: 'Pay periods before {first} are not supported',
    timesheetTwice: '{personalNumber} has a line for {period} already (line {first})',
    noEmployee: 'No employee has the personal number {personalNumber} in {period}',
    notCasual: '{name} is not on casual terms: casual days are for casual workers',
    ...each('timesheetRunClosed', RUN_STATUSES, (s) => `{name}'s {period} pay run is ${s}: a timesheet changes only a month still in draft`),
    scaleAmount: '{column} must be an amount from 0 to 100,000,000 ({value})',
    scaleAmountBlank: '{column} must be an amount from 0 to 100,000,000 (blank)',
    jobGroupLetters: 'job_group is one or two letters ({value})',
    jobGroupLettersBlank: 'job_group is one or two letters (blank)',
    effectiveFromFormat: 'effective_from must be a date as YYYY-MM-01 ({value})',
    effectiveFromFormatBlank: 'effective_from must be a date as YYYY-MM-01 (blank)',
    scaleFirstOfMonth: 'A salary scale takes effect on the first of a month ({date})',
    scaleBeforeThisMonth: '{date} is before this month: pay already worked out would no longer match it (pay the difference as arrears)',
    scaleLineTwice: 'Job group {jobGroup} has a line from {date} already (line {first})',
    scaleOnScale: 'Job group {jobGroup} already has a scale from {date}: a row on the scale is never changed (use another month)',
    ippdNumberTwice: '{personalNumber} is on line {first} already',
    ippdUpnTwice: 'UPN {upn} is on line {first} already',
    ippdAmount: '{column} must be an amount of 0 or more ({value})',
    ippdAmountBlank: '{column} must be an amount of 0 or more (blank)',
  },
  sw: {
    personalNumberRequired: 'personal_number inahitajika',
    timesheetFigure: '{column} lazima iwe nambari kati ya 0 na {max} ({value})',
    periodFormat: 'period lazima iwe mwezi kwa muundo YYYY-MM ({value})',
    periodFormatBlank: 'period lazima iwe mwezi kwa muundo YYYY-MM (tupu)',
    monthToCome: '{period} ni mwezi ambao bado haujafika',
    periodTooEarly: 'Miezi ya mishahara ya kabla ya {first} haitumiki',
    timesheetTwice: '{personalNumber} tayari ina mstari wa {period} (mstari {first})',
    noEmployee: 'Hakuna mfanyakazi mwenye nambari ya kibinafsi {personalNumber} mwezi {period}',
    notCasual: '{name} si kibarua: siku za kibarua ni za vibarua pekee',
    ...each('timesheetRunClosed', RUN_STATUSES, (s) => `Malipo ya {period} ya {name} ${IS[s]}: rejista ya saa hubadilisha tu mwezi ambao bado ni rasimu`),
    scaleAmount: '{column} lazima iwe kiasi kati ya 0 na 100,000,000 ({value})',
    scaleAmountBlank: '{column} lazima iwe kiasi kati ya 0 na 100,000,000 (tupu)',
    jobGroupLetters: 'job_group ni herufi moja au mbili ({value})',
    jobGroupLettersBlank: 'job_group ni herufi moja au mbili (tupu)',
    effectiveFromFormat: 'effective_from lazima iwe tarehe kwa muundo YYYY-MM-01 ({value})',
    effectiveFromFormatBlank: 'effective_from lazima iwe tarehe kwa muundo YYYY-MM-01 (tupu)',
    scaleFirstOfMonth: 'Kiwango cha mishahara huanza kutumika tarehe moja ya mwezi ({date})',
    scaleBeforeThisMonth: '{date} ni kabla ya mwezi huu: mishahara iliyokwisha kukokotolewa isingelingana tena na kiwango hicho (lipa tofauti kama malimbikizo)',
    scaleLineTwice: 'Kundi la kazi {jobGroup} tayari lina mstari kuanzia {date} (mstari {first})',
    scaleOnScale: 'Kundi la kazi {jobGroup} tayari lina kiwango kuanzia {date}: safu ya kiwango haibadilishwi kamwe (tumia mwezi mwingine)',
    ippdNumberTwice: '{personalNumber} tayari iko kwenye mstari {first}',
    ippdUpnTwice: 'UPN {upn} tayari iko kwenye mstari {first}',
    ippdAmount: '{column} lazima iwe kiasi cha 0 au zaidi ({value})',
    ippdAmountBlank: '{column} lazima iwe kiasi cha 0 au zaidi (tupu)',
  },
};
export type LineProblem = keyof typeof LINE_PROBLEMS.en;
const atLine = (lang: Language, line: string) =>
  Object.fromEntries(Object.entries(LINE_PROBLEMS[lang]).map(([name, words]) => [name, `${line} {line}: ${words}`])) as Record<LineProblem, string>;

export const { said: payrollSaid } = serverWords('payroll', {
  en: {
    ...atLine('en', 'Line'),
    // Process Payroll and a run's decisions.
    ...each('noOneOnPayroll', RUN_SCOPE_KINDS, (k) => `No one is on the payroll of this ${k} in {period}`),
    ...each('runAlreadyFacility', RUN_STATUSES, (s) => `The {period} run of this facility is already ${s}`),
    ...each('runAlreadySubcounty', RUN_STATUSES, (s) => `The {period} run of this subcounty is already ${s}`),
    ...each('runAlreadyCounty', RUN_STATUSES, (s) => `The {period} run of this county is already ${s}`),
    ...each('alreadyInRun', RUN_STATUSES, (s) => `{name} is already in pay run {run} (${s}) for {period}: one run pays an employee once a month`),
    ...each('submitNotDraft', RUN_STATUSES, (s) => `This run is ${s}: only a draft is submitted`),
    ...each('decideNotSubmitted', RUN_STATUSES, (s) => `This run is ${s}: only a submitted run is approved or rejected`),
    cannotBePaidOne: '{n} employee cannot be paid (no salary scale, or no bank account or M-Pesa number): fix the register and process the run again',
    cannotBePaidOther: '{n} employees cannot be paid (no salary scale, or no bank account or M-Pesa number): fix the register and process the run again',
    // Paying what a run owes.
    ...each('payNotApproved', RUN_STATUSES, (s) => `This run is ${s}: only an approved run is paid`),
    paidBeforeMonth: 'A payment for {period} cannot be dated before the month began',
    nothingOwed: 'Nothing is owed for {period}',
    noApprovedRun: 'No pay run of {period} is approved: nothing is owed yet',
    ...each('remittanceRecorded', REMITTANCES, (r) => `The {period} ${r.toUpperCase()} remittance is already recorded`),
    // The salary scale, allowances and an employee's own items.
    noAllowance: 'There is no allowance {code}',
    scaleTaken: 'Job group {jobGroup} already has a scale from {date}: add one from another month',
    untilBefore: 'Until cannot be before {period}',
    // The statutory tables.
    ...each('rateTaken', STATUTORY_KINDS, (k) => `The ${STATUTORY_TABLE_NAMES[k]} table already has a row from {date}: add one from another date`),
    // The register.
    changeRecorded: 'A change from {date} is already recorded: a new one applies on or after it',
    changeOnOrAfter: 'Must be on or after {date}, the last change',
    // An imported file as a whole.
    timesheetHeader: 'The header has no {columns} column: it is {header}',
    ...each('timesheetRunMoved', RUN_STATUSES, (s) => `A {period} pay run in this file was ${s} meanwhile: a timesheet changes only a month still in draft`),
    scaleHeaderNotAllowanceOne: "The header's {names} is not an allowance on the list ({known})",
    scaleHeaderNotAllowanceOther: "The header's {names} are not allowances on the list ({known})",
  },
  sw: {
    ...atLine('sw', 'Mstari'),
    ...each('noOneOnPayroll', RUN_SCOPE_KINDS, (k) => `Hakuna mtu kwenye orodha ya mishahara ya ${THIS[k]} mwezi {period}`),
    ...each('runAlreadyFacility', RUN_STATUSES, (s) => `Malipo ya {period} ya ${THIS.facility} tayari ${IS[s]}`),
    ...each('runAlreadySubcounty', RUN_STATUSES, (s) => `Malipo ya {period} ya ${THIS.subcounty} tayari ${IS[s]}`),
    ...each('runAlreadyCounty', RUN_STATUSES, (s) => `Malipo ya {period} ya ${THIS.county} tayari ${IS[s]}`),
    ...each('alreadyInRun', RUN_STATUSES, (s) => `{name} tayari yumo kwenye malipo ya mishahara nambari {run} (${STATUS[s]}) ya {period}: mfanyakazi hulipwa na malipo mamoja tu kwa mwezi`),
    ...each('submitNotDraft', RUN_STATUSES, (s) => `Malipo haya ${IS[s]}: ni rasimu pekee inayowasilishwa kwa idhini`),
    ...each('decideNotSubmitted', RUN_STATUSES, (s) => `Malipo haya ${IS[s]}: ni malipo yaliyowasilishwa pekee yanayoidhinishwa au kukataliwa`),
    cannotBePaidOne: 'Mfanyakazi {n} hawezi kulipwa (hana kiwango cha mshahara, au hana akaunti ya benki wala nambari ya M-Pesa): rekebisha rejista kisha shughulikia malipo tena',
    cannotBePaidOther: 'Wafanyakazi {n} hawawezi kulipwa (hawana kiwango cha mshahara, au hawana akaunti ya benki wala nambari ya M-Pesa): rekebisha rejista kisha shughulikia malipo tena',
    ...each('payNotApproved', RUN_STATUSES, (s) => `Malipo haya ${IS[s]}: ni malipo yaliyoidhinishwa pekee yanayolipwa`),
    paidBeforeMonth: 'Malipo ya {period} hayawezi kuwa ya tarehe kabla ya mwezi kuanza',
    nothingOwed: 'Hakuna deni lolote la {period}',
    noApprovedRun: 'Hakuna malipo ya mishahara ya {period} yaliyoidhinishwa: bado hakuna deni',
    ...each('remittanceRecorded', REMITTANCES, (r) => `Uwasilishaji wa ${REMITTANCE[r]} wa {period} tayari umeandikwa`),
    noAllowance: 'Hakuna posho {code}',
    scaleTaken: 'Kundi la kazi {jobGroup} tayari lina kiwango kuanzia {date}: ongeza safu kuanzia mwezi mwingine',
    untilBefore: 'Hadi haiwezi kuwa kabla ya {period}',
    ...each('rateTaken', STATUTORY_KINDS, (k) => `Jedwali la ${TABLE[k]} tayari lina safu kuanzia {date}: ongeza safu kuanzia tarehe nyingine`),
    changeRecorded: 'Mabadiliko ya kuanzia {date} tayari yameandikwa: mapya yaanze tarehe hiyo au baadaye',
    changeOnOrAfter: 'Lazima iwe {date} au baadaye, tarehe ya mabadiliko ya mwisho',
    timesheetHeader: 'Kichwa hakina safu {columns}: kichwa ni {header}',
    ...each('timesheetRunMoved', RUN_STATUSES, (s) => `Malipo ya {period} ya mfanyakazi wa faili hili ${IS[s]} wakati huo huo: rejista ya saa hubadilisha tu mwezi ambao bado ni rasimu`),
    scaleHeaderNotAllowanceOne: '{names} kwenye kichwa si jina la posho lililo kwenye orodha ({known})',
    scaleHeaderNotAllowanceOther: '{names} kwenye kichwa si majina ya posho yaliyo kwenye orodha ({known})',
  },
});

/** A problem with one field of one line of an imported file, in payroll's words (core/csv-read.ts lineSaid). */
export const lineSaid = (line: number, field: string, problem: LineProblem, facts: Record<string, string | number> = {}): ImportIssue =>
  lineSaidIn(payrollSaid, line, field, problem, facts);
