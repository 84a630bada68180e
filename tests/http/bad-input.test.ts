import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { contactMessages, rateLimits } from "~/server/db/schema.server";
import { MAX_BODY_BYTES, NUL_MESSAGE } from "~/server/http/request-bodies.server";

import { type HttpApp, type RawAnswer, rawRequest, startHttpApp } from "../support/http-app";
import { tableCounts } from "../support/table-counts";

let app: HttpApp;
let before: Record<string, number>;

beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.services.database.db.delete(rateLimits);
  before = await tableCounts(app.services.database.db);
});

async function expectNothingWritten(label: string) {
  expect(await tableCounts(app.services.database.db), label).toEqual(before);
}

const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(app.url, { method: "POST", path, headers: { "Content-Type": "application/json", Origin: app.url, ...headers }, body });

const errorOf = (answer: RawAnswer) => (JSON.parse(answer.body) as { error?: string }).error;

/** Every JSON endpoint with a valid body: each of its fields gets a NUL in turn. */
const JSON_ENDPOINTS: [string, Record<string, unknown>][] = [
  ["/api/v2/v2-subscribe-newsletter", { email: "nul.news@example.com", name: "Ann Example" }],
  ["/api/register-interest", { name: "Ann Example", email: "nul.interest@example.com", interestedCourses: ["Sinus Grafting"] }],
  [
    "/api/v2/v2-send-contact-email",
    { name: "Ann Example", email: "nul.contact@example.com", subject: "Dates", message: "When is the next course?", website: "" },
  ],
  ["/api/page-views", { location: "http://localhost:3000/courses", title: "Courses", referrer: "https://www.google.com/" }],
  ["/api/v2/v2-update-user-preferences", { preferences: { eventNotifications: true } }],
  ["/api/functions/claim-guest-purchases", { note: "none" }],
  ["/api/auth/sign-in/email", { email: "nul.login@example.com", password: "a-password" }],
];

function withNulIn(body: Record<string, unknown>, field: string): unknown {
  const value = body[field];
  if (typeof value === "string") return { ...body, [field]: `${value.slice(0, 3)}\u0000${value.slice(3)}` };
  if (Array.isArray(value)) return { ...body, [field]: [...value, "Sinus\u0000 Grafting"] };
  return { ...body, [`${field}\u0000`]: value };
}

