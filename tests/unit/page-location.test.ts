import { afterEach, describe, expect, it, vi } from "vitest";

import { publicLocation, publicReferrer, redactPath, thirdPartyPageView } from "~/lib/page-location";
import { sendThirdPartyPageView } from "~/lib/third-party-page-view";
import routes from "~/routes";

const SITE = "http://localhost:3000";

// Shaped like the real secrets: Better Auth ids, base64url newsletter and sign-up secrets, a JWT.
const RESET_TOKEN = "Xk3pQ9vLm2Rt7YwZ8aBc4DeF";
const NEWSLETTER_TOKEN = "q3Vx_9Lm-2RtY7wZ8aBc4DeFgH1jK5nP";
const VERIFY_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl0123";
const SIGN_UP_SECRET = "Zr8_kP2mW9xQ-4tY7uV1nB5cD3eF6gH0jL2aS8dF4gH";

/** Every link of ours that carries a secret, and what may be kept of it. */
const TOKEN_URLS: Array<[url: string, secrets: string[], kept: string]> = [
  [`${SITE}/auth/reset-password?token=${RESET_TOKEN}`, [RESET_TOKEN], "/auth/reset-password"],
  [`${SITE}/newsletter/confirm?token=${NEWSLETTER_TOKEN}`, [NEWSLETTER_TOKEN], "/newsletter/confirm"],
  [`${SITE}/newsletter/unsubscribe?token=${NEWSLETTER_TOKEN}&utm_source=email`, [NEWSLETTER_TOKEN], "/newsletter/unsubscribe?utm_source=email"],
  [`${SITE}/api/auth/verify-email?token=${VERIFY_TOKEN}&signup=${SIGN_UP_SECRET}`, [VERIFY_TOKEN, SIGN_UP_SECRET], "/api/auth/verify-email"],
  [`${SITE}/auth/confirm?token=${VERIFY_TOKEN}&signup=${SIGN_UP_SECRET}`, [VERIFY_TOKEN, SIGN_UP_SECRET], "/auth/confirm"],
  [`${SITE}/api/auth/reset-password/${RESET_TOKEN}?callbackURL=%2Fauth%2Freset-password`, [RESET_TOKEN], "/api/auth/reset-password/:token"],
  [`${SITE}/api/auth/reset-password/short?callbackURL=%2Fauth`, ["short"], "/api/auth/reset-password/:token"],
  [`${SITE}/auth/reset-password#token=${RESET_TOKEN}`, [RESET_TOKEN], "/auth/reset-password"],
];

describe("publicLocation", () => {
  it("keeps only utm_* and view, in their original order and spelling, and drops the hash", () => {
    expect(publicLocation(`${SITE}/courses?utm_source=mail&ref=x&view=sign_in&utm_campaign=spring%20sale&token=abc#register-interest`, SITE)).toBe(
      "/courses?utm_source=mail&view=sign_in&utm_campaign=spring%20sale",
    );
    expect(publicLocation(`${SITE}/courses?ref=newsletter&session=1`, SITE)).toBe("/courses");
    expect(publicLocation(`${SITE}/`, SITE)).toBe("/");
    expect(publicLocation(`${SITE}/auth?view=sign_up`, SITE)).toBe("/auth?view=sign_up");
  });

  it.each(TOKEN_URLS)("keeps no secret of %s", (url, secrets, kept) => {
    const location = publicLocation(url, SITE);
    expect(location).toBe(kept);
    for (const secret of secrets) expect(location).not.toContain(secret);
  });

  it("is null for another origin, however close", () => {
    expect(publicLocation("https://evil.example/courses", SITE)).toBeNull();
    expect(publicLocation("https://localhost:3000/courses", SITE)).toBeNull();
    expect(publicLocation("http://localhost:3001/courses", SITE)).toBeNull();
    expect(publicLocation("http://localhost:3000.evil.example/courses", SITE)).toBeNull();
  });

  it("accepts any of several site origins, and a site URL given with a path", () => {
    expect(publicLocation("http://127.0.0.1:3000/contact", [SITE, "http://127.0.0.1:3000"])).toBe("/contact");
    expect(publicLocation(`${SITE}/contact`, `${SITE}/`)).toBe("/contact");
  });

  it("drops the user and password of a URL", () => {
    expect(publicLocation("http://user:secret@localhost:3000/courses", SITE)).toBe("/courses");
  });

  it.each(["", "not a url", "/courses", "javascript:alert(1)", "data:text/html,hi", "mailto:a@b.c", "http://"])("is null for garbage: %j", (value) => {
    expect(publicLocation(value, SITE)).toBeNull();
  });

  it("is null when the site origin itself is garbage", () => {
    expect(publicLocation(`${SITE}/courses`, "not a url")).toBeNull();
  });
});

