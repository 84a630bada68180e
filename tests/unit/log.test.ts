import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";

import { describeError, log, redactQueryErrorsInConsole } from "~/server/platform/log.server";

describe("log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names a failed query's statement and the database's reason, never its parameters", () => {
    const error = new DrizzleQueryError(
      'insert into "accounts" ("id", "password") values ($1, $2)',
      ["acc_1", "salt:hash-of-the-password"],
      new Error('relation "accounts" does not exist'),
    );
    const line = describeError(error);
    expect(line).toBe('query failed (insert into "accounts" …): relation "accounts" does not exist');
    expect(line).not.toContain("hash-of-the-password");
  });

  it("writes one line per error, with the message of other errors and of plain values", () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    log.error("Saving failed", new Error("connection reset"));
    log.error("Odd failure", "no-such-thing");
    log.error("No detail");
    expect(lines.map((line) => line.replace(/^\S+ /, ""))).toEqual([
      "error Saving failed: connection reset",
      "error Odd failure: no-such-thing",
      "error No detail",
    ]);
  });
});

describe("the server's console", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes a failed query a library logs directly without its parameters", () => {
    const lines: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args));
    redactQueryErrorsInConsole();
    console.error(new DrizzleQueryError('select "password" from "accounts" where "user_id" = $1', ["user-secret-id"], new Error("boom")));
    console.error("plain", 42);
    expect(lines).toEqual([['query failed (select "password" from …): boom'], ["plain", 42]]);
  });
});
