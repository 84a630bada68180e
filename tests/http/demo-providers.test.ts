import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { enqueueEmail } from "~/server/email/outbox.server";

import { isLoopbackAddress, isLoopbackHost } from "../../server/local-requests";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

let demo: HttpApp;
let deployed: HttpApp;
let messageId: string;

beforeAll(async () => {
  // A deployment names its mail server and Stripe account (none is reached here): the built-in providers are off.
  const providers = { SMTP_URL: "smtp://127.0.0.1:2525", STRIPE_SECRET_KEY: "sk_test_deployed", STRIPE_WEBHOOK_SECRET: "whsec_deployed" };
  [demo, deployed] = await Promise.all([startHttpApp(), startHttpApp({ LOCAL_PROVIDERS: "0", ...providers })]);
  await enqueueEmail(demo.services.database.db, {
    template: "reset-password",
    to: "admin@globalimplantinstitute.com",
    subject: "Reset your password",
    html: "<p>reset</p>",
    text: "Reset [http://localhost:3000/api/auth/reset-password/secret-token?callbackURL=/auth/reset-password]",
  });
  const list = await rawRequest(demo.url, { path: "/dev/mailbox/messages.json" });
  messageId = (JSON.parse(list.body) as { id: string }[])[0].id;
});
afterAll(async () => {
  await Promise.all([demo?.close(), deployed?.close()]);
});

const DEV_PATHS = () => [
  "/dev/mailbox",
  "/dev/mailbox.data",
  "/dev/mailbox/messages.json",
  `/dev/mailbox/${messageId}`,
  `/dev/mailbox/${messageId}/html`,
  "/dev/checkout/cs_test_1",
];

describe("the built-in mailbox (and every /dev route)", () => {
  it("answers a request from this machine with no forwarding header", async () => {
    for (const path of DEV_PATHS().slice(0, 5)) {
      const answer = await rawRequest(demo.url, { path });
      expect(answer.status, path).toBe(200);
    }
    const messages = JSON.parse((await rawRequest(demo.url, { path: "/dev/mailbox/messages.json" })).body) as { text: string }[];
    expect(messages[0].text).toContain("secret-token");
  });

  it.each([
    ["X-Forwarded-For", { "X-Forwarded-For": "127.0.0.1" }],
    ["Forwarded", { Forwarded: "for=127.0.0.1;proto=http" }],
    ["X-Real-IP", { "X-Real-IP": "127.0.0.1" }],
    ["X-Forwarded-For naming another address", { "X-Forwarded-For": "203.0.113.9" }],
    ["Via", { Via: "1.1 proxy" }],
    // DNS rebinding: another site's name pointed at 127.0.0.1, opened in this machine's browser.
    ["a Host of another name", { Host: "rebind.attacker.example" }],
    ["a Host of another name and its port", { Host: "rebind.attacker.example:3000" }],
  ])("is not found (404, nothing read) for a request that carries %s", async (_name, headers) => {
    for (const path of DEV_PATHS()) {
      const answer = await rawRequest(demo.url, { path, headers });
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain("secret-token");
      expect(answer.body, path).not.toContain("Reset your password");
    }
    const post = await rawRequest(demo.url, {
      method: "POST",
      path: "/dev/mailbox",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(post.status).toBe(404);
  });

  it("is the same route in other letters, percent-encoded or by a detour: hidden from others, and this machine's page is never kept for them", async () => {
    const forwarded = { "X-Forwarded-For": "203.0.113.9" };
    for (const path of [
      `/Dev/mailbox/${messageId}`,
      `/DEV/MAILBOX/${messageId}`,
      `/%64ev/mailbox/${messageId}`,
      "/Dev/mailbox",
      "/%64ev/mailbox.data",
      // The router resolves dot segments and reads a backslash as a slash, as browsers do.
      `/x/%2e%2e/dev/mailbox/${messageId}`,
      "/x/../dev/mailbox",
      "/courses/.%2E/../dev/mailbox.data",
      `/dev\\mailbox/${messageId}`,
      "/dev\\mailbox",
    ]) {
      const local = await rawRequest(demo.url, { path });
      expect(local.status, path).toBe(200);
      // Asked again from elsewhere over the next moments, while the page cache would still have kept it.
      for (let attempt = 0; attempt < 5; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const remote = await rawRequest(demo.url, { path, headers: forwarded });
        expect(remote.status, path).toBe(404);
        expect(remote.body, path).not.toContain("secret-token");
        expect(remote.body, path).not.toContain("Reset your password");
      }
      expect(local.headers["cache-control"], path).toBe("private, no-store");
      expect(local.headers["x-cache"], path).toBeUndefined();
    }
  });

  it("does not exist at all when local providers are off, even for this machine", async () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.data", "/dev/mailbox/messages.json"]) {
      expect((await rawRequest(deployed.url, { path })).status, path).toBe(404);
    }
  });

  it("counts only localhost and loopback addresses as this machine's names", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "127.8.9.10", "[::1]:3000", "LOCALHOST:3000"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["rebind.attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "10.0.0.2:3000", "[::2]", "", "a b", undefined]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });

  it("counts only loopback socket addresses as this machine", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["10.0.0.2", "192.168.1.20", "203.0.113.9", "::ffff:10.0.0.2", "fe80::1", "::", "0.0.0.0", "", undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

const DEMO_RIBBON_TEXT = "Demo mode: payments are simulated and emails stay in the built-in mailbox";

describe("the demo ribbon", () => {
  it("shows on every kind of page while local providers are on, and is dismissible", async () => {
    for (const path of ["/", "/courses", "/contact", "/auth", "/404", "/terms"]) {
      const html = (await rawRequest(demo.url, { path })).body;
      expect(html, path).toContain(DEMO_RIBBON_TEXT);
      expect(html, path).toContain('aria-label="Dismiss the demo mode notice"');
      expect(html, path).toContain("data-demo-mode");
    }
  });

  it("names only what is simulated: with SMTP_URL set emails leave, with Stripe's keys payments are real", async () => {
    const ribbonText = (html: string) => /<p[^>]*>(Demo mode:[^<]*)<\/p>/.exec(html)?.[1] ?? null;
    const realMail = await startHttpApp({ SMTP_URL: "smtp://127.0.0.1:2525" });
    const realPayments = await startHttpApp({ STRIPE_SECRET_KEY: "sk_test_ribbon", STRIPE_WEBHOOK_SECRET: "whsec_ribbon" });
    const bothReal = await startHttpApp({ SMTP_URL: "smtp://127.0.0.1:2525", STRIPE_SECRET_KEY: "sk_test_ribbon", STRIPE_WEBHOOK_SECRET: "whsec_ribbon" });
    try {
      expect(ribbonText((await rawRequest(demo.url, { path: "/" })).body)).toBe(DEMO_RIBBON_TEXT);
      expect(ribbonText((await rawRequest(realMail.url, { path: "/" })).body)).toBe("Demo mode: payments are simulated");
      expect(ribbonText((await rawRequest(realPayments.url, { path: "/" })).body)).toBe("Demo mode: emails stay in the built-in mailbox");
      const shop = (await rawRequest(bothReal.url, { path: "/" })).body;
      expect(ribbonText(shop)).toBeNull();
      expect(shop).not.toContain("data-demo-mode");
    } finally {
      await Promise.all([realMail.close(), realPayments.close(), bothReal.close()]);
    }
  });

  it("is absent from a real deployment", async () => {
    const html = (await rawRequest(deployed.url, { path: "/" })).body;
    expect(html).not.toContain(DEMO_RIBBON_TEXT);
    expect(html).not.toContain("data-demo-mode");
  });
});
