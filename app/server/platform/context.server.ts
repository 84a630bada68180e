import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import type { Auth } from "~/server/auth/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { PaymentProvider } from "~/server/payments/provider.server";

import type { Env } from "./env.server";

/** What every loader and action can reach: set once per request by the HTTP server. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
  /** Stripe, or the built-in checkout of the embedded demo. */
  payments: PaymentProvider;
}

export const appServicesContext = createContext<AppServices>();

/** Per-request values the document needs, such as the CSP nonce. */
export interface RequestInfo {
  cspNonce: string | undefined;
  /** The visitor's address as Express sees it (honours TRUST_PROXY), an IPv6 one by its /64 (limitedAddress); used only for rate limits and hold shares. */
  clientIp: string;
  /** From this machine itself: a loopback socket and no forwarding header (the /dev routes' audience). */
  isLocalRequest: boolean;
  /** Names this request in the logs and the X-Request-Id header; the error page shows it. */
  requestId?: string;
}

export const requestInfoContext = createContext<RequestInfo>({ cspNonce: undefined, clientIp: "unknown", isLocalRequest: false });

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}

/**
 * Errors React Router reported while answering one request. The HTTP server
 * logs them once the answer's status is known: a refusal (4xx) is not a failure.
 */
export const requestErrorsContext = createContext<unknown[]>();

/** Keeps an error for the HTTP server to log; false when there is no server request (a direct call). */
export function recordRequestError(context: Readonly<RouterContextProvider>, error: unknown): boolean {
  try {
    context.get(requestErrorsContext).push(error);
    return true;
  } catch {
    return false;
  }
}

/** What the HTTP server learns from the route that answered a request. */
export interface RequestRoute {
  /** The route pattern (`/courses/:slug`, never the path itself): it labels the log line and metrics. */
  pattern?: string;
  /** The page shows a read that failed (an error state, or dates left out): no cache keeps it for other visitors. */
  readFailed?: boolean;
}

export const requestRouteContext = createContext<RequestRoute>();

/**
 * A loader that shows a failed read as the page's error state says so: the
 * page goes to this visitor, but the next one gets a new attempt, not a copy
 * of the failure from the page cache or a CDN.
 */
export function recordFailedRead(context: Readonly<RouterContextProvider>): void {
  try {
    context.get(requestRouteContext).readFailed = true;
  } catch {
    // No HTTP server (a direct call): nothing caches the answer.
  }
}

/** Root middleware: it runs for every matched request, pages, data and resource routes alike, before any guard can answer. */
export const recordRoutePattern: MiddlewareFunction<Response> = ({ context, pattern }) => {
  try {
    context.get(requestRouteContext).pattern = pattern;
  } catch {
    // No HTTP server (a direct call): nobody to tell.
  }
};

/** The errors kept for this request so far; none when there is no server request (a direct call). */
export function requestErrors(context: Readonly<RouterContextProvider>): readonly unknown[] {
  try {
    return context.get(requestErrorsContext);
  } catch {
    return [];
  }
}
