import { afterEach, vi } from "vitest";

// An unexpected console.error fails the test; a test that expects one spies on it itself.
const errors: unknown[][] = [];
const original = console.error;
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
