import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { expect, test } from "./fixtures";

/** Starts the production entry as a second process and returns how it ended. */
function startServer(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["server/main.js"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

test.describe("start-up", () => {
  test("a malformed variable stops start-up with one line naming it", () => {
    const { status, stderr } = startServer({ PORT: "eighty", DATA_DIR: resolve(".tmp/never-opened") });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid environment variable PORT: /);
  });

  test("a port already in use stops start-up with one line, before anything is opened, seeded or printed", ({ baseURL }) => {
    const dataDir = resolve(`.tmp/never-opened-${Date.now()}`);
    const { status, stderr } = startServer({ PORT: new URL(baseURL!).port, DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(stderr).toBe(`Port ${new URL(baseURL!).port} is already in use: stop the server on it, or set PORT.`);
    expect(existsSync(dataDir)).toBe(false);
  });

  test("a database DATABASE_URL names that does not answer stops start-up with one line naming it, without its password", () => {
    const { status, stderr } = startServer({
      PORT: "3298",
      DATABASE_URL: "postgres://gii:secret-password@127.0.0.1:1/gii",
      BETTER_AUTH_SECRET: "s".repeat(40),
      LOCAL_PROVIDERS: "1",
    });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Could not connect to the database DATABASE_URL names \(127\.0\.0\.1:1\/gii\): /);
    expect(stderr).not.toContain("secret-password");
  });

  test("a second server on the same data directory refuses to start", ({ baseURL }) => {
    // The end-to-end server already holds its data directory.
    const dataDir = resolve(`.tmp/e2e-data-${new URL(baseURL!).port}`);
    const { status, stderr } = startServer({ PORT: "3299", DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Another process is using the embedded database in .*e2e-data/);
  });
});
