-- The audit trail becomes tamper-evident (issue 11, finding 3): every event carries the hash of the event before
-- it and its own, sha256 over that hash and its fields, in one chain numbered by `seq`. Changing, removing or
-- inserting an event in the middle breaks the chain; `npm run audit:verify` and GET /api/audit-events/verify
-- recompute it outside the database (src/server/core/audit-chain.ts) and report the first broken link.
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
-- One field as it enters the hash: `N;` for null, else its length in bytes, a colon, the text and `;`, so that no two
-- different events can be written alike. core/audit-chain.ts writes the same in TypeScript.
CREATE OR REPLACE FUNCTION audit_chain_field(v text) RETURNS text AS $$
  SELECT CASE WHEN v IS NULL THEN 'N;' ELSE octet_length(v)::text || ':' || v || ';' END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_event_hash(prev_hash text, seq bigint, e audit_events) RETURNS text AS $$
  SELECT encode(sha256(convert_to(
    audit_chain_field(prev_hash) || audit_chain_field(seq::text) || audit_chain_field(e.id::text) ||
    audit_chain_field(to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) ||
    audit_chain_field(e.user_id::text) || audit_chain_field(e.action) || audit_chain_field(e.entity) ||
    audit_chain_field(e.entity_id) || audit_chain_field(e.outcome) || audit_chain_field(e.ip) || audit_chain_field(e.detail),
    'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Still append-only: the one update allowed is the chain's own, writing seq and the hashes of an event not yet
-- chained and changing nothing else.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.seq IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.at, NEW.user_id, NEW.action, NEW.entity, NEW.entity_id, NEW.outcome, NEW.ip, NEW.detail)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.user_id, OLD.action, OLD.entity, OLD.entity_id, OLD.outcome, OLD.ip, OLD.detail) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Chains one event: the next seq and the hash over the last chained event's hash. An advisory lock makes the
-- chaining one at a time across connections; it runs as the transaction commits (a deferred trigger, below), so
-- the lock is held only for the commit and never while the transaction waits for anything else.
-- SECURITY DEFINER: it runs as the owner of the table, so an app role that may only INSERT and SELECT on
-- audit_events (README, "Security") still gets its events chained.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7406110001);
  SELECT a.seq, a.hash INTO last_seq, last_hash FROM audit_events a WHERE a.seq IS NOT NULL ORDER BY a.seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0) + 1;
  last_hash := coalesce(last_hash, repeat('0', 64));
  UPDATE audit_events SET seq = last_seq, prev_hash = last_hash, hash = audit_event_hash(last_hash, last_seq, NEW) WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
-- The events already written, chained in the order of their ids.
DO $$
DECLARE
  e audit_events;
  n bigint := 0;
  h text := repeat('0', 64);
BEGIN
  FOR e IN SELECT * FROM audit_events ORDER BY id LOOP
    n := n + 1;
    UPDATE audit_events SET seq = n, prev_hash = h, hash = audit_event_hash(h, n, e) WHERE id = e.id RETURNING hash INTO h;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_events_chain AFTER INSERT ON audit_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_idx" ON "audit_events" USING btree ("seq");
