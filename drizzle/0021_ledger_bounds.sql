CREATE INDEX "account_balances_account_idx" ON "account_balances" USING btree ("account_code");--> statement-breakpoint
-- What the books may hold (issue 25; docs/decisions/0013-ledger.md "Bounds"). The balance check of migration 0014
-- also refuses, at commit, a journal that moves more than KES 999,999,999,999 — one line's maximum, the ceiling
-- post() applies first with a per-field message — whatever code path writes it. Exempt: the ledger's own year-end
-- close (it moves what the year holds, in lines of at most that), a reversal that mirrors the journal it reverses
-- (the cure of a journal posted before the ceiling existed), and a rejected journal (it never posts).
CREATE OR REPLACE FUNCTION journal_balanced_check() RETURNS trigger AS $$
DECLARE
  jid integer;
  n integer;
  d numeric;
  c numeric;
  j record;
BEGIN
  IF TG_TABLE_NAME = 'journals' THEN
    jid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    jid := OLD.journal_id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  SELECT status, source_type, reverses_id INTO j FROM journals WHERE id = jid;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0) INTO n, d, c FROM journal_lines WHERE journal_id = jid;
  IF n < 2 THEN
    RAISE EXCEPTION 'Journal % has % line(s): a journal needs at least two lines', jid, n USING ERRCODE = '23514', CONSTRAINT = 'journal_balanced';
  END IF;
  IF d <> c THEN
    RAISE EXCEPTION 'Journal % does not balance: debits % and credits %', jid, d, c USING ERRCODE = '23514', CONSTRAINT = 'journal_balanced';
  END IF;
  IF d > 999999999999 AND j.status <> 'rejected' AND j.source_type <> 'year_close'
     AND NOT (j.source_type = 'reversal' AND d = (SELECT coalesce(sum(debit), 0) FROM journal_lines WHERE journal_id = j.reverses_id)) THEN
    RAISE EXCEPTION 'Journal % moves KES %: a journal may move at most KES 999,999,999,999', jid, d USING ERRCODE = '23514', CONSTRAINT = 'journal_ceiling';
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
