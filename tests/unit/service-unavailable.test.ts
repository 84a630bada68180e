import { describe, expect, it } from "vitest";

import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE, serviceUnavailableResponse } from "~/server/http/service-unavailable.server";

describe("serviceUnavailableResponse", () => {
  it("answers a page's data asked for by the router in the browser with the message alone, which the router shows as the error's", async () => {
    for (const path of ["/courses.data", "/account.data"]) {
      const response = serviceUnavailableResponse(path);
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
      expect(await response.text()).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    }
  });

  it("answers an API in JSON and a page with a page of its own", async () => {
    expect(await serviceUnavailableResponse("/api/v2/v2-subscribe-newsletter").json()).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
    const page = serviceUnavailableResponse("/courses");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain(`<p>${SERVICE_UNAVAILABLE_MESSAGE}</p>`);
  });
});
