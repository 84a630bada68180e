/** One line per event on stdout/stderr; callers never pass secrets or tokens. */
const stamp = () => new Date().toISOString();

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

export const log = {
  info(message: string) {
    console.log(`${stamp()} info ${message}`);
  },
  warn(message: string) {
    console.warn(`${stamp()} warn ${message}`);
  },
  error(message: string, error?: unknown) {
    const detail = error === undefined || error === null || error === "" ? "" : `: ${describeError(error)}`;
    console.error(`${stamp()} error ${message}${detail}`);
  },
};

/**
 * Better Auth's adapter also writes failed queries straight to console.error,
 * parameters and all; the server's console names them as `log` does instead.
 */
export function redactQueryErrorsInConsole() {
  for (const level of ["error", "warn", "log", "info"] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => write(...args.map((arg) => (isQueryError(arg) ? describeError(arg) : arg)));
  }
}
