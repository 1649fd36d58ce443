-- The audit chain sealed with a key the database never holds (issue 25 finding 10, docs/decisions/0016). The chain
-- of migration 0007 stays as it is: the database still numbers and links every event as it commits, sha256 over the
-- previous hash and the event's fields, so no event is rewritten here. What is new is the seal the server writes
-- every minute: HMAC-SHA256, with AUDIT_CHAIN_KEY, over the seal before it and the last event's seq and hash
-- (core/audit-chain.ts). Events written before the first seal after this upgrade were protected by the unkeyed
-- chain alone; the first sealing seals them as they are then.
CREATE TABLE "audit_seals" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"mac" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Insert-only, as audit_events: a seal is never changed or taken back (the app's role may not even try, db/roles.ts).
CREATE OR REPLACE FUNCTION audit_seals_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_seals is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_seals_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_seals
  FOR EACH ROW EXECUTE FUNCTION audit_seals_append_only();
