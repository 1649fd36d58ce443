// The audit chain, checked (issue 11, finding 3). Each audit event carries seq, the hash of the event before it and
// its own hash: sha256 over the previous hash and the event's fields, written by the database as the event's
// transaction commits (migration 0007_audit_chain). This recomputes every hash here, in TypeScript, from the
// stored values, so a verifier does not trust the database's own hash function, and reports the first link that
// does not hold: an event changed, one removed, or one the chain never reached.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditChainReport } from '../../shared/audit/index.js';
import type { Db } from '../db/client.js';

export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 5_000;

/** One field as it enters the hash: `N;` for null, else its length in UTF-8 bytes, `:`, the text and `;`. */
const field = (v: string | null): string => (v === null ? 'N;' : `${Buffer.byteLength(v, 'utf8')}:${v};`);

type ChainRow = {
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

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Walks the whole chain in order of seq and reports the first broken link, if any. */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  let last: AuditChainReport['last'] = null;
  const broken = (seq: number | null, eventId: number, problem: NonNullable<AuditChainReport['firstBroken']>['problem'], message: string): AuditChainReport => ({
    intact: false,
    checked,
    last,
    firstBroken: { seq, eventId, problem, message },
  });
  for (;;) {
    // Every field as text, the time to the microsecond in UTC: exactly what the database hashed. (Ordered by the
    // column, not by its text of the same name.)
    const rows = await rowsOf<ChainRow>(
      db,
      sql`select id::text, seq::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, user_id::text,
            action, entity, entity_id, outcome, ip, detail, prev_hash, hash
          from audit_events where audit_events.seq >= ${expectedSeq} order by audit_events.seq limit ${BATCH}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      if (seq !== expectedSeq) {
        return broken(seq, id, 'missing', `Audit events ${expectedSeq}${seq - 1 > expectedSeq ? `–${seq - 1}` : ''} of the chain are missing: removed before event ${seq} (id ${id}).`);
      }
      if (row.prev_hash !== prevHash) {
        return broken(seq, id, 'relinked', `Audit event ${seq} (id ${id}) does not follow the event before it: the chain was rewritten at this point.`);
      }
      if (row.hash !== eventHash(prevHash, row)) {
        return broken(seq, id, 'changed', `Audit event ${seq} (id ${id}) was changed after it was written: its hash does not match its contents.`);
      }
      prevHash = row.hash;
      last = { seq, hash: row.hash };
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
  return { intact: true, checked, last, firstBroken: null };
}
