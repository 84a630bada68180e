import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

import { PAGES } from "~/lib/pages";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { nextHoldExpiry } from "~/server/catalogue/places.server";
import { CROSS_SITE_MESSAGE, isBearerOnlyCall, NUL_MESSAGE, ownOrigins } from "~/server/http/responses.server";
import {
  appServicesContext,
  requestErrorsContext,
  type RequestInfo,
  requestInfoContext,
  type RequestRoute,
  requestRouteContext,
} from "~/server/platform/context.server";
import { watchDatabaseHealth } from "~/server/platform/database-health.server";
import { type Env, getEnv } from "~/server/platform/env.server";
import { captureConsole, log, setLogFormat } from "~/server/platform/log.server";
import { limitedAddress } from "~/server/platform/rate-limit.server";
import { type Runtime, startRuntime } from "~/server/platform/runtime.server";

import { cachePolicy } from "./cache-policy";
import { criticalStylesheet } from "./critical-css";
import { answer503WhileDatabaseDown } from "./database-gate";
import { DEMO_MODE_WARNING, devRoutesForLocalRequestsOnly, isLocalRequest } from "./local-requests";
import { metricsEndpoint } from "./metrics";
import { createPageCache, type PageCache } from "./page-cache";
import { reactRouterHandler } from "./react-router-handler";
import { boundedRequestBody } from "./request-body";
import { requestIdOf, requestLog } from "./request-log";

/** Longer URLs are refused before routing; no page of ours needs more. */
const MAX_URL_LENGTH = 4096;
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

const refuse = (res: express.Response, status: number, message: string, json: boolean) => {
  res.status(status).set("Cache-Control", "no-store");
  if (json) res.json({ error: message });
  else res.type("text/plain").send(message);
};

/** A path that decodes, to text without a NUL. */
function readablePath(rawPath: string): boolean {
  try {
    return !decodeURIComponent(rawPath).includes("\0");
  } catch {
    return false;
  }
}

/**
 * Refuses what no route of ours can answer, before routing: other methods,
 * overlong or malformed URLs, and a NUL character in the query (400), which
 * PostgreSQL would refuse as text. A path that cannot be read (a broken
 * %-escape, a NUL) names nothing: a page's goes to /404 as any unknown path
 * does (spec 2), anything else's is a plain 404.
 */
function rejectBadRequests(): RequestHandler {
  return (req, res, next) => {
    const json = req.path.startsWith("/api/");
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.set("Allow", ALLOWED_METHODS.join(", "));
      if (req.method === "OPTIONS") res.status(204).send("");
      // The JSON API answers in JSON, as its own endpoints refuse a method they do not take.
      else refuse(res, 405, json ? "Method not allowed." : "Method Not Allowed", json);
      return;
    }
    if (req.originalUrl.length > MAX_URL_LENGTH) return refuse(res, 400, "Bad Request: URL too long", json);
    const [rawPath, rawQuery = ""] = req.originalUrl.split(/\?(.*)/s);
    let query: URLSearchParams;
    try {
      query = new URLSearchParams(rawQuery);
      new URL(req.originalUrl, "http://localhost");
    } catch {
      return refuse(res, 400, "Bad Request: malformed URL", json);
    }
    if (!readablePath(rawPath)) {
      const page = (req.method === "GET" || req.method === "HEAD") && !json && !rawPath.endsWith(".data");
      if (page) return res.set("Cache-Control", "no-store").redirect(302, "/404");
      return refuse(res, 404, "Not Found", json);
    }
    if ([...query].some(([name, value]) => name.includes("\0") || value.includes("\0"))) return refuse(res, 400, NUL_MESSAGE, json);
    next();
  };
}

/**
 * CSRF at the door (design.md 7): a state-changing request that a browser
 * says comes from another site is refused before any route, ours or a
 * library's, sees it. Bearer-token calls without cookies carry no ambient credentials and pass;
 * a request without Origin is left to the route, which asks for one.
 */
function refuseCrossSiteWrites(siteUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || isBearerOnlyCall({ authorization: req.get("authorization"), cookie: req.get("cookie") }))
      return next();
    const origin = req.get("origin");
    if ((origin !== undefined && !ownOrigins(`${req.protocol}://${req.get("host")}`, siteUrl).includes(origin)) || req.get("sec-fetch-site") === "cross-site") {
      return refuse(res, 403, CROSS_SITE_MESSAGE, true);
    }
    next();
  };
}

/**
 * Spec 2's pages live at lowercase paths. The router would also answer /Courses,
 * a second address for the same page in caches and search results: it is sent
 * to /courses (301), its query kept.
 */
