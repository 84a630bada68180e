import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openEmbeddedDatabase } from "~/server/db/client.server";
import { resolveAuthSecret } from "~/server/platform/data-dir.server";
import { parseEnv } from "~/server/platform/env.server";

mkdirSync(resolve(".tmp"), { recursive: true });
const dataDir = mkdtempSync(resolve(".tmp/data-dir-privacy-"));
const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir });

// Opening the embedded database sets the process umask; the default of most systems stands in before it.
let savedUmask: number;
beforeAll(() => {
  savedUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(savedUmask);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Mode of every folder and file under dir (dir too), by path relative to it. */
function modes(dir: string): Map<string, { kind: "dir" | "file"; mode: string }> {
  const found = new Map<string, { kind: "dir" | "file"; mode: string }>();
  const walk = (path: string) => {
    const stat = lstatSync(path);
    const kind = stat.isDirectory() ? "dir" : "file";
    found.set(relative(dir, path) || ".", { kind, mode: (stat.mode & 0o7777).toString(8) });
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

function expectPrivate(dir: string) {
  const found = modes(dir);
  const wrong = [...found].filter(([, { kind, mode }]) => mode !== (kind === "dir" ? "700" : "600"));
  expect(wrong).toEqual([]);
  return found;
}

describe("data directory privacy", () => {
  it("makes a fresh data directory, its database log, lock and auth secret readable by the server's user only", async () => {
    const handle = await openEmbeddedDatabase(dataDir);
    try {
      await handle.db.execute("create table private_probe (token text)");
      await handle.db.execute("insert into private_probe values ('a live session token')");
      resolveAuthSecret(env);
      const found = expectPrivate(dataDir);
      expect(found.get(".")?.kind).toBe("dir");
      expect(found.get("db.lock")?.kind).toBe("dir");
      expect(found.get("db.lock.owner")?.kind).toBe("file");
      expect(found.get("auth-secret")?.kind).toBe("file");
      const wal = [...found.keys()].filter((path) => /^db\/pg_wal\/[0-9A-F]{24}$/.test(path));
      expect(wal.length).toBeGreaterThan(0);
      expect(found.size).toBeGreaterThan(500);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("tightens an existing world-readable data directory when it is opened", async () => {
    const loosen = (path: string) => {
      const stat = lstatSync(path);
      chmodSync(path, stat.isDirectory() ? 0o755 : 0o644);
      if (stat.isDirectory()) for (const name of readdirSync(path)) loosen(join(path, name));
    };
    loosen(dataDir);
    writeFileSync(join(dataDir, "notes.txt"), "left by an older version", { mode: 0o666 });
    chmodSync(join(dataDir, "notes.txt"), 0o666);
    expect(modes(dataDir).get("auth-secret")?.mode).toBe("644");

    const handle = await openEmbeddedDatabase(dataDir);
    try {
      const secret = resolveAuthSecret(env);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const found = expectPrivate(dataDir);
      expect(found.get("notes.txt")?.mode).toBe("600");
      expect(found.get("db/PG_VERSION")?.mode).toBe("600");
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("leaves an existing auth secret file at 0600", () => {
    const file = join(dataDir, "auth-secret");
    chmodSync(file, 0o644);
    const secret = resolveAuthSecret(env);
    expect(resolveAuthSecret(env)).toBe(secret);
    expect((lstatSync(file).mode & 0o777).toString(8)).toBe("600");
  });
});
