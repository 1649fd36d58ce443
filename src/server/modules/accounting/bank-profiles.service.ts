// Bank import profiles (issue 29 item 1): the column layouts of the statement exports a county meets (KCB, Equity,
// Co-op, NCBA, the M-Pesa portal; seeded by migration 0032) and those a finance officer adds, each chosen once per
// bank and kept by name. A statement import names one, brings columns of its own (which it may save as a new
// profile), or is read with the first profile whose columns its header has.
import { asc, eq, sql } from 'drizzle-orm';
import type { BankColumns, BankProfile, BankStatementKind, DateOrder, SaveBankProfileInput } from '../../../shared/accounting/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, notFound, outOfScope } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { bankImportProfiles } from './accounting.schema.js';
import { accountingSaid } from './accounting.words.js';

export type ProfileRow = { id: number; name: string; kind: BankStatementKind; columns: BankColumns; dateOrder: DateOrder };

const taken = (name: string) => {
  const s = accountingSaid('profileTaken', { name });
  return conflict(s.message, [{ path: 'name', ...s }], s);
};

/** Only the fields a profile names (the stored jsonb may be read by an older or newer server). */
function columnsOf(stored: Record<string, string>): BankColumns {
  const pick = (k: keyof BankColumns) => (typeof stored[k] === 'string' && stored[k] !== '' ? stored[k] : undefined);
  return {
    date: pick('date') ?? '',
    description: pick('description') ?? '',
    reference: pick('reference'),
    moneyOut: pick('moneyOut'),
    moneyIn: pick('moneyIn'),
    amount: pick('amount'),
    balance: pick('balance'),
    status: pick('status'),
  };
}
const defined = (c: BankColumns) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as BankColumns;

const rowOf = (r: typeof bankImportProfiles.$inferSelect): ProfileRow => ({ id: r.id, name: r.name, kind: r.kind as BankStatementKind, columns: columnsOf(r.columns), dateOrder: r.dateOrder as DateOrder });

/** The profiles of one kind, oldest first: the order in which the import tries them on a file. */
export async function profilesOfKind(db: Db, kind: BankStatementKind): Promise<ProfileRow[]> {
  return (await db.select().from(bankImportProfiles).where(eq(bankImportProfiles.kind, kind)).orderBy(asc(bankImportProfiles.id))).map(rowOf);
}

export async function findProfile(db: Db, id: number): Promise<ProfileRow | null> {
  const [r] = await db.select().from(bankImportProfiles).where(eq(bankImportProfiles.id, id)).limit(1);
  return r ? rowOf(r) : null;
}

/** Whether another profile has this name, in any case ('kcb' is 'KCB'). */
export async function profileNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [r] = await db.select({ id: bankImportProfiles.id }).from(bankImportProfiles).where(sql`lower(${bankImportProfiles.name}) = lower(${name.trim()})`).limit(1);
  return r !== undefined && r.id !== exceptId;
}

/** GET /api/accounting/bank-profiles: every profile, oldest first. */
export async function listBankProfiles(ctx: Pick<ServiceContext, 'db'>): Promise<BankProfile[]> {
  const rows = await ctx.db
    .select({ p: bankImportProfiles, first: accountField(bankImportProfiles.updatedBy, 'firstName'), last: accountField(bankImportProfiles.updatedBy, 'lastName') })
    .from(bankImportProfiles)
    .orderBy(asc(bankImportProfiles.id));
  return rows.map(({ p, first, last }) => {
    const r = rowOf(p);
    return { ...r, columns: defined(r.columns), updatedByName: first ? `${first} ${last ?? ''}`.trim() : null, updatedAt: p.updatedAt.toISOString() };
  });
}

const describe = (p: SaveBankProfileInput) =>
  `${p.name} (${p.kind}, ${p.dateOrder}): ${Object.entries(p.columns)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}`;

/**
 * A new profile, inside the caller's transaction (the statement import saves the officer's columns with the
 * statement they read): audited; a name already taken, in any case, is a 409.
 */
export async function insertProfile(tx: Db, ctx: Pick<ServiceContext, 'actor' | 'now'>, input: SaveBankProfileInput): Promise<ProfileRow> {
  if (await profileNameTaken(tx, input.name)) throw taken(input.name);
  // A savepoint: two officers saving one name at once — the loser's unique violation is its 409, and the
  // caller's transaction stays usable.
  const [r] = await tx
    .transaction(async (sp) =>
      sp
        .insert(bankImportProfiles)
        .values({ name: input.name, kind: input.kind, columns: defined(input.columns) as Record<string, string>, dateOrder: input.dateOrder, createdBy: ctx.actor.id, createdAt: ctx.now(), updatedBy: ctx.actor.id, updatedAt: ctx.now() })
        .returning(),
    )
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw taken(input.name);
      throw error;
    });
  await audit(tx, ctx.actor, { action: 'bank_profile.created', entity: 'bank_import_profile', entityId: r!.id, detail: describe(input) });
  return rowOf(r!);
}

const answer = async (ctx: ServiceContext, id: number) => (await listBankProfiles(ctx)).find((p) => p.id === id)!;

/** POST /api/accounting/bank-profiles. */
export async function createBankProfile(ctx: ServiceContext, input: SaveBankProfileInput): Promise<BankProfile> {
  const created = await ctx.db.transaction((tx) => insertProfile(tx, ctx, input));
  return answer(ctx, created.id);
}

/**
 * PUT /api/accounting/bank-profiles/:id: the whole profile replaced. A profile is the county's, read by every
 * facility's imports: only a county-wide finance role changes one (a facility's officer adds her own instead).
 */
export async function updateBankProfile(ctx: ServiceContext, id: number, input: SaveBankProfileInput): Promise<BankProfile> {
  if (ctx.scope.facilityIds !== null) throw outOfScope("Forbidden: a profile is read by every facility's imports; only a county-wide finance role changes one (save your columns as a new profile instead)");
  await ctx.db.transaction(async (tx) => {
    const [was] = await tx.select().from(bankImportProfiles).where(eq(bankImportProfiles.id, id)).for('update');
    if (!was) throw notFound('Profile not found');
    if (await profileNameTaken(tx, input.name, id)) throw taken(input.name);
    await tx
      .transaction(async (sp) =>
        sp
          .update(bankImportProfiles)
          .set({ name: input.name, kind: input.kind, columns: defined(input.columns) as Record<string, string>, dateOrder: input.dateOrder, updatedBy: ctx.actor.id, updatedAt: ctx.now() })
          .where(eq(bankImportProfiles.id, id)),
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw taken(input.name);
        throw error;
      });
    await audit(tx, ctx.actor, { action: 'bank_profile.updated', entity: 'bank_import_profile', entityId: id, detail: `was ${was.name}; now ${describe(input)}` });
  });
  return answer(ctx, id);
}
