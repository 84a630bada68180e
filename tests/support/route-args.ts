import { RouterContextProvider } from "react-router";
import { appServicesContext, requestInfoContext, type AppServices } from "~/server/context.server";
import { parseEnv, type Env } from "~/server/env.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createAuth, type Auth } from "~/server/auth.server";

export const TEST_SITE_URL = "http://localhost:3000";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: "test", SITE_URL: TEST_SITE_URL, ...overrides });
}

const authByDatabase = new WeakMap<DatabaseHandle, Auth>();

/** The real Better Auth on a test database (one per database). */
export function testAuth(database: DatabaseHandle): Auth {
  let auth = authByDatabase.get(database);
  if (!auth) {
    auth = createAuth({ db: database.db, env: testEnv(), secret: "test-secret-that-is-at-least-32-characters" });
    authByDatabase.set(database, auth);
  }
  return auth;
}

export function testServices(database: DatabaseHandle, env: Env = testEnv()): AppServices {
  return { env, database, auth: testAuth(database) };
}

/** The arguments React Router gives a loader or action, with our services in its context. */
export function routeArgs(request: Request, database: DatabaseHandle, params: Record<string, string> = {}, env?: Env) {
  const services = testServices(database, env);
  const context = new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [appServicesContext, services],
      [requestInfoContext, { cspNonce: undefined, clientIp: "203.0.113.7" }],
    ]),
  );
  return { request, context, params, url: new URL(request.url), pattern: new URL(request.url).pathname };
}

export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(new URL(path, TEST_SITE_URL), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A thrown `data()` answer or a returned Response, as status and JSON body. */
export async function settle(run: () => unknown): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = await outcome.text();
    return { status: outcome.status, body: text ? JSON.parse(text) : null };
  }
  const value = outcome as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (value && value.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, body: value.data };
  return { status: 200, body: outcome };
}
