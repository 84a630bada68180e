import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { settleBackgroundWork } from "~/server/platform/background.server";
import type { AppServices } from "~/server/platform/context.server";
import { createAppServices } from "~/server/platform/services.server";

import { createHttpApp } from "../../server/app";
import { createTestDatabase } from "./database";
import { testEnv } from "./route-args";

export interface HttpApp {
  /** http://127.0.0.1:port: requests to it come from the loopback address. */
  url: string;
  services: AppServices;
  close(): Promise<void>;
}

/**
 * The whole product over real HTTP, in this process: our Express app with the
 * route build React Router's Vite plugin makes of app/ (as `npm run dev` loads
 * it), on a fresh test database, configured as `npm start` runs it.
 */
export async function startHttpApp(env: Record<string, string> = {}): Promise<HttpApp> {
  const build = await import("virtual:react-router/server-build");
  const database = await createTestDatabase();
  // Listening first, so the site's own address is the one requests go to, as when deployed (the auth library trusts only it).
  const server: Server = createServer();
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appEnv = testEnv({
    SITE_URL: url,
    NODE_ENV: "production",
    FORM_RATE_LIMIT: "100000",
    AUTH_RATE_LIMIT: "100000",
    ACCOUNT_LOGIN_LIMIT: "100000",
    PAGE_VIEW_RATE_LIMIT: "100000",
    ...env,
  });
  const services = createAppServices({ env: appEnv, database, appSecret: "http-test-secret-that-is-at-least-32-chars" });
  server.on("request", createHttpApp({ runtime: { ...services, stop: async () => {} }, build, mountAssets: () => {} }));
  return {
    url,
    services,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await settleBackgroundWork();
      await database.close();
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request as a client on the wire sends it, with nothing filled in:
 * any method, path bytes, headers, and a body sent whole or in chunks
 * (Transfer-Encoding: chunked, no Content-Length). Each on a connection of
 * its own: a pooled idle one can be closed by the server's keep-alive timer
 * just as the next request is written on it (ECONNRESET).
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Iterable<Buffer> },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // A whole body is always framed by Content-Length: Node's client sends an OPTIONS or DELETE body without one.
    const length = options.body !== undefined && !options.chunks ? { "Content-Length": String(Buffer.byteLength(options.body)) } : {};
    const request = httpRequest(
      { host: hostname, port, agent: false, method: options.method ?? "GET", path: options.path, headers: { ...length, ...options.headers } },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (options.chunks) {
      const write = async () => {
        for (const chunk of options.chunks!) {
          if (!request.write(chunk)) await new Promise((next) => request.once("drain", next));
        }
        request.end();
      };
      write().catch(reject);
    } else request.end(options.body);
  });
}
