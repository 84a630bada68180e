import { createHash } from "node:crypto";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatDateRange } from "~/lib/format";
import { seatHolds } from "~/server/db/schema.server";

import { PUBLIC_CACHE_CONTROL } from "../../server/cache-policy";
import { checkout, editionFor, holdOf } from "../support/booking";
import { changeOfferingPrice } from "../support/catalogue";
import { type HttpApp, type RawAnswer, rawRequest, startHttpApp } from "../support/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(app.url, { path, headers });

/** The answer's bytes as sent, compressed or not. */
function rawBytes(path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    httpGet({ host: hostname, port, path, headers, agent: false }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** React's text separators out, so "4 places left" reads as it shows. */
const text = (answer: RawAnswer) => answer.body.replace(/<!-- -->/g, "");

/** Asks until the page comes from the cache (it keeps a render once it has read it whole), so each test starts from a cached page. */
async function cached(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, headers);
    if (answer.headers["x-cache"] === "HIT") return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("anonymous public pages come from the page cache", () => {
  it("serves a page once rendered to later visitors, its inline scripts allowed by their hashes, never by a shared nonce", async () => {
    const first = await get("/instructors");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await cached("/instructors");
    // The same render, streamed to the first visitor with a nonce of their own.
    expect(second.body).toBe(first.body);
    const answer = second;
    const policy = String(answer.headers["content-security-policy"]);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1].split(" ") ?? [];
    // No nonce, which would then be the same for every visitor: each inline script by the hash of its text.
    expect(scriptSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const inline = [...answer.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes.includes("src="));
    expect(inline.length).toBeGreaterThan(2);
    for (const [, , text] of inline) expect(scriptSources).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    // A CDN in front may do the same: briefly, and stale while it asks again.
    expect(second.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/s-maxage=\d+/);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/stale-while-revalidate=\d+/);
  });

  it("sends a cached page compressed as the visitor accepts, and not again when they have it", async () => {
    const plain = await cached("/contact");
    const brotli = await rawBytes("/contact", { "Accept-Encoding": "gzip, br" });
    expect(brotli.headers["x-cache"]).toBe("HIT");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.body);
    const gzip = await rawBytes("/contact", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body);
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect((await get("/contact", { "If-None-Match": etag })).status).toBe(304);
  });

  it("keeps a page per address: another query string is another page", async () => {
    await cached("/booking");
    expect((await get("/booking?course=unknown")).headers["x-cache"]).toBe("MISS");
  });

  it("never serves a signed-in visitor, a bearer token or a personal page from it", async () => {
    await cached("/courses");
    const visitors: Record<string, string>[] = [
      { Cookie: "gii.session_token=anything" },
      { Cookie: "__Secure-gii.session_token=anything" },
      { Authorization: "Bearer anything" },
    ];
    for (const headers of visitors) {
      const answer = await get("/courses", headers);
      expect(answer.headers["x-cache"], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    for (const path of ["/auth", "/account", "/booking-success", "/booking-success/?session_id=cs_x", "/booking-canceled/", "/_root.data"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBeUndefined();
    }
    // Another site's cookie on the same domain says nothing about who this is.
    expect((await cached("/courses", { Cookie: "other_site=1" })).headers["x-cache"]).toBe("HIT");
  });

  it("never keeps the answer to a form posted to its page, nor serves it to others, and goes on serving the page itself", async () => {
    const posts: [page: string, action: string, body: string][] = [
      ["/", "/?index", "name=Cache+Probe&email=not-an-address"],
      ["/courses", "/courses", "name=Cache+Probe&email=cache.probe%40example.com"],
      ["/contact", "/contact", "name=Cache+Probe&email=cache.probe%40example.com&subject=Dates&message="],
    ];
    for (const [page, action, body] of posts) {
      await cached(page);
      const posted = await rawRequest(app.url, {
        method: "POST",
        path: action,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body,
      });
      // Refused in the form's words, with what was typed kept for its sender alone.
      expect(posted.status, action).toBe(400);
      expect(posted.body, action).toContain("Cache Probe");
      expect(posted.headers["x-cache"], action).toBeUndefined();
      expect(posted.headers["cache-control"], action).toBe("no-store");
      const next = await get(page);
      expect(next.headers["x-cache"], page).toBe("HIT");
      expect(next.headers["cache-control"], page).toBe(PUBLIC_CACHE_CONTROL);
      expect(next.body, page).not.toContain("Cache Probe");
    }
  });

  it("drops pages at once when a date is scheduled, a price changes or places are taken", async () => {
    await cached("/courses/grafting");
    const edition = await editionFor(app.services.database, { days: 75, capacity: 5 });
    const scheduled = await get("/courses/grafting");
    expect(scheduled.headers["x-cache"]).toBe("MISS");
    expect(text(scheduled)).toContain(formatDateRange(edition.startDate!, edition.endDate));
    expect(text(scheduled)).toContain("5 places left");

    await cached("/courses/grafting");
    await checkout(app.services, { courseId: edition.id, buyer: null });
    const held = await get("/courses/grafting");
    expect(held.headers["x-cache"]).toBe("MISS");
    expect(text(held)).toContain("4 places left");

    const before = await cached("/courses/grafting");
    expect(text(before)).not.toContain("12,345");
    expect(await changeOfferingPrice(app.services.database.db, "sinus-grafting", 1_234_500)).toBe(true);
    const repriced = await get("/courses/grafting");
    expect(repriced.headers["x-cache"]).toBe("MISS");
    expect(text(repriced)).toContain("12,345");
  });

  it("keeps a page showing a held place no longer than the hold lasts", async () => {
    const edition = await editionFor(app.services.database, { days: 80, capacity: 3 });
    // A checkout opened long enough ago that its hold has two seconds left.
    const started = await checkout(app.services, { courseId: edition.id, buyer: null });
    const hold = await holdOf(app.services.database, started.holdId);
    const runsOutAt = Date.now() + 2_000;
    await app.services.database.db
      .update(seatHolds)
      .set({ expiresAt: new Date(runsOutAt) })
      .where(eq(seatHolds.id, hold.id));

    const whileHeld = await cached("/courses/grafting");
    expect(text(whileHeld)).toContain("2 places left");
    await new Promise((resolve) => setTimeout(resolve, runsOutAt - Date.now() + 50));
    const after = await get("/courses/grafting");
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(text(after)).toContain("3 places left");
  });
});
