// Sealing the audit chain with the key (issue 25 finding 10, ADR 0016). The database chains every event as it
// commits (migration 0007); it cannot also sign it, because it never holds the key. So the server seals the chain
// soon after: every minute (a periodic task of the job runner, whose first poll comes right after the server starts)
// it checks the events committed since the last seal, and writes one seal for them (audit_seals): HMAC-SHA256 with
// the key over the seal before it and the last event's seq and hash (core/audit-chain.ts, sealMac). No request waits
// for it: requests keep writing their events under the chain's own short lock at commit, as before.
//
// Every hour it also writes a checkpoint to the log — the last seal's seq and hash, signed — for operators to keep
// outside the database; `npm run audit:verify -- --checkpoint <it>` shows later that the chain still holds it.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditSeals } from './audit.schema.js';
import {
  formatCheckpoint,
  GENESIS_HASH,
  GENESIS_MAC,
  lastSeals,
  linkProblem,
  readChain,
  rowsOf,
  sameDigest,
  sealMac,
  signCheckpoint,
  type AuditCheckpoint,
  type Seal,
} from './audit-chain.js';
import type { Periodic } from './jobs.js';

/** At most this many events per seal, so that the first sealing of a long chain is many short steps. */
const SEAL_STEP = 50_000;
const READ_BATCH = 5_000;
/** Sealers in every server process take turns to write (the chain's own lock, migration 0007, is 7406110001). */
const SEAL_LOCK = 7406110002;

/** The chain, or its seals, do not hold: the server does not seal over them, and says why. */
export class AuditSealRefused extends Error {}

/**
 * The last seal, checked: made with this key, and its event still in the chain with the hash it sealed. Null
 * before the first seal. Throws AuditSealRefused when it does not hold.
 */
async function checkedLastSeal(db: Db, key: Buffer): Promise<Seal | null> {
  const [last, before] = await lastSeals(db, 2);
  if (!last) return null;
  if (!sameDigest(last.mac, sealMac(key, before?.mac ?? GENESIS_MAC, last))) {
    throw new AuditSealRefused(`the last seal (of event ${last.seq}) was not made with this key: the seal table was changed, or the key is not the one the chain was sealed with`);
  }
  const [row] = await readChain(db, last.seq, last.seq, 1);
  if (!row || row.hash !== last.hash) throw new AuditSealRefused(`audit event ${last.seq} is not the one sealed on ${last.at}: the events up to it were rewritten or removed`);
  return last;
}

/**
 * Seals the events committed since the last seal: checks that seal, then every link after it, and writes a seal
 * of the newest event (several, SEAL_STEP events each, for a long unsealed stretch such as the whole chain after
 * the upgrade). Throws AuditSealRefused, sealing nothing more, when something does not hold: a seal over a rewritten
 * chain would vouch for the rewrite. `from`: the event sealed before; `last`: the newest seal now.
 */
export async function sealAuditChain(db: Db, key: Buffer, now: Date): Promise<{ from: number; seals: number; last: Seal | null }> {
  let seals = 0;
  let from: number | null = null;
  for (;;) {
    const last = await checkedLastSeal(db, key);
    const after = last?.seq ?? 0;
    from ??= after;
    let expected = after + 1;
    let prevHash = last?.hash ?? GENESIS_HASH;
    let head: { seq: number; hash: string } | null = null;
    for (;;) {
      const rows = await readChain(db, expected, after + SEAL_STEP, READ_BATCH);
      for (const row of rows) {
        const link = linkProblem(row, expected, prevHash);
        if (link) throw new AuditSealRefused(link.message.replace(/^A/, 'a').replace(/\.$/, ''));
        prevHash = row.hash!;
        head = { seq: expected, hash: prevHash };
        expected += 1;
      }
      if (rows.length < READ_BATCH) break;
    }
    if (!head) return { from, seals, last };
    const made: Seal = { seq: head.seq, hash: head.hash, at: now.toISOString(), mac: '' };
    made.mac = sealMac(key, last?.mac ?? GENESIS_MAC, made);
    // Written only if no one sealed since this one read the last seal: two seals on one predecessor would fork.
    const written = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
      const [top] = await rowsOf<{ seq: string | null }>(tx, sql`select max(seq)::text as seq from audit_seals`);
      if (Number(top?.seq ?? 0) !== after) return false;
      await tx.insert(auditSeals).values({ seq: made.seq, hash: made.hash, mac: made.mac, sealedAt: now });
      return true;
    });
    if (written) seals += 1;
    if (written && head.seq < after + SEAL_STEP) return { from, seals, last: made };
    // Another process sealed first, or more is left to seal: again, from the newest seal.
  }
}

