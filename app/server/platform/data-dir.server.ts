import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Env } from "./env.server";

/**
 * The data directory holds the database (its write-ahead log carries live
 * session tokens), the lock and the auth secret: for the server's user only.
 */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

export function keepNewFilesPrivate(): void {
  // PGlite creates folders (and, for a moment, files) as 0777 and leaves privacy to the umask; only the embedded server writes files.
  process.umask(0o077);
}

function setMode(path: string, mode: number): void {
  // Only when it differs: a correct file on a read-only mount must not fail start-up.
  if ((statSync(path).mode & 0o7777) !== mode) chmodSync(path, mode);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/**
 * Every folder under dir (dir too) 0700 and every file 0600. Fixes installs
 * made before these modes, and the modes PGlite sets itself past the umask
 * (its initial files 0666, its relation cache 0644). Symbolic links inside
 * are not followed.
 */
export function tightenDataDir(dir: string): void {
  setMode(dir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dir)) tighten(join(dir, name));
}

function tighten(path: string): void {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  // The folder is closed before its contents are looked at.
  if ((stat.mode & 0o7777) !== mode) chmodSync(path, mode);
  if (!stat.isDirectory()) return;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const name of names) tighten(join(path, name));
}

/** Writes a file only this user can read (a new one; an existing one is made so). */
export function writePrivateFile(file: string, content: string): void {
  writeFileSync(file, content, { mode: PRIVATE_FILE_MODE });
  setMode(file, PRIVATE_FILE_MODE);
}

/**
 * The secret that signs sessions: from BETTER_AUTH_SECRET, or for the embedded
 * demo one made once and kept beside its database, so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  const file = join(env.dataDir, "auth-secret");
  if (existsSync(file)) {
    setMode(file, PRIVATE_FILE_MODE);
    return readFileSync(file, "utf8").trim();
  }
  mkdirSync(env.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  setMode(env.dataDir, PRIVATE_DIR_MODE);
  const secret = randomBytes(32).toString("base64url");
  writePrivateFile(file, secret);
  return secret;
}
