import { expect, test } from "./fixtures";

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

  test("the auth area sits in the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Login / Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