describe("a NUL character", () => {
  it("in any field of any JSON endpoint is refused with 400 and the NUL message, writing nothing", async () => {
    let checked = 0;
    for (const [path, body] of JSON_ENDPOINTS) {
      for (const field of Object.keys(body)) {
        const answer = await postJson(path, JSON.stringify(withNulIn(body, field)));
        expect(answer.status, `${path} ${field}`).toBe(400);
        expect(errorOf(answer), `${path} ${field}`).toBe(NUL_MESSAGE);
        checked++;
      }
      // As a raw byte too, and as a key.
      const raw = await postJson(path, Buffer.concat([Buffer.from('{"a":"x'), Buffer.from([0]), Buffer.from('"}')]).toString("latin1"));
      expect(raw.status, `${path} raw`).toBe(400);
    }
    expect(checked).toBeGreaterThan(15);
    await expectNothingWritten("JSON endpoints");
  });

  it("in a path, or a broken %-escape, goes to /404 as an unknown page does, and is a plain 404 for an API, page data or a submission", async () => {
    for (const path of [
      "/%00",
      "/courses/%00",
      "/courses/full-arch%00",
      "/instructors/dr-%00x",
      "/dev/mailbox/%00",
      "/%E0%A4%A",
      "/courses/%E0%A4%A?view=1",
      "/%",
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await rawRequest(app.url, { path, method });
        expect([answer.status, answer.headers.location], `${method} ${path}`).toEqual([302, "/404"]);
      }
      expect((await rawRequest(app.url, { path, method: "POST", headers: { origin: app.url } })).status, `POST ${path}`).toBe(404);
    }
    for (const path of ["/api/auth/reset-password/%00abc", "/api/%E0%A4%A", "/account%00.data", "/courses/%E0%A4%A.data"]) {
      const answer = await rawRequest(app.url, { path });
      expect(answer.status, path).toBe(404);
    }
    await expectNothingWritten("paths");
  });

  it("in a query value or name is 400, on pages, page data, APIs and the auth library", async () => {
    for (const path of [
      "/?q=%00",
      "/courses?utm_source=a%00b",
      "/?%00=1",
      "/auth?view=%00",
      "/auth.data?view=sign_up%00",
      "/account?x=%00",
      "/newsletter/confirm?token=%00",
      "/newsletter/unsubscribe?token=abc%00",
      "/auth/reset-password?token=%00",
      "/api/auth/verify-email?token=%00&signup=x",
      "/auth/confirm?token=%00&signup=x",
      "/api/auth/reset-password/abc?callbackURL=%00",
      "/dev/mailbox/messages.json?to=%00",
      "/booking-success?session_id=cs_%00",
    ]) {
      const answer = await rawRequest(app.url, { path });
      expect(answer.status, path).toBe(400);
      const message = String(answer.headers["content-type"]).includes("json") ? errorOf(answer) : answer.body;
      expect(message, path).toBe(NUL_MESSAGE);
    }
    await expectNothingWritten("queries");
  });

  it("in a form field of any page action is 400, url-encoded or multipart", async () => {
    const multipart = (name: string, value: string) => {
      const boundary = "----gii-nul";
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-in\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`,
          ),
          Buffer.from(value, "latin1"),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      };
    };
    for (const path of ["/auth", "/auth.data", "/account", "/auth/reset-password", "/newsletter/unsubscribe?token=abc", "/?index", "/courses", "/contact"]) {
      const encoded = await rawRequest(app.url, {
        method: "POST",
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: "intent=sign-in&email=a%00b%40example.com&password=x",
      });
      expect(encoded.status, `${path} url-encoded`).toBe(400);
      const form = multipart("email", "a\u0000b@example.com");
      const parts = await rawRequest(app.url, { method: "POST", path, headers: { "Content-Type": form.type, Origin: app.url }, body: form.body });
      expect(parts.status, `${path} multipart`).toBe(400);
    }
    await expectNothingWritten("forms");
  });
});

describe("page actions", () => {
  const PAGE_ACTIONS = [
    "/auth",
    "/auth.data",
    "/account",
    "/account.data",
    "/auth/reset-password",
    "/newsletter/unsubscribe?token=abc",
    // The public forms posted without scripts.
    "/?index",
    "/courses",
    "/courses.data",
    "/contact",
    "/contact.data",
  ];
  const WRONG_BODIES: [string, Record<string, string>, string][] = [
    ["a JSON body", { "Content-Type": "application/json" }, JSON.stringify({ intent: "sign-in", email: "a@example.com", password: "x" })],
    ["plain text", { "Content-Type": "text/plain" }, "intent=sign-in"],
    ["XML", { "Content-Type": "application/xml" }, "<intent>sign-in</intent>"],
    ["no content type", {}, "intent=sign-in"],
    ["a multipart body without a boundary", { "Content-Type": "multipart/form-data" }, "intent=sign-in"],
    [
      "a broken multipart body",
      { "Content-Type": "multipart/form-data; boundary=zzz" },
      '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-in',
    ],
    ["an unknown content type", { "Content-Type": "application/x-gii-unknown" }, "\u00ff\u00fe"],
  ];

  it.each(WRONG_BODIES)("answer %s with 400 or 415, never a 5xx, writing nothing", async (label, headers, body) => {
    for (const path of PAGE_ACTIONS) {
      const answer = await rawRequest(app.url, { method: "POST", path, headers: { Origin: app.url, ...headers }, body });
      expect([400, 415], `${label} to ${path}: ${answer.status}`).toContain(answer.status);
    }
    await expectNothingWritten(label);
  });
});

describe("bodies", () => {
  /** A body sent in 64 KB chunks with no Content-Length, as a streaming client sends it. */
  function* chunked(totalBytes: number, pattern = '{"name":"') {
    const chunk = Buffer.alloc(64 * 1024, "A");
    yield Buffer.from(pattern);
    for (let sent = 0; sent < totalBytes; sent += chunk.length) yield chunk;
    yield Buffer.from('"}');
  }

  it.each([
    ["a form endpoint", "/api/v2/v2-subscribe-newsletter", "application/json"],
    ["an auth library endpoint", "/api/auth/sign-in/email", "application/json"],
    ["the auth library's closed sign-up", "/api/auth/sign-up/email", "application/json"],
    ["a page action", "/auth", "application/x-www-form-urlencoded"],
  ])("of 5 MB sent chunked to %s are refused with 413 {error}, the connection intact, nothing stored", async (_label, path, type) => {
    const answer = await rawRequest(app.url, { method: "POST", path, headers: { "Content-Type": type, Origin: app.url }, chunks: chunked(5 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toBe("Request body too large.");
    await expectNothingWritten(path);
  });

  it("in another encoding than UTF-8 are unreadable (400, the form's message), never stored with their letters replaced", async () => {
    const contact = (text: string, encoding: BufferEncoding, charset: string) =>
      rawRequest(app.url, {
        method: "POST",
        path: "/api/v2/v2-send-contact-email",
        headers: { "Content-Type": `application/json; charset=${charset}`, Origin: app.url },
        body: Buffer.from(JSON.stringify({ name: "José Núñez", email: "jose.charset@example.com", subject: text, message: "¿Hay fechas?" }), encoding),
      });
    const latin1 = await contact("Fechas", "latin1", "iso-8859-1");
    expect({ status: latin1.status, error: errorOf(latin1) }).toEqual({ status: 400, error: "All fields are required." });
    await expectNothingWritten("latin-1");
    // The same letters in UTF-8 are kept as they are.
    expect((await contact("Fechas", "utf8", "utf-8")).status).toBe(200);
    const [stored] = await app.services.database.db.select().from(contactMessages).where(eq(contactMessages.email, "jose.charset@example.com"));
    expect(stored).toMatchObject({ name: "José Núñez", message: "¿Hay fechas?" });
  });

  it("with a lone surrogate escape (\\ud800) are unreadable as other text that is not UTF-8 is, never stored with U+FFFD in its place", async () => {
    const contact = await postJson(
      "/api/v2/v2-send-contact-email",
      '{"name":"Ann Example","email":"surrogate.contact@example.com","subject":"A\\ud800B","message":"When is the next course?"}',
    );
    expect({ status: contact.status, error: errorOf(contact) }).toEqual({ status: 400, error: "All fields are required." });
    const news = await postJson("/api/v2/v2-subscribe-newsletter", '{"email":"surrogate.news@example.com","name":"A\\udc00B"}');
    expect({ status: news.status, error: errorOf(news) }).toEqual({ status: 400, error: "Email address is required." });
    // As a key too.
    const key = await postJson("/api/v2/v2-subscribe-newsletter", '{"email":"surrogate.key@example.com","\\ud800":1}');
    expect(key.status).toBe(400);
    await expectNothingWritten("lone surrogates");
    // A pair that makes one character is well formed and kept.
    expect((await postJson("/api/v2/v2-subscribe-newsletter", '{"email":"surrogate.pair@example.com","name":"Zo\\ud83d\\ude0a"}')).status).toBe(200);
  });

  it("of 50 MB sent chunked to the auth library are refused the same way, and the server answers the next request", async () => {
    const answer = await rawRequest(app.url, {
      method: "POST",
      path: "/api/auth/sign-up/email",
      headers: { "Content-Type": "application/json", Origin: app.url },
      chunks: chunked(50 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    await expectNothingWritten("50 MB");
    expect((await rawRequest(app.url, { path: "/healthz" })).status).toBe(200);
  });

  it("over the limit by Content-Length are refused before they are read; at the limit they reach the route", async () => {
    const over = await postJson("/api/v2/v2-subscribe-newsletter", JSON.stringify({ email: "big@example.com", name: "x".repeat(MAX_BODY_BYTES) }));
    expect(over.status).toBe(413);
    const padding = MAX_BODY_BYTES - JSON.stringify({ email: "big@example.com", name: "" }).length;
    const atLimit = await postJson("/api/v2/v2-subscribe-newsletter", JSON.stringify({ email: "big@example.com", name: "x".repeat(padding) }));
    expect(atLimit.status).toBe(400);
    expect(errorOf(atLimit)).toBe("Name must be at most 80 characters.");
    await expectNothingWritten("limit");
  });
});

describe("text that shows nothing", () => {
  it("is a missing field: a contact message or an interest made of zero-width spaces is refused with the form's message, nothing stored or sent", async () => {
    const contact = await postJson(
      "/api/v2/v2-send-contact-email",
      JSON.stringify({ name: "\u200b", email: "zw@example.com", subject: "\u200b", message: "\u200b\u200b" }),
    );
    expect({ status: contact.status, error: errorOf(contact) }).toEqual({ status: 400, error: "All fields are required." });
    const interest = await postJson(
      "/api/register-interest",
      JSON.stringify({ name: "\u2060\u200b", email: "zw@example.com", interestedCourses: ["Sinus Grafting"] }),
    );
    expect({ status: interest.status, error: errorOf(interest) }).toEqual({
      status: 400,
      error: "Please fill in your name, email, and select at least one course.",
    });
    await expectNothingWritten("invisible text");
  });
});

describe("methods no route takes", () => {
  it("are 405 with the methods allowed: in JSON on the API, in plain text elsewhere", async () => {
    const api = await rawRequest(app.url, {
      method: "PUT",
      path: "/api/v2/v2-subscribe-newsletter",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect({ status: api.status, allow: api.headers.allow, body: JSON.parse(api.body) }).toEqual({
      status: 405,
      allow: "GET, HEAD, POST",
      body: { error: "Method not allowed." },
    });
    const page = await rawRequest(app.url, { method: "DELETE", path: "/courses" });
    expect({ status: page.status, body: page.body }).toEqual({ status: 405, body: "Method Not Allowed" });
  });

  it("are 405 with the methods allowed, and not the router's message, for a POST to a page or file that takes none", async () => {
    const post = (path: string) =>
      rawRequest(app.url, { method: "POST", path, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url }, body: "x=1" });
    for (const path of ["/terms", "/instructors", "/courses/full-arch", "/instructors.data"]) {
      const page = await post(path);
      expect({ status: page.status, allow: page.headers.allow }, path).toEqual({ status: 405, allow: "GET, HEAD" });
      expect(page.body, path).toContain("Method Not Allowed");
      // The route ids are public (every page's manifest lists them); the router's message for the refusal is not.
      expect(page.body, path).not.toMatch(/You made a POST|did not provide an `action`/);
    }
    const file = await post("/sitemap.xml");
    expect({ status: file.status, allow: file.headers.allow, body: file.body }).toEqual({ status: 405, allow: "GET, HEAD", body: "Method Not Allowed" });
  });
});

describe("long URLs", () => {
  it("are refused past 8 KB, while React Router's route discovery for a page of many links (up to 7,680 characters) gets through", async () => {
    const paths = Array.from({ length: 125 }, (_, i) => `/dev/mailbox/00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",");
    const discovery = `/__manifest?paths=${encodeURIComponent(paths)}&version=stale`;
    expect(discovery.length).toBeGreaterThan(7_000);
    expect(discovery.length).toBeLessThan(7_680);
    // A stale version asks the browser to reload: the request reached React Router.
    expect((await rawRequest(app.url, { path: discovery })).status).toBe(204);
    const tooLong = await rawRequest(app.url, { path: `/courses?q=${"b".repeat(8_200)}` });
    expect([tooLong.status, tooLong.body]).toEqual([400, "Bad Request: URL too long"]);
  });
});

