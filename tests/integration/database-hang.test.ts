import type { AddressInfo } from "node:net";

import type pg from "pg";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { type DatabaseHandle, openPostgresDatabase } from "~/server/db/client.server";
import { watchDatabaseHealth } from "~/server/platform/database-health.server";
import { isDatabaseUnavailable } from "~/server/platform/errors.server";

import { createHttpApp } from "../../server/app";
import { createTestDatabase, testDriver } from "../support/database";
import { testServices } from "../support/route-args";
import { startTcpProxy } from "../support/tcp-proxy";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The app's pool on a fresh database, through a relay the test can freeze: PostgreSQL hung, its connections open. */
async function hungDatabaseSetUp() {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  const target = new URL((database as DatabaseHandle & { pool: pg.Pool }).pool.options.connectionString ?? "");
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const viaProxy = new URL(target.href);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const handle = openPostgresDatabase(viaProxy.href, { max: 4, queryTimeoutMs: 1_500 });
  cleanups.push(() => handle.pool.end().catch(() => {}));

  const app = createHttpApp({
    runtime: { ...testServices(handle), stop: async () => {} },
    // /healthz and /metrics answer before React Router; no page is rendered here.
    build: () => Promise.reject<ServerBuild>(new Error("no build in this test")),
    mountAssets: () => {},
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { handle, proxy, url: `http://127.0.0.1:${port}` };
}

const timed = async <T>(work: Promise<T>) => {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
};

describe("a health check on either database", () => {
  it("counts a ping that gets no answer within its limit as the database being down", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const health = watchDatabaseHealth(() => new Promise<void>(() => {}), 60_000, 50);
    expect(await health.check()).toBe(false);
    expect(health.up).toBe(false);
    health.stop();
    vi.restoreAllMocks();
  });
});

// The pool's own limits and a relay that hangs need PostgreSQL over TCP; the embedded database has neither.
if (testDriver === "postgres") {
  describe("a database that stops answering without closing its connections", () => {
    it("fails queries within the limit as unreachable, /healthz says down within 2 s, /metrics answers, and all recover", async () => {
      const { handle, proxy, url } = await hungDatabaseSetUp();
      const health = async () => {
        const response = await fetch(`${url}/healthz`);
        return { status: response.status, body: (await response.json()) as unknown };
      };
      expect(await health()).toEqual({ status: 200, body: { status: "up" } });
      // Every connection of the pool open before the hang, as under load.
      await Promise.all(Array.from({ length: 4 }, () => handle.pool.query("select pg_sleep(0.1)")));

      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      proxy.freeze();

      const query = await timed(
        handle.pool.query("select 1").then(
          () => null,
          (error: unknown) => error,
        ),
      );
      expect(isDatabaseUnavailable(query.result)).toBe(true);
      expect(query.ms).toBeLessThan(5_000);

      const down = await timed(health());
      expect(down.result).toEqual({ status: 503, body: { status: "down" } });
      expect(down.ms).toBeLessThan(4_000);

      const metrics = await timed(fetch(`${url}/metrics`));
      expect(metrics.result.status).toBe(200);
      expect(metrics.ms).toBeLessThan(4_000);
      expect(errors.mock.calls.map((args) => args.map(String).join(" ")).join("\n")).toContain("Reading metrics from the database failed");

      proxy.thaw();
      await expect.poll(health, { timeout: 20_000, interval: 500 }).toEqual({ status: 200, body: { status: "up" } });
      expect((await handle.pool.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
      vi.restoreAllMocks();
    }, 60_000);
  });
}
