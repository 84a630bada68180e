import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { describe, expect, it, vi } from "vitest";

import type { RequestRoute } from "~/server/platform/context.server";

import { createPageCache, encodedBody, inlineScriptHashes, type PageCacheOptions } from "../../server/page-cache";

const URL_OF = (path: string) => `http://localhost${path}`;

/** A cache on a clock the test moves, whose renders say which render they were. */
function cacheWithClock(options: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000;
  let renders = 0;
  const render = vi.fn(async (_url: string, _headers: Headers) => {
    renders++;
    return { response: new Response(`<p>render ${renders}</p>`, { headers: { "Content-Type": "text/html" } }), route: { pattern: "courses" } };
  });
  const cache = createPageCache({ render, nextChangeAt: async () => undefined, freshMs: 10_000, staleMs: 60_000, now: () => clock, ...options });
  cache.invalidate();
  return {
    cache,
    render,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const page = (body: string, init: ResponseInit = {}) => ({ response: new Response(body, { status: 200, headers: { "Content-Type": "text/html" }, ...init }) });
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the anonymous page cache", () => {
  it("keeps a shareable page as it is, with the hash of each inline script for the Content-Security-Policy", async () => {
    const { cache } = cacheWithClock();
    const html = `<script nonce="abc">a()</script><script type="module" src="/x.js"></script><script>\nb()\n</script><p>text</p>`;
    const kept = await cache.offer(
      "k",
      URL_OF("/"),
      page(html, { headers: { "Content-Type": "text/html", "X-Request-Id": "r1", Link: "</a.css>; rel=preload" } }),
    );
    expect(kept?.body.toString()).toBe(html);
    expect(kept?.scriptHashes).toEqual([sha256("a()"), sha256("\nb()\n")]);
    expect(inlineScriptHashes(html)).toEqual(kept?.scriptHashes);
    const hit = cache.lookup("k", URL_OF("/"), new Headers());
    expect(hit?.outcome).toBe("hit");
    expect(hit?.page).toBe(kept);
    // What the page is stays; what was about one answer goes.
    expect(kept?.headers).toEqual([
      ["content-type", "text/html"],
      ["link", "</a.css>; rel=preload"],
    ]);
  });

  it("rewrites a page once with `prepare` before keeping it, and hashes the scripts of what it keeps", async () => {
    const prepare = vi.fn((html: string) => html.replace("<style>whole</style>", "<style>critical</style><script>load()</script>"));
    const { cache } = cacheWithClock({ prepare });
    const kept = await cache.offer("k", URL_OF("/"), page("<style>whole</style><p>text</p>"));
    expect(kept?.body.toString()).toBe("<style>critical</style><script>load()</script><p>text</p>");
    expect(kept?.scriptHashes).toEqual([sha256("load()")]);
    cache.lookup("k", URL_OF("/"), new Headers());
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("compresses a page once per encoding and keeps it", async () => {
    const { cache } = cacheWithClock();
    const html = "<p>places</p>".repeat(200);
    const kept = (await cache.offer("k", URL_OF("/"), page(html)))!;
    const brotli = encodedBody(kept, "br");
    expect(brotli.encoding).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(html);
    expect(encodedBody(kept, "br").body).toBe(brotli.body);
    const gzip = encodedBody(kept, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(encodedBody(kept, "identity")).toEqual({ body: kept.body });
    expect(encodedBody(kept, false)).toEqual({ body: kept.body });
  });

  it("never keeps a page that sets a cookie, is not a 200 or is marked private", async () => {
    const { cache } = cacheWithClock();
    expect(await cache.offer("cookie", URL_OF("/a"), page("x", { headers: { "Set-Cookie": "a=b" } }))).toBeUndefined();
    expect(await cache.offer("missing", URL_OF("/b"), page("x", { status: 404 }))).toBeUndefined();
    expect(await cache.offer("private", URL_OF("/c"), page("x", { headers: { "Cache-Control": "private, no-store" } }))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never keeps a page that showed a failed read, even one known only once its streamed parts have been read", async () => {
    const { cache } = cacheWithClock();
    const route: RequestRoute = {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("<p>Loading courses...</p>"));
        await new Promise((resolve) => setTimeout(resolve, 10));
        route.readFailed = true;
        controller.enqueue(new TextEncoder().encode("<p>Failed to fetch courses.</p>"));
        controller.close();
      },
    });
    const rendered = { response: new Response(body, { headers: { "Content-Type": "text/html" } }), route };
    expect(await cache.offer("failed", URL_OF("/booking"), rendered)).toBeUndefined();
    expect(await cache.offer("read", URL_OF("/booking"), { ...page("<p>cards</p>"), route: {} })).toBeDefined();
    expect(cache.lookup("failed", URL_OF("/booking"), new Headers())).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("serves a fresh page, then the stale one while a single background render replaces it, then renders again", async () => {
    const { cache, render, advance } = cacheWithClock();
    await cache.offer("k", URL_OF("/courses"), page("original"));
    advance(9_999);
    expect(cache.lookup("k", URL_OF("/courses"), new Headers())?.outcome).toBe("hit");
    advance(2);
    const headers = new Headers({ Cookie: "gii.session_token=secret", Host: "localhost", "User-Agent": "test" });
    const stale = cache.lookup("k", URL_OF("/courses"), headers);
    expect(stale?.outcome).toBe("stale");
    expect(stale?.page.body.toString()).toBe("original");
    // A second stale visitor does not start a second render.
    expect(cache.lookup("k", URL_OF("/courses"), headers)?.outcome).toBe("stale");
    await cache.pending("k");
    expect(render).toHaveBeenCalledTimes(1);
    const [renderedUrl, renderedHeaders] = render.mock.calls[0];
    expect(renderedUrl).toBe(URL_OF("/courses"));
    // The background render is anonymous: the visitor's cookie never reaches it.
    expect(renderedHeaders.get("cookie")).toBeNull();
    expect(renderedHeaders.get("user-agent")).toBe("test");
    const refreshed = cache.lookup("k", URL_OF("/courses"), new Headers());
    expect(refreshed?.outcome).toBe("hit");
    expect(refreshed?.page.body.toString()).toBe("<p>render 1</p>");
    expect(refreshed?.page.route).toBe("courses");
    advance(60_001);
    expect(cache.lookup("k", URL_OF("/courses"), new Headers())).toBeUndefined();
  });

  it("keeps a page no longer than the next hold runs out", async () => {
    const { cache, advance } = cacheWithClock({ nextChangeAt: async () => 1_000_000 + 3_000 });
    await cache.offer("k", URL_OF("/booking"), page("places 3"));
    advance(2_999);
    expect(cache.lookup("k", URL_OF("/booking"), new Headers())?.outcome).toBe("hit");
    advance(1);
    expect(cache.lookup("k", URL_OF("/booking"), new Headers())).toBeUndefined();
  });

  it("drops every page when the catalogue changes, and does not keep a render begun before the change", async () => {
    const { cache } = cacheWithClock();
    await cache.offer("a", URL_OF("/a"), page("a"));
    await cache.offer("b", URL_OF("/b"), page("b"));
    expect(cache.size).toBe(2);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(cache.lookup("a", URL_OF("/a"), new Headers())).toBeUndefined();

    // A visitor's render that finishes after the change was announced.
    const keep = cache.offer("d", URL_OF("/d"), page("before the change"));
    cache.invalidate();
    expect(await keep).toBeDefined();
    expect(cache.lookup("d", URL_OF("/d"), new Headers())).toBeUndefined();

    // A background refresh under way when the change is announced.
    let finish!: () => void;
    const { cache: refreshing, advance } = cacheWithClock({
      render: () => new Promise((resolve) => (finish = () => resolve({ response: new Response("old", { headers: { "Content-Type": "text/html" } }) }))),
    });
    await refreshing.offer("e", URL_OF("/e"), page("first"));
    advance(10_001);
    expect(refreshing.lookup("e", URL_OF("/e"), new Headers())?.outcome).toBe("stale");
    const underway = refreshing.pending("e");
    refreshing.invalidate();
    finish();
    await underway;
    expect(refreshing.lookup("e", URL_OF("/e"), new Headers())).toBeUndefined();
  });

  it("waits for one render when many visitors ask for the same page at once", async () => {
    const { cache, render, advance } = cacheWithClock();
    await cache.offer("k", URL_OF("/"), page("v1"));
    advance(10_001);
    cache.lookup("k", URL_OF("/"), new Headers());
    const waiting = Array.from({ length: 20 }, () => cache.pending("k"));
    expect(new Set(waiting).size).toBe(1);
    expect(await waiting[0]).toBeDefined();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("serves nothing while changes cannot be heard, and again once they can", async () => {
    const { cache } = cacheWithClock();
    await cache.offer("k", URL_OF("/"), page("v1"));
    cache.pause();
    expect(cache.lookup("k", URL_OF("/"), new Headers())).toBeUndefined();
    expect(await cache.offer("k", URL_OF("/"), page("v2"))).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.invalidate();
    await cache.offer("k", URL_OF("/"), page("v3"));
    expect(cache.lookup("k", URL_OF("/"), new Headers())?.outcome).toBe("hit");
  });

  it("holds at most its number of pages and bytes, dropping the least recently read", async () => {
    const { cache } = cacheWithClock({ maxEntries: 2 });
    await cache.offer("a", URL_OF("/a"), page("a"));
    await cache.offer("b", URL_OF("/b"), page("b"));
    cache.lookup("a", URL_OF("/a"), new Headers());
    await cache.offer("c", URL_OF("/c"), page("c"));
    expect(cache.lookup("b", URL_OF("/b"), new Headers())).toBeUndefined();
    expect(cache.lookup("a", URL_OF("/a"), new Headers())?.outcome).toBe("hit");
    expect(cache.lookup("c", URL_OF("/c"), new Headers())?.outcome).toBe("hit");

    const small = cacheWithClock({ maxBytes: 100 }).cache;
    await small.offer("big", URL_OF("/big"), page("x".repeat(60)));
    await small.offer("bigger", URL_OF("/bigger"), page("y".repeat(60)));
    expect(small.size).toBe(1);
  });
});
