-- The patient search, second pass (issue 16). Measured at a million patients:
-- * a search below the cap (a two-word name, an ID fragment) found its matches twice through the trigram index,
--   once to count them and once for the page. Now the one pass that counts them also keeps their ids and
--   registration times (at most cap + 1), and the page is cut from those, sorted newest first: half the work.
-- * PostgreSQL ran the newest-first walk with two parallel workers (a 3 ms walk took 12 ms, and under load every
--   search started two more processes). A search is one short statement among a hundred desks' requests:
--   it runs in its own process only (max_parallel_workers_per_gather, for this statement's transaction).
-- * The newest patients are the ones a busy desk registers, and the newest-first walk reads them first; the
--   walk reads search_text from the index, but must visit the table for rows not yet marked all-visible, which
--   for insert-only rows happened only after a fifth of the table had been added (200,000 patients). Vacuuming
--   the registry after every 1% (plus 1,000) of new patients keeps the walk in the index.
CREATE OR REPLACE FUNCTION patient_search(
  p1 text, p2 text, p3 text, p4 text, p5 text,
  facility integer, use_trigram boolean, known_capped boolean, cap integer, page_limit integer, page_offset integer,
  OUT total integer, OUT ids integer[]
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  patterns text[] := array_remove(ARRAY[p1, p2, p3, p4, p5], NULL);
  cond text := 'true';
  found integer[];
BEGIN
  FOR i IN 1 .. coalesce(array_length(patterns, 1), 0) LOOP
    cond := cond || format(' AND search_text LIKE lower($1[%s])', i);
  END LOOP;
  IF facility IS NOT NULL THEN
    cond := cond || ' AND facility_id = $2';
  END IF;
  PERFORM set_config('max_parallel_workers_per_gather', '0', true);
  IF known_capped THEN
    total := cap + 1;
  ELSE
    IF use_trigram THEN
      PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
        set_config('enable_indexonlyscan', 'off', true), set_config('enable_bitmapscan', 'on', true);
    END IF;
    EXECUTE format(
      'SELECT count(*)::int, coalesce(array_agg(id ORDER BY created_at DESC, id DESC), ARRAY[]::integer[]) FROM ' ||
      '(SELECT id, created_at FROM patients WHERE %s LIMIT $3) m', cond)
      INTO total, found USING patterns, facility, cap + 1;
    IF total <= cap THEN
      ids := found[page_offset + 1 : page_offset + page_limit];
      RETURN;
    END IF;
  END IF;
  -- More than cap matches: the page is a walk of the newest-first index; a page past the first cap is empty.
  IF page_offset >= cap THEN
    ids := ARRAY[]::integer[];
    RETURN;
  END IF;
  IF use_trigram THEN
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'on', true),
      set_config('enable_indexonlyscan', 'on', true), set_config('enable_bitmapscan', 'off', true);
  END IF;
  EXECUTE format(
    'SELECT coalesce(array_agg(id ORDER BY created_at DESC, id DESC), ARRAY[]::integer[]) FROM ' ||
    '(SELECT id, created_at FROM patients WHERE %s ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) page', cond)
    INTO ids USING patterns, facility, page_limit, page_offset;
END
$$;
--> statement-breakpoint
ALTER TABLE "patients" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 1000);
--> statement-breakpoint
-- A facility's id and sub-county are where it is for every scope check, and the server keeps them once found
-- (facilities.service.ts, facilityDirectory): they never change. System Settings changes a facility's status,
-- beds, cots and services only.
CREATE OR REPLACE FUNCTION facilities_place_fixed() RETURNS trigger AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.subcounty IS DISTINCT FROM OLD.subcounty THEN
    RAISE EXCEPTION 'a facility''s id and sub-county do not change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER facilities_place_fixed BEFORE UPDATE OF id, subcounty ON facilities FOR EACH ROW EXECUTE FUNCTION facilities_place_fixed();
--> statement-breakpoint
-- The county's patient total was a sum over patient_counts (about 20,000 rows of facility, gender and year of
-- birth at a million patients, ~1 ms), read by every registry page and county dashboard. It is now kept in 16
-- shards by patient id as well, in the same trigger and transaction: a sum of 16 rows, and registrations at the
-- same moment (consecutive ids) update different rows, so none waits for another's commit.
CREATE TABLE "patient_total_shards" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"patients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO patient_total_shards (shard, patients) SELECT id % 16, count(*)::integer FROM patients GROUP BY 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_total_add(in_shard smallint, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO patient_total_shards AS t (shard, patients) VALUES (in_shard, delta)
  ON CONFLICT (shard) DO UPDATE SET patients = t.patients + excluded.patients;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM patient_counts_add(OLD.facility_id, OLD.gender, OLD.date_of_birth, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM patient_counts_add(NEW.facility_id, NEW.gender, NEW.date_of_birth, 1);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_total_add((NEW.id % 16)::smallint, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_total_add((OLD.id % 16)::smallint, -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
