// The audit chain, checked (issue 11, finding 3), and sealed with a key (issue 25, finding 10; ADR 0016).
//
// Each audit event carries seq, the hash of the event before it and its own hash: sha256 over the previous hash and
// the event's fields, written by the database as the event's transaction commits (migration 0007_audit_chain). That
// chain alone cannot stop whoever owns the database: change an event, recompute every later hash with the
// database's own function, and every link holds again. So the server seals the chain (core/audit-seal.ts): a seal is
// an HMAC, with a key the database never holds, over the seal before it and the chain's seq and hash at that point.
// A seal vouches for every event up to its seq (each hash covers all before it), and making one needs the key.
//
// This recomputes every hash here, in TypeScript, from the stored values, so a verifier does not trust the
// database's own hash function, checks every seal with the key, and reports the first thing that does not hold.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AUDIT_CHECKPOINT_PATTERN, type AuditChainReport } from '../../shared/audit/index.js';
import type { Db } from '../db/client.js';

export const GENESIS_HASH = '0'.repeat(64);
/** The "previous seal" of the first seal. */
export const GENESIS_MAC = '0'.repeat(64);
const BATCH = 5_000;

/** One field as it enters a hash or a mac: `N;` for null, else its length in UTF-8 bytes, `:`, the text and `;`. */
const field = (v: string | null): string => (v === null ? 'N;' : `${Buffer.byteLength(v, 'utf8')}:${v};`);

export type ChainRow = {
  id: string;
  seq: string;
  at: string;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  outcome: string;
  ip: string | null;
  detail: string | null;
  prev_hash: string | null;
  hash: string | null;
};

