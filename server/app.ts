import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/server/auth.server";
import { appServicesContext, requestInfoContext } from "~/server/context.server";
import type { Env } from "~/server/env.server";
import { log, redactQueryErrorsInConsole } from "~/server/log.server";
import { startRuntime, type Runtime } from "~/server/runtime.server";

/** Longer URLs are refused before routing; no page of ours needs more. */
const MAX_URL_LENGTH = 4096;
/** design.md 5: bodies over 64 KB are refused. */
const MAX_BODY_BYTES = 64 * 1024;
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: query strings can carry tokens (password reset, verification).
      const fullPath = req.originalUrl.split("?")[0];
      const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
      log.info(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

function rejectBadRequests(): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.set("Allow", ALLOWED_METHODS.join(", "));
      res.status(req.method === "OPTIONS" ? 204 : 405).type("text/plain").send(req.method === "OPTIONS" ? "" : "Method Not Allowed");
      return;
    }
    if (req.originalUrl.length > MAX_URL_LENGTH) {
      res.status(400).type("text/plain").send("Bad Request: URL too long");
      return;
    }
    try {
      decodeURIComponent(req.originalUrl.split("?")[0]);
      new URL(req.originalUrl, "http://localhost");
    } catch {
      res.status(400).type("text/plain").send("Bad Request: malformed URL");
      return;
    }
    const length = Number(req.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).json({ error: "Request body too large." });
      return;
    }
    next();
  };
}

function securityHeaders(env: Env): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const thirdParty =
    env.analytics.kind === "plausible"
      ? ["https://plausible.io"]
      : env.analytics.kind === "ga4"
        ? ["https://www.googletagmanager.com", "https://*.google-analytics.com"]
        : [];
  const headers = helmet({
    // Vite's dev server injects inline scripts for hot reload; the policy applies to builds.
    contentSecurityPolicy:
      env.nodeEnv === "development"
        ? false
        : {
            useDefaults: true,
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, ...thirdParty],
              "connect-src": ["'self'", ...thirdParty],
              "img-src": ["'self'", "data:", ...thirdParty],
              "media-src": ["'self'"],
              "frame-ancestors": ["'none'"],
              "form-action": ["'self'"],
              "upgrade-insecure-requests": env.siteUrl.startsWith("https:") ? [] : null,
            },
          },
    strictTransportSecurity: env.isProduction && env.siteUrl.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  return [nonce, headers];
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
  app.use(rejectBadRequests());
  // Rate limits key on the visitor's address as Express resolved it, never on a header the visitor sent.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });
  app.use(...securityHeaders(env));
  app.use(compression());
  mountAssets(app);

  app.get("/healthz", async (_req, res) => {
    try {
      await runtime.database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: runtime.database.driver });
    } catch (error) {
      log.error("Health check failed", error);
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: env.isProduction ? "production" : "development",
      getLoadContext: (req, res) =>
        new RouterContextProvider(
          new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
            [appServicesContext, runtime],
            [requestInfoContext, { cspNonce: res.locals.cspNonce as string | undefined, clientIp: req.ip ?? "unknown" }],
          ]),
        ),
    }),
  );

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) log.error("Unhandled request error", error);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).type("text/plain").send(status === 500 ? "Internal Server Error" : "Bad Request");
  };
  app.use(onError);
  return app;
}

export async function startServer(options: Omit<HttpAppOptions, "runtime">) {
  redactQueryErrorsInConsole();
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

/** The production entry, bundled with React Router's server build (see vite.config.ts). */
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
