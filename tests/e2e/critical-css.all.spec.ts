import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/*
 * A cached public page carries only the rules its HTML uses
 * (server/critical-css.ts), so a phone's first round trip brings the whole
 * document; the whole stylesheet follows once the page has hydrated.
 */

/** The page as the cache serves it, with its critical stylesheet (asked again if a change in the catalogue has just emptied the cache). */
async function criticalPage(request: Page["request"], path: string): Promise<{ html: string; href: string }> {
  let html = "";
  await expect
    .poll(async () => {
      html = await (await request.get(path)).text();
      return html.includes("data-critical");
    })
    .toBe(true);
  const href = /<style data-precedence="default" data-href="([^"]+)" data-critical="">/.exec(html)![1];
  return { html, href };
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

test("a page with its critical stylesheet loads the whole one once it has hydrated, right after it", { tag: "@phone" }, async ({ page, request }) => {
  const { html, href } = await criticalPage(request, "/booking");
  await page.route("**/booking", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto("/booking");
  const whole = page.locator(`style[data-critical] + link[rel="stylesheet"][href="${href}"]`);
  await expect(whole).toHaveCount(1);
  // Loaded: the rules for what only scripts show (menus, dialogs) are there before anyone can open them.
  await expect.poll(() => whole.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
});

test("a page that is never cached (sign-in) keeps the whole stylesheet inline and loads no other", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("style[data-precedence]")).toHaveCount(1);
  await expect(page.locator("style[data-critical]")).toHaveCount(0);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
});
