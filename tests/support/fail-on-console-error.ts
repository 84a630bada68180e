import { afterEach, vi } from "vitest";

// An unexpected console.error fails the test; a test that expects one spies on it itself.
const errors: unknown[][] = [];
// Projects that share a worker between files (isolate: false) run this again for each file: wrap the console's own
// function, kept on first run, not the previous file's wrapper.
const CONSOLE_ERROR = Symbol.for("gii.tests.console-error");
const kept = globalThis as { [CONSOLE_ERROR]?: typeof console.error };
const original = (kept[CONSOLE_ERROR] ??= console.error);
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length && !vi.isMockFunction(console.error)) {
    throw new Error(`Unexpected console.error: ${seen.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
