// The accounting module's refusals with figures (budgets, accounts, the ledger and journals, periods, statements,
// reconciliation), worded on the server in English and Kiswahili (core/words.ts): the accounting screen's bundle is
// at its weight budget, so these words live here, not in its locale files. The ledger's bounds and its debits-equal-
// credits message are not here: the client words them itself from shared/accounting.
import { lineSaid } from '../../core/csv-read.js';
import { serverWords } from '../../core/words.js';

/** Why an account cannot carry a budget line: on the Budgets tab as it is, in an imported file after its line. */
const ACCOUNT_PROBLEMS = {
  en: {
    budgetNoAccount: 'There is no account {code}',
    budgetNotRevenueOrExpense: 'Account {code} is not a revenue or expense account',
    budgetHeading: 'Account {code} is a heading: budget its accounts',
    budgetInactive: 'Account {code} is inactive',
  },
  sw: {
    budgetNoAccount: 'Hakuna akaunti {code}',
    budgetNotRevenueOrExpense: 'Akaunti {code} si akaunti ya mapato wala ya matumizi',
    budgetHeading: 'Akaunti {code} ni kichwa: weka bajeti kwa akaunti zake',
    budgetInactive: 'Akaunti {code} haitumiki',
  },
};
export type AccountProblem = keyof typeof ACCOUNT_PROBLEMS.en;
type AtLine = `${AccountProblem}AtLine`;
const atLine = (lang: 'en' | 'sw', line: string) =>
  Object.fromEntries(Object.entries(ACCOUNT_PROBLEMS[lang]).map(([name, words]) => [`${name}AtLine`, `${line} {line}: ${words}`])) as Record<AtLine, string>;

/** Statement and book lines already in a match: either side, one line or several, worded for each. */
const MATCHED_PARTS = {
  en: {
    statement: { One: 'statement line {statementLines}', Many: 'statement lines {statementLines}' },
    book: { One: 'book line {bookLines}', Many: 'book lines {bookLines}' },
    and: ' and ',
    tail: () => ' already matched: undo that match first',
  },
  sw: {
    statement: { One: 'Mstari wa taarifa {statementLines}', Many: 'Mistari ya taarifa {statementLines}' },
    book: { One: 'mstari wa kitabu cha pesa {bookLines}', Many: 'mistari ya kitabu cha pesa {bookLines}' },
    and: ' na ',
    // One line alone takes the singular (umelinganishwa); several, or both sides, the plural.
    tail: (one: boolean) => ` tayari ${one ? 'umelinganishwa' : 'imelinganishwa'}: tendua ulinganisho huo kwanza`,
  },
};
type Count = 'One' | 'Many';
export type MatchedName = `matchedStatement${Count}` | `matchedBook${Count}` | `matchedStatement${Count}Book${Count}`;
const matched = (lang: 'en' | 'sw') => {
  const w = MATCHED_PARTS[lang];
  const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  const out: Record<string, string> = {};
  for (const s of ['One', 'Many'] as const) {
    out[`matchedStatement${s}`] = w.statement[s] + w.tail(s === 'One');
    out[`matchedBook${s}`] = (lang === 'sw' ? capital(w.book[s]) : w.book[s]) + w.tail(s === 'One');
    for (const b of ['One', 'Many'] as const) out[`matchedStatement${s}Book${b}`] = w.statement[s] + w.and + w.book[b] + w.tail(false);
  }
  return out as Record<MatchedName, string>;
};

/** An account put under a heading of another type: the heading's type, worded. */
const PARENT_TYPES = {
  en: { parentAsset: 'asset', parentLiability: 'liability', parentNetAssets: 'net assets', parentRevenue: 'revenue', parentExpense: 'expense' },
  sw: { parentAsset: 'mali', parentLiability: 'dhima', parentNetAssets: 'mali halisi', parentRevenue: 'mapato', parentExpense: 'matumizi' },
};
export type ParentTypeName = keyof typeof PARENT_TYPES.en;
const parentTypes = (lang: 'en' | 'sw') =>
  Object.fromEntries(
    Object.entries(PARENT_TYPES[lang]).map(([name, type]) => [
      name,
      lang === 'en' ? `Account {parent} is ${type}: an account sits under one of its own type` : `Akaunti {parent} ni ya ${type}: akaunti huwekwa chini ya kichwa cha aina yake tu`,
    ]),
  ) as Record<ParentTypeName, string>;

