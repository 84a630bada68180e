import { randomBytes } from "node:crypto";
import { createServer, type RequestListener } from "node:http";
import { fileURLToPath } from "node:url";

import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { nextHoldExpiry } from "~/server/catalogue/places.server";
import {
  appServicesContext,
  requestErrorsContext,
  type RequestInfo,
  requestInfoContext,
  type RequestRoute,
  requestRouteContext,
} from "~/server/platform/context.server";
import { watchDatabaseHealth } from "~/server/platform/database-health.server";
import { getEnv, simulatedProviders } from "~/server/platform/env.server";
import { captureConsole, log, setLogFormat } from "~/server/platform/log.server";
import { limitedAddress } from "~/server/platform/rate-limit.server";
import { type Runtime, startRuntime } from "~/server/platform/runtime.server";

import { cachePolicy } from "./cache-policy";
import { criticalStylesheet } from "./critical-css";
import { answer503WhileDatabaseDown } from "./database-gate";
import { demoModeWarning, devRoutesForLocalRequestsOnly, isLocalRequest } from "./local-requests";
import { metricsEndpoint } from "./metrics";
import { createPageCache, type PageCache } from "./page-cache";
import { reactRouterHandler } from "./react-router-handler";
import { boundedRequestBody } from "./request-body";
import { lowercasePagePaths, refuseCrossSiteWrites, rejectBadRequests } from "./request-guards";
import { requestIdOf, requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { gracefulShutdown } from "./shutdown";

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
  // Before any answer, so refusals at the door carry them too.
  app.use(...securityHeaders(env));
  // Bodies are read first, so every answer below, refusals included, leaves the connection clean.
  app.use(boundedRequestBody());
  app.use(rejectBadRequests());
  app.use(refuseCrossSiteWrites(env.siteUrl));
  // Rate limits key on the visitor's address as Express resolved it, never on a header the visitor sent.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = limitedAddress(req.ip);
    next();
  });
  app.use(devRoutesForLocalRequestsOnly(env.localProviders));
  app.use(lowercasePagePaths());
  app.use(compression());
  mountAssets(app);
  // A file the build does not have (a script an old page names after a deploy, a mistyped image) is a plain 404,
  // not a redirect to the not-found page, whose HTML the browser would refuse as the script or style it asked for.
  app.use(["/assets", "/media"], (_req, res) => {
    res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
  });
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

/** Another process listens on PORT: nothing has been opened or seeded. */
class PortInUseError extends Error {
  override name = "PortInUseError";
}

/** Until the database is open and migrated: a load balancer's health check, or an early visitor, is told to come back. */
const answerStarting: RequestListener = (_request, response) => {
  response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" });
  response.end("The site is starting. Please try again in a moment.");
};

export async function startServer(options: Omit<HttpAppOptions, "runtime">) {
  const env = getEnv();
  setLogFormat(env.nodeEnv === "development" ? "text" : "json");
  captureConsole();
  // The port first: a second server on it stops here, before it seeds anything or prints a demo password it would then lose.
  const server = createServer(answerStarting);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(`Port ${env.port} is already in use: stop the server on it, or set PORT.`) : error),
    );
    server.listen(env.port, env.host);
  });
  const runtime = await startRuntime(env);
  const app = createHttpApp({ runtime, ...options });
  server.off("request", answerStarting);
  server.on("request", app);
  // Slow or stalled clients must not hold a request open forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  log.info(`Global Implant Institute listening on ${runtime.env.siteUrl} (port ${runtime.env.port})`);
  const simulated = simulatedProviders(runtime.env);
  if (simulated) log.warn(demoModeWarning(simulated));

  const shutDown = gracefulShutdown(server);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await shutDown(() => runtime.stop()).catch((error) => log.error("Shutdown failed", error));
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
      // A folder's name is no page: no redirect to it with a slash (`/courses/..` to `/courses/../`); the router answers it.
      const precompressed = { enableBrotli: true, orderPreference: ["br", "gz"], index: false as const };
      app.use(
        "/assets",
        expressStaticGzip(`${clientDir}/assets`, { ...precompressed, serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false } }),
      );
      app.use(expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: "1h", index: false, redirect: false } }));
    },
  });
}
