import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";

/**
 * One line per event on stdout/stderr; callers never pass secrets or tokens.
 * A server writes one JSON object per line (`time`, `level`, `msg`, then
 * fields), which log collectors read as they are; the development server
 * writes the same as readable text.
 */
type Level = "info" | "warn" | "error";
type Fields = Record<string, string | number | boolean | undefined>;

let format: "json" | "text" = "json";

/** Readable lines for a person at a terminal (`npm run dev`); JSON everywhere else. */
export function setLogFormat(chosen: "json" | "text") {
  format = chosen;
}

/** The request being answered: every line logged while answering it (or work it started) carries its id. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, run: () => T): T {
  return requestScope.run({ requestId }, run);
}

/** Runs outside any request: timers started here, and what they log later, belong to no request's id. */
export function runOutsideRequest<T>(run: () => T): T {
  return requestScope.exit(run);
}

/** Drizzle's failed-query error, recognised by shape: the server bundle and a library may hold different copies of its class. */
function isQueryError(error: unknown): error is Error & { query: string; params: unknown[] } {
  return error instanceof Error && typeof (error as { query?: unknown }).query === "string" && Array.isArray((error as { params?: unknown }).params);
}

/**
 * What an error says, without what it carries: a failed query names its
 * statement and the database's reason, never its parameters (password hashes,
 * tokens and email addresses travel there).
 */
export function describeError(error: unknown): string {
  if (isQueryError(error)) {
    const statement = error.query.split(/\s+/).slice(0, 3).join(" ");
    const reason = error.cause instanceof Error ? error.cause.message : "unknown cause";
    return `query failed (${statement} …): ${reason}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

const CONSOLE_METHOD = { info: "log", warn: "warn", error: "error" } as const;
/** Set while a line of ours is written, so the captured console passes it through unchanged. */
let writingOwnLine = false;

function write(level: Level, msg: string, fields: Fields) {
  const context = requestScope.getStore();
  const all: Fields = { ...(context && { requestId: context.requestId }), ...fields };
  const time = new Date().toISOString();
  // A person reads the message, the error and the request; the other fields are for machines.
  const line =
    format === "json"
      ? JSON.stringify({ time, level, msg, ...all })
      : `${time} ${level} ${msg}${all.error === undefined ? "" : `: ${all.error}`}${all.requestId === undefined ? "" : ` [${all.requestId}]`}`;
  writingOwnLine = true;
  try {
    console[CONSOLE_METHOD[level]](line);
  } finally {
    writingOwnLine = false;
  }
}

export const log = {
  info(message: string, fields: Fields = {}) {
    write("info", message, fields);
  },
  warn(message: string, fields: Fields = {}) {
    write("warn", message, fields);
  },
  error(message: string, error?: unknown, fields: Fields = {}) {
    const detail = error === undefined || error === null || error === "" ? undefined : describeError(error);
    write("error", message, { ...fields, error: detail });
  },
};

/**
 * Libraries write to the console directly (Better Auth's adapter prints failed
 * queries, parameters and all): on the server their output becomes log lines
 * like ours, one per call, with failed queries named as `log` names them.
 */
export function captureConsole() {
  const methods = [
    ["error", "error"],
    ["warn", "warn"],
    ["log", "info"],
    ["info", "info"],
  ] as const;
  for (const [method, level] of methods) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      if (writingOwnLine) return original(...args);
      const text = args
        .map((arg) => (typeof arg === "string" ? arg : arg instanceof Error ? describeError(arg) : inspect(arg, { breakLength: Infinity })))
        .join(" ");
      write(level, text, {});
    };
  }
}
