import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The rows after row `id` in a list kept newest first (by time, then id): the page after the one it ended.
 * Keyed on the row and compared in the database, so a row sharing its time is not skipped, nor one in the
 * same millisecond (PostgreSQL keeps microseconds; JavaScript's dates do not). No rows for an unknown id.
 */
export function rowsAfter(table: PgTable & { createdAt: PgColumn; id: PgColumn }, id: string): SQL {
  return sql`(${table.createdAt}, ${table.id}) < (select ${table.createdAt}, ${table.id} from ${table} where ${table.id} = ${id})`;
}
