import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { log } from "~/server/platform/log.server";

import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

it("never writes a token from a reset, confirmation or newsletter link to the request log", async () => {
  const token = "Zk3pQ9xLm2Rt7Vb4Nc8Hd1Jf6Gs5Wy0A";
  const info = vi.spyOn(log, "info");
  try {
    for (const path of [
      `/api/auth/reset-password/${token}?callbackURL=%2Fauth%2Freset-password`,
      `/auth/reset-password?token=${token}`,
      `/api/auth/verify-email?token=${token}&signup=${token}&callbackURL=%2Faccount`,
      `/newsletter/confirm?token=${token}`,
      `/newsletter/unsubscribe?token=${token}`,
    ]) {
      const answer = await rawRequest(app.url, { path });
      expect(answer.status, path).toBeLessThan(500);
    }
    const lines = info.mock.calls.map((args) => args.join(" ")).filter((line) => /^(GET|POST) /.test(line));
    expect(lines).toHaveLength(5);
    expect(lines.join("\n")).not.toContain(token);
    expect(lines[0]).toMatch(/^GET \/api\/auth\/reset-password\/:token \d{3} /);
  } finally {
    info.mockRestore();
  }
});
