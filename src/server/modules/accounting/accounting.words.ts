// The accounting module's refusals with figures, worded on the server in English and Kiswahili (core/words.ts): the
// accounting screen's bundle is at its weight budget, so these words live here, not in its locale files.
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
  },
});
