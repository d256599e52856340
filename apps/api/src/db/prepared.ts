import type { Db } from './client';

/**
 * A query built once per database (Drizzle `.prepare('name')` with `sql.placeholder`s) for the hottest
 * reads: the SQL text is made once, and PostgreSQL parses and plans the named statement once per connection.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let query = made.get(db);
    if (!query) {
      query = build(db);
      made.set(db, query);
    }
    return query;
  };
}
