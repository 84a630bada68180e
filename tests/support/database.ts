import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

import { type DatabaseHandle, migrateDatabase, openMemoryDatabase, openPostgresDatabase } from "~/server/db/client.server";

export const testDriver = (process.env.TEST_DB_DRIVER ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated (or empty) database of its own for one test file: PGlite restored from
 * the migrated template, or a new database on the PostgreSQL of TEST_DATABASE_URL.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  if (testDriver === "pglite") {
    if (!migrated) return openMemoryDatabase();
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
  if (migrated) await migrateDatabase(handle);
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

/**
 * The one set-up of an integration test file: a fresh database made before its
 * tests and closed after them. The handle it returns reads the database of the
 * moment, so helpers at the top of the file can hold it.
 */
export function useTestDatabase(options: { migrated?: boolean } = {}): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const ready = () => {
    if (!current) throw new Error("The test database is made in beforeAll: use it inside a hook or a test");
    return current;
  };
  // Everything asked of it, drivers' own parts included, goes to the database of the moment.
  return new Proxy({} as DatabaseHandle, { get: (_target, property) => Reflect.get(ready(), property) as unknown });
}
