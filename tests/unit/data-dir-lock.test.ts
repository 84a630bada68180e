import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, openEmbeddedDatabase } from "~/server/db/client.server";

const dataDir = mkdtempSync(join(tmpdir(), "gii-lock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("embedded database lock", () => {
  it("refuses a second opener of one data directory, and frees it on close", async () => {
    const first = await openEmbeddedDatabase(dataDir);
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(/Another process is using the embedded database/);
    await first.close();
    const again = await openEmbeddedDatabase(dataDir);
    await again.ping();
    await again.close();
  }, 60_000);
});
