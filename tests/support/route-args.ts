import { RouterContextProvider } from "react-router";

import type { Auth } from "~/server/auth/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { type AppServices, appServicesContext, requestInfoContext } from "~/server/platform/context.server";
import { type Env, parseEnv } from "~/server/platform/env.server";
import { createAppServices } from "~/server/platform/services.server";

export const TEST_SITE_URL = "http://localhost:3000";

/** The test settings: logins are not budgeted unless a test sets AUTH_RATE_LIMIT itself. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    SITE_URL: TEST_SITE_URL,
    AUTH_RATE_LIMIT: "100000",
    ACCOUNT_LOGIN_LIMIT: "100000",
    // A deployment's budgets per address, not the demo's larger ones: the tests of those limits count on them.
    FORM_RATE_LIMIT: "10",
    CHECKOUT_RATE_LIMIT: "20",
    CHECKOUT_HOLDS_PER_ADDRESS: "5",
    ...overrides,
  });
}

/** The mail budgets of the test settings, for the services tests call directly. */
export const TEST_MAIL_BUDGETS = testEnv().mail.budgets;

export const TEST_APP_SECRET = "test-secret-that-is-at-least-32-characters";

const servicesByDatabase = new WeakMap<DatabaseHandle, Map<string, AppServices>>();

/** The product's services on a test database: real Better Auth, the payment provider the settings choose (one set per database and settings). */
export function testServices(database: DatabaseHandle, env: Env = testEnv()): AppServices {
  const bySettings = servicesByDatabase.get(database) ?? new Map<string, AppServices>();
  servicesByDatabase.set(database, bySettings);
  const key = JSON.stringify(env);
  let services = bySettings.get(key);
  if (!services) {
    services = createAppServices({ env, database, appSecret: TEST_APP_SECRET });
    bySettings.set(key, services);
  }
  return services;
}

/** The real Better Auth on a test database. */
export function testAuth(database: DatabaseHandle, env: Env = testEnv()): Auth {
  return testServices(database, env).auth;
}

export const TEST_CLIENT_IP = "203.0.113.7";

/** The arguments React Router gives a loader or action; `isLocalRequest` marks a request from this machine (the /dev routes' audience). */
export function routeArgs(
  request: Request,
  database: DatabaseHandle,
  params: Record<string, string> = {},
  env?: Env,
  clientIp = TEST_CLIENT_IP,
  isLocalRequest = false,
) {
  const services = testServices(database, env);
  const context = new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [appServicesContext, services],
      [requestInfoContext, { cspNonce: undefined, clientIp, isLocalRequest }],
    ]),
  );
  return { request, context, params, url: new URL(request.url), pattern: new URL(request.url).pathname };
}

/** A JSON POST from the site's own pages (their Origin) unless the headers say otherwise. */
export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(new URL(path, TEST_SITE_URL), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: TEST_SITE_URL, ...headers },
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

type Handler = (args: never) => unknown;
type Middleware = (args: never, next: never) => unknown;

/** A guarded handler answers through its middleware, so always asynchronously. */
type Guarded<H> = H extends (args: infer A) => infer R ? (args: A) => Promise<Awaited<R>> : Handler;

/**
 * A route's loader or action as React Router runs it: behind the route's
 * middleware (its guard), which may answer first (a redirect, 401, 403, 405).
 * Same arguments as the handler itself, answered asynchronously.
 */
export function guarded<Route extends { middleware?: readonly Middleware[] }, Kind extends "loader" | "action">(
  route: Route,
  kind: Kind,
): Route extends Record<Kind, infer H> ? Guarded<H> : Handler {
  const handler = (route as unknown as Partial<Record<Kind, Handler>>)[kind];
  const middleware = route.middleware ?? [];
  const run = (args: never, index: number): Promise<unknown> =>
    index < middleware.length
      ? Promise.resolve(middleware[index](args, (() => run(args, index + 1)) as never))
      : handler
        ? Promise.resolve(handler(args))
        : Promise.reject(new Error(`The route has no ${kind}, and its middleware let the request through`));
  return ((args: never) => run(args, 0)) as never;
}
