import type { Server, ServerResponse } from "node:http";

/** How long requests in flight at SIGTERM may take to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Stops an HTTP server the way a deployment expects on SIGTERM: no new
 * connection is accepted, every request in hand is answered (for at most
 * `graceMs`), keep-alive connections close as their last answer goes out,
 * and only then does `stopWork` run (the background workers, then the
 * database), so no request finds the pool already ended.
 */
export function gracefulShutdown(server: Server, graceMs = SHUTDOWN_GRACE_MS) {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on("request", (_req, res: ServerResponse) => {
    // A request still arriving on a kept-alive connection is answered, and that connection closed after it.
    if (stopping) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });

  return async function shutDown(stopWork: () => Promise<void>): Promise<void> {
    stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    // An answer whose headers are out already (a streamed page) cannot say so: its connection closes right after it.
    server.keepAliveTimeout = 1;
    server.closeIdleConnections();
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    await closed;
    clearTimeout(cutOff);
    await stopWork();
  };
}
