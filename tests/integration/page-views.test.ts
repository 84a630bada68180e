import { afterAll, describe, expect, it } from "vitest";

import { PAGE_VIEW_INVALID_MESSAGE } from "~/lib/schemas/page-view";
import * as apiPageViewsRoute from "~/routes/api.page-views";
import { pageViews } from "~/server/db/schema.server";

import { useTestDatabase } from "../support/database";
import { countPageViews } from "../support/marketing";
import { guarded, jsonRequest, routeArgs, settle, TEST_SITE_URL, testEnv } from "../support/route-args";

const action = guarded(apiPageViewsRoute, "action");

const handle = useTestDatabase();
afterAll(async () => {});

const post = (body: unknown, headers: Record<string, string> = {}, clientIp?: string, env = testEnv()) =>
  settle(() => action(routeArgs(jsonRequest("/api/page-views", body, headers), handle, {}, env, clientIp)));

const allRows = () => handle.db.select().from(pageViews);

/** The rows as one text: a secret must appear in no column of any row. */
const storedText = async () => JSON.stringify(await allRows());

// Shaped like the real secrets: a Better Auth id, a base64url newsletter token and sign-up secret, a JWT.
const RESET_TOKEN = "Xk3pQ9vLm2Rt7YwZ8aBc4DeF";
const NEWSLETTER_TOKEN = "q3Vx_9Lm-2RtY7wZ8aBc4DeFgH1jK5nP";
const VERIFY_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl0123";
const SIGN_UP_SECRET = "Zr8_kP2mW9xQ-4tY7uV1nB5cD3eF6gH0jL2aS8dF4gH";
const SECRETS = [RESET_TOKEN, NEWSLETTER_TOKEN, VERIFY_TOKEN, SIGN_UP_SECRET];

const TOKEN_URLS: Array<[url: string, kept: string]> = [
  [`${TEST_SITE_URL}/auth/reset-password?token=${RESET_TOKEN}`, "/auth/reset-password"],
  [`${TEST_SITE_URL}/newsletter/confirm?token=${NEWSLETTER_TOKEN}`, "/newsletter/confirm"],
  [`${TEST_SITE_URL}/newsletter/unsubscribe?token=${NEWSLETTER_TOKEN}`, "/newsletter/unsubscribe"],
  [`${TEST_SITE_URL}/api/auth/verify-email?token=${VERIFY_TOKEN}&signup=${SIGN_UP_SECRET}`, "/api/auth/verify-email"],
  [`${TEST_SITE_URL}/auth/confirm?token=${VERIFY_TOKEN}&signup=${SIGN_UP_SECRET}`, "/auth/confirm"],
  [`${TEST_SITE_URL}/api/auth/reset-password/${RESET_TOKEN}?callbackURL=%2Fauth%2Freset-password`, "/api/auth/reset-password/:token"],
];

