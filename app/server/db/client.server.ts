import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "./schema.server";

export type Schema = typeof schema;
/** The one database type every domain service takes: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** drizzle/ holds the committed migrations; found by walking up from this module (source or bundle). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return join(dir, "drizzle");
    const parent = dirname(dir);
    if (parent === dir) return resolve("drizzle");
    dir = parent;
  }
}

/**
 * PGlite has no file locking of its own: two processes on one data directory
 * silently lose writes. So the directory is locked for as long as we hold it.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, "db.lock"),
      // Opening PGlite blocks the event loop for seconds (longer on a loaded machine), so the
      // lock is only taken over when its holder has not touched it for a full minute.
      stale: 60_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirLockedError(
        `Another process is using the embedded database in ${resolve(dataDir)}. Stop it, or set DATA_DIR to another directory (or DATABASE_URL for PostgreSQL).`,
      );
    }
    throw error;
  }
}

export async function openEmbeddedDatabase(dataDir: string): Promise<DatabaseHandle> {
  const release = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: join(dataDir, "db") });
    return pgliteHandle(client, release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** An in-memory PGlite, optionally restored from a dumped data directory (fast per-test databases). */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<DatabaseHandle & { client: PGlite }> {
  const client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  return pgliteHandle(client, async () => {});
}

function pgliteHandle(client: PGlite, release: () => Promise<void>): DatabaseHandle & { client: PGlite } {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    client,
    driver: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
      await release();
    },
  };
}

export function openPostgresDatabase(url: string, options: { max?: number } = {}): DatabaseHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL pool error: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    pool,
    driver: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgresDatabase(config.databaseUrl) : openEmbeddedDatabase(config.dataDir);
}

/** Arbitrary but fixed: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_412_031;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], config);
    return;
  }
  const { pool } = handle as DatabaseHandle & { pool: pg.Pool };
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client, schema }), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
