import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "~/server/db/schema.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";

import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { TEST_MAIL_BUDGETS } from "../support/route-args";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

describe("posts that come from no page of ours", () => {
  it("reach a mail client's one-click unsubscribe (RFC 8058), which carries no Origin", async () => {
    const { db } = app.services.database;
    await subscribeToNewsletter(db, { email: "one.click@example.com" }, { siteUrl: app.url, mailBudgets: TEST_MAIL_BUDGETS });
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "one.click@example.com"));
    const answer = await rawRequest(app.url, {
      method: "POST",
      path: `/newsletter/unsubscribe?token=${row.unsubscribeToken}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBeLessThan(400);
    const [after] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "one.click@example.com"));
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("reach the spec's public API from a script (no Origin, no cookie), which then judges the body: 400 with the spec's message", async () => {
    const post = (headers: Record<string, string>) =>
      rawRequest(app.url, { method: "POST", path: "/api/v2/v2-subscribe-newsletter", headers: { "Content-Type": "application/json", ...headers }, body: "{}" });
    const scripted = await post({});
    expect({ status: scripted.status, body: JSON.parse(scripted.body) }).toEqual({ status: 400, body: { error: "Email address is required." } });
    // A cookie could be a browser's ambient credential, and a cross-site fetch mark is a browser's word: both still need an Origin.
    expect((await post({ Cookie: "gii.session_token=someone" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    // Only JSON: a form's encodings (text/plain included) are what another site's page can send without asking.
    expect((await post({ "Content-Type": "text/plain" })).status).toBe(403);
  });

  it("reach spec 7's claim call, whose body is empty, with no body and no type: anonymous, it is told to log in", async () => {
    const claim = (headers: Record<string, string>, body?: string) =>
      rawRequest(app.url, { method: "POST", path: "/api/functions/claim-guest-purchases", headers, body });
    const bodiless = await claim({});
    expect({ status: bodiless.status, body: JSON.parse(bodiless.body) }).toEqual({ status: 401, body: { error: "You must be logged in." } });
    // A body without a type is no script's JSON, and a cookie still needs an Origin.
    expect((await claim({}, "x=1")).status).toBe(403);
    expect((await claim({ Cookie: "gii.session_token=someone" })).status).toBe(403);
  });

  it("while a page's own form posted without an Origin is still refused", async () => {
    const answer = await rawRequest(app.url, {
      method: "POST",
      path: "/contact",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=a",
    });
    expect(answer.status).toBe(403);
  });
});

describe("posts from another site", () => {
  const crossSitePost = (headers: Record<string, string>) =>
    rawRequest(app.url, {
      method: "POST",
      path: "/api/v2/v2-update-user-preferences",
      headers: { "Content-Type": "application/json", Origin: "https://attacker.example", ...headers },
      body: JSON.stringify({ preferences: { eventNotifications: false } }),
    });

  it("are refused when a cookie comes with a bearer token, which then excuses nothing (at the door and again at the endpoint)", async () => {
    const answer = await crossSitePost({ Authorization: "Bearer junk", Cookie: "gii.session_token=someone" });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("Cross-site requests are not allowed.");
  });

  it("pass with a bearer token alone, which the endpoint then judges (here: no such session)", async () => {
    const answer = await crossSitePost({ Authorization: "Bearer junk" });
    expect(answer.status).toBe(401);
  });
});