/**
 * A signed checkpoint of the last seal (checked as the sealer checks it), or null before the first seal. Throws
 * AuditSealRefused when the last seal does not hold.
 */
export async function latestAuditCheckpoint(db: Db, key: Buffer): Promise<AuditCheckpoint | null> {
  const last = await checkedLastSeal(db, key);
  return last && signCheckpoint(key, last.seq, last.hash);
}

/**
 * The chain sealed up to now, and a checkpoint of it: what a backup's manifest records (the operations issue), so
 * that a restore can be checked against it with `audit:verify --checkpoint`.
 */
export async function auditCheckpoint(db: Db, key: Buffer, now: Date): Promise<AuditCheckpoint | null> {
  await sealAuditChain(db, key, now);
  return latestAuditCheckpoint(db, key);
}

/**
 * The logger of the sealing and of the checkpoints: the server's own, at info even when LOG_LEVEL keeps the
 * request log quiet (warn, error), since a checkpoint that is never written cannot be kept; silent stays silent.
 */
export function auditLogger(log: FastifyBaseLogger, level: string): FastifyBaseLogger {
  return log.child({}, { level: ['silent', 'info', 'debug', 'trace'].includes(level) ? level : 'info' });
}

export type AuditLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const HOUR_MS = 60 * 60_000;

/**
 * The server's periodic tasks for the chain: `audit:seal` every minute and `audit:checkpoint` (seal, then log a
 * checkpoint) every hour. A refusal is logged as an error, the same one at most once an hour per process. Each
 * process also remembers the last seal it made or checked: should that seal later be gone from the table (the
 * seals removed, to have a rewritten chain sealed afresh), it refuses and says so.
 */
export function auditChainTasks(opts: { key: Buffer; log: AuditLog }): { periodic: Periodic[]; seal(db: Db, now: Date): Promise<void>; checkpoint(db: Db, now: Date): Promise<void> } {
  const { key, log } = opts;
  let known: { seq: number; mac: string } | null = null;
  let lastRefusal: { message: string; at: number } | null = null;

  const refused = (error: unknown, now: Date) => {
    if (!(error instanceof AuditSealRefused)) throw error;
    const repeat = lastRefusal?.message === error.message && now.getTime() - lastRefusal.at < HOUR_MS;
    if (repeat) return;
    lastRefusal = { message: error.message, at: now.getTime() };
    log.error(`The audit chain was not sealed: ${error.message}. Run npm run audit:verify (README, "Security").`);
  };

  async function seal(db: Db, now: Date): Promise<void> {
    try {
      if (known) {
        const [row] = await rowsOf<{ mac: string }>(db, sql`select mac from audit_seals where seq = ${known.seq}`);
        if (row?.mac !== known.mac) throw new AuditSealRefused(`the seal of event ${known.seq}, which this server made or checked, is gone from the seal table or changed`);
      }
      const result = await sealAuditChain(db, key, now);
      if (result.from === 0 && result.seals > 0 && result.last) {
        // Once after the upgrade; at any other time, a sign that someone removed every seal.
        log.warn(`The audit chain is sealed for the first time, up to event ${result.last.seq}: events written before were protected by the unkeyed chain alone.`);
      }
      if (result.last) known = { seq: result.last.seq, mac: result.last.mac };
      lastRefusal = null;
    } catch (error) {
      refused(error, now);
    }
  }

  async function checkpoint(db: Db, now: Date): Promise<void> {
    await seal(db, now);
    try {
      const made = await latestAuditCheckpoint(db, key);
      if (made) log.info(`audit checkpoint ${formatCheckpoint(made)}`);
    } catch (error) {
      refused(error, now);
    }
  }

  return {
    periodic: [
      { name: 'audit:seal', everyMs: 60_000, run: ({ db, now }) => seal(db, now()) },
      { name: 'audit:checkpoint', everyMs: HOUR_MS, run: ({ db, now }) => checkpoint(db, now()) },
    ],
    seal,
    checkpoint,
  };
}
