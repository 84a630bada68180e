import { get } from "node:http";

import { SERVICE_UNAVAILABLE_MESSAGE } from "~/server/http/service-unavailable.server";

import { expect, hydrated, test } from "./fixtures";

const SITE = "Global Implant Institute";
const pages: [path: string, title: string][] = [
  ["/", `Advanced Dental Implant Training in Dubai and London | ${SITE}`],
  ["/courses", `Courses | ${SITE}`],
  ["/courses/full-arch", `Full Arch Implant Program | ${SITE}`],
  ["/courses/grafting", `Grafting Techniques | ${SITE}`],
  ["/upcoming-events", `Upcoming Courses and Events | ${SITE}`],
  ["/instructors", `Our Instructors | ${SITE}`],
  ["/contact", `Contact Us | ${SITE}`],
  ["/booking", `Book a Course | ${SITE}`],
  ["/booking-success", `Booking Confirmed | ${SITE}`],
  ["/booking-canceled", `Booking Canceled | ${SITE}`],
  ["/terms", `Terms and Conditions | ${SITE}`],
  ["/auth", `Login or Create an Account | ${SITE}`],
  ["/courses/level-2-ultimate-full-arch-live-course", `Level 2 Full Arch Live Surgery | ${SITE}`],
  ["/privacy", `Privacy Policy | ${SITE}`],
];

test.describe("route table", () => {
  for (const [path, title] of pages) {
    test(`${path} answers 200 with its title and canonical link`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(path, baseURL).href);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/share-default\.jpg$/);
    });
  }

  test("pages for one person are not indexed", async ({ page }) => {
    for (const path of ["/booking-success", "/booking-canceled", "/auth"]) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    }
    await page.goto("/courses");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /^index, follow/);
  });
});

test.describe("redirects", () => {
  const redirects: [from: string, status: number, to: string][] = [
    ["/upcoming-courses", 301, "/upcoming-events"],
    ["/instructors/dr-amelia-hart", 301, "/instructors"],
    ["/instructors/dr-x", 301, "/instructors"],
    ["/instructors/Dr-Smith", 301, "/instructors"],
    ["/lander", 301, "/"],
    ["/lander/spring-offer", 301, "/"],
    ["/lander/a/b/c", 301, "/"],
    ["/v2/anything", 301, "/"],
    ["/v2/deep/path", 301, "/"],
    ["/no-such-page", 302, "/404"],
    ["/courses/full-arch/extra/segments", 302, "/404"],
    ["/instructors/not-a-doctor", 302, "/404"],
    ["/admin", 302, "/auth"],
    ["/account", 302, "/auth"],
  ];
  for (const [from, status, to] of redirects) {
    test(`${from} redirects with ${status} to ${to}`, async ({ request, baseURL }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      expect(new URL(response.headers().location, baseURL).pathname).toBe(to);
    });
  }

  test("a browser following a redirect lands on the target page", async ({ page }) => {
    await page.goto("/upcoming-courses");
    await expect(page).toHaveURL(/\/upcoming-events$/);
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Courses and Events" })).toBeVisible();
  });
});

