import { expect, signInAs, test } from "./fixtures";
import { focusRingContrast, tabTo } from "./keyboard";

test.describe("site shell on a phone", { tag: "@phone" }, () => {
  test("the menu toggles, is at most 500px tall, and closes on a link", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((element) => getComputedStyle(element).maxHeight)).toBe("500px");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Schedule" }).click();
    await expect(page).toHaveURL(/\/upcoming-events$/);
    await expect(menu).toBeHidden();
  });

  test("held sideways, the open menu fits the screen and scrolls to its last item without moving the page", async ({ page, data, context, baseURL }) => {
    const dentist = await data.person({ firstName: "Lan", lastName: "Dscape" });
    await signInAs(context, dentist, baseURL!);
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(375);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 600);
    await expect(menu.getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  test("with scripts off, the menu opens, closes and leads to its pages", async ({ page, browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: page.viewportSize()! });
    try {
      const noScripts = await context.newPage();
      await noScripts.goto("/");
      const menu = noScripts.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeHidden();
      await noScripts.getByRole("link", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Login / Sign Up" })).toBeVisible();
      expect(await menu.evaluate((element) => getComputedStyle(element).maxHeight)).toBe("500px");
      await expect(noScripts.getByRole("link", { name: "Open menu" })).toBeHidden();
      await noScripts.getByRole("link", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();

      await noScripts.getByRole("link", { name: "Open menu" }).click();
      await menu.getByRole("link", { name: "Schedule" }).click();
      await expect(noScripts).toHaveURL(/\/upcoming-events$/);
      await expect(noScripts.getByRole("heading", { level: 1, name: "Upcoming Courses and Events" })).toBeVisible();
      await expect(noScripts.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      // The scripts' toggle, which would do nothing, is not offered.
      await expect(noScripts.getByRole("button", { name: "Open menu" })).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("the parent Courses link keeps the menu open; its sub-items close it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Full Arch Program" }).click();
    await expect(page).toHaveURL(/\/courses\/full-arch$/);
    await expect(menu).toBeHidden();
  });

  test("a tap outside the menu closes it", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 820);
    await expect(menu).toBeHidden();
  });

  test("the page below the open menu is dimmed, and a tap on it goes through to the page", async ({ page }) => {
    await page.goto("/contact");
    const field = page.getByLabel("Full Name");
    await field.scrollIntoViewIfNeeded();
    // Low on the screen, below where the open menu ends.
    const shown = (await field.boundingBox())!;
    await page.evaluate((by) => window.scrollBy(0, by), shown.y + shown.height / 2 - 780);
    const box = (await field.boundingBox())!;
    const colourAt = () =>
      page.evaluate(
        ([x, y]) => {
          // The dimming layer over that point: a hidden-from-readers part of the header with a background. It takes no
          // pointer events, so elementFromPoint would look through it: it is found by its box.
          const layer = [...document.querySelectorAll("header [aria-hidden='true']")].find((element) => {
            const rect = element.getBoundingClientRect();
            return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom && getComputedStyle(element).backgroundColor !== "rgba(0, 0, 0, 0)";
          });
          return layer ? getComputedStyle(layer).backgroundColor : null;
        },
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    expect(await colourAt()).toBeNull();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    expect(await colourAt()).toMatch(/^(rgba|oklab|color)\(/);
    // The layer takes no taps: the field under it gets this one, and the menu closes as on any tap outside it.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(menu).toBeHidden();
    await expect(field).toBeFocused();
    expect(await colourAt()).toBeNull();
  });

  test("the auth area sits in the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Login / Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the back office's page links all fit on a phone, none cut off", async ({ page, data, context, baseURL }) => {
    const admin = await data.person({ admin: true, firstName: "Tab" });
    await signInAs(context, admin, baseURL!);
    await page.goto("/admin");
    const links = page.getByRole("navigation", { name: "Admin" }).getByRole("link");
    expect(await links.count()).toBe(8);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  });

  test("Logout in the menu closes it, leaving the login form in view", async ({ page, data, context, baseURL }) => {
    const dentist = await data.person({ firstName: "Mo", lastName: "Menu" });
    await signInAs(context, dentist, baseURL!);
    // Home, whose lower parts are still waiting for their code: the logout must not wait for them.
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("form", { name: "Login" })).toBeInViewport();
  });

  test("by keyboard: the open menu keeps Tab within it, and Escape closes it and returns focus to its toggle", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    const links = await menu.getByRole("link").count();
    const inMenu = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest("nav[aria-label='Mobile']") !== null || active?.getAttribute("aria-label") === "Close menu";
      });
    // Round the menu and its toggle, then one more: focus never reaches the page under the menu.
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press <= links + 1; press++) {
        await page.keyboard.press(key);
        expect(await inMenu(), `${key} stays in the menu`).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("by keyboard: focus rings in the open menu stand out at 3:1 from it", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, page.getByRole("button", { name: "Open menu" }));
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" })).toBeFocused();
    await expect.poll(async () => (await focusRingContrast(page)).ratio).toBeGreaterThanOrEqual(3);
  });
});
