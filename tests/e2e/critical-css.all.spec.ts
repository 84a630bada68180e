import type { Browser, Page } from "@playwright/test";

import { expect, hydrated, test } from "./fixtures";

/*
 * A cached public page carries only the rules its HTML uses
 * (server/critical-css.ts), so a phone's first round trip brings the whole
 * document; the whole stylesheet follows once the page has loaded.
 */

/** The page as the cache serves it, with its critical stylesheet (asked again if a change in the catalogue has just emptied the cache). */
async function criticalPage(request: Page["request"], path: string): Promise<{ html: string; href: string }> {
  let html = "";
  let critical: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      html = await (await request.get(path)).text();
      critical = /<style data-precedence="default" data-href="([^"]+)" data-critical="">/.exec(html);
      return critical !== null;
    })
    .toBe(true);
  return { html, href: critical![1] };
}

/** The page drawn without scripts, from the given HTML: what a browser paints before any script runs. */
async function firstPaint(browser: Browser, page: Page, path: string, html: string): Promise<Buffer> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize()! });
  const painted = await context.newPage();
  await painted.route(`**${path}`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await painted.goto(path, { waitUntil: "networkidle" });
  const shot = await painted.screenshot({ fullPage: true });
  await context.close();
  return shot;
}

for (const path of ["/booking", "/contact", "/terms"]) {
  test(`${path} paints with its critical stylesheet exactly as with the whole one`, { tag: "@phone" }, async ({ browser, page, request }) => {
    const { html, href } = await criticalPage(request, path);
    const whole = await (await request.get(href)).text();
    const critical = /<style data-precedence="default"[^>]*>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(critical.length).toBeLessThan(whole.length * 0.6);
    const withWhole = html.replace(
      /(<style data-precedence="default" data-href="[^"]+")[^>]*>[\s\S]*?<\/style>/,
      (_, open: string) => `${open}>${whole}</style>`,
    );
    expect(await firstPaint(browser, page, path, html)).toEqual(await firstPaint(browser, page, path, withWhole));
  });
}

test("a page with its critical stylesheet adds the whole one once it has loaded, right after it", { tag: "@phone" }, async ({ page, request }) => {
  const { html, href } = await criticalPage(request, "/booking");
  const whole = await (await request.get(href)).text();
  await page.route("**/booking", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto("/booking");
  // The rules for what only scripts show (menus, dialogs) are there before anyone can open them.
  const added = page.locator("style[data-critical] + style[data-whole-stylesheet]");
  await expect(added).toHaveCount(1);
  expect(await added.textContent()).toBe(whole);
  expect(await added.evaluate((style: HTMLStyleElement) => style.sheet!.cssRules.length)).toBeGreaterThan(0);
});

test("a page whose whole stylesheet's text does not arrive links it instead", async ({ page, request, allowConsoleErrors }) => {
  allowConsoleErrors(/503/);
  const { html, href } = await criticalPage(request, "/booking");
  await page.route("**/booking", (route) => route.fulfill({ contentType: "text/html", body: html }));
  let asked = 0;
  // The script's fetch fails once; the link it falls back to asks again.
  await page.route(`**${href}`, (route) => (asked++ === 0 ? route.fulfill({ status: 503, body: "" }) : route.fallback()));
  await page.goto("/booking");
  const linked = page.locator(`style[data-critical] + link[rel="stylesheet"][href="${href}"][data-whole-stylesheet]`);
  await expect(linked).toHaveCount(1);
  await expect.poll(() => linked.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
});

test("a key pressed before the page has loaded brings the whole stylesheet at once, and only once", async ({ page, request }) => {
  const { html } = await criticalPage(request, "/booking");
  await page.route("**/booking", (route) => route.fulfill({ contentType: "text/html", body: html }));
  // The header's logo holds the load event back until the test lets it through.
  let releaseLogo = () => {};
  const logoHeld = new Promise<void>((resolve) => (releaseLogo = resolve));
  await page.route("**/media/logo.svg", async (route) => {
    await logoHeld;
    await route.fallback();
  });
  await page.goto("/booking", { waitUntil: "domcontentloaded" });
  await hydrated(page);
  const added = page.locator("style[data-critical] + [data-whole-stylesheet]");
  await expect(added).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(added).toHaveCount(1);
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  releaseLogo();
  await page.waitForLoadState("load");
  // The load event's own step has run (it marks the tab once it has added the faces), and added no second copy.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("gii-web-fonts-seen"))).toBe("1");
  await expect(page.locator("[data-whole-stylesheet]")).toHaveCount(1);
});

test("a page that is never cached (sign-in) keeps the whole stylesheet inline and loads no other", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("style[data-precedence]")).toHaveCount(1);
  await expect(page.locator("style[data-critical]")).toHaveCount(0);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  await expect(page.locator("[data-whole-stylesheet]")).toHaveCount(0);
});