export const { said: accountingSaid } = serverWords('accounting', {
  en: {
    ...ACCOUNT_PROBLEMS.en,
    ...atLine('en', 'Line'),
    budgetTwice: 'Account {code} is budgeted twice',
    budgetHeader: 'Line 1: the header must be {header}',
    budgetTooManyLines: 'At most {max} lines',
    budgetQuote: 'Line {line}: a quote is not closed',
    budgetValueCount: 'Line {line}: expected 3 values ({header}), found {found}',
    budgetNoFacility: 'Line {line}: there is no facility with MFL code {mfl}',
    budgetFacilityOutOfScope: 'Line {line}: {facility} is outside your scope',
    budgetCountyLevel: 'Line {line}: only a county-wide finance role may set the county-level budget (blank MFL code)',
    budgetNotCode: 'Line {line}: "{code}" is not an account code',
    budgetNotAmount: 'Line {line}: "{amount}" is not an amount in KES (0 to {max}, at most two decimals)',
    budgetDuplicate: 'Line {line}: account {code} for this facility is already on line {first}',
    budgetNoLines: 'The file has no budget lines',
    // Accounts, the ledger and journals.
    noAccount: 'There is no account {code}',
    accountInactive: 'Account {code} is inactive',
    accountHeading: 'Account {code} is a heading: post to one of its accounts',
    accountExists: 'Account {code} already exists',
    ...parentTypes('en'),
    parentHasPostings: 'Account {code} has postings, so it cannot become a heading',
    systemAccountActive: 'Account {code} is used by the automatic postings, so it stays active',
    activeAccountsUnder: 'Account {code} has active accounts under it: deactivate them first',
    periodClosedForJournal: 'The period {period} is closed: date the journal in an open period',
    yearClosedForAdjustments: 'The financial year {year} closed for adjustments on {deadline}: date the journal in {current}',
    lineCountyLevel: 'Forbidden: line {line} is for the county level: only a county-wide finance role may post it',
    lineOutsideScope: 'Forbidden: line {line} is for a facility outside your scope',
    journalAlreadyPosted: 'This journal is already posted',
    journalAlreadyRejected: 'This journal is already rejected',
    reverseDraft: 'Only a posted journal can be reversed; this one is draft',
    reverseRejected: 'Only a posted journal can be reversed; this one is rejected',
    alreadyReversed: 'This journal is already reversed by {number}',
    reversalBeforeJournal: 'A reversal cannot be dated before the journal it reverses ({date})',
    // Periods and the financial year.
    periodNotEnded: 'The period {period} has not ended yet: it can be closed from {from}',
    periodAlreadyClosed: 'The period {period} is already closed',
    periodDraft: '{count} journal dated in {period} awaits approval: approve or reject it first',
    periodDrafts: '{count} journals dated in {period} await approval: approve or reject them first',
    closeEarlierPeriod: 'Close {period} first: periods close in order',
    yearNotEnded: 'The financial year {year} ends on {end}: it can be closed from {from}',
    yearAlreadyClosed: 'The financial year {year} is already closed',
    closeEarlierYear: 'Close the financial year of {period} first',
    yearDraft: '{count} journal dated in {year} awaits approval: approve or reject it first',
    yearDrafts: '{count} journals dated in {year} await approval: approve or reject them first',
    yearMonthsOpen: 'Close {months} first: the year closes after its months, June last',
    juneClosed: '{june} is closed, so the closing journal cannot be dated in it',
    // Statements.
    yearNotStarted: 'The financial year {year} has not started',
    endOutsideYear: 'The end date is outside the financial year {year}',
    // Bank and M-Pesa reconciliation.
    bankStatementAccounts: 'A bank statement is reconciled against account {first} or {second}',
    mpesaStatementAccount: 'An M-Pesa statement is reconciled against account {code}',
    profileTaken: 'A profile named {name} already exists',
    noHeaderRow: 'The file has no header row with the columns {columns}',
    noHeaderRowMpesa: 'The file has no header row with the columns {columns} (an M-Pesa organisation statement)',
    headerColumnTwice: 'Line {line}: the header has the column {column} twice',
    notStatementLines: 'Not lines of this statement: {lines}',
    notPostedLines: 'Not posted lines on account {code} dated up to {date}: {lines}',
    notPostedLinesOfFacility: 'Not posted lines on account {code} of this facility dated up to {date}: {lines}',
    ...matched('en'),
    matchNotEqual: 'The statement lines add up to {statement} and the book lines to {book}: a match must be equal to the cent',
    journalAwaits: 'A journal prepared from this statement awaits approval by another finance officer (or was rejected: undo its match)',
    journalsAwait: '{count} journals prepared from this statement await approval by another finance officer (or was rejected: undo its match)',
    reconciledDiffers: "The reconciled balance ({reconciled}) differs from the statement's closing balance ({closing}) by {difference}: match or post the outstanding items first",
    startingPointExists: 'Account {code} already has a starting point: later statements reconcile from it',
    earlierStatement: 'An earlier statement of account {code} exists: a starting point is agreed on the first one',
    openingDiffers: "The statement's opening balance and the cash book differ by {difference}: say why in a note to agree it",
    lineAlreadyMatched: 'Line {line} is already matched: undo that match first',
    chargeIsMoneyOut: 'Line {line} is money in: a bank charge is money out',
    interestIsMoneyIn: 'Line {line} is money out: interest is money in',
    // Import Transactions: a journal file's problems, after their line.
    importNoColumn: 'Line {line}: the header row has no column {missing} (the columns are {columns})',
    importNotDate: 'Line {line}: "{text}" is not a date (use YYYY-MM-DD)',
    importDateWindow: 'Line {line}: {date} is not between 1900 and 2100',
    importYearClosed: 'Line {line}: the financial year of {date} closed for adjustments on {deadline}',
    importPeriodClosed: 'Line {line}: the period {period} is closed',
    importNotAccountCode: 'Line {line}: "{code}" is not an account code (4 to 6 digits)',
    importNoAccount: 'Line {line}: there is no account {code}',
    importAccountInactive: 'Line {line}: account {code} is inactive',
    importAccountHeading: 'Line {line}: account {code} is a heading: post to one of its accounts',
    importDebitNotAmount: 'Line {line}: the debit "{amount}" is not an amount',
    importCreditNotAmount: 'Line {line}: the credit "{amount}" is not an amount',
    importDebitNegative: 'Line {line}: the debit cannot be negative',
    importCreditNegative: 'Line {line}: the credit cannot be negative',
    importDebitTooLarge: 'Line {line}: the debit is too large',
    importCreditTooLarge: 'Line {line}: the credit is too large',
    importNoFacility: 'Line {line}: there is no facility with MFL code {mfl}',
    importFacilityOutOfScope: 'Line {line}: facility {mfl} is outside your scope',
    importFund: 'Line {line}: the fund must be one of {funds}',
    importCostCentre: 'Line {line}: the cost centre must be blank or one of {costCentres}',
    importOneDate: 'Line {line}: journal {journal} is dated {date} on line {first}: a journal has one date',
    importOneReference: 'Line {line}: journal {journal} has the reference {reference} on line {first}',
    importTooFewLines: 'Line {line}: journal {journal} needs at least two lines',
    importTooManyLines: 'Line {line}: journal {journal} has {count} lines: at most {max}',
    importUnbalanced: 'Line {line}: journal {journal}: debits ({debits}) and credits ({credits}) must be equal',
    importCeiling: 'Line {line}: journal {journal} moves {moves}: a journal may move at most {max}',
    // A statement import's profile of the other kind.
    profileReadsBank: 'The {name} profile reads bank statements',
    profileReadsMpesa: 'The {name} profile reads M-Pesa statements',
    // A bank or M-Pesa statement file's line problems; {column} is the column as the file's header names it.
    statementNotAmount: 'Line {line}: {column} "{text}" is not an amount',
    statementNotNegative: 'Line {line}: {column} cannot be negative',
    statementBothSides: 'Line {line}: a line has {out} or {in}, not both',
    statementNoAmount: 'Line {line}: the line has no {column}',
    statementNeitherSide: 'Line {line}: the line has neither {out} nor {in}',
    statementNotDateDmy: 'Line {line}: "{text}" is not a date (use YYYY-MM-DD, DD/MM/YYYY or 05 Mar 2026)',
    statementNotDateMdy: 'Line {line}: "{text}" is not a date (use YYYY-MM-DD, MM/DD/YYYY or 05 Mar 2026)',
    statementFuture: 'Line {line}: {date} is in the future',
    statementBalanceNotAmount: 'Line {line}: the balance "{text}" is not an amount',
    statementReferenceLong: 'Line {line}: the reference is longer than {max} characters',
    statementReceiptLong: 'Line {line}: the receipt number is longer than {max} characters',
    // A named profile whose header is not in the file: which profile looked for it.
    noHeaderRowProfile: 'The file has no header row with the columns {columns} (the {profile} profile)',
    noHeaderRowMpesaProfile: 'The file has no header row with the columns {columns} (an M-Pesa organisation statement) (the {profile} profile)',
  },
  sw: {
    ...ACCOUNT_PROBLEMS.sw,
    ...atLine('sw', 'Mstari'),
    budgetTwice: 'Akaunti {code} imewekewa bajeti mara mbili',
    budgetHeader: 'Mstari 1: kichwa lazima kiwe {header}',
    budgetTooManyLines: 'Mistari {max} tu inaruhusiwa',
    budgetQuote: 'Mstari {line}: alama ya nukuu haijafungwa',
    budgetValueCount: 'Mstari {line}: thamani 3 zilitarajiwa ({header}), zimepatikana {found}',
    budgetNoFacility: 'Mstari {line}: hakuna kituo chenye nambari ya MFL {mfl}',
    budgetFacilityOutOfScope: 'Mstari {line}: {facility} kiko nje ya eneo lako',
    budgetCountyLevel: 'Mstari {line}: ni afisa wa fedha wa kaunti nzima tu anayeweza kuweka bajeti ya ngazi ya kaunti (nambari ya MFL tupu)',
    budgetNotCode: 'Mstari {line}: "{code}" si nambari ya akaunti',
    budgetNotAmount: 'Mstari {line}: "{amount}" si kiasi cha KES (0 hadi {max}, desimali mbili zaidi)',
    budgetDuplicate: 'Mstari {line}: akaunti {code} ya kituo hiki tayari iko kwenye mstari {first}',
    budgetNoLines: 'Faili halina mistari ya bajeti',
    // Akaunti, leja na majarida.
    noAccount: 'Hakuna akaunti {code}',
    accountInactive: 'Akaunti {code} haitumiki',
    accountHeading: 'Akaunti {code} ni kichwa: weka ingizo kwenye mojawapo ya akaunti zake',
    accountExists: 'Akaunti {code} tayari ipo',
    ...parentTypes('sw'),
    parentHasPostings: 'Akaunti {code} ina maingizo, kwa hivyo haiwezi kuwa kichwa',
    systemAccountActive: 'Akaunti {code} hutumiwa na maingizo ya kiotomatiki, kwa hivyo hubaki hai',
    activeAccountsUnder: 'Akaunti {code} ina akaunti hai chini yake: zisimamishe kwanza',
    periodClosedForJournal: 'Kipindi {period} kimefungwa: weka jarida tarehe ya kipindi kilicho wazi',
    yearClosedForAdjustments: 'Mwaka wa fedha {year} ulifungwa kwa marekebisho tarehe {deadline}: weka jarida tarehe ya mwaka {current}',
    lineCountyLevel: 'Hairuhusiwi: mstari {line} ni wa ngazi ya kaunti: ni jukumu la fedha la kaunti nzima pekee linaloweza kuuweka',
    lineOutsideScope: 'Hairuhusiwi: mstari {line} ni wa kituo kilicho nje ya eneo lako',
    journalAlreadyPosted: 'Jarida hili tayari limewekwa',
    journalAlreadyRejected: 'Jarida hili tayari limekataliwa',
    reverseDraft: 'Jarida lililowekwa pekee ndilo hubatilishwa; hili bado ni rasimu',
    reverseRejected: 'Jarida lililowekwa pekee ndilo hubatilishwa; hili limekataliwa',
    alreadyReversed: 'Jarida hili tayari limebatilishwa na {number}',
    reversalBeforeJournal: 'Ubatilishaji hauwezi kuwa na tarehe kabla ya jarida unalolibatilisha ({date})',
    // Vipindi na mwaka wa fedha.
    periodNotEnded: 'Kipindi {period} bado hakijaisha: kinaweza kufungwa kuanzia {from}',
    periodAlreadyClosed: 'Kipindi {period} tayari kimefungwa',
    periodDraft: 'Jarida {count} lenye tarehe ya {period} linasubiri idhini: liidhinishe au ulikatae kwanza',
    periodDrafts: 'Majarida {count} yenye tarehe ya {period} yanasubiri idhini: yaidhinishe au uyakatae kwanza',
    closeEarlierPeriod: 'Funga {period} kwanza: vipindi hufungwa kwa mfuatano',
    yearNotEnded: 'Mwaka wa fedha {year} unaisha tarehe {end}: unaweza kufungwa kuanzia {from}',
    yearAlreadyClosed: 'Mwaka wa fedha {year} tayari umefungwa',
    closeEarlierYear: 'Funga mwaka wa fedha wa {period} kwanza',
    yearDraft: 'Jarida {count} lenye tarehe ya mwaka {year} linasubiri idhini: liidhinishe au ulikatae kwanza',
    yearDrafts: 'Majarida {count} yenye tarehe ya mwaka {year} yanasubiri idhini: yaidhinishe au uyakatae kwanza',
    yearMonthsOpen: 'Funga {months} kwanza: mwaka hufungwa baada ya miezi yake, Juni ukiwa wa mwisho',
    juneClosed: 'Mwezi {june} umefungwa, kwa hivyo jarida la kufunga haliwezi kuwekwa tarehe ndani yake',
    // Taarifa za fedha.
    yearNotStarted: 'Mwaka wa fedha {year} bado haujaanza',
    endOutsideYear: 'Tarehe ya mwisho iko nje ya mwaka wa fedha {year}',
    // Upatanisho wa benki na M-Pesa.
    bankStatementAccounts: 'Taarifa ya benki hupatanishwa na akaunti {first} au {second}',
    mpesaStatementAccount: 'Taarifa ya M-Pesa hupatanishwa na akaunti {code}',
    profileTaken: 'Wasifu uitwao {name} tayari upo',
    noHeaderRow: 'Faili halina mstari wa kichwa wenye safu {columns}',
    noHeaderRowMpesa: 'Faili halina mstari wa kichwa wenye safu {columns} (taarifa ya M-Pesa ya shirika)',
    headerColumnTwice: 'Mstari {line}: kichwa kina safu {column} mara mbili',
    notStatementLines: 'Si mistari ya taarifa hii: {lines}',
    notPostedLines: 'Si mistari iliyowekwa kwenye akaunti {code} yenye tarehe hadi {date}: {lines}',
    notPostedLinesOfFacility: 'Si mistari iliyowekwa kwenye akaunti {code} ya kituo hiki yenye tarehe hadi {date}: {lines}',
    ...matched('sw'),
    matchNotEqual: 'Mistari ya taarifa inajumlika kuwa {statement} na mistari ya kitabu cha pesa kuwa {book}: ulinganisho lazima uwe sawa hadi senti',
    journalAwaits: 'Jarida lililoandaliwa kutoka taarifa hii linasubiri idhini ya afisa mwingine wa fedha (au lilikataliwa: tendua ulinganisho wake)',
    journalsAwait: 'Majarida {count} yaliyoandaliwa kutoka taarifa hii yanasubiri idhini ya afisa mwingine wa fedha (au yalikataliwa: tendua ulinganisho wake)',
    reconciledDiffers: 'Salio lililopatanishwa ({reconciled}) linatofautiana na salio la mwisho la taarifa ({closing}) kwa {difference}: linganisha au weka vipengele vilivyobaki kwanza',
    startingPointExists: 'Akaunti {code} tayari ina mahali pa kuanzia: taarifa zinazofuata hupatanishwa kuanzia hapo',
    earlierStatement: 'Kuna taarifa ya awali ya akaunti {code}: mahali pa kuanzia hukubaliwa kwenye taarifa ya kwanza',
    openingDiffers: 'Salio la mwanzo la taarifa na kitabu cha pesa vinatofautiana kwa {difference}: eleza sababu kwenye dokezo ili kukubali',
    lineAlreadyMatched: 'Mstari {line} tayari umelinganishwa: tendua ulinganisho huo kwanza',
    chargeIsMoneyOut: 'Mstari {line} ni pesa iliyoingia: ada ya benki ni pesa iliyotoka',
    interestIsMoneyIn: 'Mstari {line} ni pesa iliyotoka: riba ni pesa iliyoingia',
    // Kuingiza miamala: matatizo ya faili la majarida, baada ya mstari wake.
    importNoColumn: 'Mstari {line}: mstari wa kichwa hauna safu {missing} (safu ni {columns})',
    importNotDate: 'Mstari {line}: "{text}" si tarehe (tumia YYYY-MM-DD)',
    importDateWindow: 'Mstari {line}: {date} haiko kati ya 1900 na 2100',
    importYearClosed: 'Mstari {line}: mwaka wa fedha wa {date} ulifungwa kwa marekebisho tarehe {deadline}',
    importPeriodClosed: 'Mstari {line}: kipindi {period} kimefungwa',
    importNotAccountCode: 'Mstari {line}: "{code}" si nambari ya akaunti (tarakimu 4 hadi 6)',
    importNoAccount: 'Mstari {line}: hakuna akaunti {code}',
    importAccountInactive: 'Mstari {line}: akaunti {code} haitumiki',
    importAccountHeading: 'Mstari {line}: akaunti {code} ni kichwa: weka ingizo kwenye mojawapo ya akaunti zake',
    importDebitNotAmount: 'Mstari {line}: debiti "{amount}" si kiasi cha pesa',
    importCreditNotAmount: 'Mstari {line}: krediti "{amount}" si kiasi cha pesa',
    importDebitNegative: 'Mstari {line}: debiti haiwezi kuwa hasi',
    importCreditNegative: 'Mstari {line}: krediti haiwezi kuwa hasi',
    importDebitTooLarge: 'Mstari {line}: debiti ni kubwa mno',
    importCreditTooLarge: 'Mstari {line}: krediti ni kubwa mno',
    importNoFacility: 'Mstari {line}: hakuna kituo chenye nambari ya MFL {mfl}',
    importFacilityOutOfScope: 'Mstari {line}: kituo {mfl} kiko nje ya eneo lako',
    importFund: 'Mstari {line}: mfuko lazima uwe mojawapo ya {funds}',
    importCostCentre: 'Mstari {line}: kituo cha gharama lazima kiwe tupu au mojawapo ya {costCentres}',
    importOneDate: 'Mstari {line}: jarida {journal} lina tarehe {date} kwenye mstari {first}: jarida lina tarehe moja tu',
    importOneReference: 'Mstari {line}: jarida {journal} lina kumbukumbu {reference} kwenye mstari {first}',
    importTooFewLines: 'Mstari {line}: jarida {journal} linahitaji angalau mistari miwili',
    importTooManyLines: 'Mstari {line}: jarida {journal} lina mistari {count}: isizidi {max}',
    importUnbalanced: 'Mstari {line}: jarida {journal}: debiti ({debits}) na krediti ({credits}) lazima ziwe sawa',
    importCeiling: 'Mstari {line}: jarida {journal} linahamisha {moves}: jarida haliwezi kuhamisha zaidi ya {max}',
    // Wasifu wa aina nyingine katika kuingiza taarifa.
    profileReadsBank: 'Wasifu wa {name} husoma taarifa za benki',
    profileReadsMpesa: 'Wasifu wa {name} husoma taarifa za M-Pesa',
    // Matatizo ya mistari ya faili la taarifa ya benki au M-Pesa; {column} ni safu kama kichwa cha faili kinavyoiita.
    statementNotAmount: 'Mstari {line}: {column} "{text}" si kiasi cha pesa',
    statementNotNegative: 'Mstari {line}: {column} haiwezi kuwa hasi',
    statementBothSides: 'Mstari {line}: mstari una {out} au {in}, si vyote viwili',
    statementNoAmount: 'Mstari {line}: mstari hauna {column}',
    statementNeitherSide: 'Mstari {line}: mstari hauna {out} wala {in}',
    statementNotDateDmy: 'Mstari {line}: "{text}" si tarehe (tumia YYYY-MM-DD, DD/MM/YYYY au 05 Mar 2026)',
    statementNotDateMdy: 'Mstari {line}: "{text}" si tarehe (tumia YYYY-MM-DD, MM/DD/YYYY au 05 Mar 2026)',
    statementFuture: 'Mstari {line}: {date} ni tarehe ya baadaye',
    statementBalanceNotAmount: 'Mstari {line}: salio "{text}" si kiasi cha pesa',
    statementReferenceLong: 'Mstari {line}: kumbukumbu ina herufi zaidi ya {max}',
    statementReceiptLong: 'Mstari {line}: nambari ya risiti ina herufi zaidi ya {max}',
    // Wasifu uliotajwa ambao kichwa chake hakimo kwenye faili: ni wasifu upi ulioutafuta.
    noHeaderRowProfile: 'Faili halina mstari wa kichwa wenye safu {columns} (wasifu wa {profile})',
    noHeaderRowMpesaProfile: 'Faili halina mstari wa kichwa wenye safu {columns} (taarifa ya M-Pesa ya shirika) (wasifu wa {profile})',
  },
});

/** A wrong line of an imported file (a journal file, a bank or M-Pesa statement) in accounting's words (core/csv-read.ts lineSaid). */
export const accountingLineSaid = (line: number, field: string, name: Parameters<typeof accountingSaid>[0], facts: Record<string, string> = {}) =>
  lineSaid(accountingSaid, line, field, name, facts);
