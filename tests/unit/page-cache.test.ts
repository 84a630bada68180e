import { describe, expect, it, vi } from "vitest";

import { createPageCache, pageBody, type PageCacheOptions } from "../../server/page-cache";

const URL_OF = (path: string) => `http://localhost${path}`;

/** A cache on a clock the test moves, whose renders say which render they were and carry their nonce. */
function cacheWithClock(options: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000;
  let renders = 0;
  const render = vi.fn(async (_url: string, _headers: Headers, nonce: string) => {
    renders++;
    return new Response(`<script nonce="${nonce}">render ${renders}</script>`, { headers: { "Content-Type": "text/html" } });
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

const page = (body: string, nonce: string, init: ResponseInit = {}) => ({
  response: new Response(body.replaceAll("NONCE", nonce), { status: 200, headers: { "Content-Type": "text/html" }, ...init }),
  nonce,
});

describe("the anonymous page cache", () => {
  it("keeps a shareable page and gives each visitor it with their own nonce", async () => {
    const { cache } = cacheWithClock();
    const kept = await cache.offer("k", URL_OF("/"), page(`<script nonce="NONCE">a</script><p>NONCE</p>`, "first-nonce"));
    expect(kept && pageBody(kept, "first-nonce")).toBe(`<script nonce="first-nonce">a</script><p>first-nonce</p>`);
    const hit = cache.lookup("k", URL_OF("/"), new Headers());
    expect(hit?.outcome).toBe("hit");
    expect(pageBody(hit!.page, "second-nonce")).toBe(`<script nonce="second-nonce">a</script><p>second-nonce</p>`);
    expect(hit!.page.headers).toEqual([["content-type", "text/html"]]);
  });

  it("never keeps a page that sets a cookie, is not a 200 or is marked private", async () => {
    const { cache } = cacheWithClock();
    expect(await cache.offer("cookie", URL_OF("/a"), page("x", "n", { headers: { "Set-Cookie": "a=b" } }))).toBeUndefined();
    expect(await cache.offer("missing", URL_OF("/b"), page("x", "n", { status: 404 }))).toBeUndefined();
    expect(await cache.offer("private", URL_OF("/c"), page("x", "n", { headers: { "Cache-Control": "private, no-store" } }))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("serves a fresh page, then the stale one while a single background render replaces it, then renders again", async () => {
    const { cache, render, advance } = cacheWithClock();
    await cache.offer("k", URL_OF("/courses"), page("original NONCE", "n0"));
    advance(9_999);
    expect(cache.lookup("k", URL_OF("/courses"), new Headers())?.outcome).toBe("hit");
    advance(2);
    const headers = new Headers({ Cookie: "gii.session_token=secret", Host: "localhost", "User-Agent": "test" });
    const stale = cache.lookup("k", URL_OF("/courses"), headers);
    expect(stale?.outcome).toBe("stale");
    expect(pageBody(stale!.page, "v")).toBe("original v");
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
    expect(pageBody(refreshed!.page, "v")).toBe(`<script nonce="v">render 1</script>`);
    advance(60_001);
    expect(cache.lookup("k", URL_OF("/courses"), new Headers())).toBeUndefined();
  });

  it("keeps a page no longer than the next hold runs out", async () => {
    const { cache, advance } = cacheWithClock({ nextChangeAt: async () => 1_000_000 + 3_000 });
    await cache.offer("k", URL_OF("/booking"), page("places 3", "n"));
    advance(2_999);
    expect(cache.lookup("k", URL_OF("/booking"), new Headers())?.outcome).toBe("hit");
    advance(1);
    expect(cache.lookup("k", URL_OF("/booking"), new Headers())).toBeUndefined();
  });

  it("drops every page when the catalogue changes, and does not keep a render begun before the change", async () => {
    const { cache } = cacheWithClock();
    await cache.offer("a", URL_OF("/a"), page("a", "n"));
    await cache.offer("b", URL_OF("/b"), page("b", "n"));
    expect(cache.size).toBe(2);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(cache.lookup("a", URL_OF("/a"), new Headers())).toBeUndefined();

    // A visitor's render that finishes after the change was announced.
    const keep = cache.offer("d", URL_OF("/d"), page("before the change", "n"));
    cache.invalidate();
    expect(await keep).toBeDefined();
    expect(cache.lookup("d", URL_OF("/d"), new Headers())).toBeUndefined();

    // A background refresh under way when the change is announced.
    let finish!: () => void;
    const { cache: refreshing, advance } = cacheWithClock({
      render: (_url, _headers, nonce) =>
        new Promise((resolve) => (finish = () => resolve(new Response(`old ${nonce}`, { headers: { "Content-Type": "text/html" } })))),
    });
    await refreshing.offer("e", URL_OF("/e"), page("first", "n"));
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
    await cache.offer("k", URL_OF("/"), page("v1", "n"));
    advance(10_001);
    cache.lookup("k", URL_OF("/"), new Headers());
    const waiting = Array.from({ length: 20 }, () => cache.pending("k"));
    expect(new Set(waiting).size).toBe(1);
    expect(await waiting[0]).toBeDefined();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("serves nothing while changes cannot be heard, and again once they can", async () => {
    const { cache } = cacheWithClock();
    await cache.offer("k", URL_OF("/"), page("v1", "n"));
    cache.pause();
    expect(cache.lookup("k", URL_OF("/"), new Headers())).toBeUndefined();
    expect(await cache.offer("k", URL_OF("/"), page("v2", "n"))).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.invalidate();
    await cache.offer("k", URL_OF("/"), page("v3", "n"));
    expect(cache.lookup("k", URL_OF("/"), new Headers())?.outcome).toBe("hit");
  });

  it("holds at most its number of pages and bytes, dropping the least recently read", async () => {
    const { cache } = cacheWithClock({ maxEntries: 2 });
    await cache.offer("a", URL_OF("/a"), page("a", "n"));
    await cache.offer("b", URL_OF("/b"), page("b", "n"));
    cache.lookup("a", URL_OF("/a"), new Headers());
    await cache.offer("c", URL_OF("/c"), page("c", "n"));
    expect(cache.lookup("b", URL_OF("/b"), new Headers())).toBeUndefined();
    expect(cache.lookup("a", URL_OF("/a"), new Headers())?.outcome).toBe("hit");
    expect(cache.lookup("c", URL_OF("/c"), new Headers())?.outcome).toBe("hit");

    const small = cacheWithClock({ maxBytes: 100 }).cache;
    await small.offer("big", URL_OF("/big"), page("x".repeat(40), "n"));
    await small.offer("bigger", URL_OF("/bigger"), page("y".repeat(40), "n"));
    expect(small.size).toBe(1);
  });
});
