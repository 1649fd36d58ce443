// The demo county's reconciliations (issue 14 item 6): the county referral hospital's M-Pesa paybill statements,
// made from what its books hold — the first month reconciled, the next awaiting review with a few receipts Safaricom
// had not yet settled and its transaction charges not yet in the books — so the Bank Reconciliation tab has a
// finished FO 30 and one with work left. Runs after the ledger's own seed (the journals must exist).
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, addMonths } from '../../../../shared/county-time.js';
import { add, isZero, parseKes, subtract, sum, totalAsCents, ZERO, type Cents } from '../../../../shared/money.js';
import type { Db } from '../../../db/client.js';
import type { SeedContext } from '../../../db/seed/context.js';
import { bankStatementLines, bankStatements, journalLines, journals } from '../accounting.schema.js';
import { autoMatchStatement, bookBalance, fo30TotalsOf } from '../reconciliation.service.js';

const FACILITY = 1;
const ACCOUNT = '1130';


async function bookLinesIn(tx: Db, from: string, to: string) {
  return tx
    .select({ id: journalLines.id, date: journals.date, reference: journals.reference, description: journals.description, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(and(eq(journalLines.accountCode, ACCOUNT), eq(journalLines.facilityId, FACILITY), eq(journals.status, 'posted'), gte(journals.date, from), lte(journals.date, to)))
    .orderBy(asc(journals.date), asc(journalLines.id));
}

type Line = { date: string; description: string; reference: string | null; amount: Cents };

async function addStatement(tx: Db, ctx: SeedContext, by: number, start: string, end: string, lines: Line[]): Promise<typeof bankStatements.$inferSelect> {
  const opening = totalAsCents(await bookBalance(tx, { accountCode: ACCOUNT, facilityId: FACILITY }, addDays(start, -1)))!;
  let running = opening;
  const [s] = await tx
    .insert(bankStatements)
    .values({ kind: 'mpesa', accountCode: ACCOUNT, facilityId: FACILITY, filename: `ORG_STATEMENT_${start.slice(0, 7)}.csv`, periodStart: start, periodEnd: end, openingBalance: opening, closingBalance: null, importedBy: by, importedAt: ctx.now })
    .returning();
  const rows = lines.map((l, i) => {
    running = add(running, l.amount);
    return { statementId: s!.id, lineNo: i + 2, date: l.date, description: l.description, reference: l.reference, amount: l.amount, balance: running };
  });
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(bankStatementLines).values(rows.slice(i, i + 1000));
  await tx.update(bankStatements).set({ closingBalance: running }).where(eq(bankStatements.id, s!.id));
  const [saved] = await tx.select().from(bankStatements).where(eq(bankStatements.id, s!.id));
  await autoMatchStatement(tx, saved!, by, ctx.now);
  return saved!;
}

const asStatementLine = (b: Awaited<ReturnType<typeof bookLinesIn>>[number]): Line => ({
  date: b.date,
  description: isZero(b.credit) ? `Pay Bill from customer: ${b.description}` : `Settlement to bank: ${b.description}`,
  reference: b.reference,
  amount: subtract(b.debit, b.credit),
});

export async function seedReconciliation(tx: Db, ctx: SeedContext): Promise<Record<string, number>> {
  const finance = ctx.users.find((u) => u.role === 'facility_incharge' && u.facilityId === FACILITY)?.id;
  const director = ctx.users.find((u) => u.role === 'county_director')?.id;
  if (!finance || !director) return {};
  const [span] = await tx
    .select({ first: sql<string | null>`min(${journals.date})::text` })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(and(eq(journalLines.accountCode, ACCOUNT), eq(journalLines.facilityId, FACILITY), eq(journals.status, 'posted')));
  if (!span?.first) return {};
  const first = `${span.first.slice(0, 7)}-01`;
  const second = addMonths(first, 1);
  const third = addMonths(second, 1);
  if (third > ctx.today) return {};

  // The first month: every receipt and the settlement, as Safaricom shows them; reconciled by the in-charge.
  const one = await addStatement(tx, ctx, finance, first, addDays(second, -1), (await bookLinesIn(tx, first, addDays(second, -1))).map(asStatementLine));
  const totals = await fo30TotalsOf(tx, one);
  if (totals.difference !== null && isZero(totals.difference)) {
    await tx.update(bankStatements).set({ status: 'reconciled', reconciledBy: finance, reconciledAt: ctx.now }).where(eq(bankStatements.id, one.id));
  }

  // The second month: the last three receipts settle after the month's end, and the month's charges are not yet posted.
  const book = await bookLinesIn(tx, second, addDays(third, -1));
  const receipts = book.filter((b) => isZero(b.credit));
  const late = new Set(receipts.slice(-3).map((b) => b.id));
  const lines = book.filter((b) => !late.has(b.id)).map(asStatementLine);
  const charges = sum(receipts.slice(0, 40).map(() => parseKes(15)));
  if (!isZero(charges)) lines.push({ date: addDays(third, -1), description: 'Pay Bill transaction charges', reference: `CHG${second.slice(0, 4)}${second.slice(5, 7)}`, amount: subtract(ZERO, charges) });
  await addStatement(tx, ctx, finance, second, addDays(third, -1), lines);
  return { bankStatements: 2 };
}
