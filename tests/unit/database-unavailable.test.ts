import { afterEach, describe, expect, it, vi } from "vitest";

import { watchDatabaseHealth } from "~/server/platform/database-health.server";
import { isDatabaseUnavailable } from "~/server/platform/errors.server";
import { runWithRequestId } from "~/server/platform/log.server";

/** An error as node-postgres or Node's sockets make it. */
const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** Drizzle's wrapper around a driver error. */
const failedQuery = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause, query: "select 1", params: [] });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    ["the server ending sessions (pg_terminate_backend, a fast shutdown)", withCode("57P01", "terminating connection due to administrator command")],
    ["a crash shutdown", withCode("57P02")],
    ["a server still starting", withCode("57P03", "the database system is starting up")],
    ["a connection exception (class 08)", withCode("08006")],
    ["too many connections", withCode("53300")],
    ["a connection that died", new Error("Connection terminated unexpectedly")],
    ["a connection that took too long", new Error("Connection terminated due to connection timeout")],
    ["a pool that could not lend a connection in time", new Error("timeout exceeded when trying to connect")],
    ["a client that lost its connection", new Error("Client has encountered a connection error and is not queryable")],
    ["any of them inside Drizzle's error", failedQuery(withCode("ECONNREFUSED"))],
    ["any of them among Node's attempts at several addresses", failedQuery(Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: undefined }))],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a missing table", failedQuery(withCode("42P01", 'relation "accounts" does not exist'))],
    ["a broken constraint", failedQuery(withCode("23505", "duplicate key value"))],
    ["a statement cancelled by a timeout", withCode("57014")],
    ["a plain error", new Error("boom")],
    ["nothing", undefined],
    ["a string", "ECONNREFUSED"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("watchDatabaseHealth", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("goes down on an unavailable error only, pings every second while down, and comes up on the first ping that answers", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    let reachable = false;
    const ping = vi.fn(() => (reachable ? Promise.resolve() : Promise.reject(withCode("ECONNREFUSED"))));
    const health = watchDatabaseHealth(ping);

    expect(health.report([failedQuery(withCode("42P01"))])).toBe(false);
    expect(health.up).toBe(true);
    expect(ping).not.toHaveBeenCalled();

    expect(health.report([new Error("other"), failedQuery(withCode("57P01"))])).toBe(true);
    expect(health.up).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(health.up).toBe(false);

    reachable = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(health.up).toBe(true);
    // Up again: no more pinging until the next failure.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ping).toHaveBeenCalledTimes(4);
    health.stop();
  });

  it("probes outside the request that marked the database down: the later lines carry no request id", async () => {
    const lines: Record<string, unknown>[] = [];
    const record = (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>);
    vi.spyOn(console, "warn").mockImplementation(record);
    vi.spyOn(console, "log").mockImplementation(record);
    let reachable = false;
    const health = watchDatabaseHealth(() => (reachable ? Promise.resolve() : Promise.reject(withCode("ECONNREFUSED"))), 5);
    runWithRequestId("req-down", () => health.report([withCode("ECONNREFUSED")]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    reachable = true;
    await vi.waitFor(() => expect(health.up).toBe(true));
    expect(lines.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: expect.stringMatching(/^Database: unreachable/), requestId: "req-down" },
      { msg: "Database: reachable again, answering normally" },
    ]);
    health.stop();
  });

  it("answers the health check from a ping, marking the database down or up", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    let reachable = true;
    const health = watchDatabaseHealth(() => (reachable ? Promise.resolve() : Promise.reject(new Error("Connection terminated unexpectedly"))));
    expect(await health.check()).toBe(true);
    reachable = false;
    expect(await health.check()).toBe(false);
    expect(health.up).toBe(false);
    reachable = true;
    expect(await health.check()).toBe(true);
    expect(health.up).toBe(true);
    health.stop();
  });
});
