import { gzipSync } from "node:zlib";

import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/*
 * First-load JavaScript, gzipped as the server sends it: every script a page
 * imports before it renders (see renderModules), without scrolling or pressing anything
 * (code loaded on use or on approach, such as the form checks, the map dialog, a toast,
 * the home page's parts below the fold, a carousel's Embla or the schedule's calendar,
 * is not counted). React, React DOM and React Router alone weigh about 105 KB. `/` is held to
 * design.md's 120 KB; each other bar is this build's weight plus about 1 KB, so that
 * growth is a decision. Lighthouse itself is `npm run lighthouse` (timings are too
 * noisy for a test).
 */
const BUDGETS_KB: Record<string, number> = {
  "/": 120,
  "/courses": 132.3,
  "/courses/full-arch": 132.5,
  "/booking": 125,
  "/upcoming-events": 123,
};

/** Chunks no public page may load before it is used: the calendar, the back office and the checkout page. */
const PRIVATE_CODE = /\/assets\/(schedule-calendar|admin|dev\.checkout)[-.]/;

interface ModuleEntry {
  module: string;
  imports?: string[];
}

/**
 * What the page's module script imports before it renders: the browser entry
 * and each route module in the page's route manifest, with their static
 * imports. Code a page loads later, on use or on approach, is not among them,
 * whenever it arrives.
 */
async function renderModules(page: Page): Promise<Set<string>> {
  const { manifest, rendered } = await page.evaluate(() => {
    const router = window as unknown as {
      __reactRouterManifest: { entry: ModuleEntry; routes: Record<string, ModuleEntry> };
      __reactRouterRouteModules: object;
    };
    return { manifest: router.__reactRouterManifest, rendered: Object.keys(router.__reactRouterRouteModules) };
  });
  // The route modules of the routes the page rendered, not every route the manifest knows.
  const entries = [manifest.entry, ...rendered.map((id) => manifest.routes[id])];
  return new Set(entries.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]));
}

async function firstLoadScripts(page: Page, path: string): Promise<Map<string, Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" && new URL(response.url()).pathname.startsWith("/assets/")) {
      bodies.set(new URL(response.url()).pathname, response.body());
    }
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const scripts = new Map<string, Buffer>();
  for (const [url, body] of bodies) scripts.set(url, await body);
  return scripts;
}

for (const [path, budget] of Object.entries(BUDGETS_KB)) {
  test(`${path} loads at most ${budget} KB of JavaScript, gzipped`, async ({ page }) => {
    const scripts = await firstLoadScripts(page, path);
    const firstLoad = await renderModules(page);
    expect(scripts.size).toBeGreaterThan(3);
    let gzipped = 0;
    for (const [url, body] of scripts) if (firstLoad.has(url)) gzipped += gzipSync(body).length;
    // Every module the page needed to render was counted.
    expect([...firstLoad].filter((url) => !scripts.has(url))).toEqual([]);
    expect(gzipped / 1024).toBeLessThanOrEqual(budget);
  });
}

for (const path of ["/", "/courses", "/courses/full-arch", "/booking", "/upcoming-events", "/contact", "/instructors"]) {
  test(`${path} loads no calendar, back-office or checkout-page code`, async ({ page }) => {
    const scripts = await firstLoadScripts(page, path);
    expect([...scripts.keys()].filter((url) => PRIVATE_CODE.test(url))).toEqual([]);
  });
}

test("the home page's first paint needs no stylesheet, script or font request", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(head).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(head).toMatch(/<style[^>]*>[^<]*--font-sans/);
  // The web faces come after the page has loaded (lib/late-styles.tsx): nothing preloads them, and no stylesheet names them.
  expect(head).not.toMatch(/<link[^>]*rel="preload"[^>]*as="font"/);
  // (A browser without scripts reads them from a noscript element, which one with scripts never parses.)
  const styles = head.replaceAll(/<noscript>[\s\S]*?<\/noscript>/g, "");
  expect([...styles.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, css]) => css).join("")).not.toMatch(/\.woff2/);
});

/** Whether the page had the web faces when its HTML had been read. */
async function webFacesAtDomContentLoaded(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  return page.evaluate(() => (window as unknown as { facesAtDomContentLoaded: boolean }).facesAtDomContentLoaded);
}

test("a first visit paints in the local stand-ins and gets the web faces after the page has loaded; a later page in the same tab has them from the start", async ({
  page,
}) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { facesAtDomContentLoaded: boolean }).facesAtDomContentLoaded = [...document.fonts].some((face) =>
        face.family.includes("Inter Variable"),
      );
    });
  });
  expect(await webFacesAtDomContentLoaded(page, "/courses")).toBe(false);
  // Added once they and the whole stylesheet have arrived, after the load event (under load, not yet at once after it).
  await expect
    .poll(() => page.evaluate(() => [...new Set([...document.fonts].map((face) => face.family.replaceAll('"', "")))]))
    .toEqual(expect.arrayContaining(["Inter Variable", "Playfair Display Variable", "Inter Fallback", "Playfair Display Fallback"]));
  // The faces in use are fetched and applied: the page's heading is set in Playfair Display, its text in Inter.
  await expect
    .poll(() =>
      page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded" && face.family.includes("Variable")).map((face) => face.family)),
    )
    .toEqual(expect.arrayContaining([expect.stringContaining("Inter Variable"), expect.stringContaining("Playfair Display Variable")]));
  expect(await webFacesAtDomContentLoaded(page, "/")).toBe(true);
});

test("a browser without scripts gets the web faces from the page itself", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/courses", { waitUntil: "load" });
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', ""))))
      .toEqual(expect.arrayContaining(["Inter Variable", "Playfair Display Variable"]));
  } finally {
    await context.close();
  }
});
