import { RouterContextProvider } from "react-router";
import { appServicesContext, requestInfoContext, type AppServices } from "~/server/context.server";
import { parseEnv, type Env } from "~/server/env.server";
import type { DatabaseHandle } from "~/server/db/client.server";

export const TEST_SITE_URL = "http://localhost:3000";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: "test", SITE_URL: TEST_SITE_URL, ...overrides });
}

/** The arguments React Router gives a loader or action, with our services in its context. */
export function routeArgs(request: Request, database: DatabaseHandle, params: Record<string, string> = {}) {
  const services: AppServices = { env: testEnv(), database };
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
