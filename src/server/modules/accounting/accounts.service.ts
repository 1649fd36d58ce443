// The chart of accounts (issue 14): list with balances within the reader's scope, add, rename, recode for GFS /
// IFMIS, deactivate. An account with postings is never deleted (there is no delete), and an account the automatic
// postings use cannot be deactivated.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEBIT_NORMAL, type Account, type AccountType, type CreateAccountInput, type UpdateAccountInput } from '../../../shared/accounting/index.js';
import { parseTotal, subtract, toKes, totalOf, type Total } from '../../../shared/money.js';
import { conflict, conflictSaid, invalid, notFound, outOfScope } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import { accountBalances, accounts } from './accounting.schema.js';
import { booksScope, type BooksScope } from './scope.js';
import { accountingSaid, type ParentTypeName } from './accounting.words.js';

/** Balance lines within a scope: every line for the county, else the scope's facilities' lines. */
export function inBooks(books: Pick<BooksScope, 'facilityIds'>) {
  if (books.facilityIds === null) return undefined;
  return books.facilityIds.length ? inArray(accountBalances.facilityId, books.facilityIds) : sql`false`;
}

/**
 * An account's balance the way it normally runs: debits − credits for assets and expenses, else credits − debits. A
 * total (money.ts): summed over every facility and month, it has no ceiling, and a heading adds up its accounts.
 */
export const normalBalance = (type: AccountType, debit: Total, credit: Total): Total => (DEBIT_NORMAL[type] ? subtract(debit, credit) : subtract(credit, debit));

export async function listAccounts(ctx: ServiceContext, q: { facilityId?: number; subcounty?: string }): Promise<Account[]> {
  const books = await booksScope(ctx, q);
  const totals = ctx.db
    .select({
      code: accountBalances.accountCode,
      debit: sql<string>`sum(${accountBalances.debit})`.as('debit'),
      credit: sql<string>`sum(${accountBalances.credit})`.as('credit'),
    })
    .from(accountBalances)
    .where(inBooks(books))
    .groupBy(accountBalances.accountCode)
    .as('totals');
  const rows = await ctx.db
    .select({
      a: accounts,
      debit: sql<string>`coalesce(${totals.debit}, 0)::text`,
      credit: sql<string>`coalesce(${totals.credit}, 0)::text`,
      hasPostings: sql<boolean>`exists (select 1 from journal_lines l where l.account_code = accounts.code)`,
    })
    .from(accounts)
    .leftJoin(totals, eq(totals.code, accounts.code))
    .orderBy(asc(accounts.code));
  // A heading's balance is the sum of the accounts under it (at any depth).
  const own = new Map(rows.map((r) => [r.a.code, normalBalance(r.a.type as AccountType, parseTotal(r.debit), parseTotal(r.credit))]));
  const children = new Map<string, string[]>();
  for (const r of rows) if (r.a.parentCode) children.set(r.a.parentCode, [...(children.get(r.a.parentCode) ?? []), r.a.code]);
  const rolled = (code: string): Total => totalOf([own.get(code)!, ...(children.get(code) ?? []).map(rolled)]);
  return rows.map((r) => ({
    id: r.a.id,
    code: r.a.code,
    name: r.a.name,
    nameSw: r.a.nameSw,
    type: r.a.type as AccountType,
    parentCode: r.a.parentCode,
    gfsCode: r.a.gfsCode,
    description: r.a.description,
    descriptionSw: r.a.descriptionSw,
    isActive: r.a.isActive,
    isSystem: r.a.isSystem,
    hasPostings: Boolean(r.hasPostings),
    balance: toKes(rolled(r.a.code)),
  }));
}

async function findAccount(db: Db, code: string) {
  const [a] = await db.select().from(accounts).where(eq(accounts.code, code)).limit(1);
  return a;
}

/** A heading's type, for the refusal of an account put under a heading of another type. */
const PARENT_OF_TYPE: Record<AccountType, ParentTypeName> = { asset: 'parentAsset', liability: 'parentLiability', net_assets: 'parentNetAssets', revenue: 'parentRevenue', expense: 'parentExpense' };

/** The chart is the county's: only a county-wide finance grant changes it. */
function assertCountyWide(ctx: ServiceContext): void {
  if (ctx.scope.facilityIds !== null) throw outOfScope('Forbidden: only a county-wide finance role may change the chart of accounts');
}

export async function createAccount(ctx: ServiceContext, input: CreateAccountInput): Promise<Account> {
  const { db, actor } = ctx;
  assertCountyWide(ctx);
  await db.transaction(async (tx) => {
    if (await findAccount(tx, input.code)) {
      const exists = accountingSaid('accountExists', { code: input.code });
      throw conflict(exists.message, [{ path: 'code', ...exists }], exists);
    }
    if (input.parentCode) {
      const parent = await findAccount(tx, input.parentCode);
      if (!parent) throw invalid([{ path: 'parentCode', ...accountingSaid('noAccount', { code: input.parentCode }) }]);
      if (parent.type !== input.type) throw invalid([{ path: 'parentCode', ...accountingSaid(PARENT_OF_TYPE[parent.type as AccountType], { parent: input.parentCode }) }]);
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(sql`journal_lines`).where(sql`account_code = ${input.parentCode}`);
      if ((used?.n ?? 0) > 0) {
        const posted = accountingSaid('parentHasPostings', { code: input.parentCode });
        throw conflict(posted.message, [{ path: 'parentCode', ...posted }], posted);
      }
    }
    await tx.insert(accounts).values({ ...input, createdBy: actor.id });
    await audit(tx, actor, { action: 'account.created', entity: 'account', detail: `${input.code} ${input.name}` });
  });
  return (await listAccounts(ctx, {})).find((a) => a.code === input.code)!;
}

export async function updateAccount(ctx: ServiceContext, id: number, input: UpdateAccountInput): Promise<Account> {
  const { db, actor, now } = ctx;
  assertCountyWide(ctx);
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    if (!a) throw notFound('Account not found');
    const code = a.code;
    if (input.isActive === false && a.isSystem) throw conflictSaid(accountingSaid('systemAccountActive', { code }));
    if (input.isActive === false) {
      const [active] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .where(and(eq(accounts.parentCode, code), eq(accounts.isActive, true)));
      if ((active?.n ?? 0) > 0) throw conflictSaid(accountingSaid('activeAccountsUnder', { code }));
    }
    await tx
      .update(accounts)
      .set({ ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)), updatedAt: now() })
      .where(eq(accounts.id, id));
    const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
    await audit(tx, actor, { action: 'account.updated', entity: 'account', entityId: a.id, detail: `${code}: ${changed.join(', ')}` });
  });
  return (await listAccounts(ctx, {})).find((x) => x.id === id)!;
}

/** Accounts by code (for statements: names in both languages, types, parents). */
export async function chart(db: Db) {
  return db.select({ code: accounts.code, name: accounts.name, nameSw: accounts.nameSw, type: accounts.type, parentCode: accounts.parentCode, gfsCode: accounts.gfsCode, isActive: accounts.isActive }).from(accounts).orderBy(asc(accounts.code));
}


