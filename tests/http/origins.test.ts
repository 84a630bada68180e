import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "~/server/db/schema.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";

import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

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
    await subscribeToNewsletter(db, { email: "one.click@example.com" }, { siteUrl: app.url });
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
