import { createContext, type RouterContextProvider } from "react-router";
import type { Auth } from "./auth.server";
import type { DatabaseHandle } from "./db/client.server";
import type { Env } from "./env.server";

/** What every loader and action can reach: set once per request by the HTTP server. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
}

export const appServicesContext = createContext<AppServices>();

/** Per-request values the document needs, such as the CSP nonce. */
export interface RequestInfo {
  cspNonce: string | undefined;
  /** The visitor's address as Express sees it (honours TRUST_PROXY); used only for rate limits. */
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ cspNonce: undefined, clientIp: "unknown" });

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}
