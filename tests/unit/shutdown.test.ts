import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { gracefulShutdown } from "../../server/shutdown";

/** A server whose answers wait until the test lets them go, as requests waiting on the database do. */
async function slowServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let received = 0;
  let answered = 0;
  const server = createServer((_req, res) => {
    received++;
    res.on("finish", () => answered++);
    void released.then(() => res.end("answered"));
  });
  // Longer than the test may take: a shutdown that waited for idle keep-alive connections to time out would fail it.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // Connections kept open between requests, as browsers and load balancers keep them.
  const agent = new Agent({ keepAlive: true });
  const get = () =>
    new Promise<string>((resolve) => {
      request({ port, host: "127.0.0.1", agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(`${res.statusCode} ${body}`));
      })
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
        .end();
    });
  return { server, get, release, received: () => received, answered: () => answered };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("SIGTERM's shutdown", () => {
  it("answers every request in flight before the database closes, and refuses new connections", async () => {
    const { server, get, release, received, answered } = await slowServer();
    servers.push(server);
    const shutDown = gracefulShutdown(server);
    const answers = Array.from({ length: 20 }, get);
    await until(() => received() === 20);

    let answeredWhenWorkStopped: number | undefined;
    const done = shutDown(async () => {
      answeredWhenWorkStopped = answered();
    });
    expect(await get()).toBe("ECONNREFUSED");
    expect(answeredWhenWorkStopped).toBeUndefined();

    const releasedAt = Date.now();
    release();
    expect(await Promise.all(answers)).toEqual(Array(20).fill("200 answered"));
    // Keep-alive connections close with their answer: the shutdown does not wait out their idle timeout.
    await done;
    expect(Date.now() - releasedAt).toBeLessThan(5_000);
    expect(answeredWhenWorkStopped).toBe(20);
  }, 20_000);

  it("cuts a request that outlasts the grace period, then stops the work anyway", async () => {
    const { server, get, received } = await slowServer();
    servers.push(server);
    const shutDown = gracefulShutdown(server, 200);
    const answer = get();
    await until(() => received() === 1);
    let stopped = false;
    await shutDown(async () => {
      stopped = true;
    });
    expect(stopped).toBe(true);
    expect(await answer).toBe("ECONNRESET");
  });
});
