import { isDatabaseUnavailable } from "./errors.server";
import { describeError, log, runOutsideRequest } from "./log.server";

/** While the database is down, how often it is asked whether it is back. */
const DATABASE_PROBE_INTERVAL_MS = 1_000;

export interface DatabaseHealth {
  /** False from the first "cannot reach the database" error until a ping succeeds again. */
  readonly up: boolean;
  /** Looks at a request's errors: true (and marks the database down) when one says it cannot be reached. */
  report(errors: readonly unknown[]): boolean;
  /** Pings now: the health check's answer. */
  check(): Promise<boolean>;
  /** Ends the probing, if any. */
  stop(): void;
}

/**
 * What the HTTP server knows about the database. A request that finds it
 * unreachable marks it down, so every following request is answered 503 at
 * once instead of each waiting on a connection that will fail; from then on
 * it is pinged every second, and the first ping that succeeds marks it up
 * again. The connection pool reconnects by itself: nothing is restarted.
 */
export function watchDatabaseHealth(ping: () => Promise<void>, probeIntervalMs = DATABASE_PROBE_INTERVAL_MS): DatabaseHealth {
  let down = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const markUp = () => {
    if (!down) return;
    down = false;
    clearTimeout(timer);
    timer = undefined;
    log.info("Database: reachable again, answering normally");
  };

  const probe = () => {
    timer = undefined;
    ping().then(markUp, () => {
      if (down && !stopped) timer = setTimeout(probe, probeIntervalMs).unref();
    });
  };

  const markDown = (error: unknown) => {
    if (down || stopped) return;
    down = true;
    log.warn(`Database: unreachable (${describeError(error)}), answering 503 until it is back`);
    // The probing outlives the request that noticed: its lines must not carry that request's id.
    timer = runOutsideRequest(() => setTimeout(probe, probeIntervalMs).unref());
  };

  return {
    get up() {
      return !down;
    },
    report(errors) {
      const unavailable = errors.find((error) => isDatabaseUnavailable(error));
      if (unavailable === undefined) return false;
      markDown(unavailable);
      return true;
    },
    async check() {
      try {
        await ping();
        markUp();
        return true;
      } catch (error) {
        if (isDatabaseUnavailable(error)) markDown(error);
        else log.error("Health check failed", error);
        return false;
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
