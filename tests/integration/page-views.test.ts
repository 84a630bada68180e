import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/api.page-views";
import { countPageViews } from "~/server/analytics.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { pageViews } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { jsonRequest, routeArgs, settle } from "../support/route-args";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  settle(() => action(routeArgs(jsonRequest("/api/page-views", body, headers), handle)));

describe("POST /api/page-views", () => {
  it("stores the full location, its path and the title, and nothing about the visitor", async () => {
    const result = await post({ location: "http://localhost:3000/courses?ref=mail#register-interest", title: "Courses | Global Implant Institute" });
    expect(result.status).toBe(204);
    const [row] = await handle.db.select().from(pageViews);
    expect(row.location).toBe("http://localhost:3000/courses?ref=mail#register-interest");
    expect(row.path).toBe("/courses");
    expect(row.title).toBe("Courses | Global Implant Institute");
    expect(Object.keys(row).sort()).toEqual(["createdAt", "id", "location", "path", "referrer", "title"]);
  });

  it("answers 400 for a missing or malformed location, and stores nothing", async () => {
    const before = await countPageViews(handle.db);
    expect((await post({ title: "x" })).status).toBe(400);
    expect((await post({ location: "javascript:alert(1)", title: "x" })).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
    expect(await countPageViews(handle.db)).toBe(before);
  });

  it("answers 413 for a body over 64 KB", async () => {
    const result = await post({ location: "http://localhost:3000/", title: "x".repeat(70_000) });
    expect(result.status).toBe(413);
  });

  it("refuses a cross-site browser request", async () => {
    const result = await post({ location: "http://localhost:3000/", title: "x" }, { Origin: "https://evil.example" });
    expect(result.status).toBe(403);
  });
});
