import { describe, expect, it, vi } from "vitest";

import { jsonEndpoint, UNEXPECTED_ERROR_MESSAGE } from "~/server/http/responses.server";
import { log } from "~/server/platform/log.server";

describe("jsonEndpoint", () => {
  it("answers an endpoint's result in JSON, never stored by a cache", async () => {
    const answer = await jsonEndpoint("Test", async () => ({ ok: true }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ ok: true });
  });

  it("passes a response the endpoint returns as it is (a page view's 204)", async () => {
    const answer = await jsonEndpoint("Test", async () => new Response(null, { status: 204 }));
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
  });

  it("answers a failure nobody foresaw 500 with spec 8's message, and logs it without showing it", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const answer = await jsonEndpoint("Recording a page view", async () => {
        throw new Error("relation page_views is locked at /srv/app/build/server.js:12");
      });
      expect(answer.status).toBe(500);
      const body = await answer.text();
      expect(JSON.parse(body)).toEqual({ error: UNEXPECTED_ERROR_MESSAGE });
      expect(body).not.toContain("/srv/app");
      expect(logged).toHaveBeenCalledWith("Recording a page view failed", expect.any(Error));
    } finally {
      logged.mockRestore();
    }
  });
});
