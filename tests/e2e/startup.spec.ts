import { spawnSync } from "node:child_process";
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

  test("a second server on the same data directory refuses to start", ({ baseURL }) => {
    // The end-to-end server already holds its data directory.
    const dataDir = resolve(`.tmp/e2e-data-${new URL(baseURL!).port}`);
    const { status, stderr } = startServer({ PORT: "3299", DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Another process is using the embedded database in .*e2e-data/);
  });
});
