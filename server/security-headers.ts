import { randomBytes } from "node:crypto";

import type { RequestHandler, Response } from "express";
import helmet from "helmet";

import type { Env } from "~/server/platform/env.server";

/**
 * The headers every answer carries: a Content-Security-Policy with a fresh
 * nonce per request, helmet's hardening, and the Permissions-Policy.
 */
export function securityHeaders(env: Env): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const analytics = ANALYTICS_SOURCES[env.analytics.kind];
  const headers = helmet({
    // Vite's dev server injects inline scripts for hot reload; the policy applies to builds.
    contentSecurityPolicy:
      env.nodeEnv === "development"
        ? false
        : {
            useDefaults: false,
            directives: {
              "default-src": ["'self'"],
              "base-uri": ["'self'"],
              "object-src": ["'none'"],
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...analytics.scripts],
              "script-src-attr": ["'none'"],
              // The toast library inserts its stylesheet at run time; scripts, not styles, are what the nonce guards.
              "style-src": ["'self'", "'unsafe-inline'"],
              "font-src": ["'self'"],
              "img-src": ["'self'", ...analytics.images],
              "media-src": ["'self'"],
              "connect-src": ["'self'", ...analytics.connections],
              "frame-src": ["'none'"],
              "worker-src": ["'none'"],
              "manifest-src": ["'self'"],
              "frame-ancestors": ["'none'"],
              "form-action": ["'self'"],
              "upgrade-insecure-requests": env.siteUrl.startsWith("https:") ? [] : null,
            },
          },
    strictTransportSecurity: env.isProduction && env.siteUrl.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.set("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
  return [nonce, headers, permissions];
}

/** Only the configured analytics provider's own hosts, named exactly: no `https:` wildcard. */
const ANALYTICS_SOURCES: Record<Env["analytics"]["kind"], { scripts: string[]; connections: string[]; images: string[] }> = {
  "first-party": { scripts: [], connections: [], images: [] },
  plausible: { scripts: ["https://plausible.io"], connections: ["https://plausible.io"], images: [] },
  ga4: {
    scripts: ["https://www.googletagmanager.com"],
    connections: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
    images: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  },
};

/** Browser features no page of ours uses are switched off; video may go full screen. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=(self)",
  "camera=()",
  "display-capture=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
  "browsing-topics=()",
].join(", ");
