/** One line per event on stdout/stderr; callers never pass secrets or tokens. */
const stamp = () => new Date().toISOString();

export const log = {
  info(message: string) {
    console.log(`${stamp()} info ${message}`);
  },
  warn(message: string) {
    console.warn(`${stamp()} warn ${message}`);
  },
  error(message: string, error?: unknown) {
    const detail = error instanceof Error ? `: ${error.message}` : error ? `: ${String(error)}` : "";
    console.error(`${stamp()} error ${message}${detail}`);
  },
};
