import { log } from "./log.server";

const running = new Set<Promise<void>>();

/**
 * Work a request starts but does not wait for, so that its answer takes the
 * same time whatever the work finds (a reset link asked for a known or an
 * unknown address). Failures are logged; shutdown waits for what is running.
 */
export function runInBackground(name: string, work: () => Promise<unknown>): void {
  const task = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error) => log.error(`${name} failed`, error),
    )
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once every piece of background work started so far has finished. */
export async function settleBackgroundWork(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

/** Work the server repeats on a timer until stopped: one run at a time, failures logged, and stop waits for the run in progress. */
export function repeatEvery(name: string, everyMs: number, work: () => Promise<unknown>): { stop(): Promise<void> } {
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    current ??= work()
      .catch((error: unknown) => log.error(`${name} failed`, error))
      .finally(() => (current = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
