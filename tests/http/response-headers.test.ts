import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../server/cache-policy";
import { PERMISSIONS_POLICY } from "../../server/security-headers";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson, type Person } from "../support/people";

let app: HttpApp;
let visitor: Person;
let cookie: string;
let bearer: string;

beforeAll(async () => {
  app = await startHttpApp();
  visitor = await createPerson({ db: app.services.database.db, auth: app.services.auth }, { firstName: "Cache", lastName: "Visitor", admin: true });
  cookie = visitor.cookie;
  bearer = visitor.bearer;
});
afterAll(async () => {
  await app?.close();
});

const varies = (vary: string | string[] | undefined) =>
  String(vary ?? "")
    .split(/,\s*/)
    .map((name) => name.toLowerCase());

function expectPrivate(answer: { status: number; headers: Record<string, unknown> }, label: string) {
  expect(answer.headers["cache-control"], label).toBe(PRIVATE_CACHE_CONTROL);
  expect(varies(answer.headers.vary as string), label).toContain("cookie");
}

describe("cache headers", () => {
  const PERSONAL_ROUTES = [
    "/account",
    "/account.data",
    "/admin",
    "/admin.data",
    "/_root.data",
    "/auth",
    "/auth.data",
    "/auth/reset-password?token=abc",
    "/booking-success?session_id=cs_test_1",
    "/booking-success.data?session_id=cs_test_1",
    "/booking-canceled?hold=00000000-0000-4000-8000-000000000000",
    // The router's other spellings of those two pages.
    "/booking-success/?session_id=cs_test_1",
    "/BOOKING-SUCCESS//?session_id=cs_test_1",
    "/x/../booking-success/?session_id=cs_test_1",
    "/booking-success/.data?session_id=cs_test_1",
    "/booking-canceled/?hold=00000000-0000-4000-8000-000000000000",
    "/account/receipts/00000000-0000-4000-8000-000000000000",
    "/dev/checkout/cs_local_unknown",
    "/newsletter/confirm?token=abc",
    "/newsletter/unsubscribe?token=abc",
    "/interest/confirm?token=abc",
    "/interest/unsubscribe?token=abc",
    "/api/auth/get-session",
    "/dev/mailbox",
  ];

  it("marks every personal route private, no-store and varying by Cookie: signed in, by bearer token and anonymous", async () => {
    for (const path of PERSONAL_ROUTES) {
      for (const [who, headers] of [
        ["signed in", { Cookie: cookie }],
        ["bearer", { Authorization: `Bearer ${bearer}` }],
        ["anonymous", {}],
      ] as const) {
        const answer = await rawRequest(app.url, { path, headers });
        expect(answer.status, `${who} ${path}`).toBeLessThan(500);
        expectPrivate(answer, `${who} ${path}`);
      }
    }
  });

  it("marks the account and admin APIs private, whatever they answer", async () => {
    const calls: [string, string][] = [
      ["/api/v2/v2-update-user-preferences", JSON.stringify({ preferences: { eventNotifications: true } })],
      ["/api/functions/claim-guest-purchases", "{}"],
      ["/api/auth/sign-out", "{}"],
    ];
    for (const [path, body] of calls) {
      for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
        const answer = await rawRequest(app.url, { method: "POST", path, headers: { ...headers, Origin: app.url, "Content-Type": "application/json" }, body });
        expectPrivate(answer, path);
      }
    }
  });

  it("sends a JSON answer whole, framed by its length (one write), and a page as a stream", async () => {
    const body = JSON.stringify({ preferences: { eventNotifications: true } });
    for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
      const answer = await rawRequest(app.url, {
        method: "POST",
        path: "/api/v2/v2-update-user-preferences",
        headers: { ...headers, Origin: app.url, "Content-Type": "application/json" },
        body,
      });
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toBeTypeOf("object");
    }
    const page = await rawRequest(app.url, { path: "/contact", headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers["transfer-encoding"]).toBe("chunked");
  });

  it("marks a public page private for a signed-in visitor (the page names them), and cacheable but revalidated for anyone else", async () => {
    for (const path of ["/", "/courses", "/courses/full-arch", "/contact", "/courses.data", "/terms"]) {
      expectPrivate(await rawRequest(app.url, { path, headers: { Cookie: cookie } }), `signed in ${path}`);
      expectPrivate(await rawRequest(app.url, { path, headers: { Authorization: `Bearer ${bearer}` } }), `bearer ${path}`);
      const anonymous = await rawRequest(app.url, { path });
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.headers["cache-control"], path).toBe(PUBLIC_CACHE_CONTROL);
      expect(varies(anonymous.headers.vary as string), path).toEqual(expect.arrayContaining(["cookie", "authorization"]));
      expect(anonymous.headers["set-cookie"], path).toBeUndefined();
    }
  });

  it("never lets a cache keep an answer that sets a cookie", async () => {
    const signIn = await rawRequest(app.url, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: visitor.email, password: visitor.password }),
    });
    expect(signIn.headers["set-cookie"]).toBeDefined();
    expectPrivate(signIn, "sign-in");
  });
});

