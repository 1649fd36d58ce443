// Budgets (issue 14): the approved amount per revenue or expense account, per facility (or the county level), per
// fiscal year — what Budget vs Actual and the FIF table compare the books with. Set on screen one facility-year at a
// time, or imported from the county's CSV; either way a facility-year's budget is replaced whole, audited, and kept
// as a revision (its lines before and after) that the Budgets tab lists as the budget's history (issue 30 item 4).
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { fiscalYearOf } from '../../../shared/county-time.js';
import {
  MAX_IMPORT_LINES,
  MAX_LINE_KES,
  type BudgetChangeWay,
  type BudgetHistoryQuery,
  type BudgetImportResult,
  type BudgetLine,
  type BudgetRevision,
  type ImportBudgetsInput,
  type PutBudgetsInput,
} from '../../../shared/accounting/index.js';
import { compare, formatKesExact, isNegative, parseKes, toKes, toKesText, totalOf, tryParseKes, type Cents } from '../../../shared/money.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { invalid, outOfScope, type FieldIssue } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField, findFacility, listFacilities } from '../facilities/index.js';
import { accounts, budgetRevisions, budgets } from './accounting.schema.js';
import { parseFiscalYear } from './periods.service.js';
import { booksScope } from './scope.js';
import { accountingSaid, type AccountProblem } from './accounting.words.js';

/** The county level's budget is the county's: only a county-wide finance grant sets it. */
function mayReach(ctx: ServiceContext, facilityId: number | null): boolean {
  if (ctx.scope.facilityIds === null) return true;
  return facilityId !== null && ctx.scope.facilityIds.includes(facilityId);
}

const label = (fy: string) => parseFiscalYear(fy).label;

/** Budget lines with their account's and facility's names, ordered: the county level first, then by facility and code. */
async function budgetRows(db: Db, where: SQL | undefined): Promise<BudgetLine[]> {
  const rows = await db
    .select({ fiscalYear: budgets.fiscalYear, facilityId: budgets.facilityId, facilityName: facilityField(budgets.facilityId, 'name'), accountCode: budgets.accountCode, accountName: accounts.name, accountNameSw: accounts.nameSw, amount: budgets.amount })
    .from(budgets)
    .innerJoin(accounts, eq(accounts.code, budgets.accountCode))
    .where(where)
    .orderBy(sql`${budgets.facilityId} nulls first`, asc(budgets.accountCode));
  return rows.map((r) => ({ ...r, facilityName: r.facilityName ?? null, amount: toKes(r.amount) }));
}

/** GET /api/accounting/budgets: a fiscal year's budgets (default this one) within the reader's reach. */
export async function listBudgets(ctx: ServiceContext, q: { fiscalYear?: string; facilityId?: number }): Promise<BudgetLine[]> {
  const fy = q.fiscalYear ? label(q.fiscalYear) : fiscalYearOf(ctx.now()).label;
  const books = await booksScope(ctx, { facilityId: q.facilityId });
  const scope = books.facilityIds === null ? undefined : books.facilityIds.length ? inArray(budgets.facilityId, books.facilityIds) : sql`false`;
  return budgetRows(ctx.db, and(eq(budgets.fiscalYear, fy), scope));
}

/** Active revenue and expense posting accounts, by code: the only accounts a budget names. */
async function budgetable(db: Db): Promise<Map<string, { isActive: boolean; type: string; heading: boolean }>> {
  const rows = await db
    .select({ code: accounts.code, type: accounts.type, isActive: accounts.isActive, heading: sql<boolean>`exists (select 1 from accounts c where c.parent_code = accounts.code)` })
    .from(accounts);
  return new Map(rows.map((r) => [r.code, { isActive: r.isActive, type: r.type, heading: Boolean(r.heading) }]));
}

function accountProblem(a: { isActive: boolean; type: string; heading: boolean } | undefined): AccountProblem | null {
  if (!a) return 'budgetNoAccount';
  if (a.type !== 'revenue' && a.type !== 'expense') return 'budgetNotRevenueOrExpense';
  if (a.heading) return 'budgetHeading';
  if (!a.isActive) return 'budgetInactive';
  return null;
}

type Planned = { facilityId: number | null; accountCode: string; amount: Cents };

const HOW_WORDS: Record<BudgetChangeWay, string> = { screen: 'set on screen', import: 'imported' };
const ofFacility = (facilityId: number | null) => (facilityId === null ? isNull(budgets.facilityId) : eq(budgets.facilityId, facilityId));

