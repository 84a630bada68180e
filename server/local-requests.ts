import { isIP } from "node:net";

import type { Request, RequestHandler } from "express";

import { routedPath } from "./routed-path";

/** Logged once at start-up while a built-in provider stands in for Stripe or SMTP: what it simulates, and nothing it does not. */
export function demoModeWarning(simulated: { payments: boolean; mail: boolean }): string {
  const notes = [
    simulated.payments && "payments are simulated",
    simulated.mail && "emails stay in the built-in mailbox at /dev/mailbox (open to this machine only)",
  ].filter(Boolean);
  return `Demo mode: ${notes.join(" and ")}. A real deployment sets DATABASE_URL, or LOCAL_PROVIDERS=0.`;
}

/** Headers a proxy adds: a request that carries one came from somewhere else, whatever its socket says. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "via"];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (ip === "::1") return true;
  return isIP(ip) === 4 && ip.startsWith("127.");
}

/** A Host naming this machine: localhost, or a loopback address. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return hostname === "localhost" || hostname === "[::1]" || (isIP(hostname) === 4 && hostname.startsWith("127."));
}

/**
 * A request from this machine itself: a loopback socket address, no
 * forwarding header, and a Host naming this machine. The Host check stops DNS
 * rebinding: a page on another site whose name an attacker points at 127.0.0.1
 * reaches this server from the local browser, but under the attacker's name.
 */
export function isLocalRequest(req: Request): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined) && isLoopbackHost(req.headers.host);
}

const DEV_PATH = /^\/dev(\/|\.data$|$)/;

/**
 * The built-in providers (mailbox, checkout) under /dev are a demo convenience:
 * they exist only while local providers are on, and only for a local request.
 * To anyone else they answer 404, as if they did not exist.
 */
export function devRoutesForLocalRequestsOnly(localProviders: boolean): RequestHandler {
  return (req, res, next) => {
    if (!DEV_PATH.test(routedPath(req)) || (localProviders && isLocalRequest(req))) return next();
    res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
  };
}
