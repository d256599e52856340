import type { Db } from './client';

/**
 * A value made once per database: a query built once (Drizzle `.prepare('name')` with
 * `sql.placeholder`s, so PostgreSQL parses and plans the named statement once per connection), or a
 * loader that gathers lookups (lib/coalesce.ts).
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = build(db);
      made.set(db, value);
    }
    return value;
  };
}
