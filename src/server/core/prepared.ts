// Hot queries built once (issue 16). Drizzle builds a query's SQL text from its tree on every call, about a third
// of the server's own CPU on the request path; a prepared query keeps the text and takes only its parameters. On
// PostgreSQL it is also a named statement, parsed and planned once per connection. A prepared query belongs to the
// database handle it was built on, so they are kept per handle: the server's one handle in production, each
// test's own. A transaction is a handle of its own and builds its queries afresh (hot queries run outside one).
import type { Db } from '../db/client.js';

const byHandle = new WeakMap<Db, Map<string, unknown>>();

/**
 * The query `name` built by `build` on `db`, built on first use. The name is also the statement's name on
 * PostgreSQL, so it must be unique in the server and the query's shape must not depend on anything but `db`
 * (values go in as placeholders: `sql.placeholder('id')`).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = byHandle.get(db);
  if (!queries) {
    queries = new Map();
    byHandle.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db, name);
    queries.set(name, query);
  }
  return query;
}