/** The hash of an event, as audit_event_hash() in the migration writes it. */
export function eventHash(prevHash: string, e: Omit<ChainRow, 'prev_hash' | 'hash'>): string {
  const text = [prevHash, e.seq, e.id, e.at, e.user_id, e.action, e.entity, e.entity_id, e.outcome, e.ip, e.detail].map(field).join('');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A seal as stored (audit_seals): the last event it covers, that event's hash, its mac, and when it was made. */
export type Seal = { seq: number; hash: string; mac: string; at: string };

/**
 * A seal's mac: HMAC-SHA256 with the key over the previous seal's mac and this seal's seq, hash and time. The first
 * field names what is signed, so a seal's mac can never pass for a checkpoint's signature or the other way round.
 */
export function sealMac(key: Buffer, prevMac: string, seal: Omit<Seal, 'mac'>): string {
  const text = ['afyakaunti audit seal 1', prevMac, String(seal.seq), seal.hash, seal.at].map(field).join('');
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

const HEX_DIGEST = /^[0-9a-f]{64}$/;

/** Two hex digests alike, compared in constant time (a mac must not be guessed a byte at a time). */
export function sameDigest(a: string, b: string): boolean {
  return HEX_DIGEST.test(a) && HEX_DIGEST.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * A checkpoint: an event's seq and hash, signed with the key. The server logs one every hour (core/audit-seal.ts);
 * kept outside the database (a log, a backup's manifest), it shows later that the chain still holds that event with
 * that hash: what no seal can show once someone removed the seals themselves, or events from the very end.
 */
export type AuditCheckpoint = { seq: number; hash: string; signature: string };

export function signCheckpoint(key: Buffer, seq: number, hash: string): AuditCheckpoint {
  const text = ['afyakaunti audit checkpoint 1', String(seq), hash].map(field).join('');
  return { seq, hash, signature: createHmac('sha256', key).update(text, 'utf8').digest('hex') };
}

/** `<seq>:<hash>:<signature>`, as the log line carries it and `audit:verify --checkpoint` takes it. */
export const formatCheckpoint = (c: AuditCheckpoint): string => `${c.seq}:${c.hash}:${c.signature}`;

/** A checkpoint from its text (with or without the log line's "audit checkpoint"), or null when it is not one. */
export function parseCheckpoint(text: string): AuditCheckpoint | null {
  const m = AUDIT_CHECKPOINT_PATTERN.exec(text.trim());
  return m ? { seq: Number(m[1]), hash: m[2]!, signature: m[3]! } : null;
}

/** Rows of a raw query, whichever driver runs the database. */
export const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Chained events in order of seq, from `fromSeq` on (up to `toSeq` when given), at most `limit`: every field as
 * text, the time to the microsecond in UTC, exactly what the database hashed. (Ordered by the column, not by its
 * text of the same name.)
 */
export function readChain(db: Db, fromSeq: number, toSeq: number | null, limit: number): Promise<ChainRow[]> {
  return rowsOf<ChainRow>(
    db,
    sql`select id::text, seq::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, user_id::text,
          action, entity, entity_id, outcome, ip, detail, prev_hash, hash
        from audit_events where audit_events.seq >= ${fromSeq} ${toSeq === null ? sql`` : sql`and audit_events.seq <= ${toSeq}`}
        order by audit_events.seq limit ${limit}`,
  );
}

export type LinkProblem = { problem: 'missing' | 'relinked' | 'changed'; message: string };

/** Whether `row` is the event that should come next: seq `expectedSeq`, after `prevHash`, its hash its contents'. */
export function linkProblem(row: ChainRow, expectedSeq: number, prevHash: string): LinkProblem | null {
  const seq = Number(row.seq);
  if (seq !== expectedSeq) {
    return { problem: 'missing', message: `Audit events ${expectedSeq}${seq - 1 > expectedSeq ? `–${seq - 1}` : ''} of the chain are missing: removed before event ${seq} (id ${row.id}).` };
  }
  if (row.prev_hash !== prevHash) return { problem: 'relinked', message: `Audit event ${seq} (id ${row.id}) does not follow the event before it: the chain was rewritten at this point.` };
  if (row.hash !== eventHash(prevHash, row)) return { problem: 'changed', message: `Audit event ${seq} (id ${row.id}) was changed after it was written: its hash does not match its contents.` };
  return null;
}

type SealRow = { seq: string; hash: string; mac: string; at: string };

const toSeal = (r: SealRow): Seal => ({ seq: Number(r.seq), hash: r.hash, mac: r.mac, at: r.at });

/** The seals' columns, the time to the millisecond in UTC: what the server signed (JavaScript's toISOString). */
export const SEAL_COLUMNS = sql`seq::text, hash, mac, to_char(sealed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`;

/** The last `n` seals, newest first. */
export async function lastSeals(db: Db, n: number): Promise<Seal[]> {
  return (await rowsOf<SealRow>(db, sql`select ${SEAL_COLUMNS} from audit_seals order by audit_seals.seq desc limit ${n}`)).map(toSeal);
}

/** The seals up to `upto`, in order, a batch at a time. */
function sealCursor(db: Db, upto: number) {
  let batch: Seal[] = [];
  let i = 0;
  let after: number | null = null;
  let done = false;
  return {
    async next(): Promise<Seal | null> {
      if (i === batch.length && !done) {
        const rows = await rowsOf<SealRow>(
          db,
          sql`select ${SEAL_COLUMNS} from audit_seals
              where audit_seals.seq <= ${upto} ${after === null ? sql`` : sql`and audit_seals.seq > ${after}`}
              order by audit_seals.seq limit ${BATCH}`,
        );
        batch = rows.map(toSeal);
        i = 0;
        done = rows.length < BATCH;
        if (batch.length) after = batch[batch.length - 1]!.seq;
      }
      return i < batch.length ? batch[i++]! : null;
    },
  };
}

/** "audit event 7" or "audit events 7–9". */
const span = (from: number, to: number) => (from === to ? `audit event ${from}` : `audit events ${from}–${to}`);
/** "Audit event 7 was" or "Audit events 7–9 were". */
const spanWas = (from: number, to: number) => (from === to ? `Audit event ${from} was` : `Audit events ${from}–${to} were`);

/**
 * Walks the whole chain in order of seq, checks every link and every seal with `key` (and, when given, that the
 * chain still holds the checkpoint's event with its hash), and reports the first thing that does not hold.
 */
export async function verifyAuditChain(db: Db, key: Buffer, opts: { checkpoint?: AuditCheckpoint } = {}): Promise<AuditChainReport> {
  const checkpoint = opts.checkpoint ?? null;
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  let last: AuditChainReport['last'] = null;
  let sealed: AuditChainReport['sealed'] = null;
  let prevMac = GENESIS_MAC;
  let sealCount = 0;
  let firstSealAt: string | null = null;
  /** Whether the chain held the checkpoint's event with its hash; null: not reached. */
  let checkpointHeld: boolean | null = null;

  const report = (firstBroken: AuditChainReport['firstBroken']): AuditChainReport => ({
    intact: firstBroken === null,
    checked,
    last,
    sealed,
    unsealed: Math.max(0, (firstBroken ? checked : (last?.seq ?? 0)) - (sealed?.seq ?? 0)),
    checkpoint: checkpoint && { seq: checkpoint.seq, hash: checkpoint.hash, verified: checkpointHeld === true },
    firstBroken,
  });
  type Problem = NonNullable<AuditChainReport['firstBroken']>['problem'];
  const broken = (seq: number | null, eventId: number | null, problem: Problem, message: string, covers: { from: number; to: number } | null = null) =>
    report({ seq, eventId, problem, message, range: covers });
  /** Events the key vouches for stop at the last good seal: a broken seal puts every event after it in doubt. */
  const backToLastSeal = () => {
    checked = sealed?.seq ?? 0;
  };

  if (checkpoint && !sameDigest(checkpoint.signature, signCheckpoint(key, checkpoint.seq, checkpoint.hash).signature)) {
    return broken(
      checkpoint.seq,
      null,
      'checkpoint',
      `The checkpoint of event ${checkpoint.seq} does not verify with this key: it was made with another key, altered, or copied wrong.`,
    );
  }

  // One snapshot says how far to look: events and seals committed while the walk runs are left for the next check
  // (a seal always comes after the events it covers, so a seal seen here has its events seen too).
  const [heads] = await rowsOf<{ events: string | null; seals: string | null }>(
    db,
    sql`select (select max(seq) from audit_events)::text as events, (select max(seq) from audit_seals)::text as seals`,
  );
  const eventHead = Number(heads?.events ?? 0);
  const seals = sealCursor(db, Number(heads?.seals ?? Number.MIN_SAFE_INTEGER));
  let seal = await seals.next();

  for (;;) {
    const rows = await readChain(db, expectedSeq, eventHead, BATCH);
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      const link = linkProblem(row, expectedSeq, prevHash);
      if (link) return broken(seq, id, link.problem, link.message);
      if (seal && seal.seq < seq) {
        backToLastSeal();
        return broken(seal.seq, null, 'forged-seal', `There is a seal of event ${seal.seq}, which the chain never had: the seal table was changed without the key.`);
      }
      if (seal && seal.seq === seq) {
        const covers = { from: (sealed?.seq ?? 0) + 1, to: seq };
        if (!sameDigest(seal.mac, sealMac(key, prevMac, seal))) {
          backToLastSeal();
          return broken(
            seq,
            id,
            'forged-seal',
            `The seal of ${span(covers.from, covers.to)} was not made with this key: the seal table was changed (a seal altered, forged, or one before it removed), or the key is not the one the chain was sealed with.`,
            covers,
          );
        }
        if (seal.hash !== row.hash) {
          backToLastSeal();
          return broken(
            seq,
            id,
            'rewritten',
            `${spanWas(covers.from, covers.to)} rewritten after they were sealed (${seal.at}): the chain's hash at event ${seq} is no longer the one the key sealed.`,
            covers,
          );
        }
        prevMac = seal.mac;
        sealCount += 1;
        firstSealAt ??= seal.at;
        sealed = { seq, at: seal.at, seals: sealCount, firstAt: firstSealAt };
        seal = await seals.next();
      }
      if (checkpoint && checkpoint.seq === seq) {
        if (row.hash !== checkpoint.hash) {
          checked = 0;
          checkpointHeld = false;
          return broken(
            seq,
            id,
            'rewritten',
            `Audit event ${seq} no longer has the checkpoint's hash: events up to ${seq} were rewritten after the checkpoint was taken.`,
            { from: 1, to: seq },
          );
        }
        checkpointHeld = true;
      }
      prevHash = row.hash!;
      last = { seq, hash: row.hash! };
      expectedSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  // Committed events the chain never reached: written with the chaining trigger switched off.
  const [unchained] = await rowsOf<{ id: string }>(db, sql`select id::text from audit_events where seq is null order by audit_events.id limit 1`);
  if (unchained) {
    return broken(null, Number(unchained.id), 'unchained', `Audit event id ${unchained.id} is not in the chain: it was written with the chaining switched off.`);
  }
  const end = last?.seq ?? 0;
  // Removed from the very end, the chain is shorter but whole: a seal, or the checkpoint, of a later event says so.
  if (seal) {
    const covers = { from: (sealed?.seq ?? 0) + 1, to: seal.seq };
    backToLastSeal();
    if (!sameDigest(seal.mac, sealMac(key, prevMac, seal))) {
      return broken(seal.seq, null, 'forged-seal', `There is a seal of event ${seal.seq}, past the chain's end (${end}), that was not made with this key: the seal table was changed.`, covers);
    }
    return broken(seal.seq, null, 'truncated', `${spanWas(end + 1, seal.seq)} removed from the end of the chain: a seal made ${seal.at} covers them, and the chain now ends at ${end}.`, {
      from: end + 1,
      to: seal.seq,
    });
  }
  if (checkpoint && checkpointHeld === null) {
    return broken(checkpoint.seq, null, 'truncated', `${spanWas(end + 1, checkpoint.seq)} removed from the end of the chain: the checkpoint is of event ${checkpoint.seq}, and the chain now ends at ${end}.`, {
      from: end + 1,
      to: checkpoint.seq,
    });
  }
  return report(null);
}
