import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openEmbeddedDatabase } from "~/server/db/client.server";
import { DataDirLockedError, lockDataDir } from "~/server/platform/data-dir-lock.server";

mkdirSync(resolve(".tmp"), { recursive: true });
const root = mkdtempSync(resolve(".tmp/data-dir-lock-"));
const dataDir = join(root, "data");
const lockDir = join(dataDir, "db.lock");
const ownerFile = join(dataDir, "db.lock.owner");

// Opening the embedded database sets the process umask: put it back for the other tests of this worker.
let savedUmask: number;
let holder: ChildProcess | undefined;
beforeAll(() => {
  savedUmask = process.umask(0o022);
});
afterAll(() => {
  holder?.kill("SIGKILL");
  process.umask(savedUmask);
  rmSync(root, { recursive: true, force: true });
});

/** Another server: a process that takes the lock with the real code and stays alive until killed. */
async function startLockHolder(dir: string): Promise<ChildProcess> {
  const lockModule = pathToFileURL(resolve("app/server/platform/data-dir-lock.server.ts")).href;
  const code = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
await lockDataDir(${JSON.stringify(dir)});
process.stdout.write("locked\\n");
setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await new Promise<void>((done, fail) => {
    child.stdout.on("data", (chunk) => String(chunk).includes("locked") && done());
    child.on("exit", (code) => fail(new Error(`The lock holder exited (${code}): ${stderr}`)));
  });
  return child;
}

function readOwner() {
  return JSON.parse(readFileSync(ownerFile, "utf8")) as { pid: number; hostname: string };
}

/** A lock as a holder leaves it: the lock folder (fresh, so proper-lockfile alone would refuse) and its owner record. */
function leaveLock(owner: unknown) {
  mkdirSync(lockDir, { recursive: true });
  writeFileSync(ownerFile, JSON.stringify(owner));
}

const message = (pid: number, host = "") =>
  `Another process is using the embedded database in ${dataDir} (pid ${pid}${host} holds its lock). Stop it, or set DATA_DIR to another directory (or DATABASE_URL for PostgreSQL).`;

describe("embedded database lock", () => {
  it("refuses a second opener in this process, and frees the directory on close", async () => {
    const first = await openEmbeddedDatabase(dataDir);
    expect(readOwner()).toEqual({ pid: process.pid, hostname: hostname() });
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(`already open in this process (pid ${process.pid})`);
    await first.close();
    expect(existsSync(lockDir)).toBe(false);
    expect(existsSync(ownerFile)).toBe(false);
    const again = await openEmbeddedDatabase(dataDir);
    await again.ping();
    await again.close();
  }, 60_000);

  it("refuses while another live process holds the lock, naming its pid", async () => {
    holder = await startLockHolder(dataDir);
    expect(readOwner()).toEqual({ pid: holder.pid, hostname: hostname() });
    const refused = openEmbeddedDatabase(dataDir);
    await expect(refused).rejects.toThrow(DataDirLockedError);
    await expect(refused).rejects.toThrow(message(holder.pid!));
    expect(readOwner().pid).toBe(holder.pid);
  }, 30_000);

  it("takes over at once the lock of a process killed with SIGKILL", async () => {
    const killed = holder!;
    await new Promise((done) => {
      killed.on("exit", done);
      killed.kill("SIGKILL");
    });
    // kill -9 runs no exit handler: the lock and its owner record stay behind.
    expect(existsSync(lockDir)).toBe(true);
    expect(readOwner().pid).toBe(killed.pid);

    const started = Date.now();
    const handle = await openEmbeddedDatabase(dataDir);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(readOwner()).toEqual({ pid: process.pid, hostname: hostname() });
    await handle.ping();
    await handle.close();
    expect(existsSync(lockDir)).toBe(false);
  }, 30_000);

  it("takes over the lock of a process that has exited", async () => {
    const { pid } = spawnSync(process.execPath, ["-e", ""]);
    leaveLock({ pid, hostname: hostname() });
    const release = await lockDataDir(dataDir);
    expect(readOwner()).toEqual({ pid: process.pid, hostname: hostname() });
    await release();
    expect(existsSync(lockDir)).toBe(false);
    expect(existsSync(ownerFile)).toBe(false);
  });

  it("takes over a lock recorded under this process's own pid that it does not hold (a restarted container is pid 1 again)", async () => {
    leaveLock({ pid: process.pid, hostname: hostname() });
    const release = await lockDataDir(dataDir);
    await release();
    expect(existsSync(lockDir)).toBe(false);
  });

  it("refuses a fresh lock held on another host, or with no owner record (an older version), as before", async () => {
    leaveLock({ pid: 4321, hostname: `not-${hostname()}` });
    await expect(lockDataDir(dataDir)).rejects.toThrow(message(4321, ` on not-${hostname()}`));
    rmSync(ownerFile);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`Another process is using the embedded database in ${dataDir}. Stop it,`);
    expect(existsSync(lockDir)).toBe(true);
    rmSync(lockDir, { recursive: true });
  });
});
