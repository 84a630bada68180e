import type { Database } from "./client.server";

/**
 * A statement built once per database handle, then run with its placeholders
 * filled: drizzle builds no SQL per call, and PostgreSQL parses and plans a
 * named statement once per connection rather than on every call. For the
 * statements every checkout and form runs.
 *
 * A prepared statement freezes everything decided when it is built: give each
 * value that changes per call (a `$onUpdate` or `$defaultFn` column's value
 * included, or it stays the first call's) as a `sql.placeholder`. `name` must
 * be unique in the process (it names the statement on the PostgreSQL connection);
 * tests/unit/server-layers.test.ts checks that it is.
 */
export function preparedStatement<Statement>(name: string, build: (db: Database, name: string) => Statement): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}