describe("security headers", () => {
  const directives = (policy: string) =>
    new Map(
      policy
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it("sends a tight Content-Security-Policy: scripts by nonce, everything else from the site itself, no https: wildcard", async () => {
    // A page never cached: a cached public page names its scripts by hash instead (page-cache.test.ts).
    const answer = await rawRequest(app.url, { path: "/auth" });
    const policy = String(answer.headers["content-security-policy"]);
    const csp = directives(policy);
    const nonce = /nonce="([^"]+)"/.exec(answer.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("font-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")?.filter((value) => value !== "'unsafe-inline'")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(policy).not.toMatch(/(^|\s)https:(\s|;|$)/);
    expect(policy).not.toMatch(/(^|\s)(data|blob):/);
    // A new nonce for every page.
    const again = await rawRequest(app.url, { path: "/auth" });
    expect(/nonce="([^"]+)"/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  it("adds only the configured analytics provider's own hosts", async () => {
    const withPlausible = await startHttpApp({ PLAUSIBLE_DOMAIN: "globalimplantinstitute.com" });
    try {
      const csp = directives(String((await rawRequest(withPlausible.url, { path: "/" })).headers["content-security-policy"]));
      expect(csp.get("script-src")?.slice(-1)).toEqual(["https://plausible.io"]);
      expect(csp.get("connect-src")).toEqual(["'self'", "https://plausible.io"]);
      expect(csp.get("img-src")).toEqual(["'self'"]);
    } finally {
      await withPlausible.close();
    }
  });

  it("switches off the browser features no page uses, and keeps the others' usual headers", async () => {
    const answer = await rawRequest(app.url, { path: "/courses" });
    expect(answer.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain("camera=()");
    expect(PERMISSIONS_POLICY).toContain("geolocation=()");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["x-powered-by"]).toBeUndefined();
  });

  it("are on the answers refused at the door too: a method, a URL, a body or another site's write", async () => {
    const refusals = {
      method: await rawRequest(app.url, { method: "PUT", path: "/api/register-interest" }),
      options: await rawRequest(app.url, { method: "OPTIONS", path: "/api/register-interest" }),
      url: await rawRequest(app.url, { path: `/${"a".repeat(9_000)}` }),
      query: await rawRequest(app.url, { path: "/?a=%00" }),
      body: await rawRequest(app.url, { method: "POST", path: "/api/register-interest", headers: { Origin: app.url }, body: "x".repeat(70_000) }),
      "cross-site": await rawRequest(app.url, { method: "POST", path: "/api/register-interest", headers: { Origin: "http://evil.example" }, body: "{}" }),
    };
    for (const [refused, answer] of Object.entries(refusals)) {
      expect(answer.status, refused).toBeGreaterThanOrEqual(204);
      expect(answer.headers["content-security-policy"], refused).toContain("frame-ancestors 'none'");
      expect(answer.headers["x-content-type-options"], refused).toBe("nosniff");
      expect(answer.headers["permissions-policy"], refused).toBe(PERMISSIONS_POLICY);
    }
    expect(Object.values(refusals).map((answer) => answer.status)).toEqual([405, 204, 400, 400, 413, 403]);
  });

  it("sends no referrer to other sites from a page whose address carries a token, and keeps its forms' Origin", async () => {
    for (const path of [
      "/auth/confirm",
      "/newsletter/confirm?token=abc",
      "/newsletter/unsubscribe?token=abc",
      "/interest/confirm?token=abc",
      "/interest/unsubscribe?token=abc",
      "/auth/reset-password?token=abc",
    ]) {
      // Not no-referrer: a form posted under it carries `Origin: null` when scripts are off or still loading, refused as cross-site.
      expect((await rawRequest(app.url, { path })).headers["referrer-policy"], path).toBe("same-origin");
    }
  });

  it("answers /healthz with up or down only", async () => {
    const answer = await rawRequest(app.url, { path: "/healthz" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: "up" });
  });
});