function lowercasePagePaths(): RequestHandler {
  const pages = new Set(PAGES.filter((page) => !page.path.includes(":")).map((page) => `/${page.path}`));
  return (req, res, next) => {
    const lower = req.path.toLowerCase();
    if ((req.method !== "GET" && req.method !== "HEAD") || lower === req.path || !pages.has(lower)) return next();
    const queryAt = req.originalUrl.indexOf("?");
    res.redirect(301, lower + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
  };
}

function securityHeaders(env: Env): RequestHandler[] {
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
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, ...analytics.scripts],
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

/**
 * The cache of anonymous public pages, emptied whenever the database announces
 * a change to what they show (drizzle/0007_catalogue_changes.sql), from this
 * instance or any other.
 */
function anonymousPageCache(
  runtime: Runtime,
  handle: ReturnType<typeof createRequestHandler>,
  loadContext: (info: RequestInfo, errors: unknown[], route: RequestRoute) => RouterContextProvider,
): PageCache {
  const cache = createPageCache({
    // A render of its own, as an anonymous visitor from nowhere in particular would see the page.
    render: async (url, headers) => {
      const route: RequestRoute = {};
      const response = await handle(
        new Request(url, { headers }),
        loadContext({ cspNonce: randomBytes(16).toString("base64"), clientIp: "unknown", isLocalRequest: false }, [], route),
      );
      return { response, route };
    },
    nextChangeAt: async () => (await nextHoldExpiry(runtime.database.db, new Date()))?.getTime(),
    prepare: criticalStylesheet(),
    onRenderError: (error, url) => log.error(`Refreshing the cached ${new URL(url).pathname} failed`, error),
  });
  runtime.database
    .listen("catalogue_changed", { onNotice: () => cache.invalidate(), onLost: () => cache.pause() })
    .then(() => cache.invalidate())
    .catch((error: unknown) => log.error("Cannot hear catalogue changes: pages are not cached", error));
  return cache;
}

export interface HttpAppOptions {
  runtime: Runtime;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves the browser assets: Vite's middleware in development, the built files otherwise. */
  mountAssets: (app: express.Express) => void;
}

export function createHttpApp({ runtime, build, mountAssets }: HttpAppOptions) {
  const { env } = runtime;
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer, the visitor's address is in X-Forwarded-For.
  if (env.trustProxy) app.set("trust proxy", env.trustProxy);
  app.use(requestLog());
  // Bodies are read first, so every answer below, refusals included, leaves the connection clean.
  app.use(boundedRequestBody());
  app.use(rejectBadRequests());
  app.use(refuseCrossSiteWrites(env.siteUrl));
  // Rate limits key on the visitor's address as Express resolved it, never on a header the visitor sent.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = limitedAddress(req.ip);
    next();
  });
  app.use(...securityHeaders(env));
  app.use(devRoutesForLocalRequestsOnly(env.localProviders));
  app.use(lowercasePagePaths());
  app.use(compression());
  mountAssets(app);
  app.use(cachePolicy());

  const databaseHealth = watchDatabaseHealth(() => runtime.database.ping());
  // Up or down, nothing more: which database or version runs is nobody's business.
  app.get("/healthz", async (_req, res) => {
    const up = await databaseHealth.check();
    res
      .status(up ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: up ? "up" : "down" });
  });
  app.get("/metrics", metricsEndpoint(runtime));
  app.use(answer503WhileDatabaseDown(databaseHealth));

  const handle = createRequestHandler(build, env.isProduction ? "production" : "development");
  const loadContext = (info: RequestInfo, errors: unknown[], route: RequestRoute) =>
    new RouterContextProvider(
      new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
        [appServicesContext, runtime],
        [requestInfoContext, info],
        [requestErrorsContext, errors],
        [requestRouteContext, route],
      ]),
    );
  // Development renders every page afresh: a cached page would hide the change being made.
  const pageCache = env.isProduction ? anonymousPageCache(runtime, handle, loadContext) : undefined;
  app.all(
    "/{*splat}",
    reactRouterHandler({
      handle,
      pageCache,
      databaseHealth,
      getLoadContext: (req, res) =>
        loadContext(
          {
            cspNonce: res.locals.cspNonce as string | undefined,
            // As the limits count it, put there by the first middleware.
            clientIp: String(req.headers[CLIENT_IP_HEADER]),
            isLocalRequest: isLocalRequest(req),
            requestId: requestIdOf(res),
          },
          (res.locals.requestErrors = []),
          (res.locals.requestRoute = {}),
        ),
    }),
  );

  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const reported = (error as { status?: unknown } | null)?.status;
    const status = typeof reported === "number" && reported >= 400 && reported < 500 ? reported : 500;
    if (status === 500) log.error("Unhandled request error", error);
    if (res.headersSent) {
      res.end();
      return;
    }
    res
      .status(status)
      .type("text/plain")
      .send(status === 500 ? "Internal Server Error" : "Bad Request");
  };
  app.use(onError);
  return app;
}

export async function startServer(options: Omit<HttpAppOptions, "runtime">) {
  setLogFormat(getEnv().nodeEnv === "development" ? "text" : "json");
  captureConsole();
  const runtime = await startRuntime();
  const app = createHttpApp({ runtime, ...options });
  const server = app.listen(runtime.env.port, runtime.env.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // Slow or stalled clients must not hold a request open forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  log.info(`Global Implant Institute listening on ${runtime.env.siteUrl} (port ${runtime.env.port})`);
  if (runtime.env.localProviders) log.warn(DEMO_MODE_WARNING);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    server.close();
    server.closeIdleConnections();
    await runtime.stop().catch((error) => log.error("Shutdown failed", error));
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
  return { server, runtime };
}

/**
 * The production entry, bundled with React Router's server build (see vite.config.ts).
 * @public server/main.js loads it from the bundle.
 */
export async function startProductionServer() {
  const build = await import("virtual:react-router/server-build");
  // This bundle lives in build/server; the browser files beside it in build/client.
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  return startServer({
    build,
    mountAssets: (app) => {
      // The build keeps a brotli and a gzip copy of each text file: sent as they are, never compressed per request.
      const precompressed = { enableBrotli: true, orderPreference: ["br", "gz"], index: false as const };
      app.use("/assets", expressStaticGzip(`${clientDir}/assets`, { ...precompressed, serveStatic: { immutable: true, maxAge: "1y", index: false } }));
      app.use(expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: "1h", index: false } }));
    },
  });
}