/**
 * Replaces each facility-year's budget named in `lines` (facilities with no line keep theirs), and keeps what each
 * was before and after as a revision. One facility-year is replaced by one save at a time (its advisory lock, taken
 * in facility order), so the lines a revision calls "before" are the ones the save replaced.
 */
async function replace(tx: Db, fiscalYear: string, facilityIds: (number | null)[], lines: Planned[], actor: ServiceContext['actor'], now: Date, how: BudgetChangeWay) {
  for (const facilityId of facilityIds) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`budget-year:${fiscalYear}:${facilityId ?? 'county'}`}))`);
    const before = await tx
      .select({ accountCode: budgets.accountCode, amount: budgets.amount })
      .from(budgets)
      .where(and(eq(budgets.fiscalYear, fiscalYear), ofFacility(facilityId)))
      .orderBy(asc(budgets.accountCode));
    await tx.delete(budgets).where(and(eq(budgets.fiscalYear, fiscalYear), ofFacility(facilityId)));
    const mine = lines.filter((l) => l.facilityId === facilityId);
    for (let i = 0; i < mine.length; i += 500) {
      await tx.insert(budgets).values(mine.slice(i, i + 500).map((l) => ({ fiscalYear, facilityId, accountCode: l.accountCode, amount: l.amount, updatedBy: actor.id, updatedAt: now })));
    }
    const kept = (rows: { accountCode: string; amount: Cents }[]) =>
      [...rows].sort((a, b) => (a.accountCode < b.accountCode ? -1 : a.accountCode > b.accountCode ? 1 : 0)).map((r) => ({ accountCode: r.accountCode, amount: toKesText(r.amount) }));
    await tx.insert(budgetRevisions).values({ fiscalYear, facilityId, how, changedBy: actor.id, changedAt: now, before: kept(before), after: kept(mine) });
    // A total (money.ts): 300 lines at the line maximum add up to more than an amount holds.
    const total = totalOf(mine.map((l) => l.amount));
    await audit(tx, actor, { action: 'budget.updated', entity: 'budget', entityId: facilityId, detail: `${fiscalYear} ${facilityId === null ? 'county level' : `facility ${facilityId}`}: ${mine.length} lines, ${formatKesExact(total)} (${HOW_WORDS[how]})` });
  }
}

/** PUT /api/accounting/budgets: one facility-year's budget (or the county level's), replaced whole. */
export async function putBudgets(ctx: ServiceContext, input: PutBudgetsInput): Promise<BudgetLine[]> {
  const fiscalYear = label(input.fiscalYear);
  if (input.facilityId === null && ctx.scope.facilityIds !== null) throw outOfScope('Only a county-wide finance role may set the county-level budget');
  if (input.facilityId !== null) {
    const f = await findFacility(ctx.db, input.facilityId);
    if (!f) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    if (!mayReach(ctx, f.id)) throw outOfScope('This facility is outside your scope');
  }
  const chart = await budgetable(ctx.db);
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  input.lines.forEach((l, i) => {
    const problem = accountProblem(chart.get(l.accountCode));
    if (problem) issues.push({ path: `lines.${i}.accountCode`, ...accountingSaid(problem, { code: l.accountCode }) });
    else if (seen.has(l.accountCode)) issues.push({ path: `lines.${i}.accountCode`, ...accountingSaid('budgetTwice', { code: l.accountCode }) });
    seen.add(l.accountCode);
  });
  if (issues.length) throw invalid(issues);
  const lines = input.lines.map((l) => ({ facilityId: input.facilityId, accountCode: l.accountCode, amount: tryParseKes(l.amount)! }));
  await ctx.db.transaction(async (tx) => replace(tx, fiscalYear, [input.facilityId], lines, ctx.actor, ctx.now(), 'screen'));
  return budgetRows(ctx.db, and(eq(budgets.fiscalYear, fiscalYear), ofFacility(input.facilityId)));
}

/**
 * GET /api/accounting/budgets/history: a facility-year's budget changes, newest first — each save's author, time and
 * way, its totals before and after, and the accounts whose lines it added, removed or changed. Without facilityId,
 * the county level's, which only a county-wide finance reader reads (its lines are the county's, as on PUT).
 */
export async function budgetHistory(ctx: ServiceContext, q: BudgetHistoryQuery): Promise<{ rows: BudgetRevision[]; total: number }> {
  const fiscalYear = q.fiscalYear ? label(q.fiscalYear) : fiscalYearOf(ctx.now()).label;
  const facilityId = q.facilityId ?? null;
  if (facilityId === null) {
    if (ctx.scope.facilityIds !== null) throw outOfScope("only a county-wide finance role reads the county-level budget's history");
  } else await booksScope(ctx, { facilityId });
  // As budget_revisions_key_idx reads it: the county level is facility 0.
  const where = and(eq(budgetRevisions.fiscalYear, fiscalYear), sql`coalesce(${budgetRevisions.facilityId}, 0) = ${facilityId ?? 0}`);
  const [found, [count], chart] = await Promise.all([
    ctx.db
      .select({ r: budgetRevisions, facilityName: facilityField(budgetRevisions.facilityId, 'name'), changedBy: accountField(budgetRevisions.changedBy, 'name') })
      .from(budgetRevisions)
      .where(where)
      .orderBy(desc(budgetRevisions.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(budgetRevisions).where(where),
    ctx.db.select({ code: accounts.code, name: accounts.name, nameSw: accounts.nameSw }).from(accounts),
  ]);
  const names = new Map(chart.map((a) => [a.code, a]));
  const rows = found.map(({ r, facilityName, changedBy }): BudgetRevision => {
    const before = new Map(r.before.map((l) => [l.accountCode, parseKes(l.amount)]));
    const after = new Map(r.after.map((l) => [l.accountCode, parseKes(l.amount)]));
    const codes = [...new Set([...before.keys(), ...after.keys()])].sort();
    const changes = codes
      .filter((code) => {
        const b = before.get(code);
        const a = after.get(code);
        return b === undefined || a === undefined || compare(a, b) !== 0;
      })
      .map((code) => {
        const b = before.get(code);
        const a = after.get(code);
        return { accountCode: code, accountName: names.get(code)?.name ?? code, accountNameSw: names.get(code)?.nameSw ?? null, before: b === undefined ? null : toKes(b), after: a === undefined ? null : toKes(a) };
      });
    return {
      id: r.id,
      fiscalYear: r.fiscalYear,
      facilityId: r.facilityId,
      facilityName: facilityName ?? null,
      how: r.how as BudgetChangeWay,
      changedBy: changedBy ?? null,
      changedAt: r.changedAt.toISOString(),
      linesBefore: r.before.length,
      linesAfter: r.after.length,
      totalBefore: toKes(totalOf(before.values())),
      totalAfter: toKes(totalOf(after.values())),
      changes,
    };
  });
  return { rows, total: count?.n ?? 0 };
}

/** The cells of one CSV line (RFC 4180 quoting: "a,b" and "" for a quote). */
function cellsOf(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  cells.push(cell.trim());
  return cells;
}

const HEADER = ['facility_mfl_code', 'account_code', 'amount'];

/**
 * POST /api/accounting/budgets/import: the county's budget file. Every wrong line is reported with its line number
 * (the header is line 1) and then nothing is written; a dry run answers what would be written.
 */
export async function importBudgets(ctx: ServiceContext, input: ImportBudgetsInput): Promise<BudgetImportResult> {
  const fiscalYear = label(input.fiscalYear);
  const text = input.csv.replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\n|\r/);
  const issues: FieldIssue[] = [];
  type LineProblem = Parameters<typeof accountingSaid>[0];
  const problem = (n: number, name: LineProblem, facts: Record<string, string | number> = {}) => issues.push({ path: `csv.${n}`, ...accountingSaid(name, { line: String(n), ...facts }) });
  const header = cellsOf(lines[0] ?? '')?.map((c) => c.toLowerCase());
  if (!header || header.length !== 3 || header.some((h, i) => h !== HEADER[i])) throw invalid([{ path: 'csv.1', ...accountingSaid('budgetHeader', { header: HEADER.join(',') }) }]);
  if (lines.length > MAX_IMPORT_LINES + 1) throw invalid([{ path: 'csv', ...accountingSaid('budgetTooManyLines', { max: MAX_IMPORT_LINES }) }]);

  const [chart, places] = await Promise.all([budgetable(ctx.db), listFacilities(ctx.db)]);
  const byMfl = new Map(places.map((p) => [p.mflCode, p]));
  const planned: Planned[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const n = i + 2;
    if (raw.trim() === '') return;
    const cells = cellsOf(raw);
    if (!cells) return problem(n, 'budgetQuote');
    if (cells.length !== 3) return problem(n, 'budgetValueCount', { header: HEADER.join(', '), found: cells.length });
    const [mfl, code, amountText] = cells as [string, string, string];
    let facilityId: number | null = null;
    if (mfl !== '') {
      const f = byMfl.get(mfl);
      if (!f) return problem(n, 'budgetNoFacility', { mfl });
      if (!mayReach(ctx, f.id)) return problem(n, 'budgetFacilityOutOfScope', { facility: f.name });
      facilityId = f.id;
    } else if (ctx.scope.facilityIds !== null) return problem(n, 'budgetCountyLevel');
    if (!/^[0-9]{4,6}$/.test(code)) return problem(n, 'budgetNotCode', { code: code.slice(0, 20) });
    const bad = accountProblem(chart.get(code));
    if (bad) return problem(n, `${bad}AtLine`, { code });
    const amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? tryParseKes(amountText) : null;
    if (amount === null || isNegative(amount) || toKes(amount) > MAX_LINE_KES) return problem(n, 'budgetNotAmount', { amount: amountText.slice(0, 20), max: MAX_LINE_KES });
    const key = `${facilityId ?? ''}|${code}`;
    const first = seen.get(key);
    if (first !== undefined) return problem(n, 'budgetDuplicate', { code, first: String(first) });
    seen.set(key, n);
    planned.push({ facilityId, accountCode: code, amount });
  });
  if (issues.length === 0 && planned.length === 0) issues.push({ path: 'csv', ...accountingSaid('budgetNoLines') });
  if (issues.length) throw invalid(issues);

  const facilityIds = [...new Set(planned.map((p) => p.facilityId))].sort((a, b) => (a ?? 0) - (b ?? 0));
  const names = new Map(places.map((p) => [p.id, p.name]));
  const accountNames = new Map((await ctx.db.select({ code: accounts.code, name: accounts.name, nameSw: accounts.nameSw }).from(accounts)).map((a) => [a.code, a]));
  const preview: BudgetLine[] = [...planned]
    .sort((a, b) => (a.facilityId ?? 0) - (b.facilityId ?? 0) || (a.accountCode < b.accountCode ? -1 : a.accountCode > b.accountCode ? 1 : 0))
    .map((p) => ({ fiscalYear, facilityId: p.facilityId, facilityName: p.facilityId === null ? null : (names.get(p.facilityId) ?? null), accountCode: p.accountCode, accountName: accountNames.get(p.accountCode)?.name ?? p.accountCode, accountNameSw: accountNames.get(p.accountCode)?.nameSw ?? null, amount: toKes(p.amount) }));
  const result = { fiscalYear, dryRun: Boolean(input.dryRun), facilityIds, total: toKes(totalOf(planned.map((p) => p.amount))), lines: preview };
  if (input.dryRun) return result;
  await ctx.db.transaction(async (tx) => replace(tx, fiscalYear, facilityIds, planned, ctx.actor, ctx.now(), 'import'));
  return result;
}

/**
 * The vote book's two figures from the ledger for one account and facility in a fiscal year (procurement's budget
 * check): the budget line's amount (nought when none) and what the books show spent on it (debits less credits,
 * leaving out the year-end close).
 */
export async function budgetAndSpent(db: Db, q: { fiscalYear: string; facilityId: number; accountCode: string }): Promise<{ budget: Cents; spent: Cents }> {
  const fy = parseFiscalYear(q.fiscalYear);
  const res = await db.execute<{ budget: string; spent: string }>(sql`
    select
      coalesce((select amount from budgets where fiscal_year = ${fy.label} and facility_id = ${q.facilityId} and account_code = ${q.accountCode}), 0)::text as budget,
      coalesce((select sum(b.debit - b.credit) from account_balances b
        where b.account_code = ${q.accountCode} and b.facility_id = ${q.facilityId} and not b.closing
          and b.period >= ${fy.start}::date and b.period <= ${fy.end}::date), 0)::text as spent`);
  const row = (res as unknown as { rows: { budget: string; spent: string }[] }).rows[0]!;
  return { budget: parseKes(row.budget), spent: parseKes(row.spent) };
}

/** The date of the books' first journal (the demo county's seed brings old balances forward to its month). */
export async function firstJournalDate(db: Db): Promise<string | null> {
  const res = await db.execute<{ d: string | null }>(sql`select min(date)::text as d from journals`);
  return (res as unknown as { rows: { d: string | null }[] }).rows[0]?.d ?? null;
}