test.describe("not found", () => {
  test("/404 answers 404 with the not-found page and logs the path", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    const logged = page.waitForEvent("console", (message) => message.text().includes("non-existent route"));
    const response = await page.goto("/404");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Page Not Found")).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for. It may have been moved or doesn't exist.")).toBeVisible();
    expect((await logged).text()).toContain("/404");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown path in the browser ends on the not-found page, which logs the path asked for", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404|non-existent route/);
    const logged = page.waitForEvent("console", (message) => message.text().includes("non-existent route"));
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText("Page Not Found")).toBeVisible();
    expect((await logged).text()).toBe("404 Error: User attempted to access non-existent route: /this/does/not/exist");

    // Said once: /404 itself, visited next, logs /404.
    const again = page.waitForEvent("console", (message) => message.text().includes("non-existent route"));
    await page.reload();
    expect((await again).text()).toBe("404 Error: User attempted to access non-existent route: /404");
  });

  test("an old instructor address that names no doctor logs that address on the not-found page", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404|non-existent route/);
    const logged = page.waitForEvent("console", (message) => message.text().includes("non-existent route"));
    const response = await page.goto("/instructors/not-a-doctor");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/404$/);
    expect((await logged).text()).toBe("404 Error: User attempted to access non-existent route: /instructors/not-a-doctor");
  });

  test("a file missing under /assets or /media answers a plain 404, not the not-found page", async ({ request }) => {
    for (const path of ["/assets/root-0ld0ld.js", "/assets/app-0ld0ld.css", "/media/no-such-image.avif"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toMatch(/^text\/plain/);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
    // A file the build has is served as before.
    const logo = await request.get("/media/logo.svg");
    expect(logo.status()).toBe(200);
    expect(logo.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  });

  test("an unknown API path answers JSON 404 rather than a page", async ({ request }) => {
    const response = await request.get("/api/nothing-here", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found." });
  });
});

test.describe("errors", () => {
  test("a failure shows 'Unexpected Application Error!' with the message and no stack", async ({ request, baseURL }) => {
    // Posting to a page that takes no submissions (from the site itself, as a browser form would) is a routing failure.
    const response = await request.post("/instructors", { form: { x: "1" }, headers: { Origin: new URL(baseURL!).origin } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("405 Method Not Allowed");
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
    // The reference names the request in the logs, as the answer's header does.
    const requestId = response.headers()["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(html).toContain(`Reference: <code data-request-id="${requestId}">${requestId}</code>`);
  });

  test("the error page keeps its reference once the browser has taken it over", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/405/);
    await page.goto("/instructors");
    const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/instructors");
    // A form posted by the browser itself, as a page without JavaScript would.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/instructors";
      document.body.append(form);
      form.submit();
    });
    const requestId = await (await answered).headerValue("x-request-id");
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await hydrated(page);
    await expect(page.getByText(`Reference: ${requestId}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveCount(0);
  });

  test("a page whose data the server cannot give for now (503: its database is down) says so and offers to try again", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 503/);
    await page.goto("/terms");
    await hydrated(page);
    // The server's own answer to a page's data while its database is down (serviceUnavailableResponse).
    await page.route("**/contact.data*", (route) =>
      route.fulfill({ status: 503, contentType: "text/plain; charset=utf-8", headers: { "Retry-After": "30" }, body: SERVICE_UNAVAILABLE_MESSAGE }),
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { name: SERVICE_UNAVAILABLE_MESSAGE })).toBeVisible();
    await expect(page.getByText("503 Service Unavailable")).toHaveCount(0);

    await page.unroute("**/contact.data*");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("a page whose data never arrives offers to try again, and shows it once the connection is back", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    await page.goto("/terms");
    await hydrated(page);
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Failed to fetch" })).toBeVisible();
    await expect(page.getByText("Check your connection, then try again.")).toBeVisible();
    // The site around it still works: the header is there to go elsewhere.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    await page.unroute("**/contact.data*");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("crawlers", () => {
  test("robots.txt points at the sitemap, keeps crawlers off the APIs, and lets them read the private pages' noindex", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const disallowed = body
      .split("\n")
      .filter((line) => line.startsWith("Disallow:"))
      .map((line) => line.slice("Disallow:".length).trim());
    expect(disallowed.sort()).toEqual(["/api/", "/dev/"]);
    // A disallowed page's noindex is never read, and a linked one could be indexed by its address alone.
    for (const path of ["/account", "/admin", "/auth", "/booking-success", "/booking-canceled"]) {
      const page = await request.get(path);
      expect(await page.text(), path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  test("sitemap.xml lists the public pages of the route table and the course pages", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const body = await response.text();
    for (const path of [
      "/",
      "/courses",
      "/courses/full-arch",
      "/courses/grafting",
      "/upcoming-events",
      "/instructors",
      "/contact",
      "/booking",
      "/terms",
      "/privacy",
    ]) {
      expect(body).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(body).toContain(`<loc>${baseURL}/courses/sinus-grafting</loc>`);
    expect(body).not.toContain("/account");
    expect(body).not.toContain("/404");
  });
});

test.describe("bad requests", () => {
  test("a path with malformed percent-encoding goes to the not-found page, as any unknown path does", async ({ request }) => {
    for (const path of ["/%E0%A4%A", "/courses/%ZZ"]) {
      const response = await request.get(path);
      expect(new URL(response.url()).pathname, path).toBe("/404");
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Page Not Found");
    }
  });

  test("a folder of the build's files is no page: never a redirect to it with a slash, even from a path a browser would tidy", async ({ baseURL }) => {
    // Sent as written (a browser resolves `..` and `\` first), as the static file server once answered them: 301 to `<path>/`.
    const statusOf = (path: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const { hostname, port } = new URL(baseURL!);
        get({ hostname, port, path }, (response) => {
          response.resume();
          resolve({ status: response.statusCode!, location: response.headers.location });
        }).on("error", reject);
      });
    for (const path of ["/media", "/assets", "/courses/..", "/\\evil.example/.."]) {
      const answer = await statusOf(path);
      expect(answer.status, path).not.toBe(301);
      expect(answer.location ?? "", path).not.toMatch(/\/$/);
    }
  });

  test("10 KB paths and query strings answer 400 promptly", async ({ request }) => {
    expect((await request.get(`/${"a".repeat(10_000)}`)).status()).toBe(400);
    expect((await request.get(`/courses?q=${"b".repeat(10_000)}`)).status()).toBe(400);
  });

  test("unknown methods answer 405 with Allow", async ({ request }) => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await request.fetch("/courses", { method });
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe("GET, HEAD, POST");
    }
  });

  test("a body over 64 KB answers 413", async ({ request }) => {
    const response = await request.post("/api/page-views", { data: { location: "x", title: "y".repeat(70_000) } });
    expect(response.status()).toBe(413);
  });
});

test.describe("server", () => {
  test("/healthz answers 200 with the database reachable, saying only that it is up", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "up" });
  });

  test("security headers, compression and long-lived caching of hashed assets", async ({ request }) => {
    // Once rendered, an anonymous page comes from the page cache: its inline scripts are allowed by hash, never by a shared nonce.
    let response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    for (let attempt = 0; response.headers()["x-cache"] !== "HIT" && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    }
    const headers = response.headers();
    expect(headers["x-cache"]).toBe("HIT");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(headers["content-security-policy"]).not.toContain("'nonce-");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["x-powered-by"]).toBeUndefined();

    // A hashed script the page imports.
    const script = (await response.text()).match(/"(\/assets\/entry\.client-[\w-]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
