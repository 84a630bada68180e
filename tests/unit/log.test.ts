import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";

import { captureConsole, describeError, log, runWithRequestId, setLogFormat } from "~/server/platform/log.server";

/** Each line written through console.<method>, parsed as the JSON object it must be. */
function jsonLines(method: "log" | "warn" | "error") {
  const lines: string[] = [];
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  return () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("log", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLogFormat("json");
  });

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

  it("writes one JSON object per line: time, level, message, then the fields and the error's message", () => {
    const errors = jsonLines("error");
    const infos = jsonLines("log");
    log.error("Saving failed", new Error("connection reset\nat line two"), { purchaseId: "p_1" });
    log.error("Odd failure", "no-such-thing");
    log.error("No detail");
    log.info('A "quoted" message', { status: 200, ms: 1.5 });
    expect(errors().map(({ time, ...rest }) => [typeof time === "string" && !Number.isNaN(Date.parse(time)), rest])).toEqual([
      [true, { level: "error", msg: "Saving failed", purchaseId: "p_1", error: "connection reset\nat line two" }],
      [true, { level: "error", msg: "Odd failure", error: "no-such-thing" }],
      [true, { level: "error", msg: "No detail" }],
    ]);
    expect(infos()).toEqual([{ time: expect.any(String), level: "info", msg: 'A "quoted" message', status: 200, ms: 1.5 }]);
  });

  it("adds the id of the request being answered to every line written while answering it", async () => {
    const lines = jsonLines("warn");
    await runWithRequestId("req-42", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.warn("Slow answer");
    });
    log.warn("Outside any request");
    expect(lines().map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([{ msg: "Slow answer", requestId: "req-42" }, { msg: "Outside any request" }]);
  });

  it("writes readable text lines for the development server: the message, the error and the request", () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    setLogFormat("text");
    runWithRequestId("req-7", () => log.error("Saving failed", new Error("connection reset")));
    expect(lines.map((line) => line.replace(/^\S+ /, ""))).toEqual(["error Saving failed: connection reset [req-7]"]);
  });
});

describe("the server's console", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns what a library writes into log lines, a failed query without its parameters", () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    captureConsole();
    console.error(new DrizzleQueryError('select "password" from "accounts" where "user_id" = $1', ["user-secret-id"], new Error("boom")));
    console.error("plain", 42, { a: 1 });
    log.error("Ours");
    expect(errors.every((args) => args.length === 1)).toBe(true);
    expect(errors.map(([line]) => (JSON.parse(String(line)) as { msg: string }).msg)).toEqual([
      'query failed (select "password" from …): boom',
      "plain 42 { a: 1 }",
      "Ours",
    ]);
    expect(JSON.stringify(errors)).not.toContain("user-secret-id");
  });
});
