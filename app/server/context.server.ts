import { createContext, type RouterContextProvider } from "react-router";
import type { DatabaseHandle } from "./db/client.server";
import type { Env } from "./env.server";

/** What every loader and action can reach: set once per request by the HTTP server. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
}

export const appServicesContext = createContext<AppServices>();

/** Per-request values the document needs, such as the CSP nonce. */
export interface RequestInfo {
  cspNonce: string | undefined;
}

export const requestInfoContext = createContext<RequestInfo>({ cspNonce: undefined });

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}
