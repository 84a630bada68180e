import { mkdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

import lockfile from "proper-lockfile";

import { writePrivateFile } from "./data-dir.server";

/** The embedded database's directory is held by another process (or already open in this one). */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

interface LockOwner {
  pid: number;
  hostname: string;
}

/** The owner record sits beside the lock: proper-lockfile removes its lock folder with rmdir, which needs it empty. */
function readLockOwner(file: string): LockOwner | undefined {
  try {
    const { pid, hostname } = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    if (typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0 && typeof hostname === "string") {
      return { pid, hostname };
    }
  } catch {
    // Missing or half-written: no owner is known.
  }
  return undefined;
}

function sameOwner(a: LockOwner | undefined, b: LockOwner): boolean {
  return a?.pid === b.pid && a.hostname === b.hostname;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * A holder on this host that has died (kill -9, a crash) left its lock behind.
 * So did one with our own pid, which this process does not hold: a restarted
 * container is pid 1 again. A holder on another host cannot be checked.
 */
function isDeadHolder(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return false;
  return owner.pid === process.pid || !isRunning(owner.pid);
}

// The data directories this process holds or is locking; on globalThis, so the dev server's module reloads share it.
const globals = globalThis as typeof globalThis & { __giiDataDirLocks?: Set<string> };
const lockedHere = (globals.__giiDataDirLocks ??= new Set<string>());

function lockedError(dataDir: string, owner: LockOwner | undefined): DataDirLockedError {
  const holder = !owner ? "" : owner.hostname === hostname() ? ` (pid ${owner.pid} holds its lock)` : ` (pid ${owner.pid} on ${owner.hostname} holds its lock)`;
  return new DataDirLockedError(
    `Another process is using the embedded database in ${resolve(dataDir)}${holder}. Stop it, or set DATA_DIR to another directory (or DATABASE_URL for PostgreSQL).`,
  );
}

function isLocked(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ELOCKED";
}

/**
 * PGlite has no file locking of its own: two processes on one data directory
 * silently lose writes. So the directory is locked for as long as we hold it,
 * and the holder is recorded so that a lock left by a dead process is taken
 * over at once instead of after the minute proper-lockfile waits.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = resolve(dataDir);
  if (lockedHere.has(path)) {
    throw new DataDirLockedError(`The embedded database in ${path} is already open in this process (pid ${process.pid}).`);
  }
  lockedHere.add(path);
  try {
    const release = await takeDataDirLock(dataDir);
    return async () => {
      try {
        await release();
      } finally {
        lockedHere.delete(path);
      }
    };
  } catch (error) {
    lockedHere.delete(path);
    throw error;
  }
}

async function takeDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockDir = join(dataDir, "db.lock");
  const ownerFile = `${lockDir}.owner`;
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockDir,
      // Opening PGlite blocks the event loop for seconds (longer on a loaded machine), so a lock whose
      // holder cannot be checked (no owner record, another host) is taken over only after a silent minute.
      stale: 60_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });

  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if (!isLocked(error)) throw error;
    const owner = readLockOwner(ownerFile);
    if (!owner || !isDeadHolder(owner)) throw lockedError(dataDir, owner);
    // Read again just before removing: a process that has just taken the lock wrote its own record.
    const current = readLockOwner(ownerFile);
    if (!sameOwner(current, owner)) throw lockedError(dataDir, current);
    // The record first: between the two, others see an ownerless lock and keep away.
    rmSync(ownerFile, { force: true });
    try {
      rmdirSync(lockDir);
    } catch (removeError) {
      if ((removeError as NodeJS.ErrnoException).code !== "ENOENT") throw removeError;
    }
    try {
      release = await take();
    } catch (retryError) {
      if (isLocked(retryError)) throw lockedError(dataDir, readLockOwner(ownerFile));
      throw retryError;
    }
  }

  const self: LockOwner = { pid: process.pid, hostname: hostname() };
  try {
    writePrivateFile(ownerFile, JSON.stringify(self));
  } catch (error) {
    await release();
    throw error;
  }
  return async () => {
    if (sameOwner(readLockOwner(ownerFile), self)) rmSync(ownerFile, { force: true });
    await release();
  };
}