describe("POST /api/page-views", () => {
  it("stores the public location, its path and the title, and nothing about the visitor", async () => {
    const result = await post({
      location: `${TEST_SITE_URL}/courses?utm_source=mail&ref=mail&view=grid&utm_campaign=spring#register-interest`,
      title: "Courses | Global Implant Institute",
      referrer: "https://www.google.com/search?q=implant+course",
    });
    expect(result.status).toBe(204);
    const [row] = await allRows();
    expect(row.location).toBe("/courses?utm_source=mail&view=grid&utm_campaign=spring");
    expect(row.path).toBe("/courses");
    expect(row.title).toBe("Courses | Global Implant Institute");
    expect(row.referrer).toBe("https://www.google.com");
    expect(Object.keys(row).sort()).toEqual(["createdAt", "id", "location", "path", "referrer", "title"]);
  });

  it.each(TOKEN_URLS)("keeps no token of %s, sent as the location or as the referrer", async (url, kept) => {
    const before = await countPageViews(handle.db);
    expect((await post({ location: url, title: "Reset password | Global Implant Institute" })).status).toBe(204);
    expect((await post({ location: `${TEST_SITE_URL}/contact`, title: "Contact", referrer: url })).status).toBe(204);
    expect(await countPageViews(handle.db)).toBe(before + 2);

    const rows = (await allRows()).sort((a, b) => a.id - b.id).slice(-2);
    expect(rows[0]).toMatchObject({ location: kept, path: kept.split("?")[0], referrer: null });
    expect(rows[1]).toMatchObject({ location: "/contact", path: "/contact", referrer: kept });
    const stored = await storedText();
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
  });

  it("keeps only the origin of another site's referrer, and drops a referrer that is not an http(s) URL", async () => {
    await post({ location: `${TEST_SITE_URL}/`, title: "Home", referrer: `https://mail.example/inbox/${RESET_TOKEN}?token=${RESET_TOKEN}` });
    await post({ location: `${TEST_SITE_URL}/`, title: "Home", referrer: "android-app://com.google.android.gm/" });
    const [fromMail, fromApp] = (await allRows()).sort((a, b) => a.id - b.id).slice(-2);
    expect(fromMail.referrer).toBe("https://mail.example");
    expect(fromApp.referrer).toBeNull();
    expect(await storedText()).not.toContain(RESET_TOKEN);
  });

  it("counts a page of the address the site was reached at", async () => {
    const request = new Request("http://127.0.0.1:3000/api/page-views", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://127.0.0.1:3000" },
      body: JSON.stringify({ location: "http://127.0.0.1:3000/contact?utm_medium=qr", title: "Contact" }),
    });
    expect((await settle(() => action(routeArgs(request, handle)))).status).toBe(204);
    const [row] = (await allRows()).sort((a, b) => b.id - a.id);
    expect(row.location).toBe("/contact?utm_medium=qr");
  });

  it("answers 400 for a location on another site, and stores nothing", async () => {
    const before = await countPageViews(handle.db);
    const result = await post({ location: `https://evil.example/auth/reset-password?token=${RESET_TOKEN}`, title: "x" });
    expect(result).toEqual({ status: 400, body: { error: expect.any(String) } });
    expect((await post({ location: "https://localhost:3000/", title: "x" })).status).toBe(400);
    expect(await countPageViews(handle.db)).toBe(before);
  });

  it("stores no more than PAGE_VIEW_RATE_LIMIT views per address, answering the rest as usual (nothing for the visitor's console)", async () => {
    const env = testEnv({ PAGE_VIEW_RATE_LIMIT: "2" });
    const view = { location: `${TEST_SITE_URL}/courses`, title: "Courses" };
    expect((await post(view, {}, "198.51.100.20", env)).status).toBe(204);
    expect((await post(view, {}, "198.51.100.20", env)).status).toBe(204);
    const before = await countPageViews(handle.db);
    expect((await post(view, {}, "198.51.100.20", env)).status).toBe(204);
    expect(await countPageViews(handle.db)).toBe(before);
    // Another visitor is counted on its own.
    expect((await post(view, {}, "198.51.100.21", env)).status).toBe(204);
    expect(await countPageViews(handle.db)).toBe(before + 1);
  });

  it("answers 400 for a missing or malformed location, and stores nothing", async () => {
    const before = await countPageViews(handle.db);
    const refused = { status: 400, body: { error: PAGE_VIEW_INVALID_MESSAGE } };
    expect(await post({ title: "x" })).toEqual(refused);
    expect(await post({ location: "javascript:alert(1)", title: "x" })).toEqual(refused);
    expect(await post({ location: `${TEST_SITE_URL}/` })).toEqual(refused);
    expect(await post({ location: `${TEST_SITE_URL}/`, title: 7 })).toEqual(refused);
    expect(await post([])).toEqual(refused);
    expect((await post("not json")).status).toBe(400);
    expect(await countPageViews(handle.db)).toBe(before);
  });

  it("answers 413 for a body over 64 KB", async () => {
    const result = await post({ location: `${TEST_SITE_URL}/`, title: "x".repeat(70_000) });
    expect(result.status).toBe(413);
  });

  it("refuses a cross-site browser request", async () => {
    const result = await post({ location: `${TEST_SITE_URL}/`, title: "x" }, { Origin: "https://evil.example" });
    expect(result.status).toBe(403);
  });
});
