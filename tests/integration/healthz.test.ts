import type { AddressInfo } from "node:net";

import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { createHttpApp } from "../../server/app";
import { createTestDatabase } from "../support/database";
import { testServices } from "../support/route-args";

async function serve(database: Awaited<ReturnType<typeof createTestDatabase>>) {
  const app = createHttpApp({
    runtime: { ...testServices(database), stop: async () => {} },
    // /healthz answers before React Router; no page is rendered here.
    build: () => Promise.reject<ServerBuild>(new Error("no build in this test")),
    mountAssets: () => {},
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("GET /healthz", () => {
  it("answers 200 while the database answers, and 503 once it does not", async () => {
    const database = await createTestDatabase();
    const server = await serve(database);
    try {
      const ok = await fetch(`${server.url}/healthz`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: "up" });

      await database.close();
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void errors.push(args);
      const down = await fetch(`${server.url}/healthz`).finally(() => {
        console.error = original;
      });
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "down" });
      expect(errors).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
