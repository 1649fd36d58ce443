// What the books may hold (issue 25, finding 2; docs/decisions/0013-ledger.md "Bounds"). A journal line is
// numeric(14, 2); a journal moves at most what one line holds; an account's balance, as far as people's journals take
// it, stays within what an amount carries exactly (money.ts's MAX_CENTS). Statements add up totals (money.ts's
// Total), which have no ceiling, so no sum the database can hold breaks them. The wording is shared: the form, the
// import and the server say the same, and the client translates it from its figures.
import { compare, formatKesExact, MAX_CENTS, cents, parseKes, total, type Total } from '../money.js';
import { MAX_LINE_KES } from './constants.js';

/** The most one journal may move, KES: its debits (which equal its credits) add up to at most what one line holds. */
export const MAX_JOURNAL_KES = MAX_LINE_KES;
export const MAX_JOURNAL: Total = total(parseKes(MAX_JOURNAL_KES));

/** The largest balance, debit or credit, a person's journal may leave on an account (county-wide): KES 9,999,999,999,999.99. */
export const MAX_BALANCE: Total = total(cents(MAX_CENTS));

/** Whether a journal moving `moves` (its debits) passes the ceiling. */
export const passesJournalCeiling = (moves: Total): boolean => compare(moves, MAX_JOURNAL) > 0;

/** Whether a balance passes the bound, either way. */
export const passesBalanceBound = (balance: Total): boolean => compare(balance, MAX_BALANCE) > 0 || compare(balance, total(cents(-MAX_CENTS))) < 0;

export const journalCeilingMessage = (moves: Total): string => `A journal may move at most ${formatKesExact(MAX_JOURNAL)}; this one moves ${formatKesExact(moves)}`;
export const JOURNAL_CEILING_MESSAGE = /^A journal may move at most (KES [\d,.]+); this one moves (KES [\d,.]+)$/;

export const balanceBoundMessage = (code: string, balance: Total): string =>
  `Account ${code} would reach a balance of ${formatKesExact(balance)}; an account's balance may be at most ${formatKesExact(MAX_BALANCE)} either way`;
export const BALANCE_BOUND_MESSAGE = /^Account (\d+) would reach a balance of (-?KES [\d,.]+); an account's balance may be at most (KES [\d,.]+) either way$/;
