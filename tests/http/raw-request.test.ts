import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rawRequest } from "../support/http-app";

describe("rawRequest, the tests' client on the wire", () => {
  let connections = 0;
  let openConnections = () => Promise.resolve(0);
  let url = "";
  const server = createServer((_request, response) => response.end("ok"));

  beforeAll(async () => {
    server.on("connection", () => connections++);
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    openConnections = () => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // A kept-alive socket left idle can be closed by the server's keep-alive timer as the next request is written on
  // it, which fails that request with ECONNRESET (it failed CI once, after a test spent seconds starting servers).
  it("opens a connection of its own for each request and leaves none idle behind it", async () => {
    expect((await rawRequest(url, { path: "/" })).body).toBe("ok");
    expect((await rawRequest(url, { path: "/" })).body).toBe("ok");
    expect(connections).toBe(2);
    await expect.poll(openConnections).toBe(0);
  });
});