describe("a request target that is not a path", () => {
  it("is 400, a proxy's absolute URL to a page, an API or a /dev route alike", async () => {
    for (const path of ["http://evil.example/courses", "http://evil.example/dev/mailbox", "https://localhost/api/v2/v2-subscribe-newsletter"]) {
      const answer = await rawRequest(app.url, { path });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain("Bad Request: malformed URL");
    }
    await expectNothingWritten("absolute URLs");
  });
});

describe("a Host header that names no address", () => {
  const BAD_HOSTS = ["localhost:99999", "localhost:abc", "a b", "exa%mple.com", "[bad", "[::1"];

  it("is 400 before routing: plain text for a page or its data, {error} for the API, nothing logged as an error", async () => {
    for (const host of BAD_HOSTS) {
      for (const path of ["/courses", "/courses.data", "/auth"]) {
        const answer = await rawRequest(app.url, { path, headers: { Host: host } });
        expect([answer.status, answer.body], `${host} ${path}`).toEqual([400, "Bad Request: malformed Host header"]);
      }
      const api = await postJson("/api/v2/v2-subscribe-newsletter", JSON.stringify({ email: "bad.host@example.com", name: "Ann" }), { Host: host });
      expect({ status: api.status, error: errorOf(api) }, host).toEqual({ status: 400, error: "Bad Request: malformed Host header" });
    }
    await expectNothingWritten("bad hosts");
  });

  it("forwarded by a trusted proxy is refused the same way, and a proxy's list of hosts is read by its first", async () => {
    const behindProxy = await startHttpApp({ TRUST_PROXY: "1" });
    try {
      for (const host of BAD_HOSTS) {
        const answer = await rawRequest(behindProxy.url, { path: "/courses", headers: { "X-Forwarded-Host": host } });
        expect([answer.status, answer.body], host).toEqual([400, "Bad Request: malformed Host header"]);
      }
      const listed = await rawRequest(behindProxy.url, { path: "/courses", headers: { "X-Forwarded-Host": "www.example.com, proxy.internal" } });
      expect(listed.status).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("an API path that does not exist", () => {
  it("is 404 in JSON, for a script's post as for a read", async () => {
    const posted = await rawRequest(app.url, { method: "POST", path: "/api/no-such-call", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect({ status: posted.status, body: JSON.parse(posted.body) }).toEqual({ status: 404, body: { error: "Not found." } });
    const read = await rawRequest(app.url, { path: "/api/no-such-call" });
    expect({ status: read.status, body: JSON.parse(read.body) }).toEqual({ status: 404, body: { error: "Not found." } });
  });
});