describe("publicReferrer", () => {
  it.each(TOKEN_URLS)("keeps no secret of a same-site referrer %s", (url, secrets, kept) => {
    const referrer = publicReferrer(url, SITE);
    expect(referrer).toBe(kept);
    for (const secret of secrets) expect(referrer).not.toContain(secret);
  });

  it("gives only the origin of another site", () => {
    expect(publicReferrer("https://www.google.com/search?q=dental+implant+course", SITE)).toBe("https://www.google.com");
    expect(publicReferrer(`https://mail.example/inbox/${RESET_TOKEN}?token=${RESET_TOKEN}`, SITE)).toBe("https://mail.example");
    expect(publicReferrer("https://user:secret@evil.example:8443/x", SITE)).toBe("https://evil.example:8443");
  });

  it.each(["", "garbage", "android-app://com.google.android.gm/", "javascript:alert(1)", "file:///etc/passwd", "/relative"])(
    "is null for a value that is not an http(s) URL: %j",
    (value) => {
      expect(publicReferrer(value, SITE)).toBeNull();
    },
  );
});

describe("redactPath", () => {
  it("redacts whatever follows reset-password, UUIDs and generated-looking runs", () => {
    expect(redactPath(`/api/auth/reset-password/${RESET_TOKEN}`)).toBe("/api/auth/reset-password/:token");
    expect(redactPath("/api/auth/reset-password/abc")).toBe("/api/auth/reset-password/:token");
    expect(redactPath("/courses/3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe("/courses/:token");
    expect(redactPath("/courses/3F2504E0-4F89-11D3-9A0C-0305E82C3301/book")).toBe("/courses/:token/book");
    expect(redactPath(`/n/${NEWSLETTER_TOKEN}/x/${SIGN_UP_SECRET}`)).toBe("/n/:token/x/:token");
    expect(redactPath("/t/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6")).toBe("/t/:token");
  });

  it("redacts a percent-encoded token too", () => {
    const encoded = [...RESET_TOKEN].map((char) => `%${char.charCodeAt(0).toString(16)}`).join("");
    expect(redactPath(`/t/${encoded}`)).toBe("/t/:token");
  });

  it("keeps the site's own paths readable", () => {
    for (const path of [
      "/",
      "/courses",
      "/courses/full-arch",
      "/courses/level-1-full-arch-implant-course",
      "/courses/level-3-full-arch-zygomatic-implants",
      "/courses/hard-and-soft-tissue-grafting-course",
      "/auth/reset-password",
      "/dev/mailbox/42",
      "/instructors/dr-jane-smith",
      "/abcdefghijklmnopqrstuvwxyz",
      "/12345678901234567890123",
    ]) {
      expect(redactPath(path)).toBe(path);
    }
  });

  it("keeps every fixed segment of the app's route table, such as /api/v2/v2-send-contact-email", () => {
    type RouteEntry = { path?: string; children?: RouteEntry[] };
    const paths = (entries: RouteEntry[], parent: string): string[] =>
      entries.flatMap((entry) => {
        const path = entry.path ? `${parent}/${entry.path}` : parent;
        return [path, ...paths(entry.children ?? [], path)];
      });
    const fixed = paths(routes, "").map((path) =>
      path
        .split("/")
        .filter((segment) => !segment.startsWith(":") && segment !== "*")
        .join("/"),
    );
    expect(fixed).toContain("/api/v2/v2-send-contact-email");
    for (const path of fixed) expect(redactPath(path)).toBe(path);
    // A token in a route's place is still one.
    expect(redactPath(`/api/v2/${SIGN_UP_SECRET}`)).toBe("/api/v2/:token");
  });
});

describe("what a third-party provider is given", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("absolute public URLs of the page and its referrer", () => {
    expect(thirdPartyPageView(`${SITE}/newsletter/confirm?token=${NEWSLETTER_TOKEN}&utm_medium=email`, "", SITE)).toEqual({
      location: `${SITE}/newsletter/confirm?utm_medium=email`,
      referrer: undefined,
    });
    expect(thirdPartyPageView(`${SITE}/contact`, `${SITE}/auth/reset-password?token=${RESET_TOKEN}`, SITE)).toEqual({
      location: `${SITE}/contact`,
      referrer: `${SITE}/auth/reset-password`,
    });
    expect(thirdPartyPageView(`${SITE}/`, "https://www.google.com/search?q=x", SITE)).toEqual({
      location: `${SITE}/`,
      referrer: "https://www.google.com",
    });
  });

  it("Plausible and GA4 get no token of the address bar or the referrer", () => {
    const plausible = vi.fn();
    const gtag = vi.fn();
    const href = `${SITE}/api/auth/reset-password/${RESET_TOKEN}?callbackURL=%2Fauth&utm_source=mail`;
    vi.stubGlobal("window", { location: { href, origin: SITE }, plausible, gtag });
    vi.stubGlobal("document", { referrer: `${SITE}/newsletter/confirm?token=${NEWSLETTER_TOKEN}`, title: "Reset" });

    sendThirdPartyPageView();

    expect(plausible).toHaveBeenCalledWith("pageview", { u: `${SITE}/api/auth/reset-password/:token?utm_source=mail` });
    const fields = {
      page_location: `${SITE}/api/auth/reset-password/:token?utm_source=mail`,
      page_referrer: `${SITE}/newsletter/confirm`,
      page_title: "Reset",
    };
    expect(gtag).toHaveBeenCalledWith("set", fields);
    expect(gtag).toHaveBeenCalledWith("event", "page_view", fields);
    const sent = JSON.stringify([plausible.mock.calls, gtag.mock.calls]);
    expect(sent).not.toContain(RESET_TOKEN);
    expect(sent).not.toContain(NEWSLETTER_TOKEN);
  });
});
