import { isDatabaseUnavailable } from "./errors.server";
import { describeError, log, runOutsideRequest } from "./log.server";

/** While the database is down, how often it is asked whether it is back. */
const DATABASE_PROBE_INTERVAL_MS = 1_000;
/** How long a health check waits for the database: a load balancer's own check must not time out first. */
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/**
 * The work's answer, or, when it takes longer than `ms`, an error that counts as the database being
 * unreachable (isDatabaseUnavailable): a database that does not answer is down for whoever waits on it.
 */
export function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`The database did not answer within ${ms} ms`), { code: "ETIMEDOUT" })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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
export function watchDatabaseHealth(
  ping: () => Promise<void>,
  probeIntervalMs = DATABASE_PROBE_INTERVAL_MS,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): DatabaseHealth {
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
    withinMs(ping(), timeoutMs).then(markUp, () => {
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
        await withinMs(ping(), timeoutMs);
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
