-- The request path under load (issue 16). A patient search was a transaction of six or seven statements: BEGIN,
-- the planner settings for the way of finding matches, the capped count, the settings again when the count was
-- capped, the page's ids, COMMIT. This function does the same work in one statement, so one round trip:
-- * the words' patterns (`%word%`, the user's own % _ \ escaped by the server) each match the lower-cased
--   search_text; with a facility, only its patients;
-- * with every word of three letters or more (use_trigram), matches are counted up to cap + 1 through the
--   trigram index only, and when there are more than cap the page is found by walking the newest-first index
--   (patients.service.ts, findMatchesBy, says why the planner must not choose); with a shorter word the planner
--   chooses, as before;
-- * the page is the matches newest first, from page_offset, at most page_limit; a page past the first cap
--   matches is empty.
-- * known_capped: the server saw these words match more than cap patients a few minutes ago (patients are never
--   deleted, so they still do): no count, total is cap + 1, and the page is found newest-first at once. A common
--   surname's count is most of a search's cost (1,001 matches found and checked), and it is the same every time.
-- It answers the count (up to cap + 1) and the page's ids in order. set_config(…, true) lasts to the end of the
-- statement's transaction, so the settings never leak into the connection's next statement.
CREATE OR REPLACE FUNCTION patient_search(
  p1 text, p2 text, p3 text, p4 text, p5 text,
  facility integer, use_trigram boolean, known_capped boolean, cap integer, page_limit integer, page_offset integer,
  OUT total integer, OUT ids integer[]
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  patterns text[] := array_remove(ARRAY[p1, p2, p3, p4, p5], NULL);
  cond text := 'true';
BEGIN
  FOR i IN 1 .. coalesce(array_length(patterns, 1), 0) LOOP
    cond := cond || format(' AND search_text LIKE lower($1[%s])', i);
  END LOOP;
  IF facility IS NOT NULL THEN
    cond := cond || ' AND facility_id = $2';
  END IF;
  IF use_trigram THEN
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true), set_config('enable_bitmapscan', 'on', true);
  END IF;
  IF known_capped THEN
    total := cap + 1;
  ELSE
    EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM patients WHERE %s LIMIT $3) m', cond)
      INTO total USING patterns, facility, cap + 1;
  END IF;
  IF page_offset >= least(total, cap) THEN
    ids := ARRAY[]::integer[];
    RETURN;
  END IF;
  IF use_trigram AND total > cap THEN
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'on', true),
      set_config('enable_indexonlyscan', 'on', true), set_config('enable_bitmapscan', 'off', true);
  END IF;
  EXECUTE format(
    'SELECT coalesce(array_agg(id ORDER BY created_at DESC, id DESC), ARRAY[]::integer[]) FROM ' ||
    '(SELECT id, created_at FROM patients WHERE %s ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) page', cond)
    INTO ids USING patterns, facility, page_limit, page_offset;
END
$$;
