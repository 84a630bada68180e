import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

import type { RequestRoute } from "~/server/platform/context.server";

/**
 * An answer as the cache keeps it, the same bytes for every visitor: its
 * inline scripts are allowed by their hashes (`scriptHashes`, for the
 * Content-Security-Policy) rather than by a nonce, which must never be
 * given to two visitors; so it is compressed once, not per request.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  scriptHashes: string[];
  bytes: number;
  freshUntil: number;
  staleUntil: number;
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  /** The route pattern that answered, for the request log and metrics. */
  route?: string;
}

/**
 * A render's answer, and what its route said of it: read once the whole page
 * has been read, streamed parts included (a deferred read may fail late).
 */
export interface RenderedPage {
  response: Response;
  route?: RequestRoute;
}

export type CacheOutcome = "hit" | "stale" | "miss";

export interface PageCacheOptions {
  /** Renders the page at `url` as an anonymous visitor sees it. */
  render(url: string, headers: Headers): Promise<RenderedPage>;
  /** The moment places left next change by themselves (a hold running out), if any: pages are kept no longer. */
  nextChangeAt(): Promise<number | undefined>;
  /** Served as they are for this long after rendering. */
  freshMs?: number;
  /** Then served while a new copy renders in the background, up to this long after rendering. */
  staleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Rewrites a page's HTML once, before it is kept (the critical stylesheet). */
  prepare?(html: string): string;
  now?: () => number;
  onRenderError?(error: unknown, url: string): void;
}

/** Headers about one answer on the wire, not about the page: the server sets them anew for each visitor. */
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "x-request-id",
]);
/** The request headers a render for the cache sees: none that says who is asking. */
const RENDER_HEADERS = ["host", "accept", "accept-language", "user-agent", "x-forwarded-host", "x-forwarded-proto"];
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * The short-lived shared cache of anonymous public pages, one per instance
 * (design.md 8). A page is kept for `freshMs`, then served stale while one
 * background render replaces it, until `staleMs`. It is dropped at once when
 * the catalogue changes (`invalidate`, driven by the database's notices) and
 * no later than the next hold running out. While the notices cannot be heard
 * (`pause`), nothing is served from it: a change could go unseen.
 */
export function createPageCache(options: PageCacheOptions) {
  const freshMs = options.freshMs ?? 10_000;
  const staleMs = options.staleMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  let bytes = 0;
  let generation = 0;
  let listening = false;
  let nextChange: Promise<number | undefined> | undefined;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };

  const store = (key: string, page: CachedPage) => {
    drop(key);
    if (page.bytes > MAX_PAGE_BYTES) return;
    pages.set(key, page);
    bytes += page.bytes;
    // Oldest first: a Map keeps insertion order, and a read moves a page to the end.
    for (const oldest of pages.keys()) {
      if (pages.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /** Turns a rendered answer into a cached page, or nothing when it may not be shared. */
  const keep = async ({ response, route }: RenderedPage, renderedAt: number): Promise<CachedPage | undefined> => {
    if (!isShareable(response)) return undefined;
    const rendered = await response.text();
    if (route?.readFailed) return undefined;
    const text = options.prepare ? options.prepare(rendered) : rendered;
    const body = Buffer.from(text);
    const until = (nextChange ??= options.nextChangeAt().catch(() => now()));
    const changeAt = (await until) ?? Infinity;
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)),
      body,
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      scriptHashes: inlineScriptHashes(text),
      bytes: body.length,
      freshUntil: Math.min(renderedAt + freshMs, changeAt),
      staleUntil: Math.min(renderedAt + staleMs, changeAt),
      encoded: {},
      route: route?.pattern,
    };
  };

  /** One render per page at a time: a burst of visitors to a page that has just changed waits for the same one. */
  const renderOnce = (key: string, url: string, headers: Headers, first?: RenderedPage): Promise<CachedPage | undefined> => {
    const running = rendering.get(key);
    if (running && !first) return running;
    const startedIn = generation;
    const renderedAt = now();
    const work = (async () => {
      const page = await keep(first ?? (await options.render(url, headers)), renderedAt);
      // Rendered before a change was announced: it may show what was, so it is not kept.
      if (page && startedIn === generation && listening) store(key, page);
      return page;
    })().finally(() => {
      if (rendering.get(key) === work) rendering.delete(key);
    });
    rendering.set(key, work);
    return work;
  };

  return {
    /** The cached page for `key` and how fresh it is, starting a background refresh when it is stale. */
    lookup(key: string, url: string, headers: Headers): { page: CachedPage; outcome: CacheOutcome } | undefined {
      if (!listening) return undefined;
      const page = pages.get(key);
      if (!page) return undefined;
      const at = now();
      if (at >= page.staleUntil) {
        drop(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      if (at < page.freshUntil) return { page, outcome: "hit" };
      if (!rendering.has(key)) {
        renderOnce(key, url, renderHeaders(headers)).catch((error: unknown) => options.onRenderError?.(error, url));
      }
      return { page, outcome: "stale" };
    },

    /** The render under way for `key` (a background refresh, or a page being kept), for whoever must wait for it to end. */
    pending(key: string): Promise<CachedPage | undefined> | undefined {
      return listening ? rendering.get(key) : undefined;
    },

    /**
     * Keeps a page a visitor's own request has just rendered, when it may be
     * shared; the answer for that visitor is the returned page when kept.
     */
    async offer(key: string, url: string, rendered: RenderedPage): Promise<CachedPage | undefined> {
      if (!listening) return undefined;
      return renderOnce(key, url, new Headers(), rendered);
    },

    /** The catalogue changed: every page is dropped, and renders under way are not kept. */
    invalidate() {
      generation++;
      nextChange = undefined;
      pages.clear();
      bytes = 0;
      listening = true;
    },

    /** Changes can no longer be heard: serve nothing from the cache until `invalidate` says they can. */
    pause() {
      listening = false;
      generation++;
      pages.clear();
      bytes = 0;
    },

    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A 200 that sets no cookie and that its route did not mark private. */
function isShareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/no-store|private/i.test(cacheControl);
}

function renderHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const name of RENDER_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** The CSP source of each inline script, by the hash of its text exactly as written: what a browser checks. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The page's body in the encoding negotiated for the visitor, compressed on first use and kept.
 * Brotli at quality 6, not 9: on a 150 KB page 3 ms instead of 121 ms (measured on this 2-core
 * machine), for 1% more bytes; it runs on the request's thread, once per page per refresh.
 */
export function encodedBody(page: CachedPage, encoding: string | false): { body: Buffer; encoding?: "br" | "gzip" } {
  if (encoding === "br") {
    page.encoded.br ??= brotliCompressSync(page.body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    });
    return { body: page.encoded.br, encoding: "br" };
  }
  if (encoding === "gzip") {
    page.encoded.gzip ??= gzipSync(page.body, { level: 9 });
    return { body: page.encoded.gzip, encoding: "gzip" };
  }
  return { body: page.body };
}
