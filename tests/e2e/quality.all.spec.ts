import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { openAccount } from "./accounts";
import { expect, signInAs, test } from "./fixtures";

/** Every page a visitor can reach without an account, as the route table lists them. */
const PUBLIC_PAGES = [
  "/",
  "/courses",
  "/courses/full-arch",
  "/courses/grafting",
  "/courses/level-2-ultimate-full-arch-live-course",
  "/upcoming-events",
  "/instructors",
  "/contact",
  "/booking",
  "/booking-success",
  "/booking-canceled",
  "/terms",
  "/privacy",
  "/auth",
  "/auth?view=sign_up",
  "/404",
];

/** Sections still waiting to fade in are transparent; with reduced motion they show at once, as axe needs to judge their colours. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test.describe("accessibility (axe)", { tag: "@phone" }, () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page, allowConsoleErrors }) => {
      // The not-found page logs the missing path, and its document answers 404.
      allowConsoleErrors(/404|Not Found/);
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("/account, signed in, has no axe violations", async ({ page, data, context, baseURL }) => {
    await signInAs(context, await data.person({ firstName: "Axe", lastName: "Reader" }), baseURL!);
    await openAccount(page);
    await expect(page.getByText("You have not purchased any courses yet.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
