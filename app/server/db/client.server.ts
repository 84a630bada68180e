import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { keepNewFilesPrivate, tightenDataDir } from "~/server/platform/data-dir.server";
import { lockDataDir } from "~/server/platform/data-dir-lock.server";

import * as schema from "./schema.server";

type Schema = typeof schema;
/** The one database type every domain service takes: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** What a listener on a channel hears: a notice, or that notices may have been missed (its connection dropped, then came back). */
interface ChannelListener {
  onNotice(): void;
  /** The connection carrying notices is gone: until `onNotice` is heard again, assume anything changed. */
  onLost(): void;
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  ping(): Promise<void>;
  /** LISTENs on a channel until the handle closes; on PostgreSQL it reconnects by itself after a drop. */
  listen(channel: string, listener: ChannelListener): Promise<void>;
  close(): Promise<void>;
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

export async function openEmbeddedDatabase(dataDir: string): Promise<DatabaseHandle> {
  keepNewFilesPrivate();
  const release = await lockDataDir(dataDir);
  try {
    // An install made before these modes, possibly world-readable, is fixed before it is opened.
    tightenDataDir(dataDir);
    const client = await PGlite.create({ dataDir: join(dataDir, "db") });
    try {
      // Opening sets some modes past the umask: its initial files 0666 and its relation cache 0644.
      tightenDataDir(dataDir);
    } catch (error) {
      await client.close();
      throw error;
    }
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
    async listen(channel, listener) {
      // One process, one connection: notices are heard as the committing query returns, and never lost.
      await client.listen(channel, () => listener.onNotice());
    },
    async close() {
      await client.close();
      await release();
    },
  };
}

/** The longest a query may take by default: the app's own take milliseconds, the CSV exports well under a second. */
const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export function openPostgresDatabase(url: string, options: { max?: number; queryTimeoutMs?: number } = {}): DatabaseHandle & { pool: pg.Pool } {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A database that stops answering without closing its connections would otherwise hold every request
    // forever: the query fails after this long, as if the connection had dropped (the 503 path), and the
    // server abandons it too. Dead peers are found by TCP keepalive.
    query_timeout: queryTimeoutMs,
    statement_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL pool error: ${error.message}`));
  // Nor a checked-out one (a transaction between statements when the server restarts): the pool takes its
  // listener off while a client is lent, and an 'error' nobody hears ends the process. The query in flight
  // is told anyway, and the client, no longer queryable, is dropped when it comes back to the pool.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  const listeners: { stop(): Promise<void> }[] = [];
  return {
    db,
    pool,
    driver: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async listen(channel, listener) {
      listeners.push(await listenWithReconnect(url, channel, listener));
    },
    async close() {
      await Promise.all(listeners.map((each) => each.stop()));
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * A connection of its own that LISTENs on a channel. When it drops (a
 * database restart, a failover), the listener hears `onLost` at once, and
 * `onNotice` once a new connection listens again: notices sent in between
 * are lost, so the listener treats both as "anything may have changed".
 */
async function listenWithReconnect(url: string, channel: string, listener: ChannelListener): Promise<{ stop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    // Without a handler an error event would end the process; the end event that follows reconnects.
    next.on("error", () => {});
    next.on("notification", (notice) => {
      if (notice.channel === channel) listener.onNotice();
    });
    next.once("end", () => {
      if (client !== next || stopped) return;
      client = undefined;
      listener.onLost();
      scheduleRetry();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
  };

  const scheduleRetry = () => {
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures++;
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) listener.onNotice();
        },
        () => {
          if (!stopped) scheduleRetry();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/** The PostgreSQL server named by DATABASE_URL did not let the server start: unreachable, or refusing its login or database. */
class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/**
 * A failure to connect, as one line naming DATABASE_URL (its password left out); anything else, as it is.
 * Network errors (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…), and PostgreSQL's own refusals of a connection:
 * classes 08 (connection), 28 (login) and 3D (no such database).
 */
export function asConnectionFailure(error: unknown, databaseUrl: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const refused = typeof code === "string" && (/^E[A-Z]+$/.test(code) || /^(08|28|3D)/.test(code));
  const timedOut = /timeout/i.test(message) && /connect/i.test(message);
  if (!refused && !timedOut) return error;
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  return new DatabaseUnreachableError(`Could not connect to the database DATABASE_URL names (${where}): ${message}`, { cause: error });
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgresDatabase(config.databaseUrl) : openEmbeddedDatabase(config.dataDir);
}

/** Arbitrary but fixed: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_412_031;

/** Applies the committed migrations not yet applied (from another folder of them when given). */
export async function migrateDatabase(handle: DatabaseHandle, folder: string = migrationsFolder()): Promise<void> {
  const config = { migrationsFolder: folder };
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], config);
    return;
  }
  const { pool } = handle as DatabaseHandle & { pool: pg.Pool };
  // A connection of its own, without the pool's query limit: a migration may rewrite a large table, and
  // waiting for another instance's migrations to finish takes as long as they do.
  const client = new pg.Client({ connectionString: pool.options.connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client, schema }), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
