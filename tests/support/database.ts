import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import {
  migrateDatabase,
  openMemoryDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from "~/server/db/client.server";

export const testDriver = (process.env.TEST_DB_DRIVER ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated database of its own for one test file: PGlite restored from
 * the migrated template, or a new database on the PostgreSQL of TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver === "pglite") {
    const template = readFileSync(inject("pgliteTemplate"));
    return openMemoryDatabase(new Blob([template]));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const name = `gii_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgresDatabase(url.href, { max: 4 });
  await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        // An autovacuum worker on the database can refuse to be ended for a moment: try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await cleanup.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
