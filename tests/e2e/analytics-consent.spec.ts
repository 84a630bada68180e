import { rmSync } from "node:fs";
import { resolve } from "node:path";

import type { Page } from "@playwright/test";

import { type AppInstance, portNextTo, startAppInstance } from "./app-instance";
import { expect, hydrated, test } from "./fixtures";

/*
 * A site configured with Plausible (a third party) asks before measuring
 * anything. The suite's main server has first-party analytics only, so this
 * spec starts one of its own; Plausible's script is answered here, never fetched.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppInstance;
let dataDir: string;

test.beforeAll(async ({ baseURL }) => {
  const port = portNextTo(baseURL, 4);
  dataDir = resolve(`.tmp/e2e-consent-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  server = await startAppInstance(port, { DATA_DIR: dataDir, PLAUSIBLE_DOMAIN: "globalimplantinstitute.com" });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Plausible's script, as the page asks for it; each load is counted. */
async function fakePlausible(page: Page): Promise<{ loads: () => number }> {
  let loads = 0;
  await page.route("https://plausible.io/**", async (route) => {
    loads += 1;
    await route.fulfill({ contentType: "text/javascript", body: "window.__plausibleLoaded = true;" });
  });
  return { loads: () => loads };
}

/** The page views queued for Plausible, in order. */
const queuedPageViews = (page: Page) =>
  page.evaluate(() => ((window as unknown as { plausible?: { q?: unknown[][] } }).plausible?.q ?? []).map((call) => call as [string, { u: string }]));

test("Decline: nothing is loaded, and the choice is kept on the next page", async ({ page }) => {
  const plausible = await fakePlausible(page);
  await page.goto(`${server.url}/courses`);
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: "Cookie consent" });
  await expect(banner).toContainText("We would like to measure visits with Plausible to improve the site.");
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toBeHidden();

  await page.goto(`${server.url}/contact`);
  await hydrated(page);
  await expect(page.getByRole("dialog", { name: "Cookie consent" })).toHaveCount(0);
  expect(plausible.loads()).toBe(0);
  expect(await page.locator("script[data-analytics-provider]").count()).toBe(0);
});

test("Accept: Plausible's script loads once, and each page view it gets has the page's public address (allowed parameters only, no hash)", async ({ page }) => {
  const plausible = await fakePlausible(page);
  await page.goto(`${server.url}/courses?utm_source=newsletter&ref=a1b2c3#levels`);
  await hydrated(page);
  await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie consent" })).toBeHidden();
  await expect(page.locator('script[data-analytics-provider="plausible"]')).toHaveAttribute("data-domain", "globalimplantinstitute.com");
  await expect.poll(plausible.loads).toBe(1);
  await expect.poll(() => queuedPageViews(page)).toEqual([["pageview", { u: `${server.url}/courses?utm_source=newsletter` }]]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(async () => (await queuedPageViews(page)).at(-1)).toEqual(["pageview", { u: `${server.url}/contact` }]);
  expect(plausible.loads()).toBe(1);

  // The choice holds on a fresh load: the script comes at once, with no question.
  await page.goto(`${server.url}/instructors`);
  await hydrated(page);
  await expect(page.locator('script[data-analytics-provider="plausible"]')).toHaveCount(1);
  await expect(page.getByRole("dialog", { name: "Cookie consent" })).toHaveCount(0);
});
