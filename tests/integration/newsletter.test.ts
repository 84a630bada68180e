import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as unsubscribeAction } from "~/routes/newsletter.unsubscribe";
import { loader as confirmLoader } from "~/routes/newsletter.confirm";
import type { DatabaseHandle } from "~/server/db/client.server";
import { emailOutbox, newsletterSubscribers } from "~/server/db/schema.server";
import { isSubscribed, subscribeToNewsletter } from "~/server/newsletter.server";
import { createTestDatabase } from "../support/database";
import { routeArgs, TEST_SITE_URL } from "../support/route-args";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const subscriber = async (email: string) =>
  (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const confirm = (token: string) =>
  confirmLoader(routeArgs(new Request(`${TEST_SITE_URL}/newsletter/confirm?token=${token}`), handle) as never);
const unsubscribe = (token: string) =>
  unsubscribeAction(routeArgs(new Request(`${TEST_SITE_URL}/newsletter/unsubscribe?token=${token}`, { method: "POST" }), handle) as never);

describe("newsletter double opt-in", () => {
  it("is not subscribed until the emailed link confirms it", async () => {
    await subscribeToNewsletter(handle.db, { email: "ana@example.com", name: "Ana" }, { siteUrl: TEST_SITE_URL });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    const row = await subscriber("ana@example.com");
    expect(await confirm(row.confirmationToken)).toEqual({ confirmed: true });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(true);
    // Confirming twice is harmless; an unknown token confirms nothing.
    expect(await confirm(row.confirmationToken)).toEqual({ confirmed: true });
    expect(await confirm("not-a-token")).toEqual({ confirmed: false });
  });

  it("subscribing again once confirmed sends no new email", async () => {
    const before = (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@example.com"))).length;
    const result = await subscribeToNewsletter(handle.db, { email: "ANA@example.com" }, { siteUrl: TEST_SITE_URL });
    expect(result.message).toBe("Successfully subscribed to the newsletter!");
    const after = (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@example.com"))).length;
    expect(after).toBe(before);
    expect((await subscriber("ana@example.com")).name).toBe("Ana");
  });

  it("unsubscribes by the one-click POST, and a later subscription asks for confirmation again", async () => {
    const row = await subscriber("ana@example.com");
    expect(await unsubscribe(row.unsubscribeToken)).toEqual({ unsubscribed: true });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    expect(await unsubscribe("wrong")).toEqual({ unsubscribed: false });
    const again = await subscribeToNewsletter(handle.db, { email: "ana@example.com" }, { siteUrl: TEST_SITE_URL });
    expect(again.message).toContain("Please check your inbox to confirm");
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
  });
});
